"""Where a float16/bfloat16 product takes its bias before it is rounded: MindSpore's compiled
graphs fuse a MatMul, BatchMatMul or convolution with the BiasAdd after it (one rounding);
PyNative, and the one-kernel Dense Primitive, round the product and then the sum."""
from __future__ import annotations

import jax.numpy as jnp

from msjax._src.core import state

LOW_FLOATS = (jnp.float16, jnp.bfloat16)


def graph_rounds_once(x) -> bool:
    """Whether a MatMul's or a convolution's float16/bfloat16 result of operand `x` takes a
    bias before it is rounded. MindSpore's compiled graphs (GRAPH_MODE, `jit`) fuse a MatMul,
    BatchMatMul or convolution with the BiasAdd after it, which then rounds once (its sum taken
    in float32); PyNative runs them one by one and rounds each (recorded by
    tests/goldens/scripts/bias_rounding_probe.py). In msjax the compiled graphs are the programs
    msjax traces: there such a product is computed in float32 and rounded, and the float32
    result is noted for a BiasAdd after it (`rounded_product`)."""
    return x.dtype in LOW_FLOATS and state.tracing_depth() > 0


def bias_rounded_once(x, bias) -> bool:
    """`graph_rounds_once` for a product taken with its `bias` (nn.Dense, the convolutions)."""
    return bias is not None and graph_rounds_once(x)


def rounded_product(full, dtype):
    """A product's float32 result `full` rounded to `dtype`, noted for a BiasAdd after it."""
    product = full.astype(dtype)
    state.note_unrounded(product, full)
    return product


def add_bias_once(out, bias, dtype):
    """`add_bias` of a product computed in float32 (`out`, a MatMul's or convolution's result
    before rounding), rounded once to `dtype`: MindSpore's fused MatMul/convolution and BiasAdd
    (`bias_rounded_once`). The gradient with respect to the product is then the float32 one,
    from which the operands' gradients are computed and rounded once, as MindSpore's kernels
    do."""
    return (out + bias.astype(jnp.float32)).astype(dtype)
