"""Graph mode's list/tuple/dict methods, attributes of Python values, len of a 0-D Tensor,
Parameter creation, `t OP= sequence`, int64 arguments, `range` of a Tensor and an uninitialised
Tensor attribute against MindSpore 2.10:
tests/goldens/scripts/gs19_graph_methods_probe.py run unchanged on msjax, compared with MindSpore's
output (tests/goldens/transforms/gs19_graph_methods_probe.out). Every line must match exactly: the
results are integers, strings, exceptions and small integer-valued float32 Tensors."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "transforms" / "gs19_graph_methods_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("gs19_graph_methods_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]
