"""A Tensor as a Python number or index (msjax/_src/core/tensor.py) and
mindspore.common.np_dtype (msjax/_src/core/np_dtype.py), as MindSpore 2.10 has them:
tests/goldens/scripts/tensor_scalar_conversion_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("tensor_scalar_conversion_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("tensor_scalar_conversion_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_scalar_conversion_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
