"""MindSpore's type ids and the `mindspore._c_expression.typing` functions over them.

MindSpore numbers its dtypes (`TypeId`): Primitive attributes show some dtypes by number, and
`typing.type_id_to_type(43)` is `mindspore.float32`. The numbers are MindSpore 2.10's
(tests/goldens/api/type_ids.json).
"""
from __future__ import annotations

from msjax._src.core import dtype as mstype

# type id -> dtype, as MindSpore 2.10's `type_id_to_type` answers (41 and 49 are the old ids of
# the generic float32 and float64).
_BY_ID = {30: mstype.bool_, 32: mstype.int8, 33: mstype.int16, 34: mstype.int32,
          35: mstype.int64, 37: mstype.uint8, 38: mstype.uint16, 39: mstype.uint32,
          40: mstype.uint64, 41: mstype.float32, 42: mstype.float16, 43: mstype.float32,
          44: mstype.float64, 45: mstype.bfloat16, 46: mstype.float8_e4m3fn,
          47: mstype.float8_e5m2, 48: mstype.hifloat8, 49: mstype.float64, 51: mstype.complex64,
          52: mstype.complex128, 53: mstype.qint4x2}
_ID_OF = {}
for _id, _type in _BY_ID.items():
    _ID_OF.setdefault(_type, _id)
_ID_OF[mstype.float32], _ID_OF[mstype.float64] = 43, 44
# MindSpore's names of ids that are no concrete dtype (its RuntimeError says them).
_ABSTRACT = {31: "Int", 36: "uint", 50: "Complex"}
TYPE_ID = {str(t): i for t, i in _ID_OF.items()}  # 'Float32' -> 43: Primitive reprs show these


def type_id_to_type(type_id):
    """`typing.type_id_to_type(43)` -> `mindspore.float32`."""
    if isinstance(type_id, bool) or not isinstance(type_id, int):
        raise TypeError("type_id_to_type(): incompatible function arguments. The following "
                        "argument types are supported:\n    1. (arg0: int) -> mindspore::Type\n\n"
                        f"Invoked with: {type_id!r}")
    try:
        return _BY_ID[type_id]
    except KeyError:
        raise RuntimeError(f"Not support the type: {_ABSTRACT.get(type_id, type_id)}") from None


def type_to_type_id(dtype) -> int:
    """`typing.type_to_type_id(mindspore.float32)` -> 43."""
    try:
        return _ID_OF[dtype]
    except (KeyError, TypeError):
        raise RuntimeError(f"Not support the type: {dtype}") from None


def str_to_type(text: str):
    """`typing.str_to_type('Float32')` -> `mindspore.float32`; `'Tensor[Float32]'` -> the tensor
    type of float32."""
    if text.startswith("Tensor[") and text.endswith("]"):
        return mstype.TensorType(str_to_type(text[len("Tensor["):-1]))
    if text == "Tensor":
        return mstype.tensor_type
    for t in (*mstype.all_types, mstype.string, mstype.type_none, mstype.int_, mstype.uint,
              mstype.float_, mstype.number, mstype.list_, mstype.tuple_, mstype.type_type):
        if str(t) == text:
            return t
    raise RuntimeError(f"Not support the type: {text}")


def is_subclass(dtype, base) -> bool:
    """`typing.is_subclass(mindspore.float32, mindspore.number)`: whether `dtype` is `base` or,
    for an abstract `base` (`number`, `float_`, `int_`), one of its kind."""
    if dtype == base:
        return True
    abstract = getattr(base, "_np", None) is None and not isinstance(base, mstype.TensorType)
    return abstract and isinstance(dtype, type(base))
