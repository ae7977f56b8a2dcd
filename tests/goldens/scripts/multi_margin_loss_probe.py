"""MindSpore 2.10's MultiMarginLoss (ops.multi_margin_loss, the Primitive, nn.MultiMarginLoss):
values for p 1 and 2, with and without weight, each reduction, and the errors of its checks.
Golden: tests/goldens/nn/multi_margin_loss_probe.out (tests/nn/test_multi_margin_loss.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

rng = np.random.default_rng(0)
x = Tensor(rng.standard_normal((16, 7)).astype(np.float32))
t = Tensor(rng.integers(0, 7, 16).astype(np.int64))
w = Tensor(rng.uniform(0.5, 2, 7).astype(np.float32))


def show(label, fn):
    try:
        r = fn()
        print(label, "->", "OK", np.asarray(r.asnumpy(), np.float64).ravel().tolist())
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


for reduction in ("none", "sum", "mean"):
    for p in (1, 2):
        for weighted in (False, True):
            weight = w if weighted else None
            show(f"ops {reduction} p={p} weight={weighted}",
                 lambda: ops.multi_margin_loss(x, t, p=p, margin=2, weight=weight,
                                               reduction=reduction))
show("Primitive margin 0.5", lambda: ops.MultiMarginLoss(p=2, margin=0.5)(x, t, w))
show("nn margin 0.5", lambda: nn.MultiMarginLoss(margin=0.5, weight=w)(x, t))
show("nn default", lambda: nn.MultiMarginLoss()(x, t))

small = Tensor(np.array([[0.3, 0.7, 0.1], [0.5, 0.2, 0.9]], np.float32))
labels = Tensor(np.array([1, 2], np.int64))
show("P margin int", lambda: ops.MultiMarginLoss(margin=1)(small, labels, None))
show("P p=3", lambda: ops.MultiMarginLoss(p=3)(small, labels, None))
show("P p=2.0", lambda: ops.MultiMarginLoss(p=2.0)(small, labels, None))
show("P reduction avg", lambda: ops.MultiMarginLoss(reduction="avg")(small, labels, None))
show("nn margin int", lambda: nn.MultiMarginLoss(margin=1)(small, labels))
show("nn p=3", lambda: nn.MultiMarginLoss(p=3)(small, labels))
show("ops margin float", lambda: ops.multi_margin_loss(small, labels, margin=0.5))
show("ops p=3", lambda: ops.multi_margin_loss(small, labels, p=3))
show("ops p=1.0", lambda: ops.multi_margin_loss(small, labels, p=1.0))
show("ops reduction avg", lambda: ops.multi_margin_loss(small, labels, reduction="avg"))
for dtype in (np.int32, np.int16, np.uint8):
    show(f"ops target {dtype.__name__}",
         lambda: ops.multi_margin_loss(small, Tensor(np.array([1, 2], dtype))))
    show(f"nn target {dtype.__name__}",
         lambda: nn.MultiMarginLoss()(small, Tensor(np.array([1, 2], dtype))))
show("ops weight float16", lambda: ops.multi_margin_loss(small, labels,
                                                         weight=Tensor(np.ones(3, np.float16))))
show("ops x rank 3", lambda: ops.multi_margin_loss(Tensor(np.ones((2, 3, 1), np.float32)), labels))
show("ops target length", lambda: ops.multi_margin_loss(small,
                                                        Tensor(np.array([1, 2, 0], np.int64))))
show("ops weight length", lambda: ops.multi_margin_loss(small, labels,
                                                        weight=Tensor(np.ones(4, np.float32))))
