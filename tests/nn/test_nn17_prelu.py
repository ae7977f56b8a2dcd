"""PReLU's weight checks against MindSpore 2.10: tests/goldens/scripts/nn17_prelu_probe.py run on
msjax, compared with MindSpore's output recorded one case per process
(tests/goldens/nn/nn17_prelu_probe.out). Exact: the errors, and values that are products of
float32 numbers with -1, 0, 1 or 0.25 (no rounding apart)."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "nn17_prelu_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("nn17_prelu_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]
