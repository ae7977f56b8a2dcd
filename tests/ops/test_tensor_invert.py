"""`~` on a Tensor (msjax/_src/ops/tensor_methods.py) as MindSpore 2.10 has it:
tests/goldens/scripts/tensor_invert_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/tensor_invert_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("tensor_invert_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_tensor_invert_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
