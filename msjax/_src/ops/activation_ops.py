"""Activations and dropout variants of `mindspore.ops` beyond the core set in nn_ops."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.ops.registry import op
from msjax._src.ops import softmax_math
from msjax._src.ops.reduce_ops import argmax_index
from msjax._src.ops.random_ops import keep_mask
from msjax._src.core.random import next_key


@op()
def fast_gelu(x):
    """`ops.fast_gelu`: x / (1 + exp(-1.702·|x|)) · exp(0.851·(x - |x|))."""
    return x / (1 + jnp.exp(-1.702 * jnp.abs(x))) * jnp.exp(0.851 * (x - jnp.abs(x)))


@op()
def soft_shrink(input, lambd=0.5):
    return jnp.where(input > lambd, input - lambd, jnp.where(input < -lambd, input + lambd, 0))


@op()
def threshold(input, thr, value):
    return jnp.where(input > thr, input, jnp.asarray(value, input.dtype))


@op()
def swiglu(input, dim=-1):
    a, b = jnp.split(input, 2, axis=dim)
    return a * jax.nn.sigmoid(a) * b


@op()
def rrelu(input, lower=0.125, upper=1.0 / 3):
    """`ops.rrelu`: negative inputs scaled by a slope drawn uniformly from [lower, upper]."""
    if lower > upper:
        raise ValueError(f"For 'rrelu', the value of 'upper' must be greater than or equal to "
                         f"'lower', but got upper: {upper}, lower: {lower}. ")
    slope = jax.random.uniform(next_key(), input.shape, np.float32, lower, upper)
    return jnp.where(input >= 0, input, input * slope.astype(input.dtype))


@op()
def gumbel_softmax(logits, tau=1.0, hard=False, dim=-1):
    uniform = jax.random.uniform(next_key(), logits.shape, logits.dtype)
    gumbel = -jnp.log(-jnp.log(uniform))
    soft = softmax_math.softmax((logits + gumbel) / tau, dim)
    if not hard:
        return soft
    hot = jax.nn.one_hot(argmax_index(soft, dim), logits.shape[dim], axis=dim,
                         dtype=soft.dtype)
    return hot - jax.lax.stop_gradient(soft) + soft


def _channel_dropout(input, p, training, nd):
    """Whole channels (axis 1 of an N, C, *spatial input with `nd` spatial axes) zeroed with
    probability `p`; kept ones scaled by 1/(1-p)."""
    if not training or p == 0:
        return input
    mask_shape = input.shape[:input.ndim - nd] + (1,) * nd
    keep = keep_mask(next_key(), 1.0 - p, mask_shape)
    return jnp.where(keep, input / (1.0 - p), 0).astype(input.dtype)


@op()
def dropout1d(input, p=0.5, training=True):
    return _channel_dropout(input, p, training, 1)


@op()
def dropout2d(input, p=0.5, training=True):
    return _channel_dropout(input, p, training, 2)


@op()
def dropout3d(input, p=0.5, training=True):
    return _channel_dropout(input, p, training, 3)
