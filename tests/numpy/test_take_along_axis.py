"""`mindspore.numpy.take_along_axis` broadcasts the other axes as NumPy does (MindSpore's own
tests/st/numpy_native/test_array_ops.py::test_take_along_axis compares it with NumPy), though
the GatherD under it gives the index's shape (tests/goldens/scripts/gather_d_shapes_probe.py)."""
import numpy as np
import pytest

import msjax.numpy as mnp
from msjax import Tensor

ARR = np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4)


@pytest.mark.parametrize("index_shape, axis", [
    ((2, 3, 5), -1), ((1, 3, 2), 2), ((2, 1, 6), 2), ((1, 5, 4), 1), ((4, 3, 1), 0),
    ((2, 3, 1), 2),
])
def test_take_along_axis_broadcasts_like_numpy(index_shape, axis):
    rng = np.random.default_rng(0)
    indices = rng.integers(0, ARR.shape[axis], index_shape).astype(np.int32)
    expected = np.take_along_axis(ARR, indices, axis)
    result = mnp.take_along_axis(Tensor(ARR), Tensor(indices), axis)
    assert result.shape == expected.shape
    np.testing.assert_array_equal(result.asnumpy(), expected)
