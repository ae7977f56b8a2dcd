"""The OcclusionSensitivity metric (msjax/_src/train/metrics/occlusion.py) as MindSpore 2.10 has it:
tests/goldens/scripts/miss18_occlusion_probe.py run unchanged (float32 scores rounded to 4
decimals, compared exactly: the models are one matmul of small exact inputs), with its argument
and input errors and its entry in the metric-name table."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("train/miss18_occlusion_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("miss18_occlusion_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
