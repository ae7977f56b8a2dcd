"""`ops.operations._grad_ops.StridedSliceGrad` (ops/grad_ops.py): the pullback of msjax's
StridedSlice, as MindSpore 2.10 computes it (tests/goldens/scripts/strided_slice_grad_probe.py
run unchanged). On two cases MindSpore 2.10's CPU kernel disagrees with its own StridedSlice
(it ignores `begin_mask`, and gives zeros for a negative stride: the golden's forward lines show
what StridedSlice reads); msjax writes `dy` where StridedSlice reads, checked here."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor
from msjax.ops.operations import _grad_ops as G
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/strided_slice_grad_probe.out")
MINDSPORE_INCONSISTENT = {"begin and end masks", "negative stride"}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("strided_slice_grad_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - MINDSPORE_INCONSISTENT))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_where_mindspore_disagrees_with_itself_dy_goes_where_strided_slice_reads():
    dy = np.arange(1, 5, dtype=np.float32).reshape(2, 2)
    out = G.StridedSliceGrad(begin_mask=1, end_mask=2)(Tensor(dy), (3, 4), (1, 0), (2, 3),
                                                       (1, 2)).asnumpy()
    expected = np.zeros((3, 4), np.float32)
    expected[0:2, 0::2] = dy  # the slice the golden's forward line reads
    np.testing.assert_array_equal(out, expected)
    out = G.StridedSliceGrad()(Tensor(np.array([1., 2.], np.float32)), (5,), (4,), (0,),
                               (-2,)).asnumpy()
    np.testing.assert_array_equal(out, [0., 0., 2., 0., 1.])


def test_is_the_gradient_of_strided_slice():
    x = Tensor(np.random.RandomState(0).randn(4, 5).astype(np.float32))
    slicer = ms.ops.StridedSlice(end_mask=1)

    def loss(value):
        return (slicer(value, (1, 0), (3, 5), (1, 2)) * Tensor(np.arange(9.).reshape(3, 3)
                                                               .astype(np.float32))).sum()
    grad = ms.grad(loss)(x).asnumpy()
    direct = G.StridedSliceGrad(end_mask=1)(Tensor(np.arange(9.).reshape(3, 3).astype(np.float32)),
                                            (4, 5), (1, 0), (3, 5), (1, 2)).asnumpy()
    np.testing.assert_array_equal(grad, direct)
