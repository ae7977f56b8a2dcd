"""Where a float16/bfloat16 product takes its bias before it is rounded: MindSpore's compiled
graphs fuse a MatMul, BatchMatMul or convolution with the BiasAdd after it (one rounding);
PyNative, and the one-kernel Dense Primitive, round the product and then the sum (recorded by
tests/goldens/scripts/bias_rounding_probe.py).

In msjax the compiled graphs are the programs msjax traces. There, on XLA's CPU, a biased
float16/bfloat16 product is computed in float32 and rounded after its bias, as MindSpore's CPU
build does: XLA's CPU computes such a product in float32 anyway. Elsewhere the product is rounded
before its bias, as in PyNative: a GPU's product written in float32 would move twice the bytes
(`benchmarks/gpu_program.py`: ResNet-50's bfloat16 step 48.8 -> 83.7 GiB, BERT-base's 18.3 ->
20.7 GiB), and the two differ by a rounding of the result. The choice is made when the program is
lowered (`jax.lax.platform_dependent`), so a program exported for a GPU from a CPU gets the GPU's.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.core import state

LOW_FLOATS = (jnp.float16, jnp.bfloat16)


def graph_rounds_once(x) -> bool:
    """Whether a MatMul's or a convolution's result of operand `x`, float16/bfloat16 in a
    program msjax traces, may take a bias before it is rounded."""
    return x.dtype in LOW_FLOATS and state.tracing_depth() > 0


def bias_rounded_once(x, bias) -> bool:
    """`graph_rounds_once` for a product taken with its `bias` (nn.Dense, the convolutions)."""
    return bias is not None and graph_rounds_once(x)


def note_product(product, full):
    """Note that `product` (a MatMul's or convolution's result, `graph_rounds_once`) is the
    rounding of `full()`, its product computed in float32, for a BiasAdd after it
    (`bias_add`). `full` is called only then: a product no BiasAdd takes costs nothing."""
    state.note_unrounded(product, full)


def fused_rounding(once, twice):
    """`once()` where the program runs on XLA's CPU, `twice()` elsewhere: the same product and
    bias, rounded after and before the bias is added (module doc)."""
    return jax.lax.platform_dependent(cpu=once, default=twice)


def bias_add(product, bias):
    """A BiasAdd of `product`: a noted product (`note_product`) takes `bias` before rounding
    (`fused_rounding`); any other value is `add_bias`'s."""
    full = state.unrounded(product)
    if full is None:
        return add_bias(product, bias)
    return fused_rounding(lambda: add_bias_once(full(), bias, product.dtype),
                          lambda: add_bias(product, bias))


def add_bias(out, bias):
    """`out + bias` broadcast over a layer's output. A float16 or bfloat16 sum is computed in
    float32 and rounded once (the same values: the exact sum of two float16 numbers rounds to
    float32 without loss, or by less than float16 can show), so that its gradient with respect to
    `bias`, the sum of the output's gradient over the other axes, accumulates in float32 and is
    rounded once, as MindSpore's BiasAdd and Dense kernels do; XLA sums a float16 broadcast's
    transpose in float16, one value after another."""
    if out.dtype in LOW_FLOATS and bias.dtype == out.dtype:
        return (out.astype(jnp.float32) + bias.astype(jnp.float32)).astype(out.dtype)
    return out + bias


def add_bias_once(out, bias, dtype):
    """A product computed in float32 (`out`) and its bias, rounded once to `dtype`. The
    gradient with respect to the product is then the float32 one, from which the operands'
    gradients are computed and rounded once, as MindSpore's kernels do."""
    return (out + bias.astype(jnp.float32)).astype(dtype)
