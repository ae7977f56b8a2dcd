"""MindSpore 2.10's mindspore.scipy.linalg (issue #25, sample gen6b: tests/ut/python/fallback uses it
inside a Cell): values, dtypes (int -> float64), the returned structures and the argument errors.
Printed `label -> RESULT`; tests/scipy/test_linalg.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/scipy_linalg_probe.py \\
        | grep -- " -> " > tests/goldens/scipy/scipy_linalg_probe.out
"""
import numpy as np, mindspore as ms
from mindspore import Tensor
import mindspore.scipy.linalg as alg
def unit_columns(v):
    """Eigenvectors are defined up to a factor of modulus 1 (a sign, a complex phase): each column
    shown with its first non-zero entry made real and positive, so that any solver's vectors read
    the same."""
    v = v.asnumpy()
    out = v.copy()
    for j in range(v.shape[1]):
        k = next(i for i in range(v.shape[0]) if abs(v[i, j]) > 1e-4)
        out[:, j] = v[:, j] * (abs(v[k, j]) / v[k, j])
    return Tensor(out)


def eig(r):
    return (r[0], unit_columns(r[1])) if isinstance(r, tuple) else r


def d(r):
    if isinstance(r, Tensor): return f"T{list(r.shape)} {r.dtype} {(np.round(np.real(r.asnumpy()).astype(np.float64),4) + 0.0).tolist()}"
    if isinstance(r,(tuple,list)): return "(" + ", ".join(d(e) for e in r) + ")"
    return repr(r)
def show(label, f):
    try: r = d(f())
    except Exception as e: r = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0].rstrip() if str(e).strip() else ''}"
    print(f"{label} -> {r}")
a = Tensor(np.array([[4., 2.], [2., 3.]], np.float32))
a64 = Tensor(np.array([[4., 2.], [2., 3.]], np.float64))
ai = Tensor(np.array([[2, 0, 0, 0], [0, 1, 0, 0], [0, 0, 2, 0], [0, 0, 0, 1]]))
b = Tensor(np.array([1., 2.], np.float32))
show("eigh f32", lambda: eig(alg.eigh(a)))
show("eigh int", lambda: eig(alg.eigh(ai)))
show("eigh eigvals_only", lambda: eig(alg.eigh(a, eigvals_only=True)))
show("eigh upper", lambda: eig(alg.eigh(a, lower=False)))
show("inv", lambda: alg.inv(a))
show("inv f64", lambda: alg.inv(a64))
show("inv int", lambda: alg.inv(ai))
show("inv 1d", lambda: alg.inv(b))
show("cholesky", lambda: alg.cholesky(a))
show("cholesky lower", lambda: alg.cholesky(a, lower=True))
show("cholesky int", lambda: alg.cholesky(ai))
show("cho_factor", lambda: alg.cho_factor(a))
show("cho_solve", lambda: alg.cho_solve(alg.cho_factor(a), b))
show("lu_factor", lambda: alg.lu_factor(a))
show("lu", lambda: alg.lu(a))
show("lu permute_l", lambda: alg.lu(a, permute_l=True))
show("solve_triangular", lambda: alg.solve_triangular(a, b))
show("solve_triangular lower", lambda: alg.solve_triangular(a, b, lower=True))
show("solve_triangular trans", lambda: alg.solve_triangular(a, b, trans=1))
show("solve_triangular unit", lambda: alg.solve_triangular(a, b, unit_diagonal=True))
show("block_diag", lambda: alg.block_diag(a, Tensor(np.ones((1, 3), np.float32))))
show("block_diag 1d", lambda: alg.block_diag(b, Tensor(np.float32(5))))
show("lstsq", lambda: alg.lstsq(a, b))
show("eigh list", lambda: eig(alg.eigh([[1., 0.], [0., 2.]])))
show("inv nonsquare", lambda: alg.inv(Tensor(np.ones((2, 3), np.float32))))
show("cholesky nonsquare", lambda: alg.cholesky(Tensor(np.ones((2, 3), np.float32))))
show("eigh nonsquare", lambda: eig(alg.eigh(Tensor(np.ones((2, 3), np.float32)))))
a3 = Tensor(np.array([[1., 2.], [3., 4.], [5., 7.]], np.float32))
b3 = Tensor(np.array([[1.], [2.], [4.]], np.float32))
for drv in [None, "gels", "gelsy", "gelss", "gelsd"]:
    show(f"lstsq tall {drv}", lambda: alg.lstsq(a3, b3, driver=drv))
show("lstsq bad driver", lambda: alg.lstsq(a3, b3, driver="x"))
show("lstsq dtype mismatch", lambda: alg.lstsq(a3, Tensor(np.ones((3, 1), np.float64))))
show("solve_triangular T", lambda: alg.solve_triangular(a, b, trans="T"))
show("solve_triangular bad trans", lambda: alg.solve_triangular(a, b, trans="X"))
show("block_diag empty", lambda: alg.block_diag())
show("block_diag 3d", lambda: alg.block_diag(Tensor(np.ones((1, 1, 1), np.float32))))
show("inv f16", lambda: alg.inv(Tensor(np.eye(2, dtype=np.float16))))
show("inv bool", lambda: alg.inv(Tensor(np.eye(2, dtype=np.bool_))))
show("eigh complex", lambda: eig(alg.eigh(Tensor(np.array([[2, 1j], [-1j, 2]], np.complex64)))))
show("eigh b", lambda: eig(alg.eigh(a, b=a)))
show("cholesky lower int", lambda: alg.cholesky(a, lower=1))
show("lu f64", lambda: alg.lu(a64))
show("lu permute_l f64", lambda: alg.lu(a64, permute_l=True))
show("lu_factor int", lambda: alg.lu_factor(ai))
show("cho_solve int", lambda: alg.cho_solve((ai, True), Tensor(np.ones(4, np.int32))))
show("eigh 3x3", lambda: eig(alg.eigh(Tensor(np.array([[2., -1., 0.], [-1., 2., -1.], [0., -1., 2.]], np.float32)))))
show("eigh 3x3 f64", lambda: eig(alg.eigh(Tensor(np.array([[1., 2., 3.], [2., 5., 4.], [3., 4., 9.]], np.float64)))))


class EighNet(ms.nn.Cell):
    def construct(self, x):
        return alg.eigh(x)


ms.set_context(mode=ms.GRAPH_MODE)
show("graph eigh int", lambda: eig(EighNet()(ai)))
show("graph eigh f32", lambda: eig(EighNet()(a)))
ms.set_context(mode=ms.PYNATIVE_MODE)
