"""mindspore.scipy's Primitives and linalg additions (ops.operations.linalg_ops.Eigh,
scipy.ops.Eig/LU/SolveTriangular/LinearSumAssignment, scipy.linalg.det/lu_solve/
lu_pivots_to_permutation, scipy.utils._nd_transpose): values, dtypes and errors. One
`label -> result` line per case (tests/scipy/test_scipy_ops.py)."""
import numpy as np

import mindspore as ms
from mindspore import Tensor
from mindspore.ops.operations.linalg_ops import Eigh
from mindspore.scipy.ops import Eig, LU, LinearSumAssignment, SolveTriangular
from mindspore.scipy.utils import _nd_transpose
import mindspore.scipy.linalg as L


def shown(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(shown(v) for v in value) + ")"
    if isinstance(value, Tensor):
        array = value.asnumpy()
        if np.iscomplexobj(array):
            return f"{value.dtype}{list(array.shape)} {np.round(array.astype(np.complex128), 4).tolist()}"
        return f"{value.dtype}{list(array.shape)} {np.round(array.astype(np.float64), 4).tolist()}"
    return repr(value)


def case(label, fn):
    try:
        result = shown(fn())
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0]}"
    print(f"{label} -> {result}")


sym = np.array([[2., 1., 0.], [1., 3., 1.], [0., 1., 4.]], np.float32)
lower_only = np.array([[2., 9., 9.], [1., 3., 9.], [0., 1., 4.]], np.float32)
square = np.array([[2., 1., 0.], [1., 3., 1.], [4., 1., 4.]], np.float32)


def eigen_residual(op, a):
    w, v = op(Tensor(a))
    h = np.tril(a) + np.tril(a, -1).T
    return float(np.abs(h @ v.asnumpy() - v.asnumpy() @ np.diag(w.asnumpy())).max() < 1e-4)


case("Eigh values", lambda: Eigh(True, True)(Tensor(sym))[0])
case("Eigh values only", lambda: Eigh(False, True)(Tensor(sym)))
case("Eigh lower triangle only, values", lambda: Eigh(False, True)(Tensor(lower_only)))
case("Eigh lower triangle only, residual", lambda: eigen_residual(Eigh(True, True), lower_only))
case("Eigh upper, values", lambda: Eigh(False, False)(Tensor(lower_only.T.copy())))
case("Eigh float64", lambda: Eigh(False, True)(Tensor(sym.astype(np.float64))))
case("Eigh complex64 dtype", lambda: Eigh(False, True)(Tensor(sym.astype(np.complex64))).dtype)
case("Eigh repr", lambda: repr(Eigh(False, True)))
case("Eigh int32", lambda: Eigh()(Tensor(sym.astype(np.int32))))
case("Eigh 1-D", lambda: Eigh()(Tensor(np.ones(3, np.float32))))
case("Eigh 2x3", lambda: Eigh()(Tensor(np.ones((2, 3), np.float32))))
case("Eig values", lambda: Eig(True)(Tensor(np.array([[1., 2.], [3., 4.]], np.float32)))[0])
case("Eig no vectors", lambda: Eig(False)(Tensor(np.array([[1., 2.], [3., 4.]], np.float64))))
case("Eig repr", lambda: repr(Eig()))
case("Eig 0-D", lambda: Eig(True)(Tensor(np.float32(3.0))))
case("Eig 1-D", lambda: Eig(True)(Tensor(np.ones(2, np.float32))))
case("Eig 2x3", lambda: Eig(True)(Tensor(np.ones((2, 3), np.float32))))
case("LU", lambda: LU()(Tensor(square)))
case("SolveTriangular lower T", lambda: SolveTriangular(True, False, 'T')(Tensor(square), Tensor(np.ones((3, 2), np.float32))))
case("SolveTriangular batch of vectors", lambda: SolveTriangular(True, False, 'N')(
    Tensor(np.stack([square, 2 * square])), Tensor(np.ones((2, 3), np.float32))))
for sa, sb in [((3, 4, 5, 5), (5, 10)), ((3, 4, 5, 5), (5, 10, 4)), ((3, 4, 5, 5), (5, 10, 5)), ((5, 5), (4, 2)),
               ((2, 5, 5), (1, 5, 3))]:
    case(f"solve_triangular {sa} {sb}", lambda: L.solve_triangular(
        Tensor(np.ones(sa, np.float32)), Tensor(np.ones(sb, np.float32))))
cost = Tensor(np.array([[4, 1, 3], [2, 0, 5], [3, 2, 2]], np.float64))
case("LinearSumAssignment no limit", lambda: LinearSumAssignment()(cost, Tensor(np.int64(9223372036854775807)), False))
case("LinearSumAssignment limit 2 maximize", lambda: LinearSumAssignment()(cost, Tensor(2), True))
case("LinearSumAssignment 3x4 int32", lambda: LinearSumAssignment()(
    Tensor(np.array([[4, 1, 3, 0], [2, 0, 5, 1], [3, 2, 2, 7]], np.int32)), Tensor(4), False))
case("LinearSumAssignment 3x4 limit 1", lambda: LinearSumAssignment()(
    Tensor(np.array([[4., 1, 3, 0], [2, 0, 5, 1], [1, 1, 1, 1]], np.float32)), Tensor(1), False))
case("LinearSumAssignment 3x2 maximize", lambda: LinearSumAssignment()(
    Tensor(np.array([[4, 1], [2, 0], [3, 2]], np.float32)), Tensor(2), True))
case("LinearSumAssignment limit too large", lambda: LinearSumAssignment()(cost, Tensor(9), False))
case("LinearSumAssignment Tensor maximize", lambda: LinearSumAssignment()(cost, Tensor(2), Tensor(False)))


@ms.jit
def assign_in_graph(c, d):
    return LinearSumAssignment()(c, d, False)


case("LinearSumAssignment in a graph", lambda: assign_in_graph(cost, Tensor(2)))
case("det 3x3", lambda: L.det(Tensor(sym)))
case("det 4x4 float64", lambda: L.det(Tensor(np.array([[2., 1, 0, 1], [1, 3, 1, 0], [0, 1, 4, 2], [1, 0, 2, 5]]))))
case("det int32", lambda: L.det(Tensor(np.array([[1, 2], [3, 4]], np.int32))))
case("det batch", lambda: L.det(Tensor(np.stack([sym, sym]))))
case("det float16", lambda: L.det(Tensor(sym.astype(np.float16))))
lu, piv = L.lu_factor(Tensor(square))
case("lu_factor pivots", lambda: piv)
case("lu_pivots_to_permutation", lambda: L.lu_pivots_to_permutation(piv, 3))
case("lu_solve", lambda: L.lu_solve((lu, piv), Tensor(np.array([[1., 2.], [3., 4.], [5., 6.]], np.float32))))
case("lu_solve trans 1", lambda: L.lu_solve((lu, piv), Tensor(np.array([[1., 2.], [3., 4.], [5., 6.]], np.float32)), trans=1))
case("lu_solve vector", lambda: L.lu_solve((lu, piv), Tensor(np.array([1., 2., 3.], np.float32))))
case("_nd_transpose", lambda: _nd_transpose(Tensor(np.arange(12.).reshape(2, 2, 3))))
