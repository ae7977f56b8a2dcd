"""f-strings in a compiled function as MindSpore's graph formats them (msjax/_src/transforms/
graph_joined_str.py, rewritten by control_flow_rewrite.py `visit_JoinedStr`):
tests/goldens/scripts/graph_joined_str_probe.py run unchanged against MindSpore 2.10's output."""
import pytest

from msjax._src.transforms.graph_joined_str import constant_text
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_joined_str_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_joined_str_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_joined_str_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


# The constant rule value by value (the golden's cases, one at a time).
CONSTANTS = [
    (True, "true"), (False, "false"), (3, "3"), (1 / 3, "0.333333"), (1e-8, "1e-08"),
    (3.0, "3"), (None, "None"), ("s", "s"), ((1, "a"), "(1, a)"), ((2,), "(2)"), ((), "()"),
    ([1, 2], "[1, 2]"), ({"a": 1}, "{'a': 1}"),
]


@pytest.mark.parametrize("value,text", CONSTANTS, ids=[repr(v) for v, _ in CONSTANTS])
def test_constant_text(value, text):
    assert constant_text(value) == text
