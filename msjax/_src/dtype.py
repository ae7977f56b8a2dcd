"""MindSpore's dtypes (`mindspore.float32`, ...) and their mapping to NumPy/JAX dtypes.

A MindSpore dtype prints as `Float32` and reprs as `mindspore.float32`. Each is a singleton
`Type`; `to_numpy_dtype` is the one place that turns any accepted dtype argument (a MindSpore
dtype, a NumPy dtype or type, a dtype name string, a Python type) into a NumPy dtype.
"""
from __future__ import annotations

import builtins as _builtins

import ml_dtypes
import numpy as np


class Type:
    """A MindSpore data type (`mindspore.common.dtype.Type`)."""

    __slots__ = ("_name", "_attr", "_np")

    def __init__(self, name: str, attr: str, np_dtype):
        self._name = name
        self._attr = attr
        self._np = None if np_dtype is None else np.dtype(np_dtype)

    def __str__(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"mindspore.{self._attr}"

    def __reduce__(self):
        return (_by_attr, (self._attr,))

    def to_numpy(self) -> np.dtype:
        return self._np

    @property
    def itemsize(self) -> int:
        return self._np.itemsize


class TensorType(Type):
    """The type of a Tensor of a given element type (`mindspore.TensorType`)."""

    __slots__ = ("element_type",)

    def __init__(self, element_type: Type | None = None):
        super().__init__("Tensor", "tensor_type", None)
        self.element_type = element_type

    def __str__(self) -> str:
        return f"Tensor[{self.element_type}]" if self.element_type is not None else "Tensor"

    def __eq__(self, other):
        return isinstance(other, TensorType) and other.element_type is self.element_type

    def __hash__(self):
        return hash(("TensorType", self.element_type))


bool_ = Type("Bool", "bool_", np.bool_)
int8 = Type("Int8", "int8", np.int8)
int16 = Type("Int16", "int16", np.int16)
int32 = Type("Int32", "int32", np.int32)
int64 = Type("Int64", "int64", np.int64)
uint8 = Type("UInt8", "uint8", np.uint8)
uint16 = Type("UInt16", "uint16", np.uint16)
uint32 = Type("UInt32", "uint32", np.uint32)
uint64 = Type("UInt64", "uint64", np.uint64)
float16 = Type("Float16", "float16", np.float16)
float32 = Type("Float32", "float32", np.float32)
float64 = Type("Float64", "float64", np.float64)
bfloat16 = Type("BFloat16", "bfloat16", ml_dtypes.bfloat16)
complex64 = Type("Complex64", "complex64", np.complex64)
complex128 = Type("Complex128", "complex128", np.complex128)
string = Type("String", "string", None)
type_none = Type("TypeNone", "type_none", None)
tensor_type = TensorType
number = Type("Number", "number", None)
int_ = Type("Int", "int_", None)
uint = Type("UInt", "uint", None)
float_ = Type("Float", "float_", None)
list_ = Type("List", "list_", None)
tuple_ = Type("Tuple", "tuple_", None)

# NumPy-style aliases MindSpore exports.
half, single, double = float16, float32, float64
short, intc, intp, long = int16, int32, int64, int64
byte, ubyte, ushort, uintc, uintp = int8, uint8, uint16, uint32, uint64
cfloat, cdouble = complex64, complex128
bool = bool_  # noqa: A001  (mindspore.bool is mindspore.bool_)

ALL_TYPES = (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
             float16, float32, float64, bfloat16, complex64, complex128)
int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
float_type = (float16, float32, float64, bfloat16)
complex_type = (complex64, complex128)
signed_type = int_type + float_type + complex_type
number_type = int_type + uint_type + float_type + complex_type
all_types = (bool_,) + number_type

_BY_NUMPY = {t._np: t for t in ALL_TYPES}
_BY_ATTR = {t._attr: t for t in ALL_TYPES + (string, type_none, number)}
_BY_NAME = {}
for _t in ALL_TYPES:
    _BY_NAME[_t._attr] = _t
    _BY_NAME[_t._name] = _t
    _BY_NAME[_t._name.lower()] = _t
_BY_NAME.update(bool=bool_, half=float16, float=float32, single=float32, double=float64,
                int=int64, long=int64, short=int16, byte=int8)


def _by_attr(attr: str) -> Type:
    return _BY_ATTR[attr]


def from_numpy(np_dtype) -> Type:
    """The MindSpore dtype of a NumPy/JAX dtype."""
    try:
        return _BY_NUMPY[np.dtype(np_dtype)]
    except KeyError:
        raise TypeError(f"For 'Tensor', the data type '{np.dtype(np_dtype)}' is not supported.") from None


def to_numpy_dtype(dtype) -> np.dtype:
    """Any dtype argument MindSpore accepts, as a NumPy dtype.

    Accepts MindSpore dtypes, NumPy dtypes and scalar types, dtype names ('float32', 'Float32',
    'float'), and the Python types bool, int (Int64) and float (Float32).
    """
    if isinstance(dtype, Type):
        if dtype._np is None:
            raise TypeError(f"The dtype {dtype!r} has no array representation.")
        return dtype._np
    if dtype is float:
        return np.dtype(np.float32)
    if dtype is int:
        return np.dtype(np.int64)
    if dtype is _builtins.bool:
        return np.dtype(np.bool_)
    if isinstance(dtype, str):
        t = _BY_NAME.get(dtype)
        if t is None:
            raise TypeError(f"For 'astype', the string dtype '{dtype}' is not supported; use one of "
                            f"{sorted(set(x._attr for x in ALL_TYPES))}.")
        return t._np
    return np.dtype(dtype)


def to_mstype(dtype) -> Type:
    """Any dtype argument, as a MindSpore dtype."""
    if isinstance(dtype, Type):
        return dtype
    return from_numpy(to_numpy_dtype(dtype))


def dtype_to_nptype(type_):
    """`mindspore.dtype_to_nptype`: the NumPy scalar type of a MindSpore dtype."""
    return to_numpy_dtype(type_).type


def pytype_to_dtype(obj):
    """`mindspore.pytype_to_dtype`: the MindSpore dtype of a Python or NumPy type."""
    if isinstance(obj, Type):
        return obj
    if obj is _builtins.bool:
        return bool_
    if obj is _builtins.int:
        return int64
    if obj is _builtins.float:
        return float32
    return from_numpy(obj)


def dtype_to_pytype(type_):
    """`mindspore.dtype_to_pytype`: the Python type of a MindSpore dtype."""
    if type_ is bool_:
        return _builtins.bool
    if type_ in int_type or type_ in uint_type:
        return _builtins.int
    if type_ in float_type:
        return _builtins.float
    if type_ in complex_type:
        return _builtins.complex
    if type_ is type_none:
        return type(None)
    if type_ is string:
        return str
    raise NotImplementedError(f"Unsupported convert mindspore type {type_} to python type.")


def get_py_obj_dtype(obj):
    """`mindspore.get_py_obj_dtype`: the MindSpore type of a Python object."""
    from msjax._src.tensor import Tensor
    if isinstance(obj, Tensor):
        return TensorType(obj.dtype)
    if isinstance(obj, type):
        return pytype_to_dtype(obj)
    if isinstance(obj, _builtins.bool):
        return bool_
    if isinstance(obj, _builtins.int):
        return int64
    if isinstance(obj, _builtins.float):
        return float32
    if obj is None:
        return type_none
    raise TypeError(f"The argument 'obj' must be a python type object, such as int, float, str, "
                    f"but got type {type(obj)}.")


def is_floating(t: Type) -> _builtins.bool:
    return t in float_type
