"""sparse_ops' Primitives where msjax goes beyond MindSpore 2.10's CPU build (the rest are
checked against MindSpore in tests/api/test_conformance_golden.py, conformance_probe22):
SparseDenseCwiseDiv, which MindSpore's CPU has no kernel for, against NumPy; and the
data-dependent shapes of SparseSegment*WithNumSegments and MaskedSelect inside graph mode,
which run eagerly with a warning."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn
from msjax._src.transforms.control_flow import GraphFallbackWarning
from msjax.ops import operations as P
from msjax.ops.operations import sparse_ops as S


def _dense_at(indices, dense, shape):
    return np.broadcast_to(dense, shape)[tuple(indices.T)]


@pytest.mark.parametrize("dense", [np.array([1., 2., 4.]), np.arange(1., 10.).reshape(3, 3),
                                   np.array([[2.], [-3.], [4.]])])
def test_sparse_dense_cwise_div_matches_numpy(dense):
    indices = np.array([[0, 0], [1, 2], [2, 1]])
    values = np.array([4., 6., 9.], np.float32)
    out = S.SparseDenseCwiseDiv()(Tensor(indices, ms.int64), Tensor(values),
                                  Tensor([3, 3], ms.int64), Tensor(dense.astype(np.float32)))
    expected = values / _dense_at(indices, dense, (3, 3)).astype(np.float32)
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-6)
    assert out.dtype == ms.float32


def test_sparse_dense_cwise_div_truncates_integers():
    out = S.SparseDenseCwiseDiv()(Tensor([[0, 0], [2, 2]], ms.int64), Tensor([7, -7], ms.int32),
                                  Tensor([3, 3], ms.int64), Tensor([2, 2, 2], ms.int32))
    assert out.asnumpy().tolist() == [3, -3]  # C's division, as Div's on integers
    assert out.dtype == ms.int32


class _SegmentMean(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = S.SparseSegmentMeanWithNumSegments()

    def construct(self, x, indices, segment_ids, num_segments):
        return self.op(x, indices, segment_ids, num_segments)


def test_num_segments_tensor_in_graph_mode_runs_eagerly():
    x = np.array([[0, 2, 0, 0], [0, 1, 1, 0], [2, 0, 2, 0]], np.float32)
    net = _SegmentMean()
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.warns(GraphFallbackWarning, match="runs eagerly"):
        out = net(Tensor(x), Tensor([0, 2, 1], ms.int32), Tensor([0, 0, 2], ms.int32),
                  Tensor([4], ms.int32))
    expected = np.zeros((4, 4), np.float32)
    expected[0] = (x[0] + x[2]) / 2
    expected[2] = x[1]
    np.testing.assert_allclose(out.asnumpy(), expected)


class _MaskedSelect(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = P.MaskedSelect()

    def construct(self, x, mask):
        return self.op(x, mask) * 2


def test_masked_select_in_graph_mode_names_the_data_dependent_shape():
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.warns(GraphFallbackWarning, match="a result's shape depends on a tensor's values"):
        out = _MaskedSelect()(Tensor([1., 2., 3.]), Tensor([True, False, True]))
    assert out.asnumpy().tolist() == [2., 6.]
