"""Array creation and manipulation of `mindspore.ops`: shapes, joins, gathers, dtypes."""
from __future__ import annotations

import builtins

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src import dtype as mstype
from msjax._src.ops.adapters import np_dtype
from msjax._src.ops.registry import op

_INT32 = np.dtype(np.int32)
_INT64 = np.dtype(np.int64)
_FLOAT32 = np.dtype(np.float32)


def _shape_arg(shape):
    if isinstance(shape, int):
        return (shape,)
    if hasattr(shape, "shape"):  # a Tensor shape
        return tuple(int(s) for s in np.asarray(shape).reshape(-1))
    return tuple(int(s) for s in shape)


# -- creation ----------------------------------------------------------------------------------
@op()
def zeros(size, dtype=None):
    return jnp.zeros(_shape_arg(size), np_dtype(dtype) or _FLOAT32)


@op()
def ones(shape, dtype=None):
    return jnp.ones(_shape_arg(shape), np_dtype(dtype) or _FLOAT32)


@op()
def zeros_like(input, *, dtype=None):
    return jnp.zeros_like(input, dtype=np_dtype(dtype))


@op()
def ones_like(input, *, dtype=None):
    return jnp.ones_like(input, dtype=np_dtype(dtype))


@op()
def fill(type, shape, value):  # noqa: A002
    return jnp.full(_shape_arg(shape), value, np_dtype(type))


def _python_value_dtype(value):
    if isinstance(value, bool):
        return np.bool_
    if isinstance(value, int):
        return _INT64
    if isinstance(value, float):
        return _FLOAT32
    return None


@op()
def full(size, fill_value, *, dtype=None):
    dt = np_dtype(dtype) or _python_value_dtype(fill_value)
    return jnp.full(_shape_arg(size), fill_value, dt)


@op()
def full_like(input, fill_value, *, dtype=None):
    return jnp.full_like(input, fill_value, dtype=np_dtype(dtype))


@op()
def arange(start=0, end=None, step=1, *, dtype=None):
    if end is None:
        start, end = 0, start
    if dtype is None:
        is_float = any(isinstance(v, float) or getattr(v, "dtype", _INT32).kind == "f"
                       for v in (start, end, step))
        dtype = _FLOAT32 if is_float else _INT64
    return jnp.arange(start, end, step, dtype=np_dtype(dtype))


@op()
def linspace(start, end, steps):
    return jnp.linspace(start, end, int(steps), dtype=_FLOAT32)


@op()
def eye(n, m=None, dtype=None):
    return jnp.eye(n, m, dtype=np_dtype(dtype) or _FLOAT32)


# -- dtype -------------------------------------------------------------------------------------
@op()
def cast(input, dtype):
    return jnp.asarray(input).astype(mstype.to_numpy_dtype(dtype))


@op()
def dtype(input):  # noqa: A001  (mindspore.ops.dtype returns the MindSpore dtype)
    return mstype.from_numpy(input.dtype)


@op()
def shape(input_x):
    return tuple(input_x.shape)


@op()
def rank(input_x):
    return input_x.ndim


@op()
def size(input_x):
    return int(input_x.size)


@op()
def numel(input):
    return int(input.size)


# -- shape -------------------------------------------------------------------------------------
@op()
def reshape(input, shape):
    return jnp.reshape(input, _shape_arg(shape))


@op()
def transpose(input, dims):
    return jnp.transpose(input, tuple(dims))


@op()
def permute(input, dims):
    return jnp.transpose(input, tuple(dims))


@op()
def swapaxes(input, axis0, axis1):
    return jnp.swapaxes(input, axis0, axis1)


@op()
def moveaxis(x, source, destination):
    return jnp.moveaxis(x, source, destination)


@op()
def expand_dims(input_x, axis):
    return jnp.expand_dims(input_x, axis)


@op()
def unsqueeze(input, dim):
    return jnp.expand_dims(input, dim)


@op()
def squeeze(input, axis=None):
    if axis is not None and not isinstance(axis, int):
        axis = tuple(axis)
    return jnp.squeeze(input, axis)


@op()
def flatten(input, order="C", *, start_dim=1, end_dim=-1):
    if input.ndim == 0:
        return input.reshape(1)
    start = start_dim % input.ndim
    end = end_dim % input.ndim
    new_shape = input.shape[:start] + (-1,) + input.shape[end + 1:]
    return jnp.reshape(input, new_shape, order=order)


@op()
def ravel(input):
    return jnp.ravel(input)


@op()
def broadcast_to(input, shape):
    shape = tuple(input.shape[i - len(shape) + input.ndim] if s == -1 else s
                  for i, s in enumerate(shape))
    return jnp.broadcast_to(input, shape)


@op()
def tile(input, dims):
    return jnp.tile(input, tuple(dims))


@op()
def repeat_interleave(input, repeats, axis=None, output_size=None):
    return jnp.repeat(input, repeats, axis=axis, total_repeat_length=output_size)


@op()
def repeat_elements(x, rep, axis=0):
    return jnp.repeat(x, rep, axis=axis)


@op()
def flip(input, dims):
    return jnp.flip(input, tuple(dims) if not isinstance(dims, int) else dims)


@op()
def fliplr(input):
    return jnp.fliplr(input)


@op()
def flipud(input):
    return jnp.flipud(input)


@op()
def roll(input, shifts, dims=None):
    return jnp.roll(input, shifts, dims)


@op()
def rot90(input, k=1, dims=(0, 1)):
    return jnp.rot90(input, k, tuple(dims))


@op()
def tril(input, diagonal=0):
    return jnp.tril(input, diagonal)


@op()
def triu(input, diagonal=0):
    return jnp.triu(input, diagonal)


@op()
def diag(input):
    return jnp.diag(input)


@op()
def diagonal(input, offset=0, dim1=0, dim2=1):
    return jnp.diagonal(input, offset, dim1, dim2)


@op()
def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    n = input.shape[-1] + abs(offset)
    eye = jnp.eye(n, k=offset, dtype=input.dtype)
    out = jnp.expand_dims(jnp.pad(input, [(0, 0)] * (input.ndim - 1) + [(max(0, -offset),
                                                                          max(0, offset))]),
                          -2) * eye
    return jnp.moveaxis(out, (-2, -1), (dim1, dim2))


# -- joining and splitting ---------------------------------------------------------------------
@op("concat", "cat")
def concat(tensors, axis=0):
    return jnp.concatenate(tensors, axis=axis)


@op()
def stack(tensors, axis=0):
    return jnp.stack(tensors, axis=axis)


@op()
def hstack(tensors):
    return jnp.hstack(tensors)


@op()
def vstack(inputs):
    return jnp.vstack(inputs)


@op()
def column_stack(tensors):
    return jnp.column_stack(tensors)


@op()
def unstack(input_x, axis=0):
    return tuple(jnp.moveaxis(input_x, axis, 0))


@op()
def unbind(input, dim=0):
    return tuple(jnp.moveaxis(input, dim, 0))


@op()
def split(tensor, split_size_or_sections, axis=0):
    n = tensor.shape[axis]
    if isinstance(split_size_or_sections, int):
        cuts = list(range(split_size_or_sections, n, split_size_or_sections))
    else:
        cuts = list(np.cumsum(split_size_or_sections)[:-1])
    return tuple(jnp.split(tensor, cuts, axis=axis))


@op()
def tensor_split(input, indices_or_sections, axis=0):
    return tuple(jnp.array_split(input, indices_or_sections, axis=axis))


@op()
def chunk(input, chunks, axis=0):
    n = input.shape[axis]
    size = -(-n // chunks)
    return tuple(jnp.split(input, list(range(size, n, size)), axis=axis))


@op()
def meshgrid(*inputs, indexing="xy"):
    if len(inputs) == 1 and isinstance(inputs[0], (tuple, list)):
        inputs = inputs[0]
    return tuple(jnp.meshgrid(*inputs, indexing=indexing))


# -- selection and indexing --------------------------------------------------------------------
@op()
def where(condition, input, other):
    return jnp.where(condition, input, other)


@op()
def gather(input_params, input_indices, axis, batch_dims=0):
    if batch_dims:
        gather_one = lambda p, i: jnp.take(p, i, axis=axis - batch_dims)  # noqa: E731
        for _ in range(batch_dims):
            gather_one = jax.vmap(gather_one)
        return gather_one(input_params, input_indices)
    return jnp.take(input_params, input_indices, axis=axis)


@op()
def gather_elements(input, dim, index):
    return jnp.take_along_axis(input, index, axis=dim)


@op()
def gather_nd(input_x, indices):
    return input_x[tuple(jnp.moveaxis(indices, -1, 0))]


@op()
def index_select(input, axis, index):
    return jnp.take(input, index, axis=axis)


@op()
def masked_fill(input_x, mask, value):
    return jnp.where(mask, jnp.asarray(value, input_x.dtype), input_x)


@op()
def masked_select(input, mask):
    return input[mask]


@op()
def nonzero(input, *, as_tuple=False):
    result = jnp.nonzero(input)
    if as_tuple:
        return tuple(r.astype(_INT64) for r in result)
    return jnp.stack(result, axis=-1).astype(_INT64)


@op()
def argwhere(input):
    return jnp.argwhere(input).astype(_INT64)


@op()
def one_hot(indices, depth, on_value=1, off_value=0, axis=-1):
    on = jnp.asarray(on_value)
    off = jnp.asarray(off_value)
    hot = jax.nn.one_hot(indices, depth, axis=axis, dtype=jnp.bool_)
    return jnp.where(hot, on, off).astype(jnp.result_type(on, off))


@op()
def scatter_nd(indices, updates, shape):
    zeros = jnp.zeros(_shape_arg(shape), updates.dtype)
    return zeros.at[tuple(jnp.moveaxis(indices, -1, 0))].add(updates)


@op()
def tensor_scatter_update(input_x, indices, updates):
    return input_x.at[tuple(jnp.moveaxis(indices, -1, 0))].set(updates)


@op()
def tensor_scatter_add(input_x, indices, updates):
    return input_x.at[tuple(jnp.moveaxis(indices, -1, 0))].add(updates)


@op()
def tensor_scatter_elements(input_x, indices, updates, axis=0, reduction="none"):
    idx = list(jnp.indices(indices.shape, sparse=True))
    idx[axis] = indices
    ref = input_x.at[tuple(idx)]
    return ref.add(updates) if reduction == "add" else ref.set(updates)


@op()
def scatter(input, axis, index, src):
    return tensor_scatter_elements.impl(input, index, src, axis)


@op()
def sort(input_x, axis=-1, descending=False):
    order = jnp.argsort(-input_x if descending else input_x, axis=axis, stable=True)
    return jnp.take_along_axis(input_x, order, axis=axis), order.astype(_INT32)


@op()
def argsort(input, axis=-1, descending=False):
    return jnp.argsort(-input if descending else input, axis=axis, stable=True).astype(_INT32)


@op()
def topk(input, k, dim=None, largest=True, sorted=True):  # noqa: A002
    axis = -1 if dim is None else dim
    moved = jnp.moveaxis(input, axis, -1)
    values, indices = jax.lax.top_k(moved if largest else -moved, k)
    values = values if largest else -values
    return jnp.moveaxis(values, -1, axis), jnp.moveaxis(indices, -1, axis).astype(_INT32)


@op()
def unique(input):
    values, inverse = jnp.unique(input, return_inverse=True)
    return values, inverse.reshape(input.shape).astype(_INT64)


@op()
def searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None, sorter=None):
    side = side or ("right" if right else "left")
    result = jnp.searchsorted(sorted_sequence, values, side=side, sorter=sorter)
    return result.astype(_INT32 if out_int32 else _INT64)


@op()
def bincount(input, weights=None, minlength=0):
    return jnp.bincount(input, weights, minlength=minlength)


@op()
def select(condition, input, other):
    """`ops.select(condition, input, other)`: elementwise where (scalars allowed)."""
    if getattr(condition, "dtype", None) is not None and condition.dtype != np.bool_:
        raise TypeError("Select CPU operator[Select] fail! Unsupported data type!")
    return jnp.where(condition, input, other)


@op()
def narrow(input, axis, start, length):
    return jax.lax.slice_in_dim(input, start, start + length, axis=axis)


@op()
def slice(input_x, begin, size):  # noqa: A001
    size = [input_x.shape[i] - b if s == -1 else s for i, (b, s) in enumerate(zip(begin, size))]
    return jax.lax.dynamic_slice(input_x, tuple(begin), tuple(size))


@op()
def strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0):
    index = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        b = None if begin_mask >> i & 1 else b
        e = None if end_mask >> i & 1 else e
        index.append(b if shrink_axis_mask >> i & 1 else builtins.slice(b, e, s))
    return input_x[tuple(index)]


@op()
def stop_gradient(value):
    return jax.lax.stop_gradient(value)


@op()
def range(start, end, step, maxlen=1000000):  # noqa: A001
    return jnp.arange(start, end, step)


@op()
def pad(input_x, padding, mode="constant", value=None):
    pads = [(0, 0)] * input_x.ndim
    for i in builtins.range(len(padding) // 2):
        pads[input_x.ndim - 1 - i] = (padding[2 * i], padding[2 * i + 1])
    if mode == "constant":
        return jnp.pad(input_x, pads, constant_values=0 if value is None else value)
    return jnp.pad(input_x, pads, mode={"reflect": "reflect", "replicate": "edge",
                                         "circular": "wrap"}[mode])
