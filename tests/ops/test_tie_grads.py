"""The gradients of ops.max/ops.min with an axis (the first extreme alone, msjax/_src/ops/
reduce_ops.py), abs at 0 (math_ops.py) and L2Normalize at and below its epsilon
(primitives.py) as MindSpore 2.10 computes them, with the reductions and pools whose ties
already agreed beside them: tests/goldens/scripts/tie_grad_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/tie_grad_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("tie_grad_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_tie_grads_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
