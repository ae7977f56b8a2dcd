"""Max pooling's window maximum, differentiated as a selection among the window's cells.

JAX differentiates `lax.reduce_window(..., lax.max, ...)` with `select_and_scatter_add`: the
cotangent of each window is scattered onto the first of its cells holding the maximum. XLA's CPU
backend expands that into a variadic reduce_window over four int32 index arrays as large as the
padded input and a scatter; JAX has no such rule for dilated windows. `window_max` computes the same
maximum with `lax.reduce_window` and has a JVP rule written with the window's cells ("taps"): tap
`k` is the strided slice of the padded input that every window reads through its `k`-th cell; the
tangent of a window is the tangent of the tap select_and_scatter chooses (scanning the window's
cells in row-major order, a cell replaces the chosen one unless that is >= it: the first maximum,
and NaNs chosen as select_and_scatter chooses them). JAX transposes those selects and slices into
masks and interior pads summed in reverse tap order: the cotangents a cell receives from the windows
overlapping it are added in the same order as the scatter adds them, so the gradient is the same bit
for bit, ties and NaNs included (tests/ops/test_window_max.py). The rule is an ordinary JVP, so
forward mode (`jax.jvp`, `jacfwd`) and higher derivatives work too, and dilated windows, which JAX's
own rule does not differentiate, get a gradient.

Used where JAX has no rule: dilated floating-point windows of at most `MAX_TAPS` cells (the
rule unrolls one slice per cell). Other windows are reduced and differentiated as JAX does. The
rule was measured for them too (3x3 stride-2 pool, 2-core CPU): alone, forward + gradient of
8x112x112x64 ran 114 -> 29 ms, and msjax's whole ResNet-18 training step compiled 7% fewer XLA
instructions (callgrind: 27.2 -> 25.2 G); but the whole step ran slower (benchmarks/models.py's
ResNet-18, each step alone in alternating fresh processes, quiet machine: at 224x224 764-775 ->
813-871 ms, at 32x32 49.1-49.9 -> 51.3-52.4 ms), so select_and_scatter stays where JAX has it.
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
    dilation)`, differentiated by tap selection (module doc) where JAX cannot: a dilated window."""
    window, strides, dilation = tuple(window), tuple(strides), tuple(dilation)
    padding = tuple((int(lo), int(hi)) for lo, hi in padding)
    if (any(d != 1 for d in dilation) and jnp.issubdtype(x.dtype, jnp.floating)
            and math.prod(window) <= MAX_TAPS):
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
    x_taps = list(_taps(lax.pad(x, lowest_value(x.dtype), config), window, strides, dilation,
                        out.shape))
    # select_and_scatter's choice: scanning the cells in order, a cell replaces the one chosen
    # so far unless the chosen one is >= it (so the first maximum wins, and NaNs are chosen as
    # select_and_scatter chooses them).
    chosen_value, chosen = x_taps[0], jnp.zeros(out.shape, np.int32)
    for k, cell in enumerate(x_taps[1:], start=1):
        replace = ~(chosen_value >= cell)
        chosen_value = jnp.where(replace, cell, chosen_value)
        chosen = jnp.where(replace, np.int32(k), chosen)
    tangent_taps = _taps(lax.pad(tangent, np.array(0, tangent.dtype), config), window, strides,
                         dilation, out.shape)
    out_tangent = jnp.zeros(out.shape, tangent.dtype)
    for k, cell in reversed(list(enumerate(tangent_taps))):
        out_tangent = jnp.where(chosen == k, cell, out_tangent)
    return out, out_tangent
