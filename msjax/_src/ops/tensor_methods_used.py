"""More Tensor methods real MindSpore code uses: casts (`bfloat16`, `byte`), shapes (`mT`,
`ndimension`, `reshape_as`), `itemset`, `svd`, scatters (`scatter_add`, `index_add_`) and draws
(`uniform_`, `normal_`, `exponential_`, `bernoulli`, `multinomial`). Installed on Tensor by
`tensor_methods.install`, each over msjax's op of the same meaning.

The in-place draws write into the Tensor and return it, as MindSpore documents (its 2.10 CPU build
returns a new Tensor instead: see docs/migration.md); they draw from msjax's global key
(`mindspore.manual_seed`, `set_seed`).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import random, strided_views
from msjax._src.ops import linalg_ops, random_ops, reduce_ops, scatter_ops
from msjax._src.ops.primitives import IndexPut
from msjax._src.core.tensor import Tensor, _wrap, written


def bfloat16(self) -> Tensor:
    """`Tensor.bfloat16()`: this Tensor cast to bfloat16."""
    return self.astype(mstype.bfloat16)


def byte(self) -> Tensor:
    """`Tensor.byte()`: this Tensor cast to uint8 as MindSpore's C cast does: floats truncated
    toward zero, then wrapped modulo 256 (300.0 -> 44, -1.0 -> 255)."""
    data = self._data
    if jnp.issubdtype(data.dtype, jnp.floating):
        data = data.astype(jnp.int64)
    return _wrap(data.astype(jnp.uint8))


def matrix_transpose(self) -> Tensor:
    """`Tensor.mT`: the last two axes swapped (a batch of matrices transposed)."""
    if self.ndim < 2:
        raise ValueError(f"The 'axis' must be in the range of [-{self.ndim}, {self.ndim}), but "
                         "got -2.")
    result = _wrap(jnp.swapaxes(self._data, -1, -2))
    strided_views.record(result, strided_views.last_two_swapped(strided_views.layout_of(self)))
    return result


def ndimension(self) -> int:
    """`Tensor.ndimension()`: the number of axes (`ndim`)."""
    return self.ndim


def reshape_as(self, other) -> Tensor:
    """`Tensor.reshape_as(other)`: this Tensor reshaped to `other`'s shape."""
    return self.reshape(other.shape)


def itemset(self, *args) -> Tensor:
    """`Tensor.itemset(*args)`: a new Tensor with one element replaced (`itemset(index,
    value)`, the index flat or a tuple); this Tensor is unchanged, as MindSpore's."""
    *where, value = args
    where = where[0] if len(where) == 1 else tuple(where)
    flat_index = (np.ravel_multi_index(where, self.shape) if isinstance(where, tuple)
                  else int(where))
    data = self._data.reshape(-1).at[flat_index].set(value).reshape(self._data.shape)
    return _wrap(data)


def svd(self, full_matrices=False, compute_uv=True):
    """`Tensor.svd(full_matrices=False, compute_uv=True)`: `ops.svd` of this Tensor, (s, u, v)
    with `v` (not its transpose), or `s` alone."""
    return linalg_ops.svd(self, full_matrices, compute_uv)


def multinomial(self, num_samples, replacement=True, seed=None):
    """`Tensor.multinomial(num_samples, replacement=True, seed=None)`: `ops.multinomial`."""
    return random_ops.multinomial(self, num_samples, replacement, seed)


def _scatter_add_values(data, dim, index, src):
    updates = src[tuple(slice(0, n) for n in index.shape)].astype(data.dtype)
    return data.at[scatter_ops.elements_index(index, dim % data.ndim)].add(updates)


def scatter_add(self, dim, index, src) -> Tensor:
    """`Tensor.scatter_add(dim, index, src)`: a new Tensor with `src[i][j]` added at `index`
    along `dim` (MindSpore 2.10's CPU build has no ScatterAddExt kernel)."""
    return _wrap(_scatter_add_values(self._data, dim, index._data, src._data))


def index_add_(self, dim, index, source, *, alpha=1) -> Tensor:
    """`Tensor.index_add_(dim, index, source, *, alpha=1)`: add `alpha * source` into the rows
    `index` of axis `dim`, in place; returns this Tensor (MindSpore 2.10's CPU build has no
    InplaceIndexAddExt kernel)."""
    scaled = source if alpha == 1 else source * alpha
    # (IndexAdd's Int32-only index check is the primitive's: this method takes Int64 too)
    added = scatter_ops.index_add.impl(self._data, index._data, scaled._data, dim)
    self._data = added.astype(self._data.dtype)
    written(self)  # (nothing for a Tensor in no view relation)
    return self


def _draw(self, sample, api, generator) -> Tensor:
    """Fill this Tensor with `sample(key, shape)` (drawn in float32, cast to its dtype), the key
    from `generator`'s state (None: the global one)."""
    values = sample(random.generator_key(f"Tensor.{api}", generator), self._data.shape)
    self._data = values.astype(self._data.dtype)
    written(self)  # (nothing for a Tensor in no view relation)
    return self


def uniform_(self, from_=0, to=1, *, generator=None) -> Tensor:
    """`Tensor.uniform_(from_=0, to=1, *, generator=None)`: fill with draws from U[from_, to)."""
    return _draw(self, lambda key, shape: jax.random.uniform(
        key, shape, jnp.float32, jnp.float32(from_), jnp.float32(to)), "uniform_", generator)


def normal_(self, mean=0, std=1, *, generator=None) -> Tensor:
    """`Tensor.normal_(mean=0, std=1, *, generator=None)`: fill with draws from N(mean, std²)."""
    return _draw(self, lambda key, shape: jax.random.normal(key, shape, jnp.float32) * std + mean,
                 "normal_", generator)


def exponential_(self, lambd=1, *, generator=None) -> Tensor:
    """`Tensor.exponential_(lambd=1, *, generator=None)`: fill with draws from the exponential
    distribution of rate `lambd`."""
    return _draw(self, lambda key, shape: jax.random.exponential(key, shape, jnp.float32) / lambd,
                 "exponential_", generator)


def cauchy(self, median=0.0, sigma=1.0) -> Tensor:
    """`Tensor.cauchy(median=0.0, sigma=1.0)`: a new Tensor of this one's shape and dtype drawn
    from the Cauchy distribution at `median` of half-width `sigma` (this one is unchanged, as
    in MindSpore 2.10); drawn in Float32 from the global generator."""
    key = random.generator_key("Tensor.cauchy", None)
    draws = jax.random.cauchy(key, self._data.shape, jnp.float32) * sigma + median
    return _wrap(draws.astype(self._data.dtype))


def log_normal(self, mean=1.0, std=2.0) -> Tensor:
    """`Tensor.log_normal(mean=1.0, std=2.0)`: a new Tensor of this one's shape and (floating)
    dtype whose logarithms are drawn from N(mean, std²) (this one is unchanged, as in MindSpore
    2.10, whose LogNormalReverse takes Float16, Float32 and Float64 only)."""
    if self._data.dtype not in (np.float16, np.float32, np.float64):
        raise TypeError(f"For primitive[LogNormalReverse], the input argument[x] must be a type "
                        f"of {{Tensor[Float16], Tensor[Float32], Tensor[Float64]}}, but got "
                        f"Tensor[{mstype.from_numpy(self._data.dtype)}].")
    key = random.generator_key("Tensor.log_normal", None)
    draws = jnp.exp(jax.random.normal(key, self._data.shape, jnp.float32) * std + mean)
    return _wrap(draws.astype(self._data.dtype))


def index_put(self, indices, values, accumulate=False) -> Tensor:
    """`Tensor.index_put(indices, values, accumulate=False)`: a new Tensor, this one with the
    elements at `indices` (a tuple or list of index Tensors) set to `values`, or with them added
    (`accumulate`); MindSpore's IndexPut (ops/scatter_ops.py)."""
    if not isinstance(accumulate, bool):
        raise TypeError(f"For 'Tensor.index_put', the type of 'accumulate' should be 'bool', but "
                        f"got '{type(accumulate).__name__}'.")
    return IndexPut(int(accumulate))(self, values, tuple(indices))


def bernoulli(self, *, generator=None) -> Tensor:
    """`Tensor.bernoulli(*, generator=None)`: 1 with the probability each element gives, else
    0, in this Tensor's dtype (MindSpore 2.10's CPU build has no kernel for it)."""
    key = random.generator_key("Tensor.bernoulli", generator)
    draws = jax.random.uniform(key, self._data.shape, jnp.float32)
    return _wrap((draws < self._data.astype(jnp.float32)).astype(self._data.dtype))


def short(self) -> Tensor:
    """`Tensor.short()`: this Tensor cast to int16 as MindSpore's C cast does: floats truncated
    toward zero to int32, then wrapped modulo 2**16 (40000.0 -> -25536, 70000 -> 4464)."""
    data = self._data
    if not np.issubdtype(data.dtype, np.integer):
        data = data.astype(jnp.int32)
    return _wrap(jax.lax.convert_element_type(data, jnp.int16))


def is_signed(self) -> bool:
    """`Tensor.is_signed()`: whether the dtype holds negative values: floats, complex and
    signed integers, but not bool, the unsigned integers, nor (as MindSpore 2.10 answers)
    Float16."""
    dtype = np.dtype(self._data.dtype)
    return dtype != np.float16 and (np.issubdtype(dtype, np.signedinteger)
                                    or np.issubdtype(dtype, np.inexact)
                                    or dtype == jnp.bfloat16)


def is_pinned(self) -> bool:
    """`Tensor.is_pinned()`: False: msjax holds no page-locked host memory of its own."""
    return False


def is_shared(self) -> bool:
    """`Tensor.is_shared()`: False: no Tensor lives in shared memory."""
    return False


def argmax_with_value(self, axis=0, keep_dims=False):
    """`Tensor.argmax_with_value(axis=0, keep_dims=False)`: (maxima, their Int64 indices) along
    `axis`; over all elements for `axis=None` (index 0 and a 0-d result, `keep_dims` or not, as
    MindSpore 2.10 gives)."""
    return reduce_ops.max(self, axis, keep_dims and axis is not None)


def argmin_with_value(self, axis=0, keep_dims=False):
    """`Tensor.argmin_with_value(axis=0, keep_dims=False)`: (minima, their Int64 indices), as
    `argmax_with_value`."""
    return reduce_ops.min(self, axis, keep_dims and axis is not None)


def index_add(self, *args, **kwargs) -> Tensor:
    """`Tensor.index_add(indices, y, axis, use_lock=True, check_index_bound=True)` and
    `Tensor.index_add(dim, index, source, *, alpha=1)` (MindSpore 2.10's two overloads, told
    apart by the first argument: an int is `dim`): `ops.index_add` of this Tensor (with
    `alpha * source`), written into this Tensor too, as MindSpore's IndexAdd kernel does (it
    works in place)."""
    first = args[0] if args else kwargs.get("dim", kwargs.get("indices"))
    if isinstance(first, int) or "dim" in kwargs:
        return _index_add_dim(self, *args, **kwargs)
    return _index_add_indices(self, *args, **kwargs)


def _index_add_dim(self, dim, index, source, *, alpha=1) -> Tensor:
    return _index_add_indices(self, index, source if alpha == 1 else source * alpha, dim)


def _index_add_indices(self, indices, y, axis, use_lock=True, check_index_bound=True) -> Tensor:
    result = scatter_ops.index_add(self, indices, y, axis, use_lock, check_index_bound)
    self._data = result._data
    return result


def masked_scatter(self, mask, source) -> Tensor:
    """`Tensor.masked_scatter(mask, source)`: the elements where `mask` (broadcast to this
    Tensor's shape) is True replaced, in row-major order, by `source`'s first elements."""
    data = self._data
    where = jnp.broadcast_to(mask._data if isinstance(mask, Tensor) else jnp.asarray(mask),
                             data.shape).reshape(-1)
    values = (source._data if isinstance(source, Tensor) else jnp.asarray(source)).reshape(-1)
    position = jnp.clip(jnp.cumsum(where) - 1, 0, values.shape[0] - 1)
    return _wrap(jnp.where(where, values[position].astype(data.dtype),
                           data.reshape(-1)).reshape(data.shape))


def sum_to_size(self, *size) -> Tensor:
    """`Tensor.sum_to_size(*size)`: summed over the leading axes `size` lacks and over the axes
    where `size` has 1, to the shape `size` (which this Tensor's shape broadcasts to)."""
    shape = tuple(size[0]) if len(size) == 1 and isinstance(size[0], (tuple, list)) else size
    data = self._data
    lead = data.ndim - len(shape)
    if lead < 0 or any(n not in (1, data.shape[lead + i]) for i, n in enumerate(shape)):
        raise ValueError(f"For sum_to_size, size {tuple(shape)} is not expandable to the tensor "
                         f"size {tuple(data.shape)}.")
    axes = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(shape)
                                      if n == 1 and data.shape[lead + i] != 1)
    return _wrap(jnp.sum(data, axis=axes, keepdims=True).reshape(shape))


def conjugate_transpose(self) -> Tensor:
    """`Tensor.mH`: the conjugate of the transpose of the last two axes."""
    return _wrap(jnp.conj(jnp.swapaxes(self._data, -1, -2)))


METHODS = dict(bfloat16=bfloat16, byte=byte, ndimension=ndimension, reshape_as=reshape_as,
               itemset=itemset, svd=svd, multinomial=multinomial, scatter_add=scatter_add,
               index_add_=index_add_, uniform_=uniform_, normal_=normal_,
               exponential_=exponential_, bernoulli=bernoulli, index_put=index_put, cauchy=cauchy,
               log_normal=log_normal, short=short, is_signed=is_signed,
               is_pinned=is_pinned, is_shared=is_shared, argmax_with_value=argmax_with_value,
               argmin_with_value=argmin_with_value, index_add=index_add,
               masked_scatter=masked_scatter, sum_to_size=sum_to_size)
PROPERTIES = dict(mT=matrix_transpose, mH=conjugate_transpose)
