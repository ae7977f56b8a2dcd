"""The elementwise gradient Primitives of ops.auto_generate (HShrinkGrad, GeLUGrad, TanhGrad, ...) (msjax/_src/ops/grad_ops.py) as MindSpore 2.10 computes them:
tests/goldens/scripts/elementwise_grads_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/elementwise_grads_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("elementwise_grads_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_elementwise_grads_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
