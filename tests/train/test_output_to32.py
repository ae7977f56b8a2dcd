"""mindspore.train.amp._OutputTo32 (msjax/_src/amp.py) as MindSpore 2.10 computes them:
tests/goldens/scripts/output_to32_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("train/output_to32_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("output_to32_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_output_to32_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
