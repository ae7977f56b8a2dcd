"""MindSpore's errors for what `GradOperation()(fn)` differentiates and for a Cell's `bprop`
with too few parameters (transforms/grad.py, nn/cell.py), in graph and PyNative mode:
tests/goldens/scripts/grad_operation_errors_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/grad_operation_errors_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("grad_operation_errors_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_grad_error_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
