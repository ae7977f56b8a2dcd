"""AffineGrid, MatrixSolveLs, NonMaxSuppressionWithOverlaps, coalesce, col2im, diff_ext, isnan_ext
and float_power_ext against MindSpore 2.10: tests/goldens/scripts/miss17_more_ops_probe.py run
unchanged on msjax, compared with MindSpore's output (tests/goldens/ops/miss17_more_ops_probe.out).
Dtypes, shapes, reprs and errors must match exactly; values (printed to 5 decimals) to 2e-5
relative and 2e-5 absolute (XLA's solves and sums round in their own order), 2e-3 for float16
results."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax
from tests.ops.primitive_goldens import assert_same_outcome

GOLDEN = parse_lines((GOLDENS / "ops" / "miss17_more_ops_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("miss17_more_ops_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert_same_outcome(cases[label], GOLDEN[label], rtol=2e-5, atol=2e-5, rtol16=2e-3)
