"""The row order of MindSpore's non-mappable file sources (msjax/_src/dataset/file_rows.py:
TextFileDataset, CSVDataset, WikiTextDataset, PennTreebankDataset, AGNewsDataset): worker
interleaving, Shuffle.FILES and GLOBAL over epochs and repeats, shards, num_samples, sizes and
argument errors. tests/goldens/scripts/ds19c_file_rows_probe.py runs unchanged and must print
exactly what MindSpore 2.10 printed (strings and orders compare exactly: no tolerance)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds19c_file_rows_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_file_rows_match_mindspore(label):
    assert dataset_script_cases("ds19c_file_rows_probe.py").get(label) == GOLDEN[label]
