"""MindSpore 2.10's gradients of SoftmaxCrossEntropyWithLogits (the Primitive, and
nn.SoftmaxCrossEntropyWithLogits with sparse=False over it) found differing by
tools/docstring_conformance.py (nn.ForwardValueAndGrad's example): MindSpore's bprop passes
`softmax(logits) - labels` scaled by the loss's gradient to the logits, whatever the labels sum
to, and nothing to the labels. Gradients with labels that sum to 1, to 2 and to 0.5, through
the Primitive, the Cell with each reduction, and in GRAPH_MODE.

Prints `label -> result` lines; tests/ops/test_softmax_ce_grad.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/softmax_ce_grad_probe.py \\
        | grep -- " -> " > tests/goldens/ops/softmax_ce_grad_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 5).tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0].rstrip()}"
    print(f"{label} -> {result}")


logits = Tensor(np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], np.float32))
LABELS = {"one-hot": [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]],
          "sum 2": [[1.0, 0.5, 0.5], [0.0, 2.0, 0.0]],
          "sum 0.5": [[0.25, 0.25, 0.0], [0.0, 0.0, 0.5]]}
prim = ops.SoftmaxCrossEntropyWithLogits()
for mode in ("pynative", "graph"):
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    for name, values in LABELS.items():
        labels = Tensor(np.array(values, np.float32))
        weights = Tensor(np.array([1.0, 3.0], np.float32))

        class PrimLoss(nn.Cell):
            def construct(self, x, y):
                return (prim(x, y)[0] * weights).sum()

        show(f"{mode} Primitive {name}", lambda: ms.grad(PrimLoss(), grad_position=(0, 1))(logits, labels))
        for reduction in ("none", "mean", "sum"):
            cell = nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction=reduction)

            class CellLoss(nn.Cell):
                def __init__(self):
                    super().__init__()
                    self.loss = cell

                def construct(self, x, y):
                    return (self.loss(x, y) * 2.0).sum()

            show(f"{mode} Cell {reduction} {name}",
                 lambda: ms.grad(CellLoss(), grad_position=(0, 1))(logits, labels))
ms.set_context(mode=ms.PYNATIVE_MODE)
