"""mindspore.COOTensor and mindspore.CSRTensor (msjax/_src/core/sparse_tensor.py): MindSpore 2.10's
parts, reprs, conversions and checks (tests/goldens/scripts/sparse_tensor_probe.py run unchanged),
and the products and conversions checked against NumPy, eagerly and under jit and grad."""
import numpy as np
import pytest

import msjax
from msjax import COOTensor, CSRTensor, Tensor
from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.support import assert_close

GOLDEN = golden_cases("api/sparse_tensor_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("sparse_tensor_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_sparse_tensor_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def _csr():
    """A 3x4 CSRTensor with an empty row, and its dense NumPy form."""
    dense = np.array([[1., 0., 0., 2.], [0., 0., 0., 0.], [0., 3., 0., 0.]], np.float32)
    csr = CSRTensor(Tensor(np.array([0, 2, 2, 3], np.int32)), Tensor(np.array([0, 3, 1], np.int32)),
                    Tensor(np.array([1., 2., 3.], np.float32)), (3, 4))
    return csr, dense


@pytest.mark.parametrize("method, operand", [("mv", np.arange(4, dtype=np.float32)[:, None]),
                                             ("mm", np.arange(8, dtype=np.float32).reshape(4, 2))])
def test_csr_products_match_numpy(method, operand):
    csr, dense = _csr()
    assert_close(getattr(csr, method)(Tensor(operand)), dense @ operand)


def test_csr_product_rejects_a_mismatched_shape():
    csr, _ = _csr()
    with pytest.raises(ValueError, match=r"cannot be multiplied"):
        csr.mm(Tensor(np.ones((3, 2), np.float32)))


def test_coo_and_csr_convert_both_ways():
    csr, dense = _csr()
    coo = csr.to_coo()
    assert coo.indices.asnumpy().tolist() == [[0, 0], [0, 3], [2, 1]]
    assert_close(coo.to_dense(), dense)
    shuffled = COOTensor(Tensor(np.array([[2, 1], [0, 3], [0, 0]], np.int32)),
                         Tensor(np.array([3., 2., 1.], np.float32)), (3, 4))
    back = shuffled.to_csr()
    assert back.indptr.asnumpy().tolist() == [0, 2, 2, 3]
    assert back.indices.asnumpy().tolist() == [0, 3, 1]
    assert_close(back.to_dense(), dense)


def test_sparse_tensors_pass_through_jit_and_grad():
    csr, dense = _csr()

    @msjax.jit
    def scaled(sparse, factor):
        return CSRTensor(sparse.indptr, sparse.indices, sparse.values * factor, sparse.shape)

    out = scaled(csr, Tensor(np.float32(2)))
    assert isinstance(out, CSRTensor) and out.shape == (3, 4)
    assert_close(out.to_dense(), dense * 2)

    def total(values):
        return CSRTensor(csr.indptr, csr.indices, values, csr.shape).mv(
            Tensor(np.ones((4, 1), np.float32))).sum()

    assert_close(msjax.grad(total)(csr.values), np.ones(3, np.float32))
