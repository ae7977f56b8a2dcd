"""MindSpore 2.10's Softmax gradient on rows that are nearly one-hot (a softmax with temperature
1e-5, as AutoDis of MindSpore's model zoo has): SoftmaxGrad's `y * (dy - sum(dy * y))`, in
PyNative and graph mode, for ops.Softmax, ops.softmax, nn.Softmax and mint.nn.functional.softmax.
Printed `label -> [gradient]` (float32 values, repr-exact); tests/ops/test_softmax_grad.py runs it
unchanged on msjax and compares within 1e-3 of each element (jax.nn.softmax's own gradient,
compiled, was 12% off in one element).
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/softmax_grad_probe.py \
        | grep -- " -> " > tests/goldens/ops/softmax_grad_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, mint, nn, ops

rs = np.random.RandomState(0)
LOGITS = (rs.rand(2, 5).astype(np.float32) * 0.02 - 0.01)
WEIGHTS = Tensor(rs.rand(4, 2).astype(np.float32))
EMBEDDING = Tensor(rs.randn(2, 5, 8).astype(np.float32))
TARGET = Tensor(rs.randn(4, 2, 8).astype(np.float32))


class TemperatureSoftmax(nn.Cell):
    """AutoDis's discretisation: per-field scores over buckets, softmax at temperature 1e-5."""

    def __init__(self, softmax):
        super().__init__()
        self.logits = ms.Parameter(Tensor(LOGITS), name="logits")
        self.softmax = softmax

    def construct(self, w, emb, target):
        scores = ops.ExpandDims()(w, 2).transpose(1, 0, 2) * ops.ExpandDims()(self.logits, 0).transpose(1, 0, 2)
        p = self.softmax(scores / 1e-5)
        e = ops.BatchMatMul()(p, emb).transpose(1, 0, 2)
        return (e * target).sum()


class MintSoftmax(nn.Cell):
    def construct(self, x):
        return mint.nn.functional.softmax(x, -1)


class OpsSoftmax(nn.Cell):
    def construct(self, x):
        return ops.softmax(x, -1)


for mode, mname in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for label, softmax in [("ops.Softmax", ops.Softmax()), ("ops.softmax", OpsSoftmax()),
                           ("nn.Softmax", nn.Softmax()), ("mint.softmax", MintSoftmax())]:
        net = TemperatureSoftmax(softmax)
        try:
            g = ms.grad(net, None, net.trainable_params())(WEIGHTS, EMBEDDING, TARGET)[0]
            print(f"{mname} {label} ->", [float(v) for v in g.asnumpy().ravel()])
        except Exception as e:  # noqa: BLE001
            print(f"{mname} {label} -> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])
