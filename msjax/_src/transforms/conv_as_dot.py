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
it inlines) by `pad`, strided `slice`s and one `dot_general`: the same sums in another order,
equal to float rounding. Convolutions inside other higher-order primitives (the `scan` of a
lazy_inline chain, custom_vjp functions) are left as they are. Measured (benchmarks/models.py,
2-core CPU shared with other jobs, interleaved in one process): ResNet-18 steady step 152 ->
75 ms (Flax 142 ms), ResNet-50 892 -> 425 ms (Flax 755 ms); XLA compile CPU time unchanged
(ResNet-18 4.6-5.2 s before, 4.8-5.3 s after).

Which convolutions are rewritten: no feature or batch groups, at most `MAX_SLICES` slices (kernel
taps or output positions, whichever are fewer), and the slices (`patches`) at most
`1 / PATCH_RATIO` of the weight-sized array the rewrite saves a transpose of (the kernel or the
output, whichever is larger), which has at least `MIN_SAVED` elements: a smaller transpose costs
less than the compile time the rewrite adds (MobileNetV3-small's and ViT-tiny's convolutions are
left as they are: rewritten, MobileNetV3-small compiled 2x slower for no faster step).

The backend's lowering decides whether the rewrite runs at all (lowering.py): only XLA's CPU
backend, whose layout transposes this avoids, uses it. `MSJAX_CONV_AS_DOT=0` turns it off (for
debugging: programs are then compiled as traced; with the compile cache on, a program already
stored is loaded as it was compiled).
"""
from __future__ import annotations

import itertools
import math
import os

import jax
from jax import lax
from jax._src import core, source_info_util

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


def conv_as_dot(lhs, rhs, *, window_strides, padding, lhs_dilation, rhs_dilation,
                dimension_numbers, precision, preferred_element_type, **_):
    """`lax.conv_general_dilated` (no feature or batch groups) as strided slices of the padded
    input and one `dot_general` with the kernel. The slices are taken per kernel tap (each the
    input every output position reads through that tap) or per output position (each that
    position's window), whichever are fewer."""
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    n_spatial = len(lhs_spec) - 2
    lhs = lax.transpose(lhs, tuple(lhs_spec))  # [N, C, spatial...]
    rhs = lax.transpose(rhs, tuple(rhs_spec))  # [O, C, kernel...]
    batch, channels = lhs.shape[:2]
    kernel = rhs.shape[2:]
    config = [(0, 0, 0), (0, 0, 0)] + [(lo, hi, dilation - 1) for (lo, hi), dilation
                                       in zip(padding, lhs_dilation)]
    lhs = lax.pad(lhs, lax.full((), 0, lhs.dtype), config)
    out_spatial = [max(0, (size - (k - 1) * d - 1) // s + 1) for size, k, d, s
                   in zip(lhs.shape[2:], kernel, rhs_dilation, window_strides)]
    by_tap = math.prod(kernel) <= math.prod(out_spatial)
    slices = []
    for index in itertools.product(*[range(n) for n in (kernel if by_tap else out_spatial)]):
        if by_tap:  # every output position through tap `index`: [N, C, out spatial...]
            start = [i * d for i, d in zip(index, rhs_dilation)]
            limit = [b + (n - 1) * s + 1 for b, n, s in zip(start, out_spatial, window_strides)]
            strides = window_strides
        else:  # the window of output position `index`: [N, C, kernel...]
            start = [i * s for i, s in zip(index, window_strides)]
            limit = [b + (k - 1) * d + 1 for b, k, d in zip(start, kernel, rhs_dilation)]
            strides = rhs_dilation
        slices.append(lax.slice(lhs, [0, 0, *start], [batch, channels, *limit],
                                [1, 1, *strides]))
    # patches: [N, C, taps, positions] (by tap) or [N, positions, C, taps] (by position)
    axis = 2 if by_tap else 1
    patches = lax.concatenate([lax.expand_dims(s, (axis,)) for s in slices], axis)
    patches = patches.reshape((batch, channels, math.prod(kernel), -1) if by_tap
                              else (batch, -1, channels, math.prod(kernel)))
    contract = (1, 2) if by_tap else (2, 3)
    out = lax.dot_general(rhs.reshape(rhs.shape[0], channels, -1), patches,
                          (((1, 2), contract), ((), ())), precision=precision,
                          preferred_element_type=preferred_element_type)
    out = out.reshape((rhs.shape[0], batch, *out_spatial))  # [O, N, out spatial...]
    roles = [1, 0] + list(range(2, 2 + n_spatial))  # axis of `out` holding N, O, spatial...
    perm = [0] * len(roles)
    for role, position in zip(roles, out_spec):
        perm[position] = role
    return lax.transpose(out, tuple(perm))


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


def _evaluate(jaxpr, consts, args):
    """`jaxpr` evaluated on `args` (tracers), rewritten convolutions computed as dots and the
    nested `jit`s holding them inlined; every other equation bound as it was."""
    env = {}

    def read(var):
        return var.val if isinstance(var, core.Literal) else env[var]

    for var, value in itertools.chain(zip(jaxpr.constvars, consts), zip(jaxpr.invars, args)):
        env[var] = value
    for eqn in jaxpr.eqns:
        values = [read(v) for v in eqn.invars]
        sub = _sub_jaxpr(eqn)
        if eqn.primitive is lax.conv_general_dilated_p and worth_rewriting(eqn):
            outs = [conv_as_dot(*values, **eqn.params)]
        elif sub is not None and _has_candidate(sub.jaxpr):
            outs = _evaluate(sub.jaxpr, sub.consts, values)
        else:
            params = eqn.primitive.get_bind_params(eqn.params)
            with source_info_util.user_context(eqn.source_info.traceback,
                                               name_stack=eqn.source_info.name_stack), \
                    eqn.ctx.manager:
                outs = eqn.primitive.bind(*values, **params)
            if not eqn.primitive.multiple_results:
                outs = [outs]
        for var, value in zip(eqn.outvars, outs):
            if not isinstance(var, core.DropVar):
                env[var] = value
    return [read(v) for v in jaxpr.outvars]


def rewrite(closed_jaxpr):
    """`closed_jaxpr` with its small-sliced convolutions as matrix products (module doc), or
    None when it has none (or the rewrite is switched off)."""
    if not enabled() or not _has_candidate(closed_jaxpr.jaxpr):
        return None

    def rewritten(*args):
        return _evaluate(closed_jaxpr.jaxpr, closed_jaxpr.consts, args)

    avals = [jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype, weak_type=v.aval.weak_type)
             for v in closed_jaxpr.jaxpr.invars]
    return jax.make_jaxpr(rewritten)(*avals)
