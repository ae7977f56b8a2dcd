"""Sparse arithmetic (msjax/_src/core/sparse_tensor.py: COOTensor's operators, `coo_merge`,
`csr_merge`; ops/sparse_ops.py `csr_add`; ops/sparse_matrix_ops.py `SparseMatrixAdd`):
tests/goldens/scripts/sparse_arithmetic_probe.py run unchanged must print what MindSpore 2.10
printed; the table checks the merges against dense NumPy sums."""
import warnings

import numpy as np
import pytest

import msjax as ms
from msjax import COOTensor, CSRTensor, Tensor, ops
from msjax._src.transforms.control_flow import GraphFallbackWarning
from msjax.ops.operations.sparse_ops import SparseMatrixAdd
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/sparse_arithmetic_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    with warnings.catch_warnings():  # jit of a merge runs eagerly, with MindSpore's values
        warnings.simplefilter("ignore", GraphFallbackWarning)
        return run_script_on_msjax("sparse_arithmetic_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_sparse_arithmetic_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def coo(entries, shape=(3, 4)):
    index = np.array([e[:2] for e in entries], np.int32).reshape(-1, 2)
    return COOTensor(Tensor(index), Tensor(np.array([e[2] for e in entries], np.float32)), shape)


def dense_of(entries, shape=(3, 4)):
    out = np.zeros(shape, np.float32)
    for r, c, v in entries:
        out[r, c] += v
    return out


# sorted, duplicate-free entry lists: the merge is their dense sum, entries sorted
COO_CASES = [
    ([(0, 0, 1.0)], [(2, 3, 2.0)]),
    ([(0, 1, 1.0), (1, 1, 2.0)], [(0, 1, -1.0), (1, 0, 4.0), (2, 2, 1.0)]),
    ([], [(1, 2, 3.0)]),
    ([(0, 0, 1.0), (0, 3, 1.0), (2, 0, 5.0)], [(0, 0, 2.0), (0, 3, 2.0), (2, 0, 1.0)]),
]


@pytest.mark.parametrize("a,b", COO_CASES)
def test_coo_sum_and_difference_are_the_dense_ones(a, b):
    total, difference = coo(a) + coo(b), coo(a) - coo(b)
    np.testing.assert_allclose(total.to_dense().asnumpy(), dense_of(a) + dense_of(b))
    np.testing.assert_allclose(difference.to_dense().asnumpy(), dense_of(a) - dense_of(b))
    keys = [tuple(k) for k in total.indices.asnumpy().tolist()]
    assert keys == sorted(set(keys)) == sorted({(r, c) for r, c, _ in a + b})


def test_coo_with_dense_operands():
    a, dense = coo([(0, 1, 2.0), (2, 3, -1.0)]), np.arange(12, dtype=np.float32).reshape(3, 4) + 1
    d = Tensor(dense)
    np.testing.assert_allclose((a + d).asnumpy(), dense_of([(0, 1, 2.0), (2, 3, -1.0)]) + dense)
    np.testing.assert_allclose((d - a).asnumpy(), dense - dense_of([(0, 1, 2.0), (2, 3, -1.0)]))
    np.testing.assert_allclose((a * d).values.asnumpy(), [2.0 * 2, -1.0 * 12])
    np.testing.assert_allclose((a / d).values.asnumpy(), [2.0 / 2, -1.0 / 12])
    with pytest.raises(ValueError, match="Input tensors should have the same shape."):
        a + coo([(0, 0, 1.0)], (4, 4))
    with pytest.raises(AttributeError, match="'int' object has no attribute 'shape'"):
        a * 2


def csr(rows, shape=(3, 5)):
    """A CSRTensor from {row: [(column, value), ...]} with sorted columns."""
    indptr, indices, values = [0], [], []
    for r in range(shape[0]):
        for c, v in rows.get(r, []):
            indices.append(c)
            values.append(v)
        indptr.append(len(indices))
    return CSRTensor(Tensor(np.array(indptr, np.int32)), Tensor(np.array(indices, np.int32)),
                     Tensor(np.array(values, np.float32)), shape)


CSR_CASES = [
    ({0: [(1, 1.0)]}, {2: [(4, 2.0)]}, 1.0, 1.0),
    ({0: [(0, 1.0), (3, 2.0)], 1: [(2, 5.0)]}, {0: [(1, 1.0), (3, 1.0)], 2: [(0, 3.0)]}, 2.0, -0.5),
    ({1: [(0, 1.0), (1, 1.0)]}, {1: [(0, 1.0), (1, 1.0)]}, 1.0, -1.0),
]


@pytest.mark.parametrize("a,b,alpha,beta", CSR_CASES)
def test_csr_add_is_the_dense_combination(a, b, alpha, beta):
    x, y = csr(a), csr(b)
    out = ops.csr_add(x, y, Tensor(alpha, ms.float32), Tensor(beta, ms.float32))
    expected = alpha * x.to_dense().asnumpy() + beta * y.to_dense().asnumpy()
    np.testing.assert_allclose(out.to_dense().asnumpy(), expected)
    stored = {(r, c) for rows in (a, b) for r, entries in rows.items() for c, _ in entries}
    assert out.values.shape[0] == len(stored)  # zeros stay stored
    np.testing.assert_allclose(x.add(y, Tensor(alpha, ms.float32), Tensor(beta, ms.float32))
                               .to_dense().asnumpy(), expected)
    shape = Tensor(np.array(x.shape, np.int32))
    parts = [shape, Tensor(np.array([0, x.values.shape[0]], np.int32)), x.indptr, x.indices,
             x.values, shape, Tensor(np.array([0, y.values.shape[0]], np.int32)), y.indptr,
             y.indices, y.values, Tensor(alpha, ms.float32), Tensor(beta, ms.float32)]
    _, batch_pointers, indptr, indices, values = SparseMatrixAdd()(*parts)
    np.testing.assert_array_equal(indptr.asnumpy(), out.indptr.asnumpy())
    np.testing.assert_array_equal(indices.asnumpy(), out.indices.asnumpy())
    np.testing.assert_allclose(values.asnumpy(), out.values.asnumpy())
    assert batch_pointers.asnumpy().tolist() == [0, len(stored)]


def test_csr_add_checks_its_arguments():
    x = csr({0: [(1, 1.0)]})
    with pytest.raises(TypeError, match="both inputs a and b must be type of CSRTensor"):
        ops.csr_add(x, x.to_dense(), Tensor(1.0), Tensor(1.0))
    with pytest.raises(TypeError, match="both inputs alpha and beta must be Tensor"):
        ops.csr_add(x, x, 1, 1)
