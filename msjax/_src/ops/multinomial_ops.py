"""`ops.multinomial_with_replacement` and its Primitive `MultinomialWithReplacement`: categories
drawn from the rows of `x` (unnormalised, non-negative weights), with the random stream given as
inputs: a `seed` and an `offset` (Int64 Tensors, or Python ints).

- `MultinomialWithReplacement(numsamples, replacement=False)(x, seed, offset)`: Int64 indices of
  shape `x.shape[:-1] + (numsamples,)`; with `replacement` a category can come more than once,
  without it at most once (then `numsamples` is at most `x.shape[-1]`).
- `ops.multinomial_with_replacement(x, seed, offset, numsamples, replacement=False)`: the same.

The same `seed` and `offset` give the same draws, as in MindSpore; the draws themselves are JAX's
(its key from the seed's and the offset's words), not MindSpore's Philox stream
(docs/migration.md). Checks and messages are MindSpore 2.10's
(tests/goldens/scripts/ops16b_misc_probe.py); the checks of `x`'s values (negative, or a row that
sums to 0) need its values, so they are made on a concrete `x` only.
"""
from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core.type_text import type_of
from msjax._src.ops.registry import functional, op, primitive

_NAME = "MultinomialWithReplacement"
_X_TYPES = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))
_INT64 = np.dtype(np.int64)


def _check_attributes(attributes):
    numsamples, replacement = attributes["numsamples"], attributes["replacement"]
    if not isinstance(numsamples, int) or isinstance(numsamples, bool):
        raise TypeError(f"For '{_NAME}', the 'numsamples' must be int, but got "
                        f"'{type(numsamples).__name__}'")
    if numsamples < 0:
        raise ValueError(f"For '{_NAME}', the 'numsamples' must be int and must >= 0, but got "
                         f"'{numsamples}' with type 'int'.")
    if not isinstance(replacement, bool):
        raise TypeError(f"For '{_NAME}', the type of 'replacement' should be 'bool', but got "
                        f"type '{type(replacement).__name__}'.")


def _tensor_text(array) -> str:
    return f"Tensor[{mstype.from_numpy(np.dtype(array.dtype))}]"


def _as_int64(name, value):
    """`seed` or `offset`: an Int64 array (MindSpore's TypeError for another dtype), or a
    Python int."""
    if hasattr(value, "dtype"):
        if np.dtype(value.dtype) != _INT64:
            raise TypeError(f"For primitive[{_NAME}], the input argument[{name}_dtype] must be a "
                            f"type of {{Tensor[Int64]}}, but got {_tensor_text(value)}.")
        return value
    return np.asarray(value, _INT64)


def _check_inputs(x, numsamples, replacement):
    if not hasattr(x, "dtype"):
        raise TypeError(f"For Primitive[{_NAME}], the type of input argument[x_dtype] must be "
                        f"Tensor but got {type_of(x)}.")
    if np.dtype(x.dtype) not in _X_TYPES:
        raise TypeError(f"For primitive[{_NAME}], the input argument[x_dtype] must be a type of "
                        "{Tensor[Float16], Tensor[Float32], Tensor[Float64]}, but got "
                        f"{_tensor_text(x)}.")
    if x.ndim not in (1, 2):
        raise ValueError(f"For '{_NAME}', 'x' must have a rank of 1 or 2, but got rank {x.ndim}.")
    if numsamples == 0:
        raise ValueError(f"For '{_NAME}', 'numsamples' should be a nonnegative number, but got 0.")
    if not replacement and numsamples > x.shape[-1]:
        raise ValueError(f"For '{_NAME}', the value of numsamples must equal or less than "
                         f"x_shape[-1], but got {numsamples}.")
    if not isinstance(x, jax.core.Tracer):
        weights = np.asarray(x)
        if (weights < 0).any():
            raise ValueError(f"For '{_NAME}' , each element of 'x' must be equal or greater "
                             "than 0. ")
        if (weights.sum(axis=-1) <= 0).any():
            raise ValueError(f"For '{_NAME}' , the sum of each row of 'x' must be greater "
                             "than 0. ")


def _key(seed, offset):
    """The JAX key of (seed, offset): the seed's words as a raw key (high, low: what
    `jax.random.PRNGKey(seed)` gives), with the offset's high and low words folded in."""
    seed_words = jax.lax.bitcast_convert_type(jnp.reshape(seed, (-1,))[0], jnp.uint32)
    offset_words = jax.lax.bitcast_convert_type(jnp.reshape(offset, (-1,))[0], jnp.uint32)
    key = jnp.stack([seed_words[1], seed_words[0]])
    return jax.random.fold_in(jax.random.fold_in(key, offset_words[1]), offset_words[0])


def _draw(x, seed, offset, numsamples, replacement):
    key = _key(seed, offset)
    logits = jnp.log(x.astype(jnp.float32))  # a zero weight: -inf, never drawn
    if replacement:
        samples = jax.random.categorical(key, logits, shape=(numsamples,) + x.shape[:-1])
        return jnp.moveaxis(samples, 0, -1).astype(_INT64)
    gumbel = jax.random.gumbel(key, x.shape, jnp.float32)  # Gumbel top-k: no repeats
    return jax.lax.top_k(logits + gumbel, numsamples)[1].astype(_INT64)


def _multinomial_with_replacement(x, seed, offset, numsamples, replacement):
    _check_inputs(x, numsamples, replacement)
    return _draw(x, _as_int64("seed", seed), _as_int64("offset", offset), numsamples,
                 replacement)


@op()
def multinomial_with_replacement(x, seed, offset, numsamples, replacement=False):
    """`ops.multinomial_with_replacement(x, seed, offset, numsamples, replacement=False)`
    (module doc)."""
    _check_attributes({"numsamples": numsamples, "replacement": replacement})
    return _multinomial_with_replacement(x, seed, offset, numsamples, replacement)


MultinomialWithReplacement = primitive(
    _NAME, functional(_multinomial_with_replacement), check=_check_attributes,
    numsamples=inspect.Parameter.empty,
    replacement=False, display=lambda attrs: {**attrs, "side_effect_hidden": True})
