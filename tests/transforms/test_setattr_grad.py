"""No gradient through the reads of an attribute a compiled construct assigns (msjax/_src/
transforms/control_flow_rewrite.py `_interpret_assigned_attributes`, control_flow.py
`interpreted`): tests/goldens/scripts/setattr_grad_probe.py run unchanged against MindSpore 2.10's
output, graph mode and PyNative."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/setattr_grad_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("setattr_grad_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_setattr_grad_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
