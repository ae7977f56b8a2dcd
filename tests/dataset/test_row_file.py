"""A map's user-function error names the file the row was read from, per column and after other
maps (msjax/_src/dataset/rows.py `mark_source_row`, `carry_source_file`):
tests/goldens/scripts/dataset_row_file_probe.py run unchanged against MindSpore 2.10's output."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("dataset/dataset_row_file_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("dataset_row_file_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_row_file_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
