"""`in` of a Tensor inside a compiled function (msjax/_src/transforms/control_flow.py), as
MindSpore 2.10 answers it: tests/goldens/scripts/graph_contains_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_contains_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_contains_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_contains_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
