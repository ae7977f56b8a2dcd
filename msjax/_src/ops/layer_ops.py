"""Functions of `mindspore.ops` behind layers without a category of their own: group, RMS and
local-response normalisation, embedding lookup and the bilinear dense product."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.backend.interface import one_program
from msjax._src.ops.adapters import scalar_like
from msjax._src.ops.reduce_ops import variance
from msjax._src.ops.registry import op


@op()
@one_program
def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    n, c = input.shape[:2]
    grouped = input.reshape(n, num_groups, -1)
    mean = grouped.mean(-1, keepdims=True)
    var = variance(grouped, -1, keepdims=True)
    out = ((grouped - mean) * jax.lax.rsqrt(var + eps)).reshape(input.shape)
    shape = (1, c) + (1,) * (input.ndim - 2)
    if weight is not None:
        out = out * weight.reshape(shape)
    if bias is not None:
        out = out + bias.reshape(shape)
    return out


@op()
@one_program
def rms_norm(x, gamma, epsilon=1e-06):
    """`ops.rms_norm`: (x / rms(x) · gamma, 1 / rms(x)) over the axes `gamma` covers."""
    axes = tuple(range(x.ndim - gamma.ndim, x.ndim))
    rstd = jax.lax.rsqrt(jnp.mean(jnp.square(x.astype(jnp.float32)), axes, keepdims=True)
                         + epsilon)
    return (x * rstd).astype(x.dtype) * gamma, rstd


@op()
@one_program
def lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
    """`ops.lrn`: x / (bias + alpha·Σ x²)^beta over channels within `depth_radius` (axis 1)."""
    squares = jnp.square(x)
    window = (1, 2 * depth_radius + 1) + (1,) * (x.ndim - 2)
    pads = [(0, 0), (depth_radius, depth_radius)] + [(0, 0)] * (x.ndim - 2)
    total = jax.lax.reduce_window(squares, 0.0, jax.lax.add, window, (1,) * x.ndim, pads)
    return x / jnp.power(bias + alpha * total, beta)


@op()
@one_program
def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False):
    """`ops.embedding`: rows of `weight` (renormalised to `max_norm` when given)."""
    rows = jnp.take(weight, input, axis=0)
    if max_norm is not None:
        norms = jnp.linalg.vector_norm(rows, ord=norm_type, axis=-1, keepdims=True)
        rows = rows * jnp.where(norms > max_norm, max_norm / (norms + 1e-7),
                                scalar_like(1.0, norms))
    return rows


@op()
@one_program
def bidense(input1, input2, weight, bias=None):
    """`ops.bidense`: y_k = input1ᵀ · weight[k] · input2 (+ bias[k])."""
    out = jnp.einsum("...i,kij,...j->...k", input1, weight, input2)
    return out if bias is None else out + bias
