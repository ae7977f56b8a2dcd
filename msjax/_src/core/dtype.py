"""MindSpore's dtypes (`mindspore.float32`, ...) and their mapping to NumPy/JAX dtypes.

A MindSpore dtype prints as `Float32` and reprs as `mindspore.float32`. Each is a singleton of
a small class hierarchy that mirrors MindSpore's (`Float`, `Int`, `UInt`, `Bool`, `BFloat`,
`Complex` under `Number`, and `String`, `TypeNone`, `List`, `Tuple`, `TensorType` beside it), so
`isinstance(ms.float32, ms.dtype.Float)` holds. Names, str/repr texts, predicates and the helper
functions follow MindSpore 2.10 (tests/goldens/dtype.json, tests/goldens/tensor_constructor.json).

`to_numpy_dtype` is the one place that turns a dtype argument of an op (a MindSpore dtype, a NumPy
dtype or type, a dtype name string, a Python type) into a NumPy dtype; `astype_dtype` and
`tensor_dtype` apply the stricter rules of `Tensor.astype` and of the `Tensor` constructor.
"""
from __future__ import annotations

import builtins as _builtins
import enum

import ml_dtypes
import numpy as np


class Type:
    """`mindspore.dtype.Type`: the base of MindSpore's data types. Instances are singletons."""

    __slots__ = ("_name", "_attr", "_np")

    def __init__(self, name: str, attr: str, np_dtype=None):
        self._name = name      # str(): 'Float32'
        self._attr = attr      # repr() after 'mindspore.': 'float32'
        self._np = None if np_dtype is None else np.dtype(np_dtype)

    def __str__(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return f"mindspore.{self._attr}"

    def __reduce__(self):
        return (_by_attr, (self._attr,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def to_numpy(self) -> np.dtype | None:
        """msjax: the NumPy dtype this type holds, or None for the abstract types."""
        return self._np


class Number(Type):
    """`mindspore.dtype.Number`: numeric types, with MindSpore's predicates and conversions."""

    __slots__ = ("_itemsize", "_float", "_signed", "_complex")

    def __init__(self, name, attr, np_dtype=None, *, itemsize=1, floating=False, signed=False,
                 complex_=False):
        super().__init__(name, attr, np_dtype)
        self._itemsize = itemsize
        self._float = floating
        self._signed = signed
        self._complex = complex_

    @property
    def itemsize(self) -> int:
        return self._itemsize

    @property
    def is_floating_point(self) -> bool:
        return self._float

    @property
    def is_signed(self) -> bool:
        return self._signed

    @property
    def is_complex(self) -> bool:
        return self._complex

    def to_real(self) -> Number:
        """The real type of a complex type; a real concrete type is its own real type."""
        if self in _COMPLEX_TO_REAL:
            return _COMPLEX_TO_REAL[self]
        if self._np is None and self not in _NO_NUMPY:
            raise TypeError(f"Cannot convert type {self._attr} to real type.")
        return self

    def to_complex(self) -> Number:
        """The complex type with this type's precision (float32 and bfloat16: complex64)."""
        if self._complex:
            return self
        if self in _REAL_TO_COMPLEX:
            return _REAL_TO_COMPLEX[self]
        raise TypeError(f"Cannot convert type {self._attr} to complex type.")


class Bool(Number):
    __slots__ = ()


class Int(Number):
    """`mindspore.Int` (`mindspore.common.dtype.Int`): the class of the signed integer types.
    `Int()` is the abstract `mindspore.int`, `Int(bits)` the type of that width (8, 16, 32, 64),
    the same objects as `mindspore.int8`, ... (MindSpore's RuntimeError for another width)."""
    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        if len(args) > 1 or kwargs:  # msjax's own construction of a type: Int(name, attr, ...)
            return super().__new__(cls)
        if not args:
            return int_
        bits = args[0]
        if not isinstance(bits, _builtins.int) or isinstance(bits, _builtins.bool):
            raise TypeError("__init__(): incompatible constructor arguments. The following "
                            "argument types are supported:")
        if bits not in _INT_BY_BITS:
            raise RuntimeError("For Int type only support number of 8bits, 16bits, 32bits and "
                               f"64bits, but got {bits}bits")
        return _INT_BY_BITS[bits]

    def __init__(self, *args, **kwargs):
        if len(args) > 1 or kwargs:  # (Int() and Int(bits) return an existing type as it is)
            super().__init__(*args, **kwargs)


class UInt(Number):
    __slots__ = ()


class Float(Number):
    __slots__ = ()


class BFloat(Number):
    __slots__ = ()


class Complex(Number):
    __slots__ = ()


class String(Type):
    __slots__ = ()


class TypeNone(Type):
    __slots__ = ()


class TypeNull(Type):
    __slots__ = ()


class TypeType(Type):
    __slots__ = ()


class List(Type):
    __slots__ = ()


class Tuple(Type):
    __slots__ = ()


class TensorType(Type):
    """`mindspore.dtype.TensorType`: the type of a Tensor, e.g. `Tensor[Float32]`.

    `mindspore.tensor_type` is the one without an element type (str `Tensor`); `get_py_obj_dtype`
    of a Tensor gives `Tensor[Float32]` (repr `mindspore.tensor[float32]`).
    """

    __slots__ = ("_element",)

    def __init__(self, element_type: Type | None = None):
        super().__init__("Tensor", "tensor")
        self._element = element_type

    def element_type(self) -> Type | None:
        return self._element

    def __str__(self) -> str:
        return "Tensor" if self._element is None else f"Tensor[{self._element}]"

    def __repr__(self) -> str:
        if self._element is None:
            return "mindspore.tensor"
        return f"mindspore.tensor[{self._element._attr}]"

    def __reduce__(self):
        return (TensorType, (self._element,))

    def __eq__(self, other):
        return isinstance(other, TensorType) and other._element is self._element

    def __hash__(self):
        return hash(("TensorType", self._element))


def _int(name, attr, np_dtype, size):
    return Int(name, attr, np_dtype, itemsize=size, signed=True)


def _uint(name, attr, np_dtype, size):
    return UInt(name, attr, np_dtype, itemsize=size)


def _float(name, attr, np_dtype, size, cls=Float):
    return cls(name, attr, np_dtype, itemsize=size, floating=True, signed=True)


bool_ = Bool("Bool", "bool", np.bool_, itemsize=1)
int8 = _int("Int8", "int8", np.int8, 1)
int16 = _int("Int16", "int16", np.int16, 2)
int32 = _int("Int32", "int32", np.int32, 4)
int64 = _int("Int64", "int64", np.int64, 8)
uint8 = _uint("UInt8", "uint8", np.uint8, 1)
uint16 = _uint("UInt16", "uint16", np.uint16, 2)
uint32 = _uint("UInt32", "uint32", np.uint32, 4)
uint64 = _uint("UInt64", "uint64", np.uint64, 8)
float16 = _float("Float16", "float16", np.float16, 2)
float32 = _float("Float32", "float32", np.float32, 4)
float64 = _float("Float64", "float64", np.float64, 8)
bfloat16 = _float("BFloat16", "bfloat16", ml_dtypes.bfloat16, 2, BFloat)
float8_e4m3fn = _float("Float8E4M3FN", "float8_e4m3fn", ml_dtypes.float8_e4m3fn, 1)
float8_e5m2 = _float("Float8E5M2", "float8_e5m2", ml_dtypes.float8_e5m2, 1)
hifloat8 = _float("HiFloat8", "hifloat8", None, 1)  # Huawei's HiF8: no NumPy/JAX counterpart.
qint4x2 = _int("Int4", "int4", ml_dtypes.int4, 1)
complex64 = Complex("Complex64", "complex64", np.complex64, itemsize=8, signed=True,
                    complex_=True)
complex128 = Complex("Complex128", "complex128", np.complex128, itemsize=16, signed=True,
                     complex_=True)
# Abstract numeric types.
int_ = Int("Int", "int", signed=True)
_INT_BY_BITS = {8: int8, 16: int16, 32: int32, 64: int64}
uint = UInt("UInt", "uint")
float_ = Float("Float", "float", floating=True, signed=True)
number = Number("Number", "number")
# Non-numeric types.
string = String("String", "string_")
type_none = TypeNone("None", "type_none")
_null = TypeNull("Null", "Null")
type_type = TypeType("TypeType", "type_type")
list_ = List("List", "list_")
tuple_ = Tuple("Tuple", "tuple_")
tensor_type = TensorType()

# NumPy-style aliases MindSpore exports.
half, single, double = float16, float32, float64
short, intc, intp, long = int16, int32, int64, int64
byte, ubyte, ushort, uintc, uintp = int8, uint8, uint16, uint32, uint64
cfloat, cdouble = complex64, complex128
bool = bool_  # mindspore.bool is mindspore.bool_
# `mindspore.int` and `mindspore.float` are Int32 and Float32 (not the abstract int_/float_).
int = int32
float = float32

int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
float_type = (float16, float32, float64, bfloat16, float8_e4m3fn, float8_e5m2, hifloat8)
complex_type = (complex64, complex128)
_LOW_PRECISION = (qint4x2, float8_e4m3fn, float8_e5m2, hifloat8)
signed_type = int_type + float_type[:4] + complex_type + _LOW_PRECISION
number_type = int_type + uint_type + float_type[:4] + complex_type + _LOW_PRECISION
all_types = (bool_,) + number_type
# The dtypes a Tensor can hold in msjax (everything with a NumPy/JAX counterpart).
ALL_TYPES = tuple(t for t in all_types if t._np is not None)

_COMPLEX_TO_REAL = {complex64: float32, complex128: float64}
_REAL_TO_COMPLEX = {float32: complex64, bfloat16: complex64, float64: complex128}
_NO_NUMPY = (hifloat8,)

_BY_NUMPY = {t._np: t for t in ALL_TYPES}
_BY_NUMPY[np.dtype(np.str_)] = string
_BY_ATTR = {t._attr: t for t in all_types + (int_, uint, float_, number, string, type_none, _null,
                                             type_type, list_, tuple_)}
_BY_ATTR["bool_"] = bool_
_BY_NAME = {}
for _t in ALL_TYPES:
    _BY_NAME[_t._attr] = _t
    _BY_NAME[_t._name] = _t
    _BY_NAME[_t._name.lower()] = _t
_BY_NAME.update(bool_=bool_, half=float16, float=float32, single=float32, double=float64,
                int=int64, long=int64, short=int16, byte=int8)

# MindSpore's pytype_to_dtype table (mindspore/common/dtype.py): Python and NumPy scalar types.
_BY_PYTYPE = {
    _builtins.int: int64, _builtins.float: float64, _builtins.bool: bool_,
    _builtins.complex: complex128, str: string, _builtins.list: list_, _builtins.tuple: tuple_,
    type(None): type_none, np.bool_: bool_, np.int8: int8, np.int16: int16, np.int32: int32,
    np.int64: int64, np.uint8: uint8, np.uint16: uint16, np.uint32: uint32, np.uint64: uint64,
    np.float16: float16, np.float32: float32, np.float64: float64, np.str_: string,
}
_TO_PYTYPE = {bool_: _builtins.bool, string: str, type_none: type(None), list_: _builtins.list,
              tuple_: _builtins.tuple, int_: _builtins.int, float_: _builtins.float}
_TO_PYTYPE.update({t: _builtins.int for t in int_type + uint_type})
_TO_PYTYPE.update({t: _builtins.float for t in (float16, float32, float64, bfloat16)})
_TO_PYTYPE.update({t: _builtins.complex for t in complex_type})

# What the Tensor constructor accepts as `dtype`, in the order its error message lists them.
_TENSOR_DTYPES = (int_type + uint_type + float_type[:4] + complex_type + _LOW_PRECISION
                  + (bool_, string))
_TENSOR_DTYPES_TEXT = "[" + ", ".join(repr(t) for t in _TENSOR_DTYPES) + "]"
# What Tensor.astype accepts: MindSpore dtypes, NumPy scalar types, and these names.
_ASTYPE_NP_TYPES = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
                    np.uint64, np.float16, np.float32, np.float64, np.bool_, np.complex64,
                    np.complex128)


def _type_text(t) -> str:
    """A Python type as MindSpore's messages print it (NumPy 1.x and MindSpore's bfloat16 names)."""
    return (str(t).replace("ml_dtypes.", "").replace("'numpy.bool'", "'numpy.bool_'"))


_ASTYPE_TYPES_TEXT = ("[" + ", ".join(repr(t) for t in _TENSOR_DTYPES[:-1])
                      + ", " + ", ".join(_type_text(t) for t in _ASTYPE_NP_TYPES) + "]")
_ASTYPE_NAMES = (
    "bool_ int8 byte int16 short int32 intc int64 long intp uint8 ubyte uint16 ushort uint32 "
    "uintc uint64 uintp float16 half float32 single float64 double complex64 cfloat complex128 "
    "cdouble qint4x2 bfloat16 float8_e4m3fn float8_e5m2 hifloat8 int_ uint float_ list_ tuple_ "
    "string number tensor_type type_none _null TensorType Type Int int float bool").split()
# The NumPy scalar type each name stands for (as NumPy 1.x spells them; `cfloat` is complex128).
_ASTYPE_NAME_TO_NP = {
    "bool_": np.bool_, "bool": np.bool_, "int8": np.int8, "byte": np.int8, "int16": np.int16,
    "short": np.int16, "int32": np.int32, "intc": np.int32, "int64": np.int64, "long": np.int64,
    "intp": np.int64, "int": np.int64, "int_": np.int64, "uint8": np.uint8, "ubyte": np.uint8,
    "uint16": np.uint16, "ushort": np.uint16, "uint32": np.uint32, "uintc": np.uint32,
    "uint64": np.uint64, "uintp": np.uint64, "uint": np.uint64, "float16": np.float16,
    "half": np.float16, "float32": np.float32, "single": np.float32, "float64": np.float64,
    "double": np.float64, "float": np.float64, "float_": np.float64, "complex64": np.complex64,
    "cfloat": np.complex128, "complex128": np.complex128, "cdouble": np.complex128,
    "bfloat16": ml_dtypes.bfloat16, "float8_e4m3fn": ml_dtypes.float8_e4m3fn,
    "float8_e5m2": ml_dtypes.float8_e5m2, "qint4x2": ml_dtypes.int4,
}


def _by_attr(attr: str) -> Type:
    return _BY_ATTR[attr]


def from_numpy(np_dtype) -> Type:
    """The MindSpore dtype of a NumPy/JAX dtype."""
    t = _BY_NUMPY.get(np_dtype)
    if t is not None:
        return t
    np_dtype = np.dtype(np_dtype)
    t = _BY_NUMPY.get(np_dtype)
    if t is None and np_dtype.kind == "U":
        return string
    if t is None:
        raise TypeError(f"For 'Tensor', the data type '{np_dtype}' is not supported.")
    return t


def to_numpy_dtype(dtype) -> np.dtype:
    """Any dtype argument an op accepts, as a NumPy dtype.

    Accepts MindSpore dtypes, NumPy dtypes and scalar types, dtype names ('float32', 'Float32',
    'float'), and the Python types bool, int (Int64) and float (Float32).
    """
    if isinstance(dtype, Type):
        if dtype._np is None:
            raise TypeError(f"The dtype {dtype!r} has no array representation in msjax.")
        return dtype._np
    if dtype is _builtins.float:
        return np.dtype(np.float32)
    if dtype is _builtins.int:
        return np.dtype(np.int64)
    if dtype is _builtins.bool:
        return np.dtype(np.bool_)
    if isinstance(dtype, str):
        t = _BY_NAME.get(dtype)
        if t is None:
            raise TypeError(f"The string dtype '{dtype}' is not supported; use one of "
                            f"{sorted(set(x._attr for x in ALL_TYPES))}.")
        return t._np
    return np.dtype(dtype)


def to_mstype(dtype) -> Type:
    """Any dtype argument, as a MindSpore dtype."""
    if isinstance(dtype, Type):
        return dtype
    return from_numpy(to_numpy_dtype(dtype))


def _quoted(value) -> str:
    """How MindSpore's constructor quotes a rejected dtype: 'mindspore.int', ''float32'', 'int'."""
    if isinstance(value, TensorType):
        return "'None'" if value._element is None else f"'{value!r}'"
    if isinstance(value, Type):
        return f"'{value!r}'"
    if isinstance(value, type):
        return f"'{value.__name__}'"
    if isinstance(value, str):
        return f"'{value!r}'"
    return f"'{value}'"


def tensor_dtype(dtype) -> Type:
    """The `dtype` argument of the Tensor constructor: a concrete MindSpore dtype, else TypeError."""
    if dtype in _TENSOR_DTYPES:
        return dtype
    raise TypeError(f"For 'Tensor', the 'dtype' should be one of {_TENSOR_DTYPES_TEXT}, "
                    f"but got {_quoted(dtype)}.")


def astype_dtype(dtype) -> Type:
    """The `dtype` argument of `Tensor.astype`, by MindSpore's rules.

    A MindSpore dtype, a NumPy scalar type or Python type (`float` is Float64, as in NumPy), or
    a name from MindSpore's list ('float16', 'half', 'float', 'Float32'; case-insensitive).
    `np.dtype` objects are refused, as in MindSpore.
    """
    if isinstance(dtype, str):
        name = dtype.lower()
        if name not in _ASTYPE_NAMES and dtype not in _ASTYPE_NAMES:
            raise TypeError("For Tensor.astype, the string input type must be one of "
                            f"{_ASTYPE_NAMES}, but got '{dtype}'.")
        np_type = _ASTYPE_NAME_TO_NP.get(name)
        dtype = _BY_NAME.get(name) if np_type is None else pytype_to_dtype(np_type)
    elif isinstance(dtype, type) and not issubclass(dtype, Type):
        dtype = pytype_to_dtype(dtype)
    if isinstance(dtype, Number) and dtype._np is not None:
        return dtype
    raise TypeError(f"For Tensor.astype, the input type must be one of {_ASTYPE_TYPES_TEXT}, "
                    f"but got '{dtype}'.")


def dtype_to_nptype(type_):
    """`mindspore.dtype_to_nptype`: the NumPy scalar type of a MindSpore dtype (KeyError if none)."""
    if isinstance(type_, Number) and type_._np is not None and type_ not in _LOW_PRECISION:
        return type_._np.type
    raise KeyError(type_)


def pytype_to_dtype(obj):
    """`mindspore.pytype_to_dtype`: the MindSpore dtype of a Python or NumPy type.

    `float` is Float64 and `int` Int64; NumPy complex types are not in MindSpore's table.
    """
    if isinstance(obj, np.dtype):
        obj = obj.type
    if isinstance(obj, Type):
        return obj
    if not isinstance(obj, type):
        raise TypeError("For 'pytype_to_dtype', the argument 'obj' must be a python type object,"
                        f"such as int, float, str, etc. But got type {type(obj)}.")
    t = _BY_PYTYPE.get(obj)
    if t is None:
        raise NotImplementedError(f"The python type {_type_text(obj)} cannot be converted to "
                                  "MindSpore type.")
    return t


def dtype_to_pytype(type_):
    """`mindspore.dtype_to_pytype`: the Python type of a MindSpore dtype (KeyError if none)."""
    try:
        return _TO_PYTYPE[type_]
    except (KeyError, TypeError):
        raise KeyError(type_) from None


# [Tensor], for `get_py_obj_dtype`: core/tensor.py puts its class here (it imports this module).
TENSOR_CLASS: list = []


def get_py_obj_dtype(obj):
    """`mindspore.get_py_obj_dtype`: the MindSpore type of a Python object or type."""
    if TENSOR_CLASS and isinstance(obj, TENSOR_CLASS[0]):
        return TensorType(obj.dtype)
    if isinstance(obj, Type):
        return type_type
    if isinstance(obj, (type, np.dtype)):
        return pytype_to_dtype(obj)
    return pytype_to_dtype(type(obj))


def type_size_in_bytes(dtype) -> int:
    """`mindspore.dtype.type_size_in_bytes`."""
    return dtype.itemsize


@enum.unique
class QuantDtype(enum.Enum):
    """`mindspore.QuantDtype` (`mindspore.common.dtype.QuantDtype`): the data types of
    quantization, `INT1` ... `INT16` (0 ... 15) and `UINT1` ... `UINT16` (100 ... 115), as
    quantization Primitives record them (`FakeQuantParam`). `str()` is the name; `value()` (a
    method, as in MindSpore) the number."""
    locals().update({f"INT{bits}": bits - 1 for bits in range(1, 17)})
    locals().update({f"UINT{bits}": 99 + bits for bits in range(1, 17)})

    def __str__(self):
        return self.name

    def value(self) -> int:  # MindSpore's method, where an Enum's `value` is an attribute
        return self._value_
