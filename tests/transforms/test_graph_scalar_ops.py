"""A Python number divided by zero in a compiled function raises MindSpore's ValueError
(msjax/_src/transforms/graph_scalar_ops.py, rewritten by control_flow_rewrite.py `visit_BinOp`):
tests/goldens/scripts/graph_scalar_ops_probe.py run unchanged against MindSpore 2.10's output."""
import pytest

from msjax._src.transforms.graph_scalar_ops import divide
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_scalar_ops_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_scalar_ops_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_scalar_ops_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


@pytest.mark.parametrize("op,left,right,expected", [
    ("Div", 7, 2, 3.5), ("FloorDiv", 7, 2, 3), ("Mod", 7, 2, 1), ("Mod", "%d!", 3, "3!"),
    ("Div", 1.0, 4, 0.25)])
def test_divide_is_pythons_otherwise(op, left, right, expected):
    assert divide(op, left, right) == expected
