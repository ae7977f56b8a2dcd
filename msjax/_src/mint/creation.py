"""`mindspore.mint`'s creation and random functions: `zeros`, `ones`, `empty`, `linspace`,
`rand*`, `randint*`, `randperm`, `normal`, `bernoulli`, `multinomial`, `clone`.

Shapes are given PyTorch's way (`zeros(2, 3)`, `zeros((2, 3))`); the draws take their key from
msjax's global key (`mindspore.set_seed`), so numbers differ from MindSpore's generator while
shapes, dtypes and distributions do not. `generator` and `device` are accepted as in MindSpore:
a draw takes its key from the generator's (seed, offset) state, `mindspore.default_generator`'s
(the global state) when none is given.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.ops.adapters import np_dtype
from msjax._src.ops.registry import functional
from msjax._src.core.random import generator_key, next_key

_FLOAT32 = np.dtype(np.float32)
_INT64 = np.dtype(np.int64)


def _shape(size):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        return tuple(int(s) for s in size[0])
    if len(size) == 1 and hasattr(size[0], "shape"):
        return tuple(int(s) for s in np.asarray(size[0]).reshape(-1))
    return tuple(int(s) for s in size)


@functional
def zeros(size, *, dtype=None):
    return jnp.zeros(_shape((size,)), np_dtype(dtype) or _FLOAT32)


@functional
def ones(size, *, dtype=None):
    return jnp.ones(_shape((size,)), np_dtype(dtype) or _FLOAT32)


@functional
def empty(*size, dtype=None, device=None):
    """`mint.empty(*size, dtype=None, device=None)`: msjax fills it with zeros."""
    return jnp.zeros(_shape(size), np_dtype(dtype) or _FLOAT32)


@functional
def empty_like(input, *, dtype=None, device=None):
    return jnp.zeros(input.shape, np_dtype(dtype) or input.dtype)


@functional
def clone(input):
    return jnp.array(input, copy=True)


@functional
def linspace(start, end, steps, *, dtype=None):
    return jnp.linspace(start, end, steps, dtype=np_dtype(dtype) or _FLOAT32)


@functional
def rand(*size, generator=None, dtype=None, device=None):
    return jax.random.uniform(generator_key("mint.rand", generator), _shape(size),
                              np_dtype(dtype) or _FLOAT32)


@functional
def randn(*size, generator=None, dtype=None, device=None):
    return jax.random.normal(generator_key("mint.randn", generator), _shape(size),
                             np_dtype(dtype) or _FLOAT32)


@functional
def rand_like(input, *, dtype=None, device=None):
    return jax.random.uniform(next_key(), input.shape, np_dtype(dtype) or input.dtype)


@functional
def randn_like(input, *, dtype=None, device=None):
    return jax.random.normal(next_key(), input.shape, np_dtype(dtype) or input.dtype)


@functional
def randint(*args, generator=None, dtype=None, device=None):
    """`mint.randint(low=0, high, size, *, generator=None, dtype=None, device=None)`: integers
    in [low, high), int64 by default."""
    low, high, size = (0, *args) if len(args) == 2 else args
    return jax.random.randint(generator_key("mint.randint", generator), _shape((size,)), low, high,
                              np_dtype(dtype) or _INT64)


@functional
def randint_like(*args, dtype=None, device=None):
    """`mint.randint_like(input, low=0, high, *, dtype=None, device=None)`."""
    input, low, high = (args[0], 0, args[1]) if len(args) == 2 else args
    return jax.random.randint(next_key(), input.shape, low, high, np_dtype(dtype) or input.dtype)


@functional
def randperm(n, *, generator=None, dtype=mstype.int64):
    key = generator_key("mint.randperm", generator)
    return jax.random.permutation(key, n).astype(np_dtype(dtype))


@functional
def normal(mean=0.0, std=1.0, size=None, generator=None):
    """`mint.normal(mean=0.0, std=1.0, size=None, generator=None)`: mean and std may be Tensors
    (the shape broadcast from them) or numbers with `size`."""
    mean_a, std_a = jnp.asarray(mean), jnp.asarray(std)
    shape = jnp.broadcast_shapes(mean_a.shape, std_a.shape) if size is None else _shape((size,))
    dtype = jnp.result_type(mean_a, std_a) if size is None else _FLOAT32
    dtype = dtype if jnp.issubdtype(dtype, jnp.floating) else _FLOAT32
    draws = jax.random.normal(generator_key("mint.normal", generator), shape, dtype)
    return (draws * std_a + mean_a).astype(dtype)


@functional
def bernoulli(input, *, generator=None):
    key = generator_key("mint.bernoulli", generator)
    return jax.random.bernoulli(key, input).astype(input.dtype)


@functional
def multinomial(input, num_samples, replacement=False, *, generator=None):
    """`mint.multinomial(input, num_samples, replacement=False, *, generator=None)`: int64
    category indices drawn with probabilities proportional to the rows of `input`."""
    logits = jnp.log(input)
    key = generator_key("mint.multinomial", generator)
    if replacement:
        return jax.random.categorical(key, logits, axis=-1,
                                      shape=(num_samples,) + input.shape[:-1]).T.astype(_INT64)
    gumbel = jax.random.gumbel(key, input.shape)
    return jax.lax.top_k(logits + gumbel, num_samples)[1].astype(_INT64)


def _fill_dtype(fill_value, dtype):
    if dtype is not None:
        return np_dtype(dtype)
    if isinstance(fill_value, bool):
        return np.dtype(np.bool_)
    if isinstance(fill_value, int):
        return _INT64
    if hasattr(fill_value, "dtype"):
        return fill_value.dtype
    return _FLOAT32


@functional
def full(size, fill_value, *, dtype=None):
    """`mint.full(size, fill_value, *, dtype=None)`: the dtype PyTorch infers from `fill_value`
    (bool, int64 or float32) unless given (`ops.full` makes int64)."""
    return jnp.full(_shape((size,)), fill_value, _fill_dtype(fill_value, dtype))
