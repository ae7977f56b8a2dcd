"""MindSpore 2.10's `ops.CTCLossV2` primitive and `ops.ctc_loss` (issue #25): the negative
log-likelihood, the log-alpha table (-inf where the recursion does not reach: past each input's
length and each target's extended length), the reductions, the gradient and the argument checks.
Printed `label -> RESULT`; tests/ops/test_ctc_loss_primitive.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ctc_loss_v2.py \
        | grep -- " -> " > tests/goldens/ops/ctc_loss_v2.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops.operations import CTCLossV2


def desc(v):
    if isinstance(v, Tensor):
        values = np.round(v.asnumpy().astype(np.float64), 3)
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0]}"
    print(label, "->", result)


T, N, C = 4, 2, 3
lp = ops.log_softmax(Tensor(np.arange(T * N * C).reshape(T, N, C) * 0.1, ms.float32), -1)
tg = Tensor(np.array([[1, 2], [2, 2]]), ms.int32)
il = Tensor(np.array([4, 3]), ms.int32)
tl = Tensor(np.array([2, 1]), ms.int32)
show("repr", lambda: repr(CTCLossV2()))
show("attrs", lambda: (CTCLossV2(blank=1).blank, CTCLossV2().reduction, CTCLossV2().zero_infinity))
show("v2", lambda: CTCLossV2()(lp, tg, il, tl))
show("v2 blank 1", lambda: CTCLossV2(blank=1)(lp, Tensor(np.array([[0, 2], [2, 0]]), ms.int32), il, tl))
show("v2 int64", lambda: CTCLossV2()(lp, Tensor(np.array([[1, 2], [2, 2]])), Tensor(np.array([4, 3])),
                                      Tensor(np.array([2, 1])))[0])
show("v2 float64", lambda: CTCLossV2()(lp.astype(ms.float64), tg, il, tl)[0])
show("v2 grad", lambda: ms.grad(lambda a: CTCLossV2()(a, tg, il, tl)[0].sum())(lp))
show("v2 reduction mean", lambda: CTCLossV2(reduction="mean"))
show("v2 reduction int", lambda: CTCLossV2(reduction=1))
show("v2 blank float", lambda: CTCLossV2(blank=1.0))
show("v2 zero_infinity int", lambda: CTCLossV2(zero_infinity=1))
show("v2 NONE", lambda: CTCLossV2(reduction="NONE").reduction)
for reduction in ("none", "mean", "sum"):
    show(f"ops.ctc_loss {reduction}", lambda: ops.ctc_loss(lp, tg, il, tl, reduction=reduction))
show("ops.ctc_loss blank 2", lambda: ops.ctc_loss(lp, Tensor(np.array([[1, 1], [1, 0]]), ms.int32), il, tl,
                                                  blank=2)[0])
show("ops.ctc_loss grad", lambda: ms.grad(lambda a: ops.ctc_loss(a, tg, il, tl)[0])(lp))
