"""`ops.Morph` (msjax/_src/transforms/custom_grad.py) as MindSpore 2.10 has it:
tests/goldens/scripts/morph_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/morph_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("morph_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_morph_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
