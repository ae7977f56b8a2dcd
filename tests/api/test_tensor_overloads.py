"""Tensor call forms MindSpore 2.10 documents but its CPU build refuses (`count_nonzero(dim=)`,
`narrow(dim=)`, `unique(return_inverse=, return_counts=)` has no CPU kernel): msjax takes them;
expected values from NumPy. Forms MindSpore's overload tables refuse on every device
(`squeeze(0, 2)`, `squeeze(dim=)`, `scatter(value=)`) raise its TypeError in msjax too
(ops/overloads.py; the oracle gives the same words)."""
import numpy as np
import pytest

from msjax import Tensor

X = np.array([[0.0, 1.0, 2.0], [3.0, 0.0, 5.0]], np.float32)


def test_count_nonzero_dim():
    assert Tensor(X).count_nonzero(dim=1).asnumpy().tolist() == np.count_nonzero(X, 1).tolist()
    assert int(Tensor(X).count_nonzero().asnumpy()) == np.count_nonzero(X)


def test_narrow_dim():
    np.testing.assert_array_equal(Tensor(X).narrow(dim=1, start=1, length=2).asnumpy(),
                                  X[:, 1:3])


def test_squeeze_forms():
    z = Tensor(np.zeros((1, 2, 1), np.float32))
    assert z.squeeze((0, 2)).shape == (2,)
    assert z.squeeze(0).shape == (2, 1)
    assert z.squeeze().shape == (2,)
    with pytest.raises(TypeError, match=r'Failed calling squeeze with "squeeze\(int, int\)"'):
        z.squeeze(0, 2)
    with pytest.raises(TypeError, match=r'Failed calling squeeze with "squeeze\(dim=int\)"'):
        z.squeeze(dim=2)


def test_unique_with_inverse_and_counts():
    v = np.array([3.0, 1.0, 2.0, 1.0], np.float32)
    values, inverse, counts = Tensor(v).unique(return_inverse=True, return_counts=True)
    ref_values, ref_inverse, ref_counts = np.unique(v, return_inverse=True, return_counts=True)
    assert values.asnumpy().tolist() == ref_values.tolist()
    assert inverse.asnumpy().tolist() == ref_inverse.tolist()
    assert counts.asnumpy().tolist() == ref_counts.tolist()
    assert Tensor(v).unique().asnumpy().tolist() == [1.0, 2.0, 3.0]


def test_scatter_number_source_and_refused_reduce():
    index = Tensor(np.array([[2], [0]], np.int64))
    out = Tensor(np.zeros((2, 3), np.float32)).scatter(1, index, src=5.0)
    assert out.asnumpy().tolist() == [[0.0, 0.0, 5.0], [5.0, 0.0, 0.0]]
    with pytest.raises(TypeError, match=r'Failed calling scatter with "scatter\(int, Tensor, value=float\)"'):
        Tensor(np.zeros((2, 3), np.float32)).scatter(1, index, value=5.0)
    with pytest.raises(ValueError, match="reduce=None only"):
        Tensor(np.zeros((2, 3), np.float32)).scatter(1, index, src=5.0, reduce="add")
