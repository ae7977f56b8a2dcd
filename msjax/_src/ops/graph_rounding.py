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
    (`biased_product`). `full` is called only then: a product no BiasAdd takes costs nothing."""
    state.note_unrounded(product, full)


def fused_rounding(once, twice):
    """`once()` where the program runs on XLA's CPU, `twice()` elsewhere: the same product and
    bias, rounded after and before the bias is added (module doc)."""
    return jax.lax.platform_dependent(cpu=once, default=twice)


def biased_product(product, bias, add_bias):
    """A BiasAdd of `product`: a noted product (`note_product`) takes `bias` before rounding
    (`fused_rounding`); otherwise, or None when `product` is not one."""
    full = state.unrounded(product)
    if full is None:
        return None
    return fused_rounding(lambda: add_bias_once(full(), bias, product.dtype),
                          lambda: add_bias(product, bias))


def add_bias_once(out, bias, dtype):
    """A product computed in float32 (`out`) and its bias, rounded once to `dtype`. The
    gradient with respect to the product is then the float32 one, from which the operands'
    gradients are computed and rounded once, as MindSpore's kernels do."""
    return (out + bias.astype(jnp.float32)).astype(dtype)
