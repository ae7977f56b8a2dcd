"""MindSpore 2.10's Cholesky on a matrix that is not symmetric positive-definite: every entry
point (ops.cholesky, the Primitive, Tensor.cholesky, mindspore.scipy.linalg, nn.MatDet, GRAPH_MODE)
raises its kernel's RuntimeError, as it does for a matrix holding NaN; a positive-definite batch
computes. Golden: tests/goldens/ops/cholesky_positive_definite_probe.out
(tests/ops/test_cholesky_checks.py)."""
import numpy as np
import mindspore as ms
from mindspore import ops, nn, Tensor
import mindspore.scipy.linalg as msl

bad = Tensor(np.array([[1.0, 2.0], [2.0, 1.0]], np.float32))
batch = Tensor(np.array([[[4.0, 2.0], [2.0, 3.0]], [[1.0, 2.0], [2.0, 1.0]]], np.float32))
good = Tensor(np.array([[[4.0, 2.0], [2.0, 3.0]], [[2.0, 0.5], [0.5, 1.0]]], np.float32))
with_nan = Tensor(np.array([[4.0, np.nan], [np.nan, 3.0]], np.float32))


def show(label, fn):
    try:
        r = fn()
        r = r[0] if isinstance(r, tuple) else r
        print(label, "->", "OK", np.round(r.asnumpy().astype(np.float64), 5).ravel().tolist())
    except Exception as e:
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")]
        print(label, "->", type(e).__name__, lines[0] if lines else "")


show("ops.cholesky", lambda: ops.cholesky(bad))
show("ops.cholesky batch with one bad", lambda: ops.cholesky(batch))
show("ops.cholesky upper", lambda: ops.cholesky(bad, upper=True))
show("Primitive", lambda: ops.Cholesky()(bad))
show("Tensor.cholesky", lambda: bad.cholesky())
show("scipy cholesky", lambda: msl.cholesky(bad))
show("scipy cho_factor", lambda: msl.cho_factor(bad))
show("nn.MatDet", lambda: nn.MatDet()(bad))
show("ops.cholesky good batch", lambda: ops.cholesky(good))
show("ops.cholesky nan", lambda: ops.cholesky(with_nan))
ms.set_context(mode=ms.GRAPH_MODE)


@ms.jit
def factor(x):
    return ops.cholesky(x)


show("graph ops.cholesky", lambda: factor(bad))
show("graph ops.cholesky good", lambda: factor(good))
