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
from msjax._src.core import random
from msjax._src.ops import linalg_ops, random_ops, scatter_ops
from msjax._src.core.tensor import Tensor, _wrap


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
    return _wrap(jnp.swapaxes(self._data, -1, -2))


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
    self._data = scatter_ops.index_add(self, index, scaled, dim)._data.astype(self._data.dtype)
    return self


def _draw(self, sample, api, generator) -> Tensor:
    """Fill this Tensor with `sample(key, shape)` (drawn in float32, cast to its dtype), the key
    from `generator`'s state (None: the global one)."""
    values = sample(random.generator_key(f"Tensor.{api}", generator), self._data.shape)
    self._data = values.astype(self._data.dtype)
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


def bernoulli(self, *, generator=None) -> Tensor:
    """`Tensor.bernoulli(*, generator=None)`: 1 with the probability each element gives, else
    0, in this Tensor's dtype (MindSpore 2.10's CPU build has no kernel for it)."""
    key = random.generator_key("Tensor.bernoulli", generator)
    draws = jax.random.uniform(key, self._data.shape, jnp.float32)
    return _wrap((draws < self._data.astype(jnp.float32)).astype(self._data.dtype))



METHODS = dict(bfloat16=bfloat16, byte=byte, ndimension=ndimension, reshape_as=reshape_as,
               itemset=itemset, svd=svd, multinomial=multinomial, scatter_add=scatter_add,
               index_add_=index_add_, uniform_=uniform_, normal_=normal_,
               exponential_=exponential_, bernoulli=bernoulli)
PROPERTIES = dict(mT=matrix_transpose)
