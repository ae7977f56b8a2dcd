"""Calls with too many or too few positional arguments, against MindSpore 2.10: a `jit`
function or method, a GRAPH_MODE Cell, `nn.grad.Jvp` / `Vjp`, and the calls that keep Python's
message. tests/goldens/scripts/ut18_argument_count_probe.py run unchanged on msjax and compared
with MindSpore's output (tests/goldens/transforms/ut18_argument_count_probe.out) exactly:
exception types and messages."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/ut18_argument_count_probe.out")


@pytest.fixture(scope="module")
def cases():
    return run_script_on_msjax("ut18_argument_count_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases.get(label) == GOLDEN[label]
