"""`ops.SparseApplyFtrl`, `ops.SparseApplyFtrlV2` and `SparseMatrixMatMul`
(`mindspore.ops.operations.sparse_ops`): the probe script run unchanged on msjax prints what
MindSpore 2.10 printed (tests/goldens/ops/sparse_ops_probe.out); SparseApplyFtrlV2, which
MindSpore's CPU build cannot run, against its documented formula in NumPy; updates under jit and
a failed call that changes nothing; the CSR product's gradient (MindSpore defines none) is the
dense product's."""
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/sparse_ops_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("sparse_ops_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_sparse_op_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def _state(seed=0):
    rng = np.random.RandomState(seed)
    return [rng.rand(5, 3).astype(np.float32), (rng.rand(5, 3) + 0.1).astype(np.float32),
            (rng.rand(5, 3) - 0.5).astype(np.float32)]


def _ftrl_v2_numpy(var, accum, linear, grad, indices, lr, l1, l2, shrinkage, lr_power):
    var, accum, linear = var.copy(), accum.copy(), linear.copy()
    for row, g in zip(indices, grad):
        w, a = var[row].astype(np.float64), accum[row].astype(np.float64)
        new_a = a + g * g
        lin = linear[row] + g + 2 * shrinkage * w - (new_a ** -lr_power - a ** -lr_power) / lr * w
        quad = new_a ** -lr_power / lr + 2 * l2
        var[row] = np.where(np.abs(lin) > l1, (np.sign(lin) * l1 - lin) / quad, 0.0)
        accum[row], linear[row] = new_a, lin
    return var, accum, linear


@pytest.mark.parametrize("hyper", [(0.1, 0.0, 0.0, 0.0, -0.5), (0.05, 0.2, 0.3, 0.4, -0.5),
                                   (0.1, 0.1, 0.0, 0.25, 0.0), (0.2, 0.0, 0.1, 0.1, -1.0)])
def test_sparse_apply_ftrl_v2_follows_its_formula(hyper):
    lr, l1, l2, shrinkage, lr_power = hyper
    var, accum, linear = _state()
    grad = np.random.RandomState(3).randn(3, 3).astype(np.float32)
    indices = np.array([4, 0, 2], np.int32)
    params = [Parameter(Tensor(v), name=n) for v, n in zip((var, accum, linear),
                                                             ("var", "accum", "linear"))]
    out = ops.SparseApplyFtrlV2(lr, l1, l2, shrinkage, lr_power)(*params, Tensor(grad),
                                                                 Tensor(indices))
    expected = _ftrl_v2_numpy(var, accum, linear, grad, indices, *hyper)
    for got, param, want in zip(out, params, expected):
        np.testing.assert_allclose(got.asnumpy(), want, rtol=2e-5, atol=1e-6)
        np.testing.assert_allclose(param.asnumpy(), want, rtol=2e-5, atol=1e-6)


def test_sparse_apply_ftrl_v2_without_shrinkage_is_sparse_apply_ftrl():
    grad = Tensor(np.random.RandomState(4).randn(2, 3).astype(np.float32))
    indices = Tensor(np.array([1, 3], np.int32))
    first = [Parameter(Tensor(v), name=f"a{i}") for i, v in enumerate(_state())]
    second = [Parameter(Tensor(v), name=f"b{i}") for i, v in enumerate(_state())]
    ops.SparseApplyFtrl(0.1, 0.1, 0.2, -0.5)(*first, grad, indices)
    ops.SparseApplyFtrlV2(0.1, 0.1, 0.2, 0.0, -0.5)(*second, grad, indices)
    for a, b in zip(first, second):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())


def test_sparse_apply_ftrl_under_jit_updates_the_parameters():
    prim = ops.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5)
    eager = [Parameter(Tensor(v), name=f"e{i}") for i, v in enumerate(_state())]
    compiled = [Parameter(Tensor(v), name=f"c{i}") for i, v in enumerate(_state())]
    grad = Tensor(np.random.RandomState(5).randn(2, 3).astype(np.float32))
    indices = Tensor(np.array([4, 1], np.int64))
    prim(*eager, grad, indices)
    ms.jit(lambda g, i: prim(*compiled, g, i))(grad, indices)
    for a, b in zip(eager, compiled):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-6)


def test_failed_sparse_apply_ftrl_changes_nothing():
    params = [Parameter(Tensor(v), name=f"p{i}") for i, v in enumerate(_state())]
    before = [p.asnumpy().copy() for p in params]
    with pytest.raises(ValueError, match="grad_shape"):
        ops.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5)(*params, Tensor(np.ones((3, 3), np.float32)),
                                                 Tensor(np.array([0, 1], np.int32)))
    for p, b in zip(params, before):
        np.testing.assert_array_equal(p.asnumpy(), b)


def test_sparse_matrix_mat_mul_path_and_gradient():
    from msjax.ops.operations.sparse_ops import SparseMatrixMatMul  # MindSpore's path
    i32 = lambda v: Tensor(np.array(v, np.int32))  # noqa: E731
    csr = (i32([2, 3, 4]), i32([0, 3, 5]), i32([0, 1, 2, 3, 0, 0, 2, 2]), i32([1, 0, 3, 2, 3]))
    values = Tensor(np.array([2.0, 3.0, -1.0, 4.0, 0.5], np.float32))
    dense = np.zeros((2, 3, 4), np.float32)
    for (b, r, c), v in zip([(0, 0, 1), (0, 1, 0), (0, 2, 3), (1, 1, 2), (1, 1, 3)],
                            values.asnumpy()):
        dense[b, r, c] = v
    x2 = Tensor(np.random.RandomState(6).rand(2, 4, 3).astype(np.float32))
    dout = np.random.RandomState(7).rand(2, 3, 3).astype(np.float32)

    def loss(v, d):
        return (SparseMatrixMatMul()(*csr, v, d) * Tensor(dout)).sum()

    grad_values, grad_x2 = ops.grad(loss, grad_position=(0, 1))(values, x2)
    expected_x2 = np.einsum("brc,brk->bck", dense, dout)
    np.testing.assert_allclose(grad_x2.asnumpy(), expected_x2, rtol=1e-5)
    full = np.einsum("brk,bck->brc", dout, x2.asnumpy())
    expected_values = [full[0, 0, 1], full[0, 1, 0], full[0, 2, 3], full[1, 1, 2], full[1, 1, 3]]
    np.testing.assert_allclose(grad_values.asnumpy(), expected_values, rtol=1e-5)
    assert not hasattr(ops, "SparseMatrixMatMul")  # as in MindSpore 2.10
