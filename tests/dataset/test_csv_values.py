"""CSVDataset's values and errors against MindSpore 2.10: tests/goldens/scripts/csv_values_probe.py
run unchanged on msjax, compared line by line with MindSpore's output
(tests/goldens/dataset/csv_values_probe.out): typed and string columns, quoted fields, sizes that
parse no values, and MindSpore's errors (a field its column's type cannot read, a quote left
open, duplicate column names, invalid defaults), exactly."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "dataset" / "csv_values_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("csv_values_probe.py"))


def test_golden_has_every_case():
    assert len(GOLDEN) == 13


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]
