"""_grad_ops.KLDivLossGrad (the gradient of KLDivLoss in its logits) for each reduction, and its
errors: MindSpore 2.10's results. Golden: tests/goldens/api/conformance_probe24.out."""
import numpy as np
from mindspore import Tensor, context, nn
from mindspore.common import dtype as mstype
from mindspore.ops.operations import _grad_ops as G


def show(label, f):
    try:
        r = f()
        values = np.round(r.asnumpy().astype(np.float64), 4)
        print(label, "->", r.dtype, r.shape, values.tolist())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


class Net(nn.Cell):
    def __init__(self, *args):
        super().__init__()
        self.op = G.KLDivLossGrad(*args)

    def construct(self, dy, x, y):
        return self.op(dy, x, y)


x = np.array([[0.3, 0.7, 0.1], [0.5, 0.5, 0.2]])
y = np.array([[-1, 1, 0.5], [1, -1, 0.0]])
dy = np.array([[-1, 0, 2], [1, 1, 3]])
for mode in (context.GRAPH_MODE, context.PYNATIVE_MODE):
    context.set_context(mode=mode)
    for reduction in ("none", "mean", "sum", "batchmean"):
        for dtype in (mstype.float16, mstype.float32):
            grads = Tensor(dy, dtype) if reduction == "none" else Tensor([-2.0], dtype)
            show(f"{mode} {reduction} {dtype}", lambda: Net(reduction)(grads, Tensor(x, dtype), Tensor(y, dtype)))
    show(f"{mode} default", lambda: Net()(Tensor([3.0], mstype.float32), Tensor(x, mstype.float32),
                                          Tensor(y, mstype.float32)))
    show(f"{mode} 0-d", lambda: Net("none")(Tensor(-1.0, mstype.float32), Tensor(0.3, mstype.float32),
                                            Tensor(1.0, mstype.float32)))
    show(f"{mode} 3-d mean", lambda: Net("mean")(Tensor(-1.0, mstype.float32),
                                                 Tensor(x[None], mstype.float32), Tensor(y[None], mstype.float32)))
    show(f"{mode} bad reduction", lambda: Net("error")(Tensor([-1.0], mstype.float32),
                                                       Tensor(x, mstype.float32), Tensor(y, mstype.float32)))
    show(f"{mode} reduction not str", lambda: Net(1.0)(Tensor([-1.0], mstype.float32),
                                                       Tensor(x, mstype.float32), Tensor(y, mstype.float32)))
    show(f"{mode} int input", lambda: Net("none")(Tensor([[1, 2]], mstype.int32), Tensor([[1, 2]], mstype.int32),
                                                  Tensor([[1, 2]], mstype.int32)))
