"""dataset.LineReader (msjax/_src/dataset/line_reader.py): tests/goldens/scripts/
ds20_line_reader_probe.py must print exactly what MindSpore 2.10 prints (lines, counts, argument
checks and errors; no tolerance)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds20_line_reader_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_line_reader_case_matches_mindspore(label):
    assert dataset_script_cases("ds20_line_reader_probe.py").get(label) == GOLDEN[label]
