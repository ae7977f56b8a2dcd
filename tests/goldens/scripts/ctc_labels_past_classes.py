"""MindSpore 2.10's CTC loss (`nn.CTCLoss`, `ops.ctc_loss`) given target labels at or past the
number of classes (issue #25; MindSpore's tests/st/nn/test_ctc_loss.py does so): its CPU kernel
reads each label's log-probability from the time-major (T, N, C) memory at (t*N + n)*C + label, so
such a label reads the next sequence's or frame's values. Printed
`label -> RESULT`; tests/ops/test_ctc_loss_primitive.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ctc_labels_past_classes.py \
        | grep -- " -> " > tests/goldens/ops/ctc_labels_past_classes.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops


def show(label, f):
    try:
        result = np.round(f().asnumpy().astype(np.float64), 3).tolist()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0]}"
    print(label, "->", result)


def case(t, n, c, s, scale, target_length):
    logits = Tensor(np.arange(t * n * c).reshape(t, n, c) * scale, ms.float32)
    targets = Tensor(np.arange(n * s).reshape(n, s), ms.int32)
    return (logits, targets, Tensor(np.full(n, t), ms.int32),
            Tensor(np.full(n, target_length), ms.int32))


for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
    ms.set_context(mode=mode)
    for reduction in ("none", "mean", "sum"):
        show(f"mode {mode} {reduction} T10 N2 C4",
             lambda: nn.CTCLoss(blank=0, reduction=reduction)(*case(10, 2, 4, 5, 1.0, 3)))
ms.set_context(mode=ms.PYNATIVE_MODE)
show("scaled 0.1",
     lambda: nn.CTCLoss(blank=0, reduction="none")(*case(10, 2, 4, 5, 0.1, 3)))
# (a label whose read goes past the memory's end reads what follows it there: not probed)
show("N3 C5 scaled 0.05", lambda: nn.CTCLoss(blank=0, reduction="none")(
    case(6, 3, 5, 4, 0.05, 2)[0], Tensor(np.array([[6, 2, 3, 4], [5, 6, 7, 8], [1, 2, 3, 4]]), ms.int32),
    *case(6, 3, 5, 4, 0.05, 2)[2:]))
show("log_softmax inputs",
     lambda: ops.ctc_loss(ops.log_softmax(case(8, 2, 4, 5, 0.1, 3)[0], -1), *case(8, 2, 4, 5, 0.1, 3)[1:],
                          blank=0, reduction="none")[0])
show("blank 3", lambda: nn.CTCLoss(blank=3, reduction="none")(*case(7, 2, 4, 3, 0.1, 2)))
