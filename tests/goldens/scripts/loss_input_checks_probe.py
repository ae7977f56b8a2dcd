"""MindSpore 2.10's checks of the inputs of ops.cross_entropy (non-Tensor input, target and
weight; ignore_index, label_smoothing and reduction of the wrong kind) and of
nn.MultiClassDiceLoss's weights and ignore_indiex; printed `label -> RESULT`.
tests/nn/test_loss_input_checks.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/loss_input_checks_probe.py \\
        | grep -- " -> " > tests/goldens/nn/loss_input_checks_probe.out
"""
import numpy as np
from mindspore import Tensor, nn, ops
from mindspore import dtype as mstype


def show(label, fn):
    try:
        out = fn()
        if isinstance(out, Tensor):
            out = (str(out.dtype), out.shape, np.round(out.asnumpy().astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        out = f"ERR {type(e).__name__} | {str(e).splitlines()[0] if str(e) else ''}"
    print(f"{label} -> {out}".replace("\n", "\\n"))


logits = np.array([[0.5, -1.0, 2.0, 0.1, 0.3], [1.5, 0.2, -0.3, 0.0, 0.7], [0.0, 0.4, 0.9, -2.0, 1.0]],
                  np.float32)
x = Tensor(logits)
t = Tensor(np.array([1, 0, 4]), mstype.int32)
w = Tensor(np.array([0.5, 1.0, 1.5, 2.0, 0.25]), mstype.float32)
show("cross_entropy ok", lambda: ops.cross_entropy(x, t, w))
show("cross_entropy numpy input", lambda: ops.cross_entropy(logits, t, w))
show("cross_entropy list input", lambda: ops.cross_entropy(logits.tolist(), t, w))
show("cross_entropy numpy target", lambda: ops.cross_entropy(x, np.array([1, 0, 4]), w))
show("cross_entropy numpy weight", lambda: ops.cross_entropy(x, t, np.ones(5)))
show("cross_entropy int input", lambda: ops.cross_entropy(Tensor(logits, mstype.int32), t, w))
show("cross_entropy ignore_index str", lambda: ops.cross_entropy(x, t, w, ignore_index="1"))
show("cross_entropy ignore_index float", lambda: ops.cross_entropy(x, t, w, ignore_index=1.0))
show("cross_entropy ignore_index bool", lambda: ops.cross_entropy(x, t, w, ignore_index=True))
show("cross_entropy ignore_index 1", lambda: ops.cross_entropy(x, t, w, ignore_index=1))
show("cross_entropy label_smoothing -0.1", lambda: ops.cross_entropy(x, t, w, label_smoothing=-0.1))
show("cross_entropy label_smoothing int", lambda: ops.cross_entropy(x, t, w, label_smoothing=1))
show("cross_entropy label_smoothing str", lambda: ops.cross_entropy(x, t, w, label_smoothing="a"))
show("cross_entropy reduction bad", lambda: ops.cross_entropy(x, t, w, reduction="avg"))
show("cross_entropy reduction int", lambda: ops.cross_entropy(x, t, w, reduction=1))
show("cross_entropy weight None", lambda: ops.cross_entropy(x, t))
show("CrossEntropyLoss numpy target", lambda: nn.CrossEntropyLoss()(x, np.array([1, 0, 4])))
show("CrossEntropyLoss ignore_index str", lambda: nn.CrossEntropyLoss(ignore_index="1")(x, t))

y_pred = Tensor(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]]), mstype.float32)
y = Tensor(np.array([[1, 0], [0, 1], [1, 1]]), mstype.float32)
for label, kw in [("weights str", {"weights": "1"}), ("weights list", {"weights": [1.0, 2.0]}),
                  ("weights 1-d", {"weights": Tensor([1.0, 2.0])}),
                  ("weights 1x2", {"weights": Tensor([[1.0, 2.0]])}),
                  ("weights 3x2", {"weights": Tensor([[1.0, 2.0], [0.5, 0.5], [2.0, 1.0]])}),
                  ("ignore_indiex str", {"ignore_indiex": "2"}),
                  ("ignore_indiex float", {"ignore_indiex": 1.0}),
                  ("ignore_indiex bool", {"ignore_indiex": True}), ("ignore_indiex 1", {"ignore_indiex": 1}),
                  ("activation gelu", {"activation": "gelu"}), ("activation int", {"activation": 1}),
                  ("activation None", {"activation": None})]:
    show(f"MultiClassDiceLoss {label}", lambda: nn.MultiClassDiceLoss(**kw)(y_pred, y))
show("MultiClassDiceLoss shapes", lambda: nn.MultiClassDiceLoss()(y_pred, Tensor(np.array([[1, 0], [0, 1]]), mstype.float32)))
