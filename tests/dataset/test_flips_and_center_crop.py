"""HorizontalFlip, VerticalFlip, RandomHorizontalFlip, RandomVerticalFlip, CenterCrop and
RandomColorAdjust's input checks on images of every rank, channel count and dtype:
tests/goldens/scripts/ds20_flips_probe.py, ds20_center_crop_probe.py and
ds20_color_adjust_checks_probe.py must print exactly what MindSpore 2.10 prints (pixels, dtypes, shapes
and messages; no tolerance)."""
import pytest

from tests.golden_scripts import dataset_script_cases, golden_cases

PROBES = ["ds20_flips_probe", "ds20_center_crop_probe", "ds20_color_adjust_checks_probe"]
CASES = [(probe, label) for probe in PROBES
         for label in sorted(golden_cases(f"dataset/{probe}.out"))]


@pytest.mark.parametrize("probe,label", CASES)
def test_flip_and_crop_case_matches_mindspore(probe, label):
    expected = golden_cases(f"dataset/{probe}.out")[label]
    assert dataset_script_cases(f"{probe}.py").get(label) == expected
