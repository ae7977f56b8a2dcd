"""A tensor while loop whose integer carry takes a differentiated integer input (msjax hands the
function a Float32 copy of it) joins in Float32 and runs eagerly under grad, giving MindSpore
2.10's integer gradient (golden tests/goldens/transforms/integer_loop_grad.txt from
tests/goldens/scripts/integer_loop_grad_probe.py)."""
import warnings

import pytest

from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/integer_loop_grad.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GraphFallbackWarning)  # the loop under grad: eager
        return run_script_on_msjax("integer_loop_grad_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
