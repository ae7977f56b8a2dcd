"""MindDataset's random orders (msjax/_src/dataset/mindrecord_shuffle.py): every shuffle mode,
epoch, repeat, num_samples and RandomSampler case of
tests/goldens/scripts/ds19c_mindrecord_shuffle_probe.py must print exactly MindSpore 2.10's rows
(row labels: no tolerance)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds19c_mindrecord_shuffle_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_mindrecord_order_matches_mindspore(label):
    assert dataset_script_cases("ds19c_mindrecord_shuffle_probe.py").get(label) == GOLDEN[label]
