"""Train-mode BatchNorm's batch statistics and normalisation, with its gradient written out.

Differentiated by JAX's autodiff, `(x - mean) * weight * rsqrt(var + eps) + bias` with
`var = mean((x - mean)**2)` keeps the centred input `x - mean` (as large as the activation) for
the backward pass. XLA stores it as a separate array, and on a backend whose convolutions are
channels-last (XLA's CPU) it is stored channels-first as the program's NCHW values are: one
activation-sized transpose per BatchNorm. `batch_norm_train` instead keeps `x`, which the
convolution before it already stored, and computes the standard gradient of BatchNorm from it
(`dx = weight * rstd * (dy - mean(dy) - x_hat * mean(dy * x_hat))`), recomputing `x - mean`
inside the kernels that read it. Measured (benchmarks/models.py, batch 8, 2-core CPU shared with
other jobs): ResNet-18 at 32x32, the compiled training step's optimised program has 506 fusions
instead of 617 (transposes 86 -> 58, XNNPACK fusions 174 -> 134), its XLA compile CPU time
2% lower (4.80-4.90 s -> 4.70-4.79 s, the two versions recompiling side by side); ResNet-18 at
224x224, the steady step 3.6% faster interleaved in one process (988 -> 952 ms) and 1071 ->
1037 ms in models.py (msjax/JAX 1.18 -> 1.11), peak RSS 1079 -> 1008 MB.

The forward values are computed by the same function on both paths (`batch_statistics`, the
same normalisation), so outputs and moving statistics are bit-identical; gradients agree to
float rounding.

The channels are axis 1, or the last axis for MindSpore's NHWC layers and Primitives (its GPU
layout): normalising in place along the last axis needs no transposes around a channels-last
convolution (an NHWC Conv2d + BatchNorm2d training step lowered for cuda had 4, now none:
tests/nn/test_nhwc.py). The BatchNorm Primitive (MindSpore 1.x's, five outputs) and
`BatchNormGrad` are computed here too (ops/grad_ops.py).

A float16 or bfloat16 BatchNorm computes in float32, as MindSpore's kernels do (its CPU kernel's
float16 output is the float32 result rounded; cuDNN's too): statistics, normalisation and
gradient, in both formulations. Only the output is rounded to the input's dtype; the batch
statistics stay float32 (`compute_dtype`). In float16 arithmetic, autodiff's gradient of
`rsqrt(var + eps)` overflows (`(var + eps) ** -1.5` exceeds 65504 for a small variance) and a
loss-scaled step turns NaN: the model zoo's float16 GPU ResNet-50 did, on the path that autodiff
differentiates.

A `jax.custom_vjp` function cannot be differentiated in forward mode (`jax.jvp`, `jacfwd`), and a
program traced with one cannot later be: so the written-out gradient is used only where msjax's
reverse-mode engine (`transforms/grad.py`: `grad`, `value_and_grad`, `GradOperation`, and so
`TrainOneStepCell`) traces the function it differentiates (`reverse_mode_only()`), and not when
an input is being differentiated in forward mode there (`jacfwd` over `grad`). Everywhere else
BatchNorm is differentiated by JAX's autodiff (the same gradients to float rounding). The
formulation is not specific to a backend: every backend then has one activation-sized residual
and two batch reductions fewer per BatchNorm (ResNet-18: 118 -> 78 reductions).
"""
from __future__ import annotations

import contextlib
import contextvars
import functools
import math

import jax
import jax.numpy as jnp
from jax.custom_derivatives import SymbolicZero

from msjax._src.backend.interface import eager_jit, in_forward_mode
from msjax._src.ops.reduce_ops import variance

_REVERSE_MODE_ONLY = contextvars.ContextVar("msjax_reverse_mode_only", default=False)


@contextlib.contextmanager
def reverse_mode_only():
    """Marks code traced for reverse-mode differentiation only (msjax's grad engine)."""
    token = _REVERSE_MODE_ONLY.set(True)
    try:
        yield
    finally:
        _REVERSE_MODE_ONLY.reset(token)


def _reduced_axes(x, axis):
    return tuple(a for a in range(x.ndim) if a != axis)


def _per_channel(x, axis):
    """The shape that broadcasts a per-channel vector along `axis` of x."""
    shape = [1] * x.ndim
    shape[axis] = -1
    return tuple(shape)


def compute_dtype(*values):
    """The dtype BatchNorm computes in: its inputs' promoted float dtype, float32 at least (the
    module doc)."""
    return jnp.result_type(jnp.float32, *(v.dtype for v in values))


def _normalize(x, mean, var, weight, bias, eps, axis=1):
    """`(x - mean) * weight / sqrt(var + eps) + bias` along the channel `axis`, computed in
    `compute_dtype` and returned in x's dtype."""
    shape = _per_channel(x, axis)
    dtype = compute_dtype(x, mean, var, weight, bias)
    mean, var, weight, bias = (v.astype(dtype) for v in (mean, var, weight, bias))
    scale = weight * jax.lax.rsqrt(var + jnp.asarray(eps, dtype))
    out = (x.astype(dtype) - mean.reshape(shape)) * scale.reshape(shape) + bias.reshape(shape)
    return out.astype(x.dtype)


# One compiled program, so an eager (PyNative) call compiles and dispatches once per shape
# instead of six times; inside a user's trace it is inlined.
normalize_channels = eager_jit(_normalize, static_argnames=("eps", "axis"))


def _two_pass_statistics(wide, axes):
    return jnp.mean(wide, axes), variance(wide, axes)


def _one_pass_statistics(wide, axes):
    count = math.prod(wide.shape[a] for a in axes)
    # the first example's mean of each channel (its one value when there are no spatial axes)
    shift = jax.lax.stop_gradient(jnp.mean(wide[0:1], axes, keepdims=True))
    shifted = wide - shift
    shift_mean = jnp.sum(shifted, axes) / count
    squares = jnp.sum(jax.lax.square(shifted), axes) / count
    mean = shift.reshape(-1) + shift_mean
    return mean, jnp.maximum(squares - jax.lax.square(shift_mean), 0)


def batch_statistics(wide, axis):
    """`(mean, biased variance)` of `wide` over every axis but the channel `axis`.

    On XLA's CPU in two passes, `mean((x - mean)**2)` (jnp.var's). Elsewhere (GPU, TPU) in one
    pass, which reads the activation once for both sums where two passes read it twice: the
    sums of `x - c` and of its square, `c` the first example's mean of each channel (the
    shifted-data algorithm; near the mean, so `E[d**2] - E[d]**2` cancels little, where the
    naive `E[x**2] - E[x]**2` loses a channel whose mean is large beside its spread). Both keep
    float32's accuracy (tests/ops/test_batch_norm_train.py); they differ by float rounding.
    Measured: ResNet-50's training step (b128, float32) compiled for an H200, its kernels move
    7.7 GiB less of their 98.7 GiB (Flax's, which reads once too: 90.4); on XLA's CPU the
    first example's slice makes its layout assignment transpose around the channels-last
    convolutions (ResNet-18 at 224x224, batch 8: a step 15% slower), so the CPU keeps two
    passes. `jax.lax.platform_dependent` chooses when the program is lowered (a program exported
    for `cuda` from a CPU gets the one pass). An empty batch gives jnp.var's NaN."""
    axes = _reduced_axes(wide, axis)
    if wide.size == 0:
        return _two_pass_statistics(wide, axes)
    return jax.lax.platform_dependent(wide, cpu=lambda w: _two_pass_statistics(w, axes),
                                      default=lambda w: _one_pass_statistics(w, axes))


def _statistics_and_normalize(x, weight, bias, eps, axis):
    # one conversion: differentiated by autodiff, its gradient is then rounded once to x's dtype
    wide = x.astype(compute_dtype(x, weight, bias))
    mean, var = batch_statistics(wide, axis)
    out = normalize_channels(wide, mean, var, weight, bias, eps=eps, axis=axis)
    return out.astype(x.dtype), mean, var


@functools.partial(jax.custom_vjp, nondiff_argnums=(3, 4))
def _with_written_gradient(x, weight, bias, eps, axis):
    return _statistics_and_normalize(x, weight, bias, eps, axis)


def _forward(x, weight, bias, eps, axis):
    x, weight, bias = x.value, weight.value, bias.value  # CustomVJPPrimal (symbolic zeros)
    out, mean, var = _statistics_and_normalize(x, weight, bias, eps, axis)
    return (out, mean, var), (x, mean, var, weight)


def gradients(x, mean, var, weight, d_out, d_mean, d_var, eps, axis=1):
    """`(dx, dweight, dbias)` of the normalisation along the channel `axis` with the batch
    statistics `mean` and `var` (also MindSpore's `BatchNormGrad` in training); a cotangent
    that is None is zero."""
    x_dtype = x.dtype
    dtype = compute_dtype(x, mean, weight)  # as the forward pass (float32 at least)
    x, mean, var = x.astype(dtype), mean.astype(dtype), var.astype(dtype)
    axes, shape = _reduced_axes(x, axis), _per_channel(x, axis)
    count = x.size // x.shape[axis]
    rstd = jax.lax.rsqrt(var + jnp.asarray(eps, dtype))
    centered = x - mean.reshape(shape)
    if d_out is None:
        d_x = jnp.zeros_like(x)
        d_weight, d_bias = jnp.zeros_like(weight), jnp.zeros_like(weight)
    else:
        d_out = d_out.astype(dtype)
        d_bias = jnp.sum(d_out, axes)
        d_weight = jnp.sum(d_out * centered, axes) * rstd
        d_x = (weight * rstd).reshape(shape) * (
            d_out - (d_bias / count).reshape(shape)
            - centered * (d_weight * rstd / count).reshape(shape))
    if d_mean is not None:  # mean = sum(x) / count
        d_x = d_x + (d_mean / count).reshape(shape)
    if d_var is not None:  # var = sum((x - mean)**2) / count
        d_x = d_x + centered * (2 * d_var / count).reshape(shape)
    return d_x.astype(x_dtype), d_weight.astype(weight.dtype), d_bias.astype(weight.dtype)


# One program in eager (PyNative) use, inlined inside a trace.
_gradients_program = eager_jit(gradients, static_argnames=("eps", "axis"),
                               inline_in_traces=True)


def _backward(eps, axis, residuals, cotangents):
    cotangents = [None if isinstance(c, SymbolicZero) else c for c in cotangents]
    return _gradients_program(*residuals, *cotangents, eps=eps, axis=axis)


_with_written_gradient.defvjp(_forward, _backward, symbolic_zeros=True)


def batch_norm_train(x, weight, bias, eps, axis=1):
    """`(normalised x, batch mean, biased batch variance)` over every axis but the channel
    `axis` (1, or the last for MindSpore's NHWC); the output in x's dtype, the statistics in
    `compute_dtype` (see the module doc for which gradient formulation is used where)."""
    if _REVERSE_MODE_ONLY.get() and not in_forward_mode((x, weight, bias)):
        return _written_program(x, weight, bias, eps=eps, axis=axis)
    return _plain_program(x, weight, bias, eps=eps, axis=axis)


def _written_keywords(x, weight, bias, eps, axis):
    return _with_written_gradient(x, weight, bias, eps, axis)


# Each formulation one program: eagerly one dispatch, and inside a trace a nested jit, so that
# the PyNative step's gradient trace takes BatchNorm as one call (JAX linearizes its program once
# per shape) instead of linearizing the custom_vjp and each op again at every step. The choice
# between them is made above, outside the programs (it depends on the trace, not on the values).
_written_program = eager_jit(_written_keywords, static_argnames=("eps", "axis"))
_plain_program = eager_jit(_statistics_and_normalize, static_argnames=("eps", "axis"))
