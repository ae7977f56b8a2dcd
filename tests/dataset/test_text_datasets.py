"""CLUEDataset and IMDBDataset (msjax/_src/dataset/text_datasets.py) and the dtype output_types
gives a string column: tests/goldens/scripts/ds19c_text_datasets_probe.py runs unchanged and
must print exactly MindSpore 2.10's columns, dtypes, values, orders and errors (no tolerance:
strings and integers)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds19c_text_datasets_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_text_dataset_case_matches_mindspore(label):
    assert dataset_script_cases("ds19c_text_datasets_probe.py").get(label) == GOLDEN[label]
