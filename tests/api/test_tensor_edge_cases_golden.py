"""Tensor.sum's dtype with `initial`, Sign of NaN, Tensor.transpose(None), Bool indices of the
wrong length and the PIJit handles, as MindSpore 2.10 gives them
(tests/goldens/scripts/tensor_edge_cases_probe.py run unchanged on msjax)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/tensor_edge_cases_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("tensor_edge_cases_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_tensor_edge_cases_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
