"""ops.Print in a GRAPH_MODE construct against MindSpore 2.10: printed when the compiled program
runs (every call), and in a branch of an `if` on a Tensor only when the branch is taken, never
while msjax traces. tests/goldens/scripts/zoo18_print_in_graph_probe.py run unchanged on msjax;
its whole output, in order, is MindSpore's (tests/goldens/ops/zoo18_print_in_graph_probe.out)."""
from tests.golden_scripts import GOLDENS, script_output_on_msjax

GOLDEN = (GOLDENS / "ops" / "zoo18_print_in_graph_probe.out").read_text().splitlines()


def test_prints_where_and_when_mindspore_prints():
    assert script_output_on_msjax("zoo18_print_in_graph_probe.py").splitlines() == GOLDEN
