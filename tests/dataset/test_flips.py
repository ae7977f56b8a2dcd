"""HorizontalFlip, VerticalFlip, RandomHorizontalFlip and RandomVerticalFlip on images of every
rank, channel count and dtype: tests/goldens/scripts/ds20_flips_probe.py must print exactly what
MindSpore 2.10 prints (pixels, dtypes, shapes and messages; no tolerance)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds20_flips_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_flip_case_matches_mindspore(label):
    assert dataset_script_cases("ds20_flips_probe.py").get(label) == GOLDEN[label]
