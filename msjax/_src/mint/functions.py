"""`mindspore.mint`'s functions whose PyTorch-style signatures differ from `mindspore.ops`.

mint is the API MindSpore 2.3+ recommends: `dim`/`keepdim` instead of `axis`/`keep_dims`,
`max(input, dim)` returning (values, indices), `correction` for the variance, ... Every function
here is implemented once on jax.Arrays and wrapped at the Tensor boundary by `functional`; the
mint names whose signature equals the op table's are the op-table functions themselves (see
`msjax._src.mint.names`). MindSpore's CPU build lacks kernels for much of mint; msjax computes
all of it on every backend. Index outputs are int64, as MindSpore's.
"""
from __future__ import annotations

import builtins

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import strided_views, x64
from msjax._src.backend.interface import hashable
from msjax._src.ops import array_ops, math_ops, overloads, primitive_callings, softmax_math
from msjax._src.ops.adapters import np_dtype, promote_scalar
from msjax._src.ops.reduce_ops import argmax_index, argmin_index
from msjax._src.ops.registry import functional
from msjax._src.core.tensor import Tensor, _wrap

_INT64 = np.dtype(np.int64)


def _dims(dim):
    if dim is None or isinstance(dim, int):
        return dim
    return tuple(dim)


def _cast(x, dtype):
    return x if dtype is None else x.astype(np_dtype(dtype))


def _operands(input, other):
    return promote_scalar(input, other)


# -- arithmetic and comparison ---------------------------------------------------------------------
@functional
def add(input, other, *, alpha=1):
    """`mint.add(input, other, *, alpha=1)`: input + alpha · other (MindSpore's AddExt: a float
    alpha needs floating operands, a bool one Bool operands; ops/math_ops.py)."""
    return math_ops.add_scaled(input, other, alpha)


@functional
def sub(input, other, *, alpha=1):
    """`mint.sub(input, other, *, alpha=1)`: input - alpha · other (MindSpore's SubExt)."""
    return math_ops.sub_scaled(input, other, alpha)


@functional
def mul(input, other):
    a, b = _operands(input, other)
    return a * b


@functional
def div(input, other, *, rounding_mode=None):
    """`mint.div(input, other, *, rounding_mode=None)`: true division, or 'trunc' / 'floor'."""
    a, b = _operands(input, other)
    if jnp.issubdtype(a.dtype, jnp.integer) and jnp.issubdtype(b.dtype, jnp.integer):
        a = a.astype(jnp.float32)
    quotient = a / b
    if rounding_mode == "trunc":
        return jnp.trunc(quotient).astype(jnp.result_type(*_operands(input, other)))
    if rounding_mode == "floor":
        return jnp.floor(quotient).astype(jnp.result_type(*_operands(input, other)))
    if rounding_mode is not None:
        raise ValueError("For 'div', 'rounding_mode' must be None, 'trunc' or 'floor', but got "
                         f"{rounding_mode!r}.")
    return quotient


@functional
def floor_divide(input, other):
    a, b = _operands(input, other)
    return jnp.floor_divide(a, b)


@functional
def remainder(input, other):
    a, b = _operands(input, other)
    return jnp.remainder(a, b)


@functional
def fmod(input, other):
    a, b = _operands(input, other)
    return jnp.fmod(a, b)


def _comparison(jnp_fn, doc):
    def compare(input, other):
        a, b = _operands(input, other)
        return jnp_fn(a, b)
    compare.__name__ = jnp_fn.__name__
    compare.__doc__ = doc
    return functional(compare)


eq = _comparison(jnp.equal, "`mint.eq(input, other)`: input == other.")
ge = _comparison(jnp.greater_equal, "`mint.ge(input, other)`: input >= other.")
greater_equal = ge
lt = _comparison(jnp.less, "`mint.lt(input, other)`: input < other.")
less = lt


@functional
def xlogy(input, other):
    a, b = _operands(input, other)
    return jax.scipy.special.xlogy(a, b)


@functional
def lerp(input, end, weight):
    return input + weight * (end - input)


@functional
def addcmul(input, tensor1, tensor2, *, value=1):
    return input + value * tensor1 * tensor2


@functional
def addcdiv(input, tensor1, tensor2, *, value=1):
    return input + value * tensor1 / tensor2


@functional
def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    return beta * input + alpha * jnp.matmul(batch1, batch2)


@functional
def bmm(input, mat2):
    return jnp.matmul(input, mat2)


@functional
def mv(input, vec):
    return jnp.matmul(input, vec)


@functional
def vdot(input, other):
    return jnp.vdot(input, other)


@functional
def clamp(input, min=None, max=None):
    """`mint.clamp(input, min=None, max=None)`: min and max may be numbers or Tensors."""
    if min is None and max is None:
        raise ValueError("For 'clamp', at least one of 'min' and 'max' must not be None.")
    out = input
    if min is not None:
        out = jnp.maximum(out, jnp.asarray(min, input.dtype) if not hasattr(min, "dtype")
                          else min)
    if max is not None:
        out = jnp.minimum(out, jnp.asarray(max, input.dtype) if not hasattr(max, "dtype")
                          else max)
    return out.astype(jnp.result_type(input, *(v for v in (min, max) if hasattr(v, "dtype"))))


clip = clamp


@functional
def round(input, *, decimals=0):
    """`mint.round(input, *, decimals=0)`: round half to even at `decimals` places."""
    return jnp.round(input, decimals)


@functional
def frac(input):
    return input - jnp.trunc(input)


@functional
def sqrt(input):
    return jnp.sqrt(input.astype(jnp.float32) if jnp.issubdtype(input.dtype, jnp.integer)
                    else input)


@functional
def isnan(tensor):
    return jnp.isnan(tensor)


@functional
def bitwise_not(input):
    return jnp.logical_not(input) if input.dtype == jnp.bool_ else jnp.invert(input)


@functional
def fix(input):
    return jnp.trunc(input)


@functional
def real(input):
    return jnp.real(input)


@functional
def imag(input):
    return jnp.imag(input)


@functional
def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return jnp.allclose(input, other, rtol=rtol, atol=atol, equal_nan=equal_nan)


# -- reductions ------------------------------------------------------------------------------------
def _reduction(jnp_fn, name):
    def reduce(input, dim=None, keepdim=False, *, dtype=None):
        return jnp_fn(_cast(input, dtype), axis=_dims(dim), keepdims=keepdim)
    reduce.__name__ = name
    reduce.__doc__ = (f"`mint.{name}(input, dim=None, keepdim=False, *, dtype=None)`: over `dim` "
                      "(every axis by default), the input first cast to `dtype`.")
    return functional(reduce)


def _float_mean(x, axis=None, keepdims=False):
    return jnp.mean(x, axis=axis, keepdims=keepdims)


mean = _reduction(_float_mean, "mean")


@functional
def prod(input, dim=None, keepdim=False, *, dtype=None):
    """`mint.prod(input, dim=None, keepdim=False, *, dtype=None)`: over `dim` (every axis by
    default), the input first cast to `dtype`, Int64 for integer and Bool inputs without one (as
    MindSpore's ProdExt; a UInt8 product is Int64 too), the product kept in that dtype (JAX would
    widen an Int8 or UInt8 one)."""
    target = np_dtype(dtype) if dtype is not None else (
        np.dtype(np.int64) if input.dtype.kind in "biu" else input.dtype)
    return jnp.prod(input.astype(target), axis=_dims(dim), keepdims=keepdim).astype(target)
nansum = _reduction(jnp.nansum, "nansum")


@functional
def all(input, dim=None, keepdim=False):
    return jnp.all(input, axis=_dims(dim), keepdims=keepdim)


@functional
def any(input, dim=None, keepdim=False):
    return jnp.any(input, axis=_dims(dim), keepdims=keepdim)


@functional
def amax(input, dim=(), keepdim=False):
    """`mint.amax(input, dim=(), keepdim=False)`: dim () reduces every axis."""
    return jnp.max(input, axis=None if dim == () else _dims(dim), keepdims=keepdim)


@functional
def amin(input, dim=(), keepdim=False):
    return jnp.min(input, axis=None if dim == () else _dims(dim), keepdims=keepdim)


@functional
def argmin(input, dim=None, keepdim=False):
    return argmin_index(input, dim, keepdim)


@functional
def count_nonzero(input, dim=None):
    return jnp.count_nonzero(input, axis=_dims(dim)).astype(_INT64)


def _values_indices(input, dim, keepdim, jnp_arg, jnp_val):
    indices = jnp_arg(input, axis=dim, keepdims=True)
    values = jnp.take_along_axis(input, indices, axis=dim)
    if not keepdim:
        values, indices = jnp.squeeze(values, dim), jnp.squeeze(indices, dim)
    return values, indices.astype(_INT64)


def _max_or_min(name, jnp_arg, jnp_val, elementwise):
    def reduce(input, dim=None, keepdim=False, *, other=None):
        if other is not None:
            return elementwise(*_operands(input, other))
        if isinstance(dim, jax.Array) or hasattr(dim, "shape"):
            return elementwise(*_operands(input, dim))
        if dim is None:
            return jnp_val(input)
        return _values_indices(input, dim, keepdim, jnp_arg, jnp_val)
    reduce.__name__ = name
    reduce.__doc__ = (f"`mint.{name}(input)` (the {name} of all elements), `mint.{name}(input, "
                      f"dim, keepdim=False)` ((values, int64 indices) along dim) or "
                      f"`mint.{name}(input, other)` (elementwise).")
    return functional(reduce)


max = _max_or_min("max", argmax_index, jnp.max, jnp.maximum)
min = _max_or_min("min", argmin_index, jnp.min, jnp.minimum)


@functional
def median(input, dim=None, keepdim=False):
    """`mint.median`: the lower median; with `dim`, (values, int64 indices)."""
    if dim is None:
        flat = jnp.sort(input.ravel())
        return flat[(flat.size - 1) // 2]
    order = jnp.argsort(input, axis=dim, stable=True)
    k = (input.shape[dim] - 1) // 2
    indices = jnp.take(order, jnp.array([k]), axis=dim)
    values = jnp.take_along_axis(input, indices, axis=dim)
    if not keepdim:
        values, indices = jnp.squeeze(values, dim), jnp.squeeze(indices, dim)
    return values, indices.astype(_INT64)


@functional
def kthvalue(input, k, dim=-1, keepdim=False):
    """`mint.kthvalue(input, k, dim=-1, keepdim=False)`: the k-th smallest (1-based), with its
    index."""
    order = jnp.argsort(input, axis=dim, stable=True)
    indices = jnp.take(order, jnp.array([k - 1]), axis=dim)
    values = jnp.take_along_axis(input, indices, axis=dim)
    if not keepdim:
        values, indices = jnp.squeeze(values, dim), jnp.squeeze(indices, dim)
    return values, indices.astype(_INT64)


def _moments(input, dim, correction, keepdim):
    axis = _dims(dim)
    mean_value = jnp.mean(input, axis=axis, keepdims=True)
    count = input.size if axis is None else int(np.prod(
        [input.shape[a] for a in ((axis,) if isinstance(axis, int) else axis)]))
    var_value = jnp.sum(jnp.square(input - mean_value), axis=axis, keepdims=keepdim)
    var_value = var_value / builtins.max(count - correction, 0)
    if not keepdim:
        mean_value = jnp.squeeze(mean_value, axis) if axis is not None else mean_value.reshape(())
    return var_value, mean_value


@functional
def var(input, dim=None, *, correction=1, keepdim=False):
    """`mint.var(input, dim=None, *, correction=1, keepdim=False)`: Σ(x - mean)² / (N - correction)."""
    return _moments(input, dim, correction, keepdim)[0]


@functional
def std(input, dim=None, *, correction=1, keepdim=False):
    return jnp.sqrt(_moments(input, dim, correction, keepdim)[0])


@functional
def var_mean(input, dim=None, *, correction=1, keepdim=False):
    return _moments(input, dim, correction, keepdim)


@functional
def std_mean(input, dim=None, *, correction=1, keepdim=False):
    variance, mean_value = _moments(input, dim, correction, keepdim)
    return jnp.sqrt(variance), mean_value


@functional
def norm(input, p="fro", dim=None, keepdim=False, *, dtype=None):
    """`mint.norm(input, p='fro', dim=None, keepdim=False, *, dtype=None)`: 'fro' / 'nuc' or a
    vector p-norm over `dim` (every element by default)."""
    x = _cast(input, dtype)
    axis = _dims(dim)
    if p == "nuc":
        return jnp.linalg.norm(x, "nuc", axis=axis or (-2, -1), keepdims=keepdim)
    if p == "fro" or p is None:
        p = 2
    if axis is None:
        x, axis = x.ravel(), 0
        if keepdim:
            return _vector_norm(x, p, 0).reshape((1,) * input.ndim)
    return _vector_norm(x, p, axis, keepdim)


def _vector_norm(x, p, axis, keepdim=False):
    a = jnp.abs(x)
    if p == float("inf"):
        return jnp.max(a, axis=axis, keepdims=keepdim)
    if p == float("-inf"):
        return jnp.min(a, axis=axis, keepdims=keepdim)
    if p == 0:
        return jnp.sum(a != 0, axis=axis, keepdims=keepdim).astype(x.dtype)
    return jnp.sum(a ** p, axis=axis, keepdims=keepdim) ** (1.0 / p)


@functional
def cumsum(input, dim, dtype=None):
    return jnp.cumsum(_cast(input, dtype), axis=dim)


def _cumulative_extreme(name, better):
    def scan(input, dim):
        moved = jnp.moveaxis(input, dim, 0)
        index = jnp.arange(moved.shape[0]).reshape((-1,) + (1,) * (moved.ndim - 1))
        index = jnp.broadcast_to(index, moved.shape)

        def combine(a, b):
            # a NaN is taken and then kept: from it on the value is NaN, the index the latest NaN's
            take_b = better(b[0], a[0]) | (b[0] == a[0]) | jnp.isnan(b[0])
            return jnp.where(take_b, b[0], a[0]), jnp.where(take_b, b[1], a[1])
        values, indices = jax.lax.associative_scan(combine, (moved, index))
        return jnp.moveaxis(values, 0, dim), jnp.moveaxis(indices, 0, dim).astype(_INT64)
    scan.__name__ = name
    return functional(scan)


cummax = _cumulative_extreme("cummax", jnp.greater)
cummin = _cumulative_extreme("cummin", jnp.less)


@functional
def diff(input, n=1, dim=-1, prepend=None, append=None):
    return jnp.diff(input, n=n, axis=dim, prepend=prepend, append=append)


@functional
def histc(input, bins=100, min=0, max=0):
    lo, hi = (jnp.min(input), jnp.max(input)) if min == max == 0 else (min, max)
    counts, _ = jnp.histogram(input, bins=bins, range=(lo, hi))
    return counts.astype(input.dtype)


# -- shape, indexing and sorting -------------------------------------------------------------------
@functional
def cat(tensors, dim=0):
    return jnp.concatenate(tensors, axis=dim)


concat = cat


@functional
def stack(tensors, dim=0):
    return jnp.stack(tensors, axis=dim)


@strided_views.view_op(strided_views.chunked)
@functional
def chunk(input, chunks, dim=0):
    size = -(-input.shape[dim] // chunks)
    return tuple(jnp.split(input, list(range(size, input.shape[dim], size)), axis=dim))


@strided_views.view_op(strided_views.split)
@functional
def split(tensor, split_size_or_sections, dim=0):
    """`mint.split`: pieces of `split_size_or_sections` along `dim` (the last may be shorter), or
    pieces of the listed sizes."""
    if isinstance(split_size_or_sections, int):
        size = split_size_or_sections
        cuts = list(range(size, tensor.shape[dim], size))
    else:
        cuts = list(np.cumsum(split_size_or_sections)[:-1])
    return tuple(jnp.split(tensor, cuts, axis=dim))


@strided_views.view_op(strided_views.flattened)
@functional
def flatten(input, start_dim=0, end_dim=-1):
    """`mint.flatten(input, start_dim=0, end_dim=-1)` (start_dim 0, as PyTorch)."""
    if input.ndim == 0:
        return input.reshape(1)
    start, end = start_dim % input.ndim, end_dim % input.ndim
    if start > end:
        raise ValueError("For 'flatten', 'start_dim' cannot come after 'end_dim'.")
    shape = input.shape[:start] + (-1,) + input.shape[end + 1:]
    return input.reshape(shape)


@strided_views.view_op(strided_views.reshaped)
@functional
def reshape(input, shape):
    return jnp.reshape(input, shape)


@strided_views.view_op(strided_views.squeezed)
@functional
def squeeze(input, dim=None):
    if dim is None:
        return jnp.squeeze(input)
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    return jnp.squeeze(input, tuple(d for d in dims if input.shape[d] == 1))


@strided_views.view_op(strided_views.reversed_axes)
@functional
def t(input):
    return input if input.ndim < 2 else input.T


@strided_views.view_op(strided_views.swapped)
@functional
def transpose(input, dim0, dim1):
    return jnp.swapaxes(input, dim0, dim1)


@strided_views.view_op(strided_views.transposed)
@functional
def permute(input, dims):
    return jnp.transpose(input, dims)


@strided_views.view_op(strided_views.narrowed)
@functional
def narrow(input, dim, start, length):
    """`mint.narrow(input, dim, start, length)`: `length` elements of `dim` from `start` (a
    negative `start` counts from the end; `start` may be the size itself, for no elements),
    with MindSpore's checks (NarrowView's)."""
    if not (isinstance(dim, int) and isinstance(start, (int, jax.Array))
            and isinstance(length, int)):
        raise primitive_callings.failed_calling("NarrowView", narrow, (input, dim, start, length),
                                                {})
    array_ops._check_dim_wrap(dim, input.ndim)
    size = input.shape[dim]
    if isinstance(start, int) and not -size <= start <= size:
        raise ValueError(f"For primitive [Narrow]: start value error, start: {start}, start "
                         f"should be in [{-size}, {size}].")
    first = start + size if isinstance(start, int) and start < 0 else start
    if isinstance(start, int) and isinstance(length, int) and (
            length < 0 or first + length > size):
        raise ValueError(f"For 'Narrow', start ({start}), + length ({length}) exceeds dimension "
                         f"size ({size}).")
    start = first
    return jax.lax.slice_in_dim(input, start, start + length, axis=dim)


@strided_views.view_op(strided_views.selected)
@functional
def select(input, dim, index):
    """`mint.select(input, dim, index)`: the slice at `index` of `dim`, `dim` removed."""
    size = input.shape[dim]
    if isinstance(index, int) and not -size <= index < size:
        raise ValueError(f"For Primitive [SelectExtView] start exceed range. start: {index}, "
                         f"start should be in [{-size}, {size}).")
    return jnp.take(input, index, axis=dim)


@functional
def gather(input, dim, index):
    """`mint.gather`: GatherD (the index's shape, its indices checked)."""
    return array_ops._gather_d(input, dim, index)


@functional
def index_select(input, dim, index):
    return jnp.take(input, index, axis=dim)


@functional
def index_add(input, dim, index, source, *, alpha=1):
    moved = jnp.moveaxis(input, dim, 0)
    added = moved.at[index].add(alpha * jnp.moveaxis(source, dim, 0))
    return jnp.moveaxis(added, 0, dim)


def _scatter_index(index, dim):
    grids = list(jnp.meshgrid(*[jnp.arange(s) for s in index.shape], indexing="ij"))
    grids[dim] = index
    return tuple(grids)


@functional
def scatter(input, dim, index, src):
    values = src if hasattr(src, "shape") and jnp.ndim(src) else jnp.full(index.shape, src,
                                                                          input.dtype)
    values = values[tuple(slice(0, s) for s in index.shape)]
    return input.at[_scatter_index(index, dim)].set(values.astype(input.dtype))


@functional
def scatter_add(input, dim, index, src):
    values = src[tuple(slice(0, s) for s in index.shape)]
    return input.at[_scatter_index(index, dim)].add(values.astype(input.dtype))


@functional
def repeat_interleave(input, repeats, dim=None, *, output_size=None):
    if dim is None:
        input, dim = input.ravel(), 0
    return jnp.repeat(input, repeats, axis=dim, total_repeat_length=output_size)


@functional
def where(condition, input=None, other=None):
    """`mint.where(condition, input, other)`, or `mint.where(condition)`: the indices of the
    nonzero elements, one int64 Tensor per axis."""
    if input is None and other is None:
        return tuple(i.astype(_INT64) for i in jnp.nonzero(condition))
    a, b = _operands(input, other)
    return jnp.where(condition, a, b)


@functional
def argsort(input, dim=-1, descending=False, stable=False):
    order = jnp.argsort(-input if descending else input, axis=dim, stable=True)
    return order.astype(_INT64)


@functional
def sort(input, *, dim=-1, descending=False, stable=False):
    order = jnp.argsort(-input if descending else input, axis=dim, stable=True)
    return jnp.take_along_axis(input, order, axis=dim), order.astype(_INT64)


@functional
def topk(input, k, dim=-1, largest=True, sorted=True):
    moved = jnp.moveaxis(input, dim, -1)
    values, indices = jax.lax.top_k(moved if largest else -moved, k)
    values = values if largest else -values
    return jnp.moveaxis(values, -1, dim), jnp.moveaxis(indices, -1, dim).astype(_INT64)


@x64.scoped
def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """`mint.unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None)`:
    the sorted distinct values (of the flattened input, or the distinct slices along `dim`). Its
    output shape depends on the values, so it runs eagerly (as MindSpore's dynamic-shape op)."""

    data = np.asarray(input._data if isinstance(input, Tensor) else input)
    values, inverse, counts = np.unique(data, return_inverse=True, return_counts=True, axis=dim)
    out = [_wrap(jnp.asarray(values))]
    if return_inverse:
        out.append(_wrap(jnp.asarray(inverse.reshape(data.shape if dim is None else -1),
                                     _INT64)))
    if return_counts:
        out.append(_wrap(jnp.asarray(counts, _INT64)))
    return out[0] if len(out) == 1 else tuple(out)


@functional
def diag(input, diagonal=0):
    return jnp.diag(input, k=diagonal)


@functional
def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    diff_ = x1[..., :, None, :] - x2[..., None, :, :]
    return _vector_norm(diff_, p, -1)


@functional
def meshgrid(*tensors, indexing=None):
    return tuple(jnp.meshgrid(*tensors, indexing=indexing or "ij"))


@functional
def softmax(input, dim, *, dtype=None):
    return softmax_math.softmax(_cast(input, dtype), hashable(dim))


@functional
def item(input):
    return input.reshape(())


def _resolve_overloads():
    """MindSpore's functional ops of several signatures (`mint.add`, `mint.clamp`, `mint.max`,
    ...) resolve their arguments against the recorded tables (ops/overloads.py): a call that
    matches none raises MindSpore's TypeError."""
    module = globals()
    for name in overloads.functional_names():
        if name in module and callable(module[name]):
            module[name] = overloads.resolved_function(name, module[name])


_resolve_overloads()
