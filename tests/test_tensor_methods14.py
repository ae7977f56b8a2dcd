"""Tensor methods over ops of the same computation (`approximate_equal`, `reverse_sequence`,
`inplace_update`, `unique_with_pad`, `scatter_div`/`max`/`min`/`mul`/`sub`, `exp_`,
`new_empty`) and the checks of the ops under them, as MindSpore 2.10 computes and refuses them:
tests/goldens/scripts/tensor14_methods_probe.py run unchanged
(tests/goldens/core/tensor14_methods_probe.out)."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("core/tensor14_methods_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("tensor14_methods_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_tensor_methods_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_unique_with_pad_compiles():
    """The outputs have the input's shape, so `jit` compiles it: the same values as eagerly."""
    x = Tensor(np.array([4, 4, 1, 7, 1, 9, 4], np.int32))
    eager = ops.unique_with_pad(x, -1)
    compiled = ms.jit(lambda t: ops.unique_with_pad(t, -1))(x)
    for a, b in zip(eager, compiled):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    np.testing.assert_array_equal(eager[0].asnumpy(), [4, 1, 7, 9, -1, -1, -1])
    np.testing.assert_array_equal(eager[1].asnumpy(), [0, 0, 1, 2, 1, 3, 0])


def test_exp_writes_in_place():
    x = Tensor(np.array([0.0, 1.0], np.float32))
    assert x.exp_() is x
    np.testing.assert_allclose(x.asnumpy(), np.exp([0.0, 1.0]), rtol=1e-6)
