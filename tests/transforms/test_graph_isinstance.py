"""`isinstance` inside a compiled function (msjax/_src/transforms/graph_fallback.py), as
MindSpore 2.10 checks it: tests/goldens/scripts/graph_isinstance_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_isinstance_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_isinstance_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_isinstance_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
