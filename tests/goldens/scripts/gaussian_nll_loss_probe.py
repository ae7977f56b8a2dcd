"""MindSpore 2.10's `ops.gaussian_nll_loss`: values and dtypes, and its checks of `full`, `eps`
and `reduction`. Printed `label -> RESULT`; tests/ops/test_loss_checks.py runs it unchanged on
msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/gaussian_nll_loss_probe.py \
        | grep -- " -> " > tests/goldens/ops/gaussian_nll_loss_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


def show(label, fn):
    try:
        out = fn()
        if isinstance(out, Tensor):
            out = (str(out.dtype), np.round(out.asnumpy().astype(np.float64), 4).tolist())
        print(label, "->", out)
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(label, "-> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])


a = Tensor(np.arange(8).reshape((4, 2)), ms.float32)
b = Tensor(np.array([2, 3, 1, 4, 6, 4, 4, 9]).reshape((4, 2)), ms.float32)
var = Tensor(np.array([[1.0], [0.5], [2.0], [1.5]]), ms.float32)
for full in (False, True):
    for reduction in ("mean", "sum", "none"):
        show(f"full={full} {reduction}",
             lambda: ops.gaussian_nll_loss(a, b, var, full=full, reduction=reduction))
show("float16", lambda: ops.gaussian_nll_loss(a.astype(ms.float16), b.astype(ms.float16),
                                              var.astype(ms.float16), full=True))
show("full=1", lambda: ops.gaussian_nll_loss(a, b, var, full=1))
show("full=None", lambda: ops.gaussian_nll_loss(a, b, var, full=None))
show("eps=1", lambda: ops.gaussian_nll_loss(a, b, var, eps=1))
show("eps=-1.0", lambda: ops.gaussian_nll_loss(a, b, var, eps=-1.0))
show("reduction", lambda: ops.gaussian_nll_loss(a, b, var, reduction="avg"))
