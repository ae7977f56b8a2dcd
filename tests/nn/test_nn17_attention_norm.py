"""MultiheadAttention, the Transformer layers and BatchNorm at the edges of their inputs against
MindSpore 2.10: tests/goldens/scripts/nn17_attention_norm_probe.py run unchanged on msjax,
compared line by line with MindSpore's output (tests/goldens/nn/nn17_attention_norm_probe.out).
Each line is an exception type and message, or the dtypes and shapes of the outputs (the
Parameters are random): all compared exactly."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "nn17_attention_norm_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("nn17_attention_norm_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]
