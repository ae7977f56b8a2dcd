"""Tensor method overloads chosen by keyword (argmax/argmin/max/min/median(dim=, keepdim=),
std(dim=, correction=, keepdim=), remainder(divisor=), expand_as(x=)), flatten's positional
(start_dim, end_dim), select(condition, y) and fill_diagonal(wrap=True), against MindSpore 2.10:
tests/goldens/scripts/tensor_overload_keywords_probe.py runs unchanged on msjax and prints what
MindSpore printed (tests/goldens/api/tensor_overload_keywords_probe.out).
"""
import numpy as np
import pytest

from msjax import Tensor
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/tensor_overload_keywords_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("tensor_overload_keywords_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]


@pytest.mark.parametrize("shape,wrap", [((7, 3), True), ((7, 3), False), ((3, 7), True),
                                        ((4, 4), False), ((3, 3, 3), False)])
def test_fill_diagonal_is_numpys(shape, wrap):
    expected = np.zeros(shape, np.float32)
    np.fill_diagonal(expected, 5.0, wrap=wrap)
    got = Tensor(np.zeros(shape, np.float32)).fill_diagonal(5.0, wrap=wrap).asnumpy()
    np.testing.assert_array_equal(got, expected)
