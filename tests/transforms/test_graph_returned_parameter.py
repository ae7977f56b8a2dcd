"""A GRAPH_MODE call whose whole result is a Parameter it did not write returns that Parameter
(`transforms/compiled.py` `_returned_box`), and Parameters passed as arguments and assigned keep
their values under grad (no donated buffer is deleted under a differentiating frame), as
MindSpore 2.10 has them: tests/goldens/scripts/graph_returned_parameter_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_returned_parameter_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_returned_parameter_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_returned_parameter_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
