"""AutoContrast on NumPy images (MindSpore's C++ kernel: integer cutoff, float32 LUT), on PIL
images (Pillow's) and RandomAutoContrast's checks and draws at prob 0 and 1:
tests/goldens/scripts/ds20_random_auto_contrast_probe.py must print exactly what MindSpore 2.10
prints (pixel md5s and sums, no tolerance: uint8 results)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds20_random_auto_contrast_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_auto_contrast_case_matches_mindspore(label):
    assert dataset_script_cases("ds20_random_auto_contrast_probe.py").get(label) == GOLDEN[label]
