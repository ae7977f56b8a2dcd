"""SparseApplyFtrl's values bit for bit in GRAPH_MODE and PyNative (msjax/_src/ops/ftrl_ops.py
`apply_ftrl`: no reciprocal multiplication for the constant learning rate):
tests/goldens/scripts/ftrl_graph_probe.py run unchanged against MindSpore 2.10's output."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/ftrl_graph_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ftrl_graph_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_ftrl_graph_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
