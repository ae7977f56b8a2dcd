"""The gradients of LeakyReLU, HSwish and clamp at their kink points (msjax/_src/ops/nn_ops.py,
math_ops.py) as MindSpore 2.10 computes them, with the activations and clamps whose kinks
already agreed beside them: tests/goldens/scripts/boundary_grad_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/boundary_grad_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("boundary_grad_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_boundary_grads_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
