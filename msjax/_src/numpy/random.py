"""Random numbers of `mindspore.numpy`: `rand`, `randn`, `randint`.

Each call draws from msjax's global key (`msjax._src.core.random.next_key`), so `mindspore.set_seed(n)`
makes a sequence of draws repeat and successive calls differ. The numbers are not MindSpore's
(its generator is not reproduced); their distributions, shapes, dtypes and argument checks are.
MindSpore quirks kept: `rand()`/`randn()` with no shape give shape (1,); `randint` takes the
keyword `shape` (not NumPy's `size`) and draws from [minval, maxval), or [0, minval).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.core import random as global_random
from msjax._src.numpy import conversion as C
from msjax._src.ops.registry import functional

_FLOAT_NAMES = ("float", "float16", "float32", "float64")
_INT_NAMES = ("int", "int8", "int16", "int32", "int64")


def _float_dtype(dtype):
    if isinstance(dtype, str):
        if dtype not in _FLOAT_NAMES:
            raise ValueError("If the argument 'dtype' is str, it must be one of ['float', "
                             f"'float16', 'float32', 'float64'], but got {dtype}")
        return C.dtype_arg(dtype)
    np_dtype = C.dtype_arg(dtype) if dtype is not None else None
    if np_dtype not in (C.FLOAT16, C.FLOAT32, C.FLOAT64):
        raise ValueError("The argument 'dtype' must be 'mindspore.float64', 'mindspore.float32' "
                         f"or 'mindspore.float16', but got {dtype}")
    return np_dtype


def _varargs_shape(shape) -> tuple:
    if not shape:
        return (1,)
    if len(shape) == 1:
        if isinstance(shape[0], int):
            return shape
        if isinstance(shape[0], (list, tuple)):
            return tuple(shape[0])
        raise TypeError("If the length of the argument 'shape' is 1, the type of the argument "
                        "'shape' must be one of ['int', 'list', 'tuple'], but got "
                        f"{type(shape[0])}")
    for value in shape:
        if not isinstance(value, int):
            raise TypeError("If the length of the argument 'shape' is > 1, the type of the "
                            f"argument 'shape' must all be int, but got {type(value)}")
    return tuple(shape)


def randn(*shape, dtype=C.FLOAT32):
    """`mindspore.numpy.randn(*shape, dtype=float32)`: samples of the standard normal.

    The shape is given as ints or one tuple/list; no shape gives (1,), as in MindSpore.
    """
    dtype = _float_dtype(dtype)
    size = _varargs_shape(shape)
    return jax.random.normal(global_random.next_key(), size, C.FLOAT32).astype(dtype)


randn = functional(randn)


def rand(*shape, dtype=C.FLOAT32):
    """`mindspore.numpy.rand(*shape, dtype=float32)`: samples uniform on [0, 1)."""
    dtype = _float_dtype(dtype)
    size = _varargs_shape(shape)
    return jax.random.uniform(global_random.next_key(), size, C.FLOAT32).astype(dtype)


rand = functional(rand)


def randint(minval, maxval=None, shape=None, dtype=C.INT32):
    """`mindspore.numpy.randint(minval, maxval=None, shape=None, dtype=int32)`.

    Integers uniform on [minval, maxval), or [0, minval) when `maxval` is None; `shape`
    defaults to (1,). MindSpore's errors: a non-int bound is a TypeError, `minval >= maxval` (or
    `minval <= 0` without maxval) a ValueError, a non-integer dtype a ValueError.
    """
    if not isinstance(minval, int):
        raise TypeError("For mindspore.numpy.randint, the type of the argument 'minval' must be "
                        f"int, but got {type(minval)}")
    if maxval is None:
        if minval <= 0:
            raise ValueError("For mindspore.numpy.randint, the argument 'minval' must be > 0 when "
                             f"the argument 'maxval' is None, but got {minval}")
        minval, maxval = 0, minval
    else:
        if not isinstance(maxval, int):
            raise TypeError("For mindspore.numpy.randint, the type of the argument 'maxval' must "
                            f"be int, but got {type(maxval)}")
        if minval >= maxval:
            raise ValueError("For mindspore.numpy.randint, the value of 'minval' must be greater "
                             "than the value of 'maxval'.")
    if isinstance(dtype, str):
        if dtype not in _INT_NAMES:
            raise ValueError("For 'mindspore.numpy.randint', if the argument 'dtype' is str, it "
                             "must be one of ['int', 'int8', 'int16', 'int32', 'int64'], but got "
                             f"{dtype}")
        np_dtype = C.dtype_arg(dtype)
    else:
        np_dtype = C.dtype_arg(dtype) if dtype is not None else None
        if np_dtype not in (C.INT8, C.INT16, C.INT32, C.INT64):
            raise ValueError("For 'mindspore.numpy.randint', the argument 'dtype' must be "
                             "'mindspore.int64', 'mindspore.int32', 'mindspore.int16' or "
                             f"'mindspore.int8', but got {dtype}")
    size = (1,) if shape is None else C.shape_arg(shape)
    return jax.random.randint(global_random.next_key(), size, minval, maxval,
                              dtype=jnp.int64).astype(np_dtype)


randint = functional(randint)
