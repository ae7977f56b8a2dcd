"""`mindspore.export(..., file_format="MINDIR")` of a Cell whose output is a CSRTensor or a
COOTensor (core/sparse_tensor.py registers their serialisation with jax.export): `load` and
`nn.GraphCell` give back the same sparse tensor, parts and dense shape."""
import numpy as np
import pytest

from msjax import COOTensor, CSRTensor, Tensor, export, load, nn


class MakeCSR(nn.Cell):
    def __init__(self, shape):
        super().__init__()
        self.shape = shape

    def construct(self, indptr, indices, values):
        return CSRTensor(indptr, indices, values * 2, self.shape)


class MakeCOO(nn.Cell):
    def __init__(self, shape):
        super().__init__()
        self.shape = shape

    def construct(self, indices, values):
        return COOTensor(indices, values - 1, self.shape)


CASES = [
    ("csr", MakeCSR((2, 4)), (Tensor([0, 1, 2]), Tensor([0, 3]), Tensor([2.0, 1.0]))),
    ("coo", MakeCOO((3, 3)), (Tensor(np.array([[0, 1], [2, 2]], np.int32)),
                              Tensor(np.array([5, 7], np.float32)))),
]


@pytest.mark.parametrize("name,net,inputs", CASES, ids=[c[0] for c in CASES])
def test_sparse_output_round_trips_through_mindir(name, net, inputs, tmp_path):
    file_name = str(tmp_path / f"{name}_net")
    export(net, *inputs, file_name=file_name, file_format="MINDIR")
    loaded = nn.GraphCell(load(file_name + ".mindir"))(*inputs)
    expected = net(*inputs)
    assert type(loaded) is type(expected)
    assert loaded.shape == expected.shape
    for a, b in zip(loaded.to_tuple()[:-1], expected.to_tuple()[:-1]):
        assert a.dtype == b.dtype
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    np.testing.assert_array_equal(loaded.to_dense().asnumpy(), expected.to_dense().asnumpy())
