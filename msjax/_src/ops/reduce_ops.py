"""Reductions of `mindspore.ops`, with MindSpore's result dtypes.

MindSpore 2.10: `ops.sum`/`ops.prod` of integers and bools give Int64; `ops.mean` of integers
keeps the integer dtype; `ops.max`/`ops.min` return `(values, indices)`; arg-reductions give Int64.
"""
from __future__ import annotations

import jax.lax as lax
import jax.numpy as jnp
import jax.scipy.special
import numpy as np

from msjax._src.ops.adapters import axis_arg, np_dtype
from msjax._src.ops.registry import op

_INT64 = np.dtype(np.int64)


def _accumulate_dtype(x, dtype):
    if dtype is not None:
        return np_dtype(dtype)
    return _INT64 if x.dtype.kind in "biu" else None


@op()
def sum(input, dim=None, keepdim=False, *, dtype=None):  # noqa: A001
    return jnp.sum(input, axis=axis_arg(dim), keepdims=keepdim,
                   dtype=_accumulate_dtype(input, dtype))


@op()
def prod(input, axis=None, keep_dims=False, dtype=None):
    return jnp.prod(input, axis=axis_arg(axis), keepdims=keep_dims,
                    dtype=_accumulate_dtype(input, dtype))


def mean_of(x, axis=None, keepdims=False, dtype=None):
    """The mean with MindSpore's dtype rule: integer inputs keep their dtype."""
    result = jnp.mean(x, axis=axis_arg(axis), keepdims=keepdims, dtype=np_dtype(dtype))
    if dtype is None and x.dtype.kind in "biu":
        result = result.astype(x.dtype)
    return result


@op()
def mean(x, axis=None, keep_dims=False):
    return mean_of(x, axis, keep_dims)


def _with_indices(input, axis, keepdims, value_fn, index_fn, initial=None, where=None):
    if axis is None:
        flat = input.reshape(-1)
        values = value_fn(input, axis=None, keepdims=keepdims, initial=initial, where=where)
        return values, index_fn(flat, axis=0).reshape((1,) * input.ndim if keepdims else ())
    values = value_fn(input, axis=axis, keepdims=keepdims, initial=initial, where=where)
    return values, index_fn(input, axis=axis, keepdims=keepdims).astype(_INT64)


@op()
def max(input, axis=None, keepdims=False, *, initial=None, where=None):  # noqa: A001
    """`ops.max`: (values, indices), as MindSpore 2.10 returns."""
    return _with_indices(input, axis, keepdims, jnp.max, jnp.argmax, initial, where)


@op()
def min(input, axis=None, keepdims=False, *, initial=None, where=None):  # noqa: A001
    """`ops.min`: (values, indices), as MindSpore 2.10 returns."""
    return _with_indices(input, axis, keepdims, jnp.min, jnp.argmin, initial, where)


@op()
def amax(input, axis=None, keepdims=False, *, initial=None, where=None):
    return jnp.max(input, axis=axis_arg(axis), keepdims=keepdims, initial=initial, where=where)


@op()
def amin(input, axis=None, keepdims=False, *, initial=None, where=None):
    return jnp.min(input, axis=axis_arg(axis), keepdims=keepdims, initial=initial, where=where)


@op()
def argmax(input, dim=None, keepdim=False):
    return jnp.argmax(input, axis=dim, keepdims=keepdim).astype(_INT64)


@op()
def argmin(input, axis=None, keepdims=False):
    return jnp.argmin(input, axis=axis, keepdims=keepdims).astype(_INT64)


@op()
def all(input, axis=None, keep_dims=False):  # noqa: A001
    return jnp.all(input, axis=axis_arg(axis), keepdims=keep_dims)


@op()
def any(input, axis=None, keep_dims=False):  # noqa: A001
    return jnp.any(input, axis=axis_arg(axis), keepdims=keep_dims)


@op()
def std(input, axis=None, ddof=0, keepdims=False):
    return jnp.std(input, axis=axis_arg(axis), ddof=ddof, keepdims=keepdims)


@op()
def var(input, axis=None, ddof=0, keepdims=False):
    return jnp.var(input, axis=axis_arg(axis), ddof=ddof, keepdims=keepdims)


@op()
def std_mean(input, axis=None, ddof=0, keepdims=False):
    return (jnp.std(input, axis=axis_arg(axis), ddof=ddof, keepdims=keepdims),
            jnp.mean(input, axis=axis_arg(axis), keepdims=keepdims))


@op()
def var_mean(input, axis=None, ddof=0, keepdims=False):
    return (jnp.var(input, axis=axis_arg(axis), ddof=ddof, keepdims=keepdims),
            jnp.mean(input, axis=axis_arg(axis), keepdims=keepdims))


@op()
def logsumexp(input, dim, keepdim=False):
    return jax.scipy.special.logsumexp(input, axis=axis_arg(dim), keepdims=keepdim)


@op()
def median(input, axis=-1, keepdims=False):
    """`ops.median`: (values, indices) of the lower median along `axis`."""
    n = input.shape[axis]
    order = jnp.argsort(input, axis=axis)
    index = jnp.take(order, jnp.array([(n - 1) // 2]), axis=axis)
    values = jnp.take_along_axis(input, index, axis=axis)
    if not keepdims:
        values, index = jnp.squeeze(values, axis), jnp.squeeze(index, axis)
    return values, index.astype(_INT64)


@op()
def cumsum(x, axis, dtype=None):
    return jnp.cumsum(x, axis=axis, dtype=np_dtype(dtype))


@op()
def cumprod(input, dim, dtype=None):
    return jnp.cumprod(input, axis=dim, dtype=np_dtype(dtype))


@op()
def cummax(input, axis):
    values = lax.cummax(input, axis=axis % input.ndim)
    positions = jnp.broadcast_to(
        jnp.arange(input.shape[axis]).reshape([-1 if i == axis % input.ndim else 1
                                               for i in range(input.ndim)]), input.shape)
    indices = lax.cummax(jnp.where(input == values, positions, 0), axis=axis % input.ndim)
    return values, indices.astype(_INT64)


@op()
def cummin(input, axis):
    values = lax.cummin(input, axis=axis % input.ndim)
    positions = jnp.broadcast_to(
        jnp.arange(input.shape[axis]).reshape([-1 if i == axis % input.ndim else 1
                                               for i in range(input.ndim)]), input.shape)
    indices = lax.cummax(jnp.where(input == values, positions, 0), axis=axis % input.ndim)
    return values, indices.astype(_INT64)


@op()
def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):  # noqa: A002
    x = A if dtype is None else A.astype(np_dtype(dtype))
    if dim is None and ord is None:
        return jnp.sqrt(jnp.sum(jnp.square(jnp.abs(x)), keepdims=keepdim))
    return jnp.linalg.norm(x, ord=ord, axis=axis_arg(dim), keepdims=keepdim)


@op()
def count_nonzero(x, axis=(), keep_dims=False, dtype=None):
    result = jnp.count_nonzero(x, axis=axis_arg(axis), keepdims=keep_dims)
    return result.astype(np_dtype(dtype) if dtype is not None else np.int32)
