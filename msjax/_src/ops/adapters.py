"""MindSpore's quirks, in one place: type promotion, axis and dtype arguments.

Checked against MindSpore 2.10 (tests/goldens/type_promotion.json): an integer or bool Tensor
combined with a Python float gives Float32 (JAX with x64 would give Float64), and true division
of integers gives Float32. Everything else follows JAX's promotion lattice, which matches
MindSpore's for Tensor-Tensor operations (uint8 + int8 is Int16, int64 + float32 is Float32).
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from msjax._src import dtype as mstype

_FLOAT32 = np.dtype(np.float32)


def _is_int_or_bool(x) -> bool:
    dt = getattr(x, "dtype", None)
    return dt is not None and (dt.kind in "biu")


def promote_scalar(a, b):
    """MindSpore's rule for a Tensor with a Python float: integer and bool Tensors go to Float32."""
    if type(b) is float and _is_int_or_bool(a):
        b = np.float32(b)
    elif type(a) is float and _is_int_or_bool(b):
        a = np.float32(a)
    return a, b


def to_float_if_int(x):
    """Integer and bool arrays as Float32 (MindSpore's true division and float-only math)."""
    if type(x) in (int, bool):
        return np.float32(x)
    if _is_int_or_bool(x):
        return jnp.asarray(x).astype(_FLOAT32)
    return x


def np_dtype(dtype):
    """A dtype argument (MindSpore dtype, name, NumPy dtype) as a NumPy dtype, or None."""
    return None if dtype is None else mstype.to_numpy_dtype(dtype)


def axis_arg(axis):
    """MindSpore's reduction axis: None or () means all axes; lists become tuples."""
    if axis is None or axis == ():
        return None
    if isinstance(axis, list):
        return tuple(axis)
    if hasattr(axis, "shape"):  # a Tensor axis (unwrapped to an array)
        value = np.asarray(axis).tolist()
        return tuple(value) if isinstance(value, list) else value
    return axis


def check_axis(op_name: str, axis: int, ndim: int, arg: str = "axis") -> int:
    """Normalise a possibly negative axis; MindSpore's ValueError when out of range."""
    rank = max(ndim, 1)
    if not -rank <= axis < rank:
        raise ValueError(f"For '{op_name}', the '{arg}' must be in range [{-rank}, {rank}), "
                         f"but got {axis}.")
    return axis % rank
