"""How `mindspore.numpy` turns its arguments into arrays, dtypes and axes.

MindSpore 2.10's `mindspore.numpy` converts array-like arguments with its own rule, not the
`Tensor` constructor's: a Python `int` becomes Int32, a `float` Float32, a `bool` Bool, and a
list or tuple goes through NumPy with 64-bit results narrowed (`[1, 2]` is Int32, `[1., 2.]`
Float32). Tensors keep their dtype. msjax also accepts NumPy arrays and keeps their dtype
(MindSpore raises `TypeError` for them). Dtype arguments accept MindSpore dtypes, NumPy dtypes,
names (`'float32'`, `'int'` is Int32, `'float'` Float32) and the Python types `int`/`float`.

The explicit promotion table below is `mindspore.numpy.dtypes.promotion_rule`, used where
mindspore.numpy promotes by hand (`concatenate`, `where`, `result_type`, `promote_types`);
arithmetic promotes like JAX on non-weak types, which matches MindSpore's operators.
"""
from __future__ import annotations

import builtins

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.ops.registry import functional

BOOL = np.dtype(np.bool_)
INT8, INT16, INT32, INT64 = (np.dtype(t) for t in (np.int8, np.int16, np.int32, np.int64))
UINT8, UINT16, UINT32, UINT64 = (np.dtype(t) for t in (np.uint8, np.uint16, np.uint32, np.uint64))
FLOAT16, FLOAT32, FLOAT64 = (np.dtype(t) for t in (np.float16, np.float32, np.float64))
COMPLEX64 = np.dtype(np.complex64)

# The dtypes mindspore.numpy accepts as a `dtype` argument, and its dtype names.
ALLOWED_DTYPES = (INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64,
                  FLOAT16, FLOAT32, FLOAT64, BOOL)
_DTYPE_NAMES = {"int": INT32, "int8": INT8, "int16": INT16, "int32": INT32, "int64": INT64,
                "uint": UINT32, "uint8": UINT8, "uint16": UINT16, "uint32": UINT32,
                "uint64": UINT64, "float": FLOAT32, "float16": FLOAT16, "float32": FLOAT32,
                "float64": FLOAT64, "bool": BOOL}
_ALL_TYPES_TEXT = ("['np.int_', 'np.int8', 'np.int16', 'np.int32', 'np.int64', 'np.uint', "
                   "'np.uint8', 'np.uint16', 'np.uint32', 'np.uint64', 'np.float64', "
                   "'np.float16', 'np.float32', 'np.float64', 'np.bool_']")
_NARROW = {INT64: INT32, FLOAT64: FLOAT32, np.dtype(np.complex128): COMPLEX64}
_FLOATS_16_32 = (FLOAT16, FLOAT32)


def dtype_arg(dtype):
    """A `dtype` argument as a NumPy dtype (None stays None), with mindspore.numpy's TypeError."""
    if dtype is None:
        return None
    if isinstance(dtype, str):
        result = _DTYPE_NAMES.get(dtype.lower())
    elif dtype is builtins.int:
        result = INT32
    elif dtype is builtins.float:
        result = FLOAT32
    elif dtype is builtins.bool:
        result = BOOL
    else:
        try:
            result = mstype.to_numpy_dtype(dtype)
        except TypeError:
            result = None
    if result is None or result not in ALLOWED_DTYPES:
        raise TypeError(f"only {_ALL_TYPES_TEXT} are allowed for dtype, but got {type(dtype)}")
    return result


def to_ms_dtype(np_dtype) -> mstype.Type:
    return mstype.from_numpy(np_dtype)


def _has_traced(x) -> bool:
    if isinstance(x, (list, tuple)):
        return builtins.any(_has_traced(e) for e in x)
    return isinstance(x, jax.Array)


def scalar_dtype(*values):
    """mindspore.numpy's dtype of Python numbers: all bool → Bool, all int → Int32, else Float32."""
    present = [v for v in values if v is not None]
    if builtins.all(isinstance(v, builtins.bool) for v in present):
        return BOOL
    if builtins.all(isinstance(v, (builtins.int, np.integer)) for v in present):
        return INT32
    return FLOAT32


def asarray(x, narrow_sequences: bool = True):
    """An array-like argument as a jax array, by mindspore.numpy's conversion rule.

    `narrow_sequences=False` is MindSpore's `_to_tensor_origin_dtype`, which converts like the
    Tensor constructor: Python ints and integer lists are Int64, floats Float32.
    """
    if isinstance(x, jax.Array):
        return x
    if isinstance(x, (np.ndarray, np.generic)):
        if x.dtype == object or x.dtype.kind in "USV":
            raise TypeError(f"For Tensor conversion, the input_data is {x} that contains "
                            "unsupported element.")
        return jnp.asarray(x)
    if isinstance(x, builtins.bool):
        return jnp.asarray(x, BOOL)
    if isinstance(x, builtins.int):
        return jnp.asarray(x, INT32 if narrow_sequences else INT64)
    if isinstance(x, builtins.float):
        return jnp.asarray(x, FLOAT32)
    if isinstance(x, builtins.complex):
        return jnp.asarray(x, COMPLEX64)
    if isinstance(x, (list, tuple)):
        if _has_traced(x):
            array = jnp.asarray(_nested_arrays(x))
        else:
            try:
                host = np.asarray(_nested_host(x))
            except ValueError:
                host = None
            if host is None or host.dtype == object:
                raise ValueError("Input array must have the same size across all dimensions.")
            if host.size == 0 and host.dtype == FLOAT64:
                host = host.astype(FLOAT32)
            array = jnp.asarray(host)
        narrowed = _NARROW.get(array.dtype, array.dtype)
        if narrow_sequences or narrowed.kind != "i":
            array = array.astype(narrowed)
        return array
    raise TypeError("Expect input to be array like.")


def _nested_host(x):
    if isinstance(x, (list, tuple)):
        return [_nested_host(e) for e in x]
    if isinstance(x, jax.Array):
        return np.asarray(x)
    return x


def _nested_arrays(x):
    if isinstance(x, (list, tuple)):
        parts = [_nested_arrays(e) for e in x]
        return jnp.stack([jnp.asarray(p) for p in parts]) if parts else jnp.zeros((0,), FLOAT32)
    return x


def cast(x, dtype):
    """`x` cast to the (already checked) NumPy dtype, unless dtype is None."""
    if dtype is None or x.dtype == dtype:
        return x
    return x.astype(dtype)


def is_float_16_32(dtype) -> bool:
    """mindspore.numpy's `_check_is_float`: only Float16 and Float32 count (not Float64)."""
    return np.dtype(dtype) in _FLOATS_16_32


def is_int(dtype) -> bool:
    return np.dtype(dtype).kind in "iu"


# -- promotion --------------------------------------------------------------------------------
def _table():
    rule = {}
    pairs = """u8 u16 u16|u8 u32 u32|u8 u64 u64|u16 u32 u32|u16 u64 u64|u32 u64 u64|u8 i8 i16|
    u8 i16 i16|u8 i32 i32|u8 i64 i64|u16 i8 i32|u16 i16 i32|u16 i32 i32|u16 i64 i64|u32 i8 i64|
    u32 i16 i64|u32 i32 i64|u32 i64 i64|u64 i8 f64|u64 i16 f64|u64 i32 f64|u64 i64 f64|
    u8 f16 f16|u8 f32 f32|u8 f64 f64|u16 f16 f16|u16 f32 f32|u16 f64 f32|u32 f16 f16|
    u32 f32 f32|u32 f64 f64|u64 f16 f16|u64 f32 f32|u64 f64 f64|i8 i16 i16|i8 i32 i32|
    i8 i64 i64|i16 i32 i32|i16 i64 i64|i32 i64 i64|i8 f16 f16|i8 f32 f32|i8 f64 f64|
    i16 f16 f16|i16 f32 f32|i16 f64 f64|i32 f16 f16|i32 f32 f32|i32 f64 f64|i64 f16 f16|
    i64 f32 f32|i64 f64 f64|f16 f32 f32|f16 f64 f64|f32 f64 f64|b u8 u8|b u16 u16|b u32 u32|
    b u64 u64|b i8 i8|b i16 i16|b i32 i32|b i64 i64|b f16 f16|b f32 f32|b f64 f64"""
    names = {"b": BOOL, "i8": INT8, "i16": INT16, "i32": INT32, "i64": INT64, "u8": UINT8,
             "u16": UINT16, "u32": UINT32, "u64": UINT64, "f16": FLOAT16, "f32": FLOAT32,
             "f64": FLOAT64}
    for entry in pairs.split("|"):
        a, b, c = entry.split()
        rule[(names[a], names[b])] = names[c]
        rule[(names[b], names[a])] = names[c]
    return rule


_PROMOTION = _table()


def promote(dtype1, dtype2):
    """mindspore.numpy's `_promote`: its explicit table (uint16 with float64 is Float32)."""
    dtype1, dtype2 = np.dtype(dtype1), np.dtype(dtype2)
    if dtype1 == dtype2:
        return dtype1
    result = _PROMOTION.get((dtype1, dtype2))
    if result is None:
        raise TypeError(f"input dtype: {to_ms_dtype(dtype1)}, {to_ms_dtype(dtype2)} are not all "
                        "mindspore datatypes.")
    return result


# Unary trigonometric and hyperbolic functions compute small integers in Float16.
_TRIGONOMETRIC = {INT8: FLOAT16, INT16: FLOAT32, INT32: FLOAT32, INT64: FLOAT32, UINT8: FLOAT16,
                  UINT16: FLOAT32, UINT32: FLOAT32, UINT64: FLOAT32, BOOL: FLOAT16}


def trigonometric_input(x):
    return x.astype(_TRIGONOMETRIC[x.dtype]) if x.dtype in _TRIGONOMETRIC else x


# -- shapes and axes --------------------------------------------------------------------------
def shape_arg(shape) -> tuple:
    """mindspore.numpy's `_check_shape`."""
    if isinstance(shape, jax.Array):
        shape = np.asarray(shape).tolist()
    if isinstance(shape, (builtins.int, np.integer)) and not isinstance(shape, builtins.bool):
        shape = (builtins.int(shape),)
    elif isinstance(shape, (list, tuple)):
        shape = tuple(shape)
    else:
        raise TypeError(f"only int, tuple, list and tensor are allowed for shape, but got "
                        f"{type(shape)}")
    for s in shape:
        if not isinstance(s, (builtins.int, np.integer)) or isinstance(s, builtins.bool):
            raise TypeError("each entry in shape should be int.")
        if s < 0:
            raise ValueError("each entry in shape should no less than 0.")
    return tuple(builtins.int(s) for s in shape)


def axis_in_range(axis, ndim: int) -> int:
    """mindspore.numpy's `_check_axis_in_range`: a normalised axis."""
    if not isinstance(axis, builtins.int) or isinstance(axis, builtins.bool):
        raise TypeError(f"axes should be integers, not {type(axis)}")
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim if ndim else axis


def axes_valid(axes, ndim: int) -> tuple:
    """mindspore.numpy's `_check_axis_valid`: None is every axis; duplicates are a ValueError."""
    if axes is None:
        return tuple(range(ndim))
    if isinstance(axes, (tuple, list)):
        axes = tuple(axis_in_range(a, ndim) for a in axes)
        if len(set(axes)) != len(axes):
            raise ValueError('duplicate value in "axis"')
        return axes
    return (axis_in_range(axes, ndim),)


def canonical_axes(axis, ndim: int):
    """mindspore.numpy's `_canonicalize_axis`: an int or a sorted tuple, duplicates refused."""
    axes = [axis] if isinstance(axis, builtins.int) else list(axis)
    normalised = [axis_in_range(a, ndim) for a in axes]
    if len(set(normalised)) != len(normalised):
        raise ValueError(f"duplicate axes in {tuple(axes) if len(axes) > 1 else axes}.")
    if isinstance(axis, builtins.int):
        return normalised[0]
    return tuple(sorted(normalised))


def infer_out_shape(*shapes) -> tuple:
    """The broadcast shape of `shapes`, with mindspore.numpy's ValueError."""
    try:
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        raise ValueError(f"operands could not be broadcast together with shapes {shapes}") from None


def expand_to(x, ndim: int, axis: int = 0):
    """mindspore.numpy's `_expand`: unit axes added in front (axis=0) or at the end (-1)."""
    missing = ndim - x.ndim
    if missing <= 0:
        return x
    shape = (1,) * missing + x.shape if axis == 0 else x.shape + (1,) * missing
    return x.reshape(shape)


def elementwise_unary(name: str, compute, summary: str):
    """The Tensor-level function `mindspore.numpy.name(x, dtype=None)` computing `compute(array)`."""

    def impl(x, dtype=None):
        return cast(compute(asarray(x)), dtype_arg(dtype))
    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = f"`mindspore.numpy.{name}(x, dtype=None)`: {summary}"
    return functional(impl)


def elementwise_binary(name: str, compute, summary: str):
    """The Tensor-level function `mindspore.numpy.name(x1, x2, dtype=None)` computing
    `compute(a, b)`."""

    def impl(x1, x2, dtype=None):
        return cast(compute(asarray(x1), asarray(x2)), dtype_arg(dtype))
    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = f"`mindspore.numpy.{name}(x1, x2, dtype=None)`: {summary}"
    return functional(impl)
