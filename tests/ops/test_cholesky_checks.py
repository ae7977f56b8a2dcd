"""Cholesky refuses a matrix that is not symmetric positive-definite, as MindSpore 2.10 does, at
every entry point and in GRAPH_MODE: tests/goldens/scripts/cholesky_positive_definite_probe.py run
unchanged on msjax, compared line by line with MindSpore's output
(tests/goldens/ops/cholesky_positive_definite_probe.out; values rounded to 5 decimals there).
XLA's factor of such a matrix is NaN (core/index_checks.py raises instead)."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "ops" / "cholesky_positive_definite_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("cholesky_positive_definite_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]
