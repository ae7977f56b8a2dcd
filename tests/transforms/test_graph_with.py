"""`with` in a compiled function runs the manager's `__enter__`/`__exit__` as compiled code
(msjax/_src/transforms/control_flow.py `graph_context`, rewritten by control_flow_rewrite.py):
tests/goldens/scripts/graph_with_probe.py run unchanged against MindSpore 2.10's output."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_with_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_with_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_with_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
