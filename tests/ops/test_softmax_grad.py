"""Softmax's gradient is MindSpore's SoftmaxGrad, `y * (dy - sum(dy * y))` (msjax/_src/ops/
softmax_math.py), on rows that are nearly one-hot, eagerly and compiled, for ops.Softmax,
ops.softmax, nn.Softmax and mint's softmax: tests/goldens/scripts/softmax_grad_probe.py run
unchanged, each element within 1e-3 of MindSpore 2.10's (jax.nn.softmax's gradient, compiled,
was 12% off in one). Forward mode and vmap still differentiate and batch it."""
import ast

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from msjax._src.ops.softmax_math import softmax
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/softmax_grad_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("softmax_grad_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_softmax_gradient_matches_mindspore(label, msjax_cases):
    expected = np.array(ast.literal_eval(GOLDEN[label]))
    got = np.array(ast.literal_eval(msjax_cases[label]))
    np.testing.assert_allclose(got, expected, rtol=1e-3, atol=1e-9)


def test_softmax_forward_mode_and_vmap_agree_with_reverse_mode():
    x = jnp.asarray(np.random.RandomState(1).randn(3, 5).astype(np.float32))
    direction = jnp.asarray(np.random.RandomState(2).randn(3, 5).astype(np.float32))
    y, tangent = jax.jvp(lambda v: softmax(v, -1), (x,), (direction,))
    np.testing.assert_allclose(y, jax.nn.softmax(x, -1), rtol=1e-6)
    expected = y * (direction - jnp.sum(y * direction, -1, keepdims=True))
    np.testing.assert_allclose(tangent, expected, rtol=1e-5, atol=1e-7)
    jac_fwd = jax.jacfwd(lambda v: softmax(v, -1))(x[0])
    jac_rev = jax.jacrev(lambda v: softmax(v, -1))(x[0])
    np.testing.assert_allclose(jac_fwd, jac_rev, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(jax.vmap(lambda v: softmax(v, 0))(x), jax.nn.softmax(x, -1), rtol=1e-6)
