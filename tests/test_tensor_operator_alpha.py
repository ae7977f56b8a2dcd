"""Tensor arithmetic with `alpha` (`Tensor.add`/`sub`, `__add__`/`__sub__`, `mint.add`/`sub`,
`ops.subtract`), the augmented assignments `__iadd__` ... `__imod__` (a new Tensor in PyNative
mode, in place in graph mode), sequence operands of `+`/`-`, `floor_divide_`/`remainder_` and
`Tensor.select(condition, y)` with a number `y`, as MindSpore 2.10 computes and refuses them:
tests/goldens/scripts/tensor14_operator_alpha_probe.py run unchanged
(tests/goldens/core/tensor14_operator_alpha_probe.out)."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("core/tensor14_operator_alpha_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("tensor14_operator_alpha_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_operator_alpha_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_augmented_assignment_leaves_the_tensor_in_pynative():
    x = Tensor(np.array([4, 5, 6], np.int32))
    before = x
    x += 1.5
    assert x is not before and str(x.dtype) == "Float32"
    np.testing.assert_array_equal(before.asnumpy(), [4, 5, 6])
    np.testing.assert_array_equal(x.asnumpy(), [5.5, 6.5, 7.5])


def test_augmented_assignment_under_jit_writes_in_place():
    @ms.jit
    def step(x):
        y = x
        y += 2  # in place: `x` is `y`
        return x * 1

    np.testing.assert_array_equal(step(Tensor(np.array([1, 2], np.int32))).asnumpy(), [3, 4])
