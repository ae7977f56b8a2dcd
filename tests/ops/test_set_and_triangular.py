"""IgammaGradA (ops/grad_ops.py), MatrixTriangularSolve (ops/linalg_primitives.py),
DenseToDenseSetOperation / DenseToSparseSetOperation (ops/set_ops.py) and ops.dist
(ops/reduce_ops.py) as MindSpore 2.10 computes them: tests/goldens/scripts/
set_and_triangular_probe.py run unchanged. DenseToSparseSetOperation's values, which MindSpore
2.10's CPU kernel never computes (docs/migration.md), are checked against NumPy's sets."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn
from msjax._src.transforms.control_flow import GraphFallbackWarning
from msjax.ops.operations import _grad_ops, sparse_ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/set_and_triangular_probe.out")
SET_FUNCTIONS = {"a-b": np.setdiff1d, "b-a": lambda a, b: np.setdiff1d(b, a),
                 "intersection": np.intersect1d, "union": np.union1d}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("set_and_triangular_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def _numpy_sets(x1, x2_rows, operation):
    """The expected sparse triple: each row's set, ascending, packed row by row."""
    batch = x1.shape[:-1]
    rows = [SET_FUNCTIONS[operation](a, b)
            for a, b in zip(x1.reshape(-1, x1.shape[-1]), x2_rows)]
    width = max((len(r) for r in rows), default=0)
    indices = [np.unravel_index(i, batch) + (j,) for i, r in enumerate(rows) for j in range(len(r))]
    values = np.concatenate(rows) if rows else np.zeros(0, x1.dtype)
    return (np.array(indices, np.int64).reshape(-1, len(batch) + 1), values.astype(x1.dtype),
            np.array(batch + (width,), np.int64))


def _assert_triple(result, expected):
    for got, want in zip(result, expected):
        assert got.asnumpy().dtype == want.dtype
        np.testing.assert_array_equal(got.asnumpy(), want)


@pytest.mark.parametrize("operation", sorted(SET_FUNCTIONS))
def test_dense_to_dense_matches_numpy_sets(operation):
    rng = np.random.default_rng(0)
    x1 = rng.integers(0, 6, (2, 3, 5)).astype(np.int16)
    x2 = rng.integers(0, 6, (2, 3, 4)).astype(np.int16)
    op = sparse_ops.DenseToDenseSetOperation(set_operation=operation.upper())
    _assert_triple(op(Tensor(x1), Tensor(x2)),
                   _numpy_sets(x1, list(x2.reshape(-1, 4)), operation))


@pytest.mark.parametrize("operation", sorted(SET_FUNCTIONS))
def test_dense_to_sparse_matches_numpy_sets(operation):
    rng = np.random.default_rng(1)
    x1 = rng.integers(0, 8, (3, 4)).astype(np.int32)
    # x2: a sparse 3 x 5 tensor whose rows hold 2, 0 and 5 elements
    indices = np.array([[0, 1], [0, 3], [2, 0], [2, 1], [2, 2], [2, 3], [2, 4]], np.int64)
    values = rng.integers(0, 8, len(indices)).astype(np.int32)
    rows = [values[indices[:, 0] == r] for r in range(3)]
    op = sparse_ops.DenseToSparseSetOperation(set_operation=operation)
    result = op(Tensor(x1), Tensor(indices), Tensor(values), Tensor(np.array([3, 5], np.int64)))
    _assert_triple(result, _numpy_sets(x1, rows, operation))


def test_dense_to_sparse_checks_its_sparse_input():
    op = sparse_ops.DenseToSparseSetOperation()
    x1 = Tensor(np.ones((2, 3), np.int32))
    values, shape = Tensor(np.array([1, 2], np.int32)), Tensor(np.array([2, 3], np.int64))
    unsorted = Tensor(np.array([[1, 0], [0, 0]], np.int64))
    with pytest.raises(ValueError, match="row-major order"):
        op(x1, unsorted, values, shape)
    # without validate_indices the order does not matter
    result = sparse_ops.DenseToSparseSetOperation(validate_indices=False)(x1, unsorted, values,
                                                                         shape)
    _assert_triple(result, _numpy_sets(x1.asnumpy(), [np.array([2]), np.array([1])], "a-b"))
    with pytest.raises(ValueError, match="inside x2_shape"):
        op(x1, Tensor(np.array([[0, 0], [0, 3]], np.int64)), values, shape)
    with pytest.raises(ValueError, match="first n-1 dimensions"):
        op(x1, Tensor(np.array([[0, 0], [1, 0]], np.int64)), values,
           Tensor(np.array([3, 3], np.int64)))


def test_set_operation_in_a_graph_mode_cell_runs_eagerly():
    """The output's shape depends on the values: a compiled Cell runs it eagerly, as any
    op whose output shape needs its inputs' values."""
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.op = sparse_ops.DenseToDenseSetOperation(set_operation="union")

        def construct(self, x1, x2):
            return self.op(x1, x2)

    x1 = np.array([[1, 2, 4], [3, 4, 5]], np.int32)
    x2 = np.array([[3, 2, 5], [1, 4, 7]], np.int32)
    with pytest.warns(GraphFallbackWarning, match="runs eagerly"):
        result = ms.jit(Net())(Tensor(x1), Tensor(x2))
    _assert_triple(result, _numpy_sets(x1, list(x2), "union"))


def test_igamma_grad_a_is_the_derivative_of_igamma():
    a = np.array([0.5, 1.1, 2.2, 8.1], np.float64)
    x = np.array([0.2, 1.2, 2.1, 3.4], np.float64)
    grad = ms.grad(lambda t: ms.ops.igamma(t, Tensor(x)).sum())(Tensor(a))
    np.testing.assert_allclose(_grad_ops.IgammaGradA()(Tensor(a), Tensor(x)).asnumpy(),
                               grad.asnumpy(), rtol=1e-10)


def test_matrix_triangular_solve_solves():
    rng = np.random.default_rng(2)
    m = np.tril(rng.normal(size=(3, 4, 4))) + 4 * np.eye(4)
    rhs = rng.normal(size=(3, 4, 2))
    for adjoint in (False, True):
        op = ms.ops.MatrixTriangularSolve(lower=True, adjoint=adjoint)
        x = ms.jit(lambda a, b, op=op: op(a, b))(Tensor(m), Tensor(rhs)).asnumpy()
        np.testing.assert_allclose((np.swapaxes(m, -1, -2) if adjoint else m) @ x, rhs,
                                   atol=1e-10)
