"""Tensor.index_put against NumPy (MindSpore's own cases: the golden conformance_probe20), and an
out-of-range index refused where JAX's scatter would drop the update without a word (MindSpore
2.10 raises for a 2-D input and not for a 3-D one; msjax raises for both)."""
import numpy as np
import pytest

import msjax
from msjax import Tensor


def test_index_put_matches_numpy_set_and_add():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((4, 5)).astype(np.float32)
    rows, cols = np.array([0, 3, 3, 1]), np.array([4, 0, 0, 2])
    values = rng.standard_normal(4).astype(np.float32)
    index = (Tensor(rows.astype(np.int32)), Tensor(cols.astype(np.int64)))
    added = x.copy()
    np.add.at(added, (rows, cols), values)
    np.testing.assert_allclose(Tensor(x).index_put(index, Tensor(values), True).asnumpy(),
                               added, rtol=1e-6)
    kept = Tensor(x).index_put(index[:1], Tensor(values[:1]))  # whole rows, broadcast
    want = x.copy()
    want[rows] = values[0]
    np.testing.assert_array_equal(kept.asnumpy(), want)


@pytest.mark.parametrize("shape", [(2, 3), (2, 3, 4)])
def test_out_of_range_index_is_refused(shape):
    x = Tensor(np.zeros(shape, np.float32))
    index = (Tensor(np.array([0], np.int32)), Tensor(np.array([7], np.int32)))
    with pytest.raises(ValueError, match=r"indices\[1\] should be smaller than the value of "
                                         r"x1.shape\[1\], but got 7"):
        x.index_put(index, Tensor(np.array([1.0], np.float32)))


def test_index_put_under_jit():
    @msjax.jit
    def put(x, i, v):
        return x.index_put((i,), v, True)

    out = put(Tensor(np.zeros(3, np.float32)), Tensor(np.array([2, 2], np.int32)),
              Tensor(np.array([1.0, 2.0], np.float32)))
    np.testing.assert_array_equal(out.asnumpy(), [0.0, 0.0, 3.0])
