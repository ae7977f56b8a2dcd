"""The type names `ops.MultitypeFuncGraph.register` takes, and what each matches.

MindSpore parses a name into one of its types and calls a registered function when each argument's
type is a subtype of the registered one (golden: tests/goldens/ops/multitype_register.txt, from
tests/goldens/scripts/multitype_register_probe.py). An argument's type: a Tensor (or Parameter)
is ``Tensor[<dtype>]``; a Python ``int`` ``Int64``, ``float`` ``Float64``, ``bool`` ``Bool``, a
NumPy scalar its dtype; ``str`` ``String``; ``None``; ``tuple``/``list`` ``Tuple``/``List``; a
function, Cell or Primitive ``Func``; a dtype ``TypeType``. A RowTensor is ``RowTensor``, as in
MindSpore's graph mode (its PyNative dispatch cannot type a RowTensor at all).
"""
from __future__ import annotations

import inspect

import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core.row_tensor import RowTensorInner
from msjax._src.core.sparse_tensor import COOTensor, CSRTensor
from msjax._src.core.tensor import Tensor
from msjax._src.ops.registry import Primitive

_CONCRETE = {str(t): t for t in (*mstype.int_type, *mstype.uint_type, mstype.float16,
                                 mstype.float32, mstype.float64, mstype.bfloat16, mstype.qint4x2,
                                 *mstype.complex_type, mstype.bool_)}
_ABSTRACT_NUMBERS = {
    "Number": lambda t: True,
    "Int": lambda t: isinstance(t, mstype.Int),
    "UInt": lambda t: isinstance(t, mstype.UInt),
    "Float": lambda t: isinstance(t, (mstype.Float, mstype.BFloat)),
}
_LOWER = {"int": "Int", "float": "Float", "bool": "Bool"}
# Names MindSpore takes that no msjax value has (the type of no argument msjax passes).
_NOTHING = {"MapTensor": "MapTensor",
            "Undetermined": "Undetermined", "Keyword": "Keyword", "Problem": "unknown",
            "EnvType": "Object:EnvType", "UMonad": "UMonad", "IOMonad": "IOMonad"}


class TypeSignature:
    """One registered type: its name as MindSpore prints it and which argument types it holds."""

    def __init__(self, text: str, holds, display: str | None = None):
        self.text = text
        self.holds = holds  # (kind, detail) -> bool
        self.display = display or text

    def __repr__(self):
        return f"mindspore.{self.display}"

    def __str__(self):
        return self.display


def _number(kind, detail, accept):
    return kind == "number" and accept(detail)


def parse_type(type_input) -> TypeSignature:
    """`register`'s type argument (a name or a MindSpore type) as a TypeSignature, or MindSpore's
    error."""
    if isinstance(type_input, mstype.Type):
        return _from_mstype(type_input)
    if not isinstance(type_input, str):
        raise TypeError(f"For 'MultitypeFuncGraph', register only support str or "
                        f"{mstype.Type}, but got 'type_input': {type_input}.")
    name = _LOWER.get(type_input, type_input)
    if name == "Tensor":
        return TypeSignature(name, lambda kind, detail: kind == "tensor")
    if name.startswith("Tensor[") and name.endswith("]") and name[7:-1] in _CONCRETE:
        element = _CONCRETE[name[7:-1]]
        return TypeSignature(name, lambda kind, detail: kind == "tensor" and detail is element)
    if (name.startswith("Tuple[") or name.startswith("List[")) and name.endswith("]"):
        return TypeSignature(name, lambda kind, detail: False)  # element types are never known
    if name in _CONCRETE:
        concrete = _CONCRETE[name]
        return TypeSignature(name, lambda kind, detail: _number(kind, detail,
                                                               lambda t: t is concrete))
    if name in _ABSTRACT_NUMBERS:
        accept = _ABSTRACT_NUMBERS[name]
        return TypeSignature(name, lambda kind, detail: _number(kind, detail, accept))
    simple = {"RowTensor": "RowTensor", "COOTensor": "COOTensor", "CSRTensor": "CSRTensor",
              "Tuple": "tuple", "List": "list", "String": "string",
              "None": "none", "Slice": "slice", "Ellipsis": "ellipsis", "TypeType": "typetype"}
    if name in simple:
        kind_wanted = simple[name]
        return TypeSignature(name, lambda kind, detail: kind == kind_wanted)
    if name == "Function" or (name.startswith("Function[") and name.endswith("]")):
        return TypeSignature(name, lambda kind, detail: kind == "func", "Func")
    if name in _NOTHING:
        return TypeSignature(name, lambda kind, detail: False, _NOTHING[name])
    if name == "Func":
        raise RuntimeError("Expect format like 'Function[(type1, type2, ...), ret_type]', but got "
                           "'Func' that not provide pair of ('[', ']').")
    raise RuntimeError(f"Unsupported type name: {type_input}!")


def _from_mstype(type_input) -> TypeSignature:
    if isinstance(type_input, mstype.TensorType):
        element = type_input.element_type()
        return TypeSignature(str(type_input), lambda kind, detail: kind == "tensor" and (
            element is None or detail is element))
    if str(type_input) in _CONCRETE or str(type_input) in _ABSTRACT_NUMBERS:
        return parse_type(str(type_input))
    kinds = {mstype.String: "string", mstype.TypeNone: "none", mstype.TypeType: "typetype",
             mstype.List: "list", mstype.Tuple: "tuple"}
    kind_wanted = next((k for cls, k in kinds.items() if isinstance(type_input, cls)), None)
    return TypeSignature(str(type_input), lambda kind, detail: kind == kind_wanted)


def value_type(value):
    """An argument's type for dispatch: (kind, detail), or MindSpore's NotImplementedError."""
    if isinstance(value, Tensor):
        return "tensor", value.dtype
    if isinstance(value, RowTensorInner):
        return "RowTensor", None
    if isinstance(value, COOTensor):
        return "COOTensor", None
    if isinstance(value, CSRTensor):
        return "CSRTensor", None
    if isinstance(value, Primitive) or hasattr(value, "construct") or \
            inspect.isfunction(value) or inspect.ismethod(value) or inspect.isbuiltin(value):
        return "func", None
    if isinstance(value, mstype.Type):
        return "typetype", None
    if isinstance(value, bool):
        return "number", mstype.bool_
    if isinstance(value, int):
        return "number", mstype.int64
    if isinstance(value, float):
        return "number", mstype.float64
    if isinstance(value, (np.number, np.bool_)):
        return "number", mstype.to_mstype(value.dtype)
    simple = {str: "string", type(None): "none", tuple: "tuple", list: "list", slice: "slice",
              type(Ellipsis): "ellipsis"}
    for cls, kind in simple.items():
        if isinstance(value, cls):
            return kind, None
    raise NotImplementedError(f"The python type {type(value)} cannot be converted to MindSpore "
                              f"type.")


def describe(kind, detail) -> str:
    """An argument's type as MindSpore prints it in the no-match error."""
    if kind == "tensor":
        return f"Tensor[{detail}]"
    if kind == "number":
        return str(detail)
    return {"func": "Func", "typetype": "TypeType", "string": "String", "none": "None",
            "tuple": "Tuple", "list": "List", "slice": "Slice", "ellipsis": "Ellipsis"}.get(kind,
                                                                                          kind)
