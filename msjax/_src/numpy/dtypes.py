"""Dtypes and constants of `mindspore.numpy`, and its dtype promotion functions.

As in MindSpore 2.10, `int_` is Int32, `uint` UInt32 and `float_` Float32 (NumPy's are 64-bit),
and `promote_types`/`result_type` follow mindspore.numpy's own table and return MindSpore dtypes.
"""
from __future__ import annotations

import jax
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core.dtype import (  # noqa: F401
    bool_,
    float16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
)
from msjax._src.numpy import conversion as C
from msjax._src.ops.registry import functional

int_ = int32
uint = uint32
float_ = float32

inf = float("inf")
PINF = float("inf")
NINF = float("-inf")
nan = float("nan")
pi = 3.141592653589793

numeric_types = ["int_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                 "float_", "float16", "float32", "float64", "bool_"]


def promote_types(type1, type2):
    """`mindspore.numpy.promote_types(type1, type2)`: the MindSpore dtype both cast to safely,
    by mindspore.numpy's promotion table."""
    return C.to_ms_dtype(C.promote(C.dtype_arg(type1), C.dtype_arg(type2)))


def _dtype_of(x):
    if isinstance(x, jax.Array):
        return x.dtype
    if isinstance(x, bool):
        return C.BOOL
    if isinstance(x, int):
        return C.INT32
    if isinstance(x, float):
        return C.FLOAT32
    if isinstance(x, mstype.Type):
        return C.dtype_arg(x)
    if isinstance(x, str):  # a NumPy name or type code ('float32', 'f4', '?'), as NumPy reads it
        try:
            dtype = np.dtype("float32" if x == "float" else "int32" if x == "int" else x)
        except TypeError:
            raise TypeError(f"data type '{x}' not understood") from None
        return dtype if dtype in C.ALLOWED_DTYPES else None
    raise TypeError("data type not understood")


def result_type(*arrays_and_dtypes):
    """`mindspore.numpy.result_type(*arrays_and_dtypes)`: the promoted MindSpore dtype of Tensors,
    MindSpore dtypes, NumPy dtype names and codes ('float32', 'f4', '?'; None for one MindSpore
    has no Tensor of) and Python numbers (int is Int32, float Float32), by mindspore.numpy's
    promotion table."""
    dtypes = [_dtype_of(x) for x in arrays_and_dtypes]
    if any(d is None for d in dtypes):  # a type MindSpore has no Tensor of ('c8', 'U')
        return None
    dtype = dtypes[0]
    for other in dtypes[1:]:
        dtype = C.promote(dtype, other)
    return C.to_ms_dtype(dtype)


result_type = functional(result_type)
