"""`ops.LARSUpdate(epsilon=1e-05, hyperpara=0.001, use_clip=False)(weight, gradient,
norm_weight, norm_gradient, weight_decay, learning_rate)`: the gradient scaled by LARS's
layer-wise trust ratio (what `nn.LARS` hands its optimizer).

`norm_weight` and `norm_gradient` are the sums of squares of the weight and the gradient
(`ops.SquareSumAll`). With w = √norm_weight and g = √norm_gradient, the trust ratio is
`hyperpara · w / (g + weight_decay · w + epsilon)`, or 1 where w or g is 0; with `use_clip` it
is `min(ratio / learning_rate, 1)` (the clipped local rate of LARC). The result is
`ratio · (gradient + weight_decay · weight)`.

MindSpore 2.10 has an Ascend kernel only (its CPU raises a RuntimeError): msjax computes the
formula of MindSpore's documentation of `nn.LARS` on every backend (docs/migration.md).
"""
from __future__ import annotations

import jax.numpy as jnp

from msjax._src.ops.registry import functional, primitive


def lars_update(weight, gradient, norm_weight, norm_gradient, weight_decay, learning_rate, *,
                epsilon=1e-05, hyperpara=0.001, use_clip=False):
    dtype = gradient.dtype
    w_norm = jnp.sqrt(jnp.reshape(norm_weight, ()).astype(jnp.float32))
    g_norm = jnp.sqrt(jnp.reshape(norm_gradient, ()).astype(jnp.float32))
    decay = jnp.reshape(jnp.asarray(weight_decay, jnp.float32), ())
    ratio = hyperpara * w_norm / (g_norm + decay * w_norm + epsilon)
    ratio = jnp.where((w_norm > 0) & (g_norm > 0), ratio, 1.0)
    if use_clip:
        rate = jnp.reshape(jnp.asarray(learning_rate, jnp.float32), ())
        ratio = jnp.minimum(ratio / rate, 1.0)
    update = gradient.astype(jnp.float32) + decay * weight.astype(jnp.float32)
    return (ratio * update).astype(dtype)


LARSUpdate = primitive("LARSUpdate", functional(lars_update), epsilon=1e-05, hyperpara=0.001,
                       use_clip=False)
