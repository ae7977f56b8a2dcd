"""MindSpore's graph mode binds a method's object only to a first parameter named `self`
(control_flow.call, `_binds_self`): tests/goldens/scripts/graph_method_binding_probe.py run
unchanged on msjax against MindSpore 2.10's output."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_method_binding_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_method_binding_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_method_binding_matches_mindspore(msjax_cases, label):
    assert msjax_cases[label] == GOLDEN[label]
