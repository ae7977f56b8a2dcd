"""Convolutions whose window slices are small, computed as one matrix product (a compiled-program
rewrite that XLA's CPU backend runs faster).

MindSpore's layouts are channels-first: activations NCHW, convolution weights OIHW. XLA's CPU
backend computes every convolution channels-last (NHWC input, HWIO kernel, NHWC output) and
turns operands and results into those layouts with transposes. Where the transposed array is a
weight, the transpose is as big as the weight and its innermost axis moves (OIHW <-> HWIO). In
a ResNet-18 training step at 32x32 (benchmarks/models.py), the activations are small (at most
8x64x16x16) and the weights are not: the weight gradient leaves the convolution as (I, H, W, O)
and its transpose back to OIHW, which XLA fuses into the optimizer update, took ~6 ms per
3x3x512x512 weight on a 2-core CPU (Flax's HWIO update: 0.7 ms); with the forward kernel
transposes it made msjax's step 1.2-1.3x Flax's (which stores HWIO weights).

A convolution is a matrix product of the kernel with the input's window slices ("im2col"):
`out[n, o, y] = sum_{c, k} patches[n, y, c, k] * kernel[o, c, k]`. Where the slices are
small (few output positions, as in the weight gradient, whose output positions are the kernel's
taps, or late stages whose feature maps are 1x1 or 2x2) that product reads an OIHW kernel and
writes an OIHW gradient as they are, with no weight-sized transpose. `rewrite(closed_jaxpr)`
replaces each such `conv_general_dilated` of a traced program (inside nested `jit`s too, which
it inlines) by `pad`, strided `slice`s and one `dot_general` (an input gradient by one
`dot_general` and shifted slices, below): the same sums in another order, equal to float
rounding. Convolutions inside other higher-order primitives (the `scan` of a lazy_inline chain,
custom_vjp functions) are left as they are. Measured (benchmarks/models.py,
2-core CPU shared with other jobs, interleaved in one process): ResNet-18 steady step 152 ->
75 ms (Flax 142 ms), ResNet-50 892 -> 425 ms (Flax 755 ms); XLA compile CPU time unchanged
(ResNet-18 4.6-5.2 s before, 4.8-5.3 s after).

A layer's three convolutions (forward, kernel gradient, input gradient) are computed so that
its kernel enters every product as stored (an OIHW kernel is `[O, I * taps]`), with no
weight-sized copy:

- the forward and the kernel gradient read the same windows of the same input (the gradient's
  batch axis is the input's channel axis and its output positions are the kernel's taps):
  `window_patches` builds one array for both (`patches[U, J, V, K]`, the input's two
  non-spatial axes in their stored order, each followed by the window index set it pairs
  with), so a layer pads and slices its input once, not twice. The kernel is the forward
  product's left operand; the shared patches are transposed once for one of the two products,
  a patch-sized copy (the kernel as the right operand moved that copy onto the kernel instead:
  weight-sized, steady step 51-55 -> 68-73 ms);
- the input gradient, a convolution of the spatially reversed kernel (`rev` in the traced
  program) with the output gradient, is `conv_of_reversed_kernel`: one product contracting
  the output gradient's channels with the kernel as stored, then each tap's share added at the
  positions it reaches ("col2im"). As a convolution of patches it contracted channels and taps
  together, which needs the kernel reversed and transposed: one weight-sized copy per layer
  per step (up to 9.4 MB for a 512x512x3x3 kernel).

ResNet-18 at 32x32 (26 rewritten convolutions): 9 patch arrays (all 26 built their own
before), 8 input gradients by col2im. ResNet-50: 33 patch arrays and 30 col2im for 96. Measured
on ResNet-18's step program (saved by `benchmarks/models.py`'s first-step child; 2-core CPU
shared with other jobs), before -> patches shared -> col2im too: XLA's temporary buffer 53.3 ->
53.3 -> 39.7 MB; compile under callgrind 23.05 -> 22.39 -> 21.62 G instructions (JAX's step
24.25 G: 0.89); compiled alternately with JAX's step in one process (`_timing.recompile_seconds`,
3 rounds, load 1.4-2.0): patches shared 2.35 s wall / 4.09 s CPU, col2im 2.17 / 3.74, JAX 2.52
/ 4.44 (0.86 / 0.84 of JAX), but at load 1.6-1.8 (5 rounds, twice) before 0.96 / 0.96 and
1.00 / 0.99 of JAX's wall / CPU, col2im 0.95 / 0.94 and 0.99 / 0.98: the 6% fewer
instructions show as 1-2% of compile time, within the noise; steady step, alternating fresh
processes (load 1.4-2.9): 95-109, 91-93, 68-74 ms. ResNet-50's step at 32x32: XLA's
temporary buffer 134.1 -> 80.1 MB (JAX's 152.6 MB). `python benchmarks/models.py --models
resnet18,resnet50` (load 1.4-3.1): step recompiled CPU 0.97 (ResNet-18) and 0.88 (ResNet-50) of
JAX's (wall figures unusable at that load), steady 0.38 and 0.40 of JAX's. ResNet-18 at
224x224 rewrites no convolution (its program is byte-identical); ResNet-50 at 224x224 (36
convolutions as dots, 12 by col2im) steady step 2615 -> 2619-2652 ms (alternating fresh
processes, load 2.2-2.9).

Which convolutions are rewritten: no feature or batch groups, at most `MAX_SLICES` slices (kernel
taps or output positions, whichever are fewer), and the slices (`patches`) at most
`1 / PATCH_RATIO` of the weight-sized array the rewrite saves a transpose of (the kernel or the
output, whichever is larger), which has at least `MIN_SAVED` elements: a smaller transpose costs
less than the compile time the rewrite adds (MobileNetV3-small's and ViT-tiny's convolutions are
left as they are: rewritten, MobileNetV3-small compiled 2x slower for no faster step).

`PLATFORMS` says where the rewrite runs at all (lowering.py applies it to programs lowered for
those platforms only): XLA's CPU backend, whose layout transposes this avoids. It reads the
traced program's equations through JAX's private jaxpr classes (`jax_private`): without them
programs are compiled as traced. `MSJAX_CONV_AS_DOT=0` turns it off (for
debugging: programs are then compiled as traced; with the compile cache on, a program already
stored is loaded as it was compiled).
"""
from __future__ import annotations

import itertools
import math
import os

import jax
import jax.numpy as jnp
from jax import lax

from msjax._src.backend import jax_private

PLATFORMS = ("cpu",)  # the platforms whose programs this rewrite is for (lowering.py)
MAX_SLICES = 64  # one slice per kernel tap or output position, so the program stays small
PATCH_RATIO = 4  # the patches may be at most a quarter of the weight-sized array saved
MIN_SAVED = 1 << 17  # elements: smaller transposes cost less than the rewrite's extra compile


def enabled() -> bool:
    """`MSJAX_CONV_AS_DOT` (default on; "0" turns the rewrite off)."""
    return os.environ.get("MSJAX_CONV_AS_DOT", "1") != "0"


def _canonical_shapes(eqn):
    """`(lhs NC..., rhs OI..., out spatial)` shapes of a conv_general_dilated equation."""
    lhs_spec, rhs_spec, out_spec = eqn.params["dimension_numbers"]
    lhs_shape, rhs_shape = eqn.invars[0].aval.shape, eqn.invars[1].aval.shape
    out_shape = eqn.outvars[0].aval.shape
    return ([lhs_shape[d] for d in lhs_spec], [rhs_shape[d] for d in rhs_spec],
            [out_shape[d] for d in out_spec[2:]])


def worth_rewriting(eqn) -> bool:
    """Whether the convolution `eqn` is cheaper as slices and a matrix product (module doc)."""
    params = eqn.params
    if params["feature_group_count"] != 1 or params["batch_group_count"] != 1:
        return False
    lhs, rhs, out_spatial = _canonical_shapes(eqn)
    if not all(type(d) is int for d in (*lhs, *rhs, *out_spatial)):  # symbolic shapes
        return False
    positions = math.prod(out_spatial)
    if min(positions, math.prod(rhs[2:])) > MAX_SLICES or positions == 0:
        return False
    batch, channels = lhs[0], lhs[1]
    patches = batch * positions * channels * math.prod(rhs[2:])
    saved = max(math.prod(rhs), batch * rhs[0] * positions)
    return saved >= MIN_SAVED and patches * PATCH_RATIO <= saved


def _window_sets(lhs_spec, out_spatial, kernel, window_strides, rhs_dilation):
    """`(u, v, u_set, v_set)`: the lhs's two non-spatial axes in their order in the array (`u`
    before `v`) and the window index set each is paired with, as `(counts, steps)` per spatial
    dimension. A convolution reads `lhs[b, f, position * stride + tap * dilation]`: its batch
    axis `b` goes with the output positions (strided by `window_strides`), its feature axis `f`
    with the kernel taps (strided by `rhs_dilation`)."""
    batch, feature = lhs_spec[0], lhs_spec[1]
    positions = (tuple(out_spatial), tuple(window_strides))
    taps = (tuple(kernel), tuple(rhs_dilation))
    if batch < feature:
        return batch, feature, positions, taps
    return feature, batch, taps, positions


def window_patches(lhs, lhs_spec, padding, lhs_dilation, u_set, v_set):
    """`patches[U, J, V, K] = padded[U, V, j * u_step + k * v_step]` (spatial dimensions
    flattened into J and K, row-major): the input's window slices, where U and V are the lhs's
    non-spatial axes in array order and J, K range over `u_set` and `v_set` (`(counts, steps)`
    per spatial dimension). The array depends on the input and the slices only, not on which
    axis is the batch: a convolution and the convolution computing its kernel's gradient (whose
    batch axis is the other one and whose output positions are the first one's taps) read the
    same patches."""
    u, v = sorted(lhs_spec[:2])
    spatial = tuple(lhs_spec[2:])
    lhs = lax.transpose(lhs, (u, v, *spatial))  # [U, V, spatial...]
    (u_counts, u_steps), (v_counts, v_steps) = u_set, v_set
    config = [(0, 0, 0), (0, 0, 0)]
    for size, (lo, _), dilation, uc, us, vc, vs in zip(
            lhs.shape[2:], padding, lhs_dilation, u_counts, u_steps, v_counts, v_steps):
        extent = (uc - 1) * us + (vc - 1) * vs + 1  # the span the windows read
        config.append((lo, extent - lo - ((size - 1) * dilation + 1), dilation - 1))
    lhs = lax.pad(lhs, lax.full((), 0, lhs.dtype), config)
    size_u, size_v = lhs.shape[:2]
    # Slice along the smaller index set; each slice spans the other set.
    by_v = math.prod(v_counts) <= math.prod(u_counts)
    outer, inner = (v_set, u_set) if by_v else (u_set, v_set)
    slices = []
    for index in itertools.product(*[range(n) for n in outer[0]]):
        start = [i * s for i, s in zip(index, outer[1])]
        limit = [b + (n - 1) * s + 1 for b, n, s in zip(start, inner[0], inner[1])]
        slices.append(lax.slice(lhs, [0, 0, *start], [size_u, size_v, *limit],
                                [1, 1, *inner[1]]))
    stacked = lax.concatenate([lax.expand_dims(s, (s.ndim,)) for s in slices], lhs.ndim)
    stacked = stacked.reshape(size_u, size_v, math.prod(inner[0]), len(slices))
    # [U, V, inner, outer] -> [U, J, V, K]
    return lax.transpose(stacked, (0, 2, 1, 3) if by_v else (0, 3, 1, 2))


def conv_as_dot(lhs, rhs, *, window_strides, padding, lhs_dilation, rhs_dilation,
                dimension_numbers, precision, preferred_element_type, patches_cache=None, **_):
    """`lax.conv_general_dilated` (no feature or batch groups) as one `dot_general` of the
    kernel with the input's window slices (`window_patches`). `patches_cache` (a dict) shares
    the patches between convolutions reading the same windows of the same input."""
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    n_spatial = len(lhs_spec) - 2
    rhs = lax.transpose(rhs, tuple(rhs_spec))  # [O, I, kernel...]
    kernel = rhs.shape[2:]
    dilated = [(lhs.shape[d] - 1) * dilation + 1 + lo + hi for d, (lo, hi), dilation
               in zip(lhs_spec[2:], padding, lhs_dilation)]
    out_spatial = [max(0, (size - (k - 1) * d - 1) // s + 1) for size, k, d, s
                   in zip(dilated, kernel, rhs_dilation, window_strides)]
    u, v, u_set, v_set = _window_sets(lhs_spec, out_spatial, kernel, window_strides,
                                      rhs_dilation)
    key = (id(lhs), (u, v, *lhs_spec[2:]), tuple(lo for lo, _ in padding), tuple(lhs_dilation),
           u_set, v_set)
    if patches_cache is not None and key in patches_cache:
        patches = patches_cache[key][1]
    else:
        patches = window_patches(lhs, lhs_spec, padding, lhs_dilation, u_set, v_set)
        if patches_cache is not None:
            patches_cache[key] = (lhs, patches)  # holds lhs, so its id is not reused
    rhs = rhs.reshape(rhs.shape[0], rhs.shape[1], -1)  # [O, I, taps]
    # The kernel is the product's left operand, contracted over its trailing axes, so that an
    # OIHW kernel enters the product as it is stored ([O, I * taps], no weight-sized copy).
    # patches: [N, positions, C, taps] when the batch axis comes first, else [C, taps, N,
    # positions] (a kernel-gradient convolution: its output [O, C, taps] is OIHW as it is).
    batch_first = lhs_spec[0] == u
    out = lax.dot_general(rhs, patches, (((1, 2), (2, 3) if batch_first else (0, 1)), ((), ())),
                          precision=precision, preferred_element_type=preferred_element_type)
    out = out.reshape(rhs.shape[0], patches.shape[0 if batch_first else 2], *out_spatial)
    roles = [1, 0] + list(range(2, n_spatial + 2))  # axis of `out` holding N, O, spatial...
    perm = [0] * len(roles)
    for role, position in zip(roles, out_spec):
        perm[position] = role
    return lax.transpose(out, tuple(perm))


def conv_of_reversed_kernel(lhs, kernel, *, window_strides, padding, lhs_dilation, rhs_dilation,
                            dimension_numbers, precision, preferred_element_type, **_):
    """`lax.conv_general_dilated(lhs, rev(kernel, its spatial axes))` (no feature or batch
    groups), the convolution JAX's autodiff emits for an input's gradient, as one `dot_general`
    contracting the input's channel axis only (the kernel enters as stored: an OIHW kernel is
    `[O, I * taps]`, no reversed, transposed copy of it) and the sum, over the kernel's taps, of
    each tap's share shifted to the output positions it reaches ("col2im")."""
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    n_spatial = len(lhs_spec) - 2
    out_dtype = preferred_element_type or lhs.dtype
    # The taps' shares are added outside the product: in float32 when the inputs are narrower,
    # as the product accumulates.
    accumulate = preferred_element_type
    if accumulate is None and lhs.dtype in (jnp.bfloat16, jnp.float16):
        accumulate = jnp.float32
    # shares[n, m, o, tap] = sum_i lhs[n, i, m] * kernel[o, i, tap], in the arrays' axis order
    shares = lax.dot_general(lhs, kernel, (((lhs_spec[1],), (rhs_spec[1],)), ((), ())),
                             precision=precision, preferred_element_type=accumulate)
    # Axis of `shares` holding each free axis: the lhs's in their order, then the kernel's.
    lhs_free = [d for d in range(lhs.ndim) if d != lhs_spec[1]]
    kernel_free = [d for d in range(kernel.ndim) if d != rhs_spec[1]]
    order = ([lhs_free.index(d) for d in (lhs_spec[0], *lhs_spec[2:])]
             + [len(lhs_free) + kernel_free.index(d) for d in (rhs_spec[0], *rhs_spec[2:])])
    shares = lax.transpose(shares, tuple(order))  # [N, spatial..., O, taps...]
    batch, out_features = shares.shape[0], shares.shape[1 + n_spatial]
    kernel_shape = shares.shape[2 + n_spatial:]
    config = ([(0, 0, 0)] + [(lo, hi, dilation - 1) for (lo, hi), dilation
                             in zip(padding, lhs_dilation)] + [(0, 0, 0)] * (1 + n_spatial))
    shares = lax.pad(shares, lax.full((), 0, shares.dtype), config)
    out_spatial = [max(0, (size - (k - 1) * d - 1) // s + 1) for size, k, d, s
                   in zip(shares.shape[1:1 + n_spatial], kernel_shape, rhs_dilation,
                          window_strides)]
    total = None
    for tap in itertools.product(*[range(k) for k in kernel_shape]):
        # The reversed kernel's tap k is the kernel's tap K - 1 - k.
        start = [(k - 1 - t) * d for t, k, d in zip(tap, kernel_shape, rhs_dilation)]
        limit = [b + (p - 1) * s + 1 for b, p, s in zip(start, out_spatial, window_strides)]
        term = lax.slice(shares, [0, *start, 0, *tap],
                         [batch, *limit, out_features, *[t + 1 for t in tap]],
                         [1, *window_strides, 1, *[1] * n_spatial])
        total = term if total is None else lax.add(total, term)
    out = total.reshape(batch, *out_spatial, out_features).astype(out_dtype)
    roles = [0, n_spatial + 1] + list(range(1, n_spatial + 1))  # axis of `out` holding N, O, ...
    perm = [0] * len(roles)
    for role, position in zip(roles, out_spec):
        perm[position] = role
    return lax.transpose(out, tuple(perm))


def _reversed_kernel(eqn, kernel_value, reversals):
    """The kernel whose spatial reversal is the convolution `eqn`'s rhs, else None."""
    reversal = reversals.get(id(kernel_value))
    if reversal is None:
        return None
    _, source, dimensions = reversal
    rhs_spec = eqn.params["dimension_numbers"][1]
    return source if sorted(dimensions) == sorted(rhs_spec[2:]) else None


def _sub_jaxpr(eqn):
    """The closed jaxpr of a nested `jit` equation, else None."""
    if eqn.primitive.name in ("pjit", "jit"):
        return eqn.params.get("jaxpr")
    return None


def _has_candidate(jaxpr) -> bool:
    for eqn in jaxpr.eqns:
        if eqn.primitive is lax.conv_general_dilated_p and worth_rewriting(eqn):
            return True
        sub = _sub_jaxpr(eqn)
        if sub is not None and _has_candidate(sub.jaxpr):
            return True
    return False


def _evaluate(jaxpr, consts, args, patches_cache, reversals):
    """`jaxpr` evaluated on `args` (tracers), rewritten convolutions computed as dots (sharing
    their patches through `patches_cache`; a convolution of a reversed kernel, found through
    `reversals` (id of a `rev` result -> its operand and axes), as `conv_of_reversed_kernel`)
    and the nested `jit`s holding them inlined; every other equation bound as it was."""
    env = {}
    _, literal, drop_var, _ = jax_private.jaxpr_types()

    def read(var):
        return var.val if isinstance(var, literal) else env[var]

    for var, value in itertools.chain(zip(jaxpr.constvars, consts), zip(jaxpr.invars, args)):
        env[var] = value
    for eqn in jaxpr.eqns:
        values = [read(v) for v in eqn.invars]
        sub = _sub_jaxpr(eqn)
        if eqn.primitive is lax.conv_general_dilated_p and worth_rewriting(eqn):
            kernel = _reversed_kernel(eqn, values[1], reversals)
            if kernel is not None:
                outs = [conv_of_reversed_kernel(values[0], kernel, **eqn.params)]
            else:
                outs = [conv_as_dot(*values, **eqn.params, patches_cache=patches_cache)]
        elif sub is not None and _has_candidate(sub.jaxpr):
            outs = _evaluate(sub.jaxpr, sub.consts, values, patches_cache, reversals)
        else:
            outs = jax_private.bind_equation(eqn, values)
            if eqn.primitive is lax.rev_p:  # the result is held, so its id is not reused
                reversals[id(outs[0])] = (outs[0], values[0], tuple(eqn.params["dimensions"]))
        for var, value in zip(eqn.outvars, outs):
            if not isinstance(var, drop_var):
                env[var] = value
    return [read(v) for v in jaxpr.outvars]


def rewrite(closed_jaxpr):
    """`closed_jaxpr` with its small-sliced convolutions as matrix products (module doc), or
    None when it has none (or the rewrite is switched off)."""
    if not enabled() or not jax_private.ENABLED or not _has_candidate(closed_jaxpr.jaxpr):
        return None

    def rewritten(*args):
        return _evaluate(closed_jaxpr.jaxpr, closed_jaxpr.consts, args, {}, {})

    avals = [jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype, weak_type=v.aval.weak_type)
             for v in closed_jaxpr.jaxpr.invars]
    return jax.make_jaxpr(rewritten)(*avals)
