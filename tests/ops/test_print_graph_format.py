"""ops.Print's (and `print`'s) text against MindSpore 2.10: in a compiled program (GRAPH_MODE
Cell, `jit` in either mode) the C++ kernel's format (Tensors with space-separated values, 0-d
tensors and bools as bare values, floats as `%g`, tuples holding Tensors spread one element a
line); eagerly and under PyNative `grad`, the repr. tests/goldens/scripts/print_graph_format_probe.py
run unchanged on msjax; its whole output, in order, is MindSpore's
(tests/goldens/ops/print_graph_format_probe.out)."""
from tests.golden_scripts import GOLDENS, script_output_on_msjax

GOLDEN = (GOLDENS / "ops" / "print_graph_format_probe.out").read_text().splitlines()


def test_print_writes_mindspores_text_in_graphs_and_eagerly():
    assert script_output_on_msjax("print_graph_format_probe.py").splitlines() == GOLDEN
