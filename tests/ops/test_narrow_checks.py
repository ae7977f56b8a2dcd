"""`ops.narrow`, `Tensor.narrow` and `mint.narrow` against MindSpore 2.10:
tests/goldens/scripts/ten17_narrow_probe.py run unchanged on msjax, compared with MindSpore's
output (tests/goldens/ops/ten17_narrow_probe.out). Every line is compared exactly: shapes,
storage offsets, small integer-valued float32 values (exact in float32), exception types and
messages."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "ops" / "ten17_narrow_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("ten17_narrow_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]
