"""Row-update ops (msjax/_src/ops/inplace_rows.py): tests/goldens/scripts/inplace_rows_probe.py run
unchanged must print what MindSpore 2.10 printed; a failed InplaceIndexAdd leaves its Tensor as
it was."""
import numpy as np
import pytest

from msjax import Tensor, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/inplace_rows_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("inplace_rows_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_inplace_rows_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_failed_inplace_index_add_changes_nothing():
    var = Tensor(np.ones((2, 2), np.float32))
    with pytest.raises(ValueError, match="var dim"):
        ops.inplace_index_add(var, Tensor(np.array([0], np.int32)),
                              Tensor(np.ones((1, 3), np.float32)), 0)
    np.testing.assert_array_equal(var.asnumpy(), np.ones((2, 2)))


def test_inplace_index_add_writes_its_tensor_eagerly():
    var = Tensor(np.zeros((3,), np.float32))
    out = ops.inplace_index_add(var, Tensor(np.array([2, 2], np.int32)),
                                Tensor(np.array([1.0, 2.0], np.float32)), 0)
    np.testing.assert_array_equal(var.asnumpy(), [0, 0, 3])
    np.testing.assert_array_equal(out.asnumpy(), [0, 0, 3])
