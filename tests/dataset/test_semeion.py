"""SemeionDataset (msjax/_src/dataset/file_sources.py): tests/goldens/scripts/ds19c_semeion_probe.py
runs unchanged and must print exactly MindSpore 2.10's rows, sizes and errors (no tolerance:
integers)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds19c_semeion_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_semeion_case_matches_mindspore(label):
    assert dataset_script_cases("ds19c_semeion_probe.py").get(label) == GOLDEN[label]
