"""mint's functions for SyncBatchNorm's pieces, fairseq's time-major convolution and triangular
solves: `batch_norm_stats`, `batch_norm_gather_stats_with_counts`, `batch_norm_elemt`,
`conv_tbc`, `triangular_solve`, `npu_gelu` and the in-place `addr_`.

MindSpore 2.10 implements these as Ascend kernels (its CPU build reports them unregistered);
msjax computes them with jax.numpy on every backend, with PyTorch's semantics that MindSpore
documents. The channel axis is axis 1 of an (N, C, ...) input.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.core import x64
from msjax._src.mint import functional as mint_functional
from msjax._src.ops.registry import functional
from msjax._src.core.tensor import Tensor
from msjax._src.core import op_precision


def _channel_axes(x):
    return (0,) + tuple(range(2, x.ndim))


def _per_channel(v, ndim):
    return v.reshape((1, -1) + (1,) * (ndim - 2))


@functional
def batch_norm_stats(input, eps):
    """`mint.batch_norm_stats(input, eps)`: (mean, invstd) of each channel of `input` over every
    other axis; invstd = 1 / sqrt(biased variance + eps). float32 for half inputs."""
    x = input.astype(jnp.promote_types(input.dtype, jnp.float32))
    axes = _channel_axes(x)
    mean = x.mean(axis=axes)
    var = jnp.mean(jnp.square(x - _per_channel(mean, x.ndim)), axis=axes)
    return mean, jax.lax.rsqrt(var + eps)


@functional
def batch_norm_elemt(input, weight=None, bias=None, mean=None, invstd=None, eps=1e-05):
    """`mint.batch_norm_elemt(input, weight=None, bias=None, mean=None, invstd=None,
    eps=1e-05)`: (input - mean) · invstd · weight + bias per channel (`eps` is unused when
    `invstd` is given, as in PyTorch)."""
    if mean is None or invstd is None:
        raise ValueError("For batch_norm_elemt, 'mean' and 'invstd' must be Tensors, but got "
                         f"mean={mean!r}, invstd={invstd!r}: pass batch_norm_stats's outputs.")
    scale = invstd if weight is None else invstd * weight
    out = (input - _per_channel(mean, input.ndim)) * _per_channel(scale, input.ndim)
    if bias is not None:
        out = out + _per_channel(bias, input.ndim)
    return out.astype(input.dtype)


@functional
def _gathered_stats(mean, invstd, counts, eps):
    counts = counts.astype(mean.dtype).reshape(-1, 1)
    total = counts.sum()
    global_mean = (mean * counts).sum(axis=0) / total
    var = jnp.square(1.0 / invstd) - eps
    global_var = ((var + jnp.square(mean - global_mean)) * counts).sum(axis=0) / total
    unbiased = global_var * total / jnp.maximum(total - 1, 1)
    return global_mean, jax.lax.rsqrt(global_var + eps), unbiased


@x64.scoped
def batch_norm_gather_stats_with_counts(input, mean, invstd, running_mean=None, running_var=None,
                                        momentum=0.1, eps=1e-05, counts=None):
    """`mint.batch_norm_gather_stats_with_counts(input, mean, invstd, running_mean=None,
    running_var=None, momentum=0.1, eps=1e-05, counts=None)`: the (mean, invstd) of all the
    devices from each device's `mean`, `invstd` (G, C) and element `counts` (G,); updates
    `running_mean` / `running_var` in place (the variance unbiased), as PyTorch does."""
    if counts is None:
        raise ValueError("For batch_norm_gather_stats_with_counts, 'counts' must be a Tensor of "
                         "each device's element count, but got None.")
    global_mean, global_invstd, unbiased = _gathered_stats(mean, invstd, counts, eps)
    for running, value in ((running_mean, global_mean), (running_var, unbiased)):
        if running is not None:
            if not isinstance(running, Tensor):
                raise TypeError("For batch_norm_gather_stats_with_counts, the running statistics "
                                f"must be Tensors updated in place, but got {type(running)}.")
            running._data = ((1 - momentum) * running._data
                             + momentum * value._data).astype(running._data.dtype)
    return global_mean, global_invstd


@functional
def conv_tbc(input, weight, bias, pad=0):
    """`mint.conv_tbc(input, weight, bias, pad=0)`: 1-D convolution of a time-major input
    (time, batch, in_channels) with `weight` (kernel, in_channels, out_channels), zero-padded by
    `pad` steps at both ends; output (time + 2·pad - kernel + 1, batch, out_channels)."""
    if input.ndim != 3 or weight.ndim != 3 or bias.ndim != 1:
        raise ValueError("For conv_tbc, input must be 3-D (time, batch, channels), weight 3-D "
                         "(kernel, in, out) and bias 1-D, but got shapes "
                         f"{input.shape}, {weight.shape}, {bias.shape}.")
    out = jax.lax.conv_general_dilated(
        input, weight, window_strides=(1,), padding=[(pad, pad)],
        dimension_numbers=("HNC", "HIO", "HNC"), precision=op_precision.conv_precision())
    return out + bias


@functional
def triangular_solve(b, A, upper=True, transpose=False, unitriangular=False):
    """`mint.triangular_solve(b, A, upper=True, transpose=False, unitriangular=False)`: the X
    solving A X = b (Aᵀ X = b when `transpose`) for triangular A, batched; returns (X, A)."""
    batch = jnp.broadcast_shapes(b.shape[:-2], A.shape[:-2])
    a = jnp.broadcast_to(A, batch + A.shape[-2:])
    rhs = jnp.broadcast_to(b, batch + b.shape[-2:])
    x = jax.lax.linalg.triangular_solve(a, rhs, left_side=True, lower=not upper,
                                        transpose_a=transpose, unit_diagonal=unitriangular)
    return x, a


@x64.scoped
def npu_gelu(input, approximate="none"):
    """`mint.npu_gelu(input, approximate='none')`: `mint.nn.functional.gelu` (MindSpore names
    its Ascend kernel; msjax computes it on every backend)."""
    return mint_functional.gelu(input, approximate)


@x64.scoped
def addr_(input, vec1, vec2, beta=1, alpha=1):
    """`mint.addr_(input, vec1, vec2, beta=1, alpha=1)` (MindSpore's `inplace_addr`):
    input ← beta · input + alpha · outer(vec1, vec2), in place; returns `input`. With beta 0
    `input`'s old values are ignored (NaN included), as in PyTorch."""
    for name, value in (("input", input), ("vec1", vec1), ("vec2", vec2)):
        if not isinstance(value, Tensor):
            raise TypeError(f"For 'addr_', '{name}' must be a Tensor, but got {type(value)}.")
    if vec1.ndim != 1 or vec2.ndim != 1 or tuple(input.shape) != (vec1.shape[0], vec2.shape[0]):
        raise ValueError(f"For 'addr_', vec1 and vec2 must be 1-D and input of shape "
                         f"(len(vec1), len(vec2)), but got shapes {tuple(input.shape)}, "
                         f"{tuple(vec1.shape)}, {tuple(vec2.shape)}.")
    outer = alpha * jnp.outer(vec1._data, vec2._data)
    new = outer if beta == 0 else beta * input._data + outer
    input._data = new.astype(input._data.dtype)
    return input
