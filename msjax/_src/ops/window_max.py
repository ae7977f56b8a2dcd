"""Max pooling's window maximum, differentiated as a selection among the window's cells.

JAX differentiates `lax.reduce_window(..., lax.max, ...)` with `select_and_scatter_add`: the
cotangent of each window is scattered onto the first of its cells holding the maximum. XLA's CPU
backend expands that into a variadic reduce_window over four int32 index arrays as large as the
padded input and a scatter: slow to compile and to run. `window_max` computes the same maximum
with `lax.reduce_window` and has a JVP rule written with the window's cells ("taps"): tap `k`
is the strided slice of the padded input that every window reads through its `k`-th cell; the
tangent of a window is the tangent of the first tap (in the window's row-major order, the order
select_and_scatter visits) equal to the maximum. JAX transposes those selects and slices into
masks and interior pads summed in reverse tap order: the cotangents a cell receives from the
windows overlapping it are added in the same order as the scatter adds them, so the gradient is
the same bit for bit, ties included (tests/ops/test_max_pool_layout.py). The rule is an ordinary
JVP, so forward mode (`jax.jvp`, `jacfwd`) and higher derivatives work too, and dilated windows,
which JAX's own rule does not differentiate, get a gradient.

Measured (3x3 stride-2 pool with one padded row and column, channels-last, 2-core CPU, old and
new compiled side by side in one process): forward + gradient of 8x16x16x64 (ResNet-18's stem at
32x32) XLA compile 0.29 -> 0.17 s wall (0.51 -> 0.28 s CPU), run 1.2 -> 0.8 ms; of 8x112x112x64
(ResNet-18 at 224x224) run 117 -> 24 ms. In msjax's whole ResNet-18 training step
(benchmarks/models.py, batch 8, 32x32): XLA compile 9.5% fewer instructions (callgrind, 27.2 ->
24.6 G; the thunk emission on the compile's main thread 2.9 -> 1.65 G), ResNet-50 48.1 -> 43.4 G;
the steady step unchanged at 32x32 (89.3 / 89.8 ms, interleaved, load ~3) and 726 -> 716 ms at
224x224; peak RSS at 224x224 983-1008 -> 972-986 MB.

Used for floating-point windows of at most `MAX_TAPS` cells (the rule unrolls one slice per
cell); other windows are reduced and differentiated as JAX does.
"""
from __future__ import annotations

import functools
import itertools
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

MAX_TAPS = 16  # cells per window: 2x2, 3x3, 4x4, 2x2x2 pools; beyond, JAX's own rule


def lowest_value(dtype):
    """The identity of max for `dtype`: -inf, or the integer minimum. A NumPy scalar, never a
    traced one: reduce_window recognises a max (and so can differentiate it) only when its
    initial value is a known constant."""
    floating = jnp.issubdtype(dtype, jnp.floating)
    return np.array(-np.inf if floating else jnp.iinfo(dtype).min, dtype)


def window_max(x, window, strides, padding, dilation):
    """`lax.reduce_window(x, lowest, lax.max, window, strides, padding, window_dilation=
    dilation)`, differentiated by tap selection (module doc) where the window allows."""
    window, strides, dilation = tuple(window), tuple(strides), tuple(dilation)
    padding = tuple((int(lo), int(hi)) for lo, hi in padding)
    if jnp.issubdtype(x.dtype, jnp.floating) and math.prod(window) <= MAX_TAPS:
        return _tap_selected_max(x, window, strides, padding, dilation)
    return _reduce_max(x, window, strides, padding, dilation)


def _reduce_max(x, window, strides, padding, dilation):
    return lax.reduce_window(x, lowest_value(x.dtype), lax.max, window, strides, padding,
                             window_dilation=dilation)


_tap_selected_max = jax.custom_jvp(_reduce_max, nondiff_argnums=(1, 2, 3, 4))


def _taps(padded, window, strides, dilation, out_shape):
    """The strided slices of `padded` read through each cell of the window, in row-major cell
    order: slice `k` holds, for every window, its `k`-th cell."""
    for cell in itertools.product(*[range(size) for size in window]):
        start = [c * d for c, d in zip(cell, dilation)]
        limit = [s + (n - 1) * step + 1 for s, n, step in zip(start, out_shape, strides)]
        yield lax.slice(padded, start, limit, strides)


@_tap_selected_max.defjvp
def _tap_selected_max_jvp(window, strides, padding, dilation, primals, tangents):
    (x,), (tangent,) = primals, tangents
    out = _reduce_max(x, window, strides, padding, dilation)
    config = [(lo, hi, 0) for lo, hi in padding]
    x_taps = _taps(lax.pad(x, lowest_value(x.dtype), config), window, strides, dilation,
                   out.shape)
    is_max = [cell == out for cell in x_taps]
    tangent_taps = _taps(lax.pad(tangent, np.array(0, tangent.dtype), config), window, strides,
                         dilation, out.shape)
    # The first tap holding the maximum wins: select from the last tap to the first, each
    # overriding the ones after it. (A window whose maximum is NaN passes no tangent.)
    out_tangent = jnp.zeros(out.shape, tangent.dtype)
    for hit, cell in reversed(list(zip(is_max, tangent_taps))):
        out_tangent = jnp.where(hit, cell, out_tangent)
    return out, out_tangent
