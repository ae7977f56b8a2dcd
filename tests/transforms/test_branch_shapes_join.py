"""A GRAPH_MODE `if` on a Tensor whose branches give a variable two shapes, the variable then
used by an op, against MindSpore 2.10: the branch taken decides (msjax runs the function
eagerly), and an op the shape does not fit raises MindSpore's error, not a complaint about the
undefined join. tests/goldens/scripts/branch_shapes_join_probe.py run unchanged; its output
compared exactly (the values are exact in float32: quarters)."""
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/branch_shapes_join_probe.out")


def test_the_branch_taken_decides_as_in_mindspore():
    assert run_script_on_msjax("branch_shapes_join_probe.py") == GOLDEN
