"""A float16 layer's bias in MindSpore's compiled graphs: GRAPH_MODE (and `jit`) fuses a MatMul
or convolution Primitive with the BiasAdd after it (nn.Dense, nn.Conv1d/2d/3d, ops.conv2d,
ops.conv3d, nn.Conv1d/2d/3dTranspose, MatMul/BatchMatMul/Conv2D and BiasAdd composed by hand)
and rounds once; PyNative rounds the product and then the sum, as the one-kernel Dense Primitive
(ops.dense, mint's Linear) and an Add in place of the BiasAdd do in both modes.
tests/goldens/scripts/bias_rounding_probe.py run unchanged on msjax, compared with MindSpore
2.10's output (tests/goldens/nn/bias_rounding_probe.out): the rounding found and the exact sum of
the float16 outputs. msjax rounded twice in both modes before; the model zoo's FastText (a
float16 nn.Dense trained by Adam at 0.2) drifted from MindSpore by it from its second step
(docs/model_zoo.md). On a GPU or TPU msjax rounds twice (ops/graph_rounding.py)."""
import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from msjax._src.core import state
from msjax._src.ops import nn_ops
from tests.golden_scripts import GOLDENS, parse_lines, run_script_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "bias_rounding_probe.out").read_text())


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("bias_rounding_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_rounding_matches_mindspore(label, msjax_cases):
    if label.startswith("graph") and jax.default_backend() != "cpu":
        pytest.skip("MindSpore's graph rounding is msjax's where XLA's CPU runs the program; on "
                    "a GPU or TPU msjax rounds twice (ops/graph_rounding.py)")
    if "Transpose" not in label:
        assert msjax_cases[label] == GOLDEN[label]
        return
    # The transposed convolutions: the same rounding; their sums differ in the last bits
    # (Conv3dTranspose's already in PyNative, 8.5e-7 relative, and 7.6e-6 in the graph:
    # MindSpore's CPU Conv3DTranspose kernel accumulates a float16 product otherwise than in
    # float32; Conv2dTranspose's graph sum by 7e-9, one unit of one small value)
    rounding, total = msjax_cases[label].split("; sum ")
    want_rounding, want_total = GOLDEN[label].split("; sum ")
    assert rounding == want_rounding
    np.testing.assert_allclose(float(total), float(want_total), rtol=1e-5)


def test_gradients_of_the_fused_form_are_rounded_once():
    """In a traced program the product is float32 until the bias is added; the gradients with
    respect to the float16 operands are computed from the float32 cotangent and rounded once:
    those of the product computed in float64 and rounded."""
    rng = np.random.RandomState(0)
    x, w, b = (rng.uniform(-1, 1, shape).astype(np.float16) for shape in ((32, 16), (8, 16), (8,)))
    ct = rng.uniform(-1, 1, (32, 8)).astype(np.float16)

    def loss(x, w, b):
        with state.tracing():  # as msjax traces a GRAPH_MODE program
            out = nn_ops._dense_layer(x, w, b)
        return (out.astype(jnp.float32) * ct.astype(np.float32)).sum()
    with jax.default_device(jax.devices("cpu")[0]):  # (the fused form is the CPU's)
        dx, dw, db = jax.jit(jax.grad(loss, argnums=(0, 1, 2)))(x, w, b)
    assert (dx.dtype, dw.dtype, db.dtype) == (np.float16,) * 3
    ct64 = ct.astype(np.float64)
    np.testing.assert_array_equal(np.asarray(dx), (ct64 @ w.astype(np.float64)).astype(np.float16))
    np.testing.assert_array_equal(np.asarray(dw), (ct64.T @ x.astype(np.float64)).astype(np.float16))
    np.testing.assert_array_equal(np.asarray(db), ct64.sum(0).astype(np.float16))


@pytest.mark.parametrize("platform", ["cpu", "cuda", "tpu"])
def test_the_float32_product_only_where_the_program_runs_on_the_cpu(platform):
    """The choice is made when the program is lowered (ops/graph_rounding.py): lowered for the
    CPU, nn.Dense's and a BiasAdd'ed MatMul's products are float32 (the bias taken before
    rounding); for a GPU or TPU they stay float16 (no float32 product to write)."""
    from msjax._src.ops import math_ops

    x, w, b = (jnp.ones(shape, jnp.float16) for shape in ((4, 16), (8, 16), (8,)))

    def step(x, w, b):
        with state.tracing():  # as msjax traces a GRAPH_MODE program
            dense = nn_ops._dense_layer(x, w, b)
            composed = nn_ops._bias_add_primitive(math_ops._matmul_one_dtype(x, w.T), b, "NCHW")
        return dense, composed
    text = jax.export.export(jax.jit(step), platforms=[platform])(x, w, b).mlir_module()
    products = [line for line in text.splitlines() if "stablehlo.dot_general" in line]
    assert len(products) == 2
    wanted = "f32" if platform == "cpu" else "f16"
    assert all(re.search(rf"-> tensor<[\dx]+x{wanted}>", line) for line in products), products
