"""A GRAPH_MODE Cell indexing with a Tensor that the branches of a tensor condition give in two
ranks (docs/migration.md, "What MindSpore refuses and msjax runs": MindSpore 2.10's CPU graph
refuses the dynamic rank, its Ascend graph computes it). The variable the branches leave without
one value makes the indexing raise its DynamicJoinError (core/tensor.py `_index_item`), so the call
runs eagerly with one GraphFallbackWarning and writes through the branch's index; expected values
from NumPy (exact: small integers in Float32)."""
import warnings

import numpy as np
import pytest

import msjax as ms
from msjax import nn, ops, Tensor
from msjax._src.transforms.control_flow import GraphFallbackWarning


class BranchIndexNet(nn.Cell):
    def construct(self, x, index1, index2, cond, value):
        x = ops.abs(x)
        if cond:
            index = index1
        else:
            index = index2
        x[0:2, index] = value
        return x


@pytest.mark.parametrize("cond", [True, False])
def test_branch_index_writes_through_the_branch_taken(cond):
    ms.set_context(mode=ms.GRAPH_MODE)
    x = np.arange(27, dtype=np.float32).reshape(3, 3, 3)
    index1, index2 = np.array([1]), np.array([[0, 1], [0, 1]])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = BranchIndexNet()(Tensor(x), Tensor(index1), Tensor(index2), Tensor(cond),
                               Tensor(-1, ms.float32))
    expected = x.copy()
    expected[0:2, index1 if cond else index2] = -1
    assert out.dtype == ms.float32
    np.testing.assert_array_equal(out.asnumpy(), expected)
    fallbacks = [w for w in caught if issubclass(w.category, GraphFallbackWarning)]
    assert len(fallbacks) == 1 and "x[0:2, index] = value" in str(fallbacks[0].message)
