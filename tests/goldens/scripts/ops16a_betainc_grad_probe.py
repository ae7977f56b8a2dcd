"""MindSpore 2.10's gradient of Betainc (ops.operations.math_ops): zero in a and b, the
derivative of I_x(a, b) in x, in float32 and float64, in PyNative and graph mode."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops
from mindspore.ops.operations.math_ops import Betainc


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = Betainc()

    def construct(self, a, b, x):
        return self.op(a, b, x)


a = np.array([0.5, 2.0, 3.0, 1.0], np.float32)
b = np.array([1.5, 0.7, 2.0, 1.0], np.float32)
x = np.array([0.2, 0.5, 0.9, 0.3], np.float32)
for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for dtype in (np.float32, np.float64):
        grads = ops.GradOperation(get_all=True)(Net())(
            Tensor(a.astype(dtype)), Tensor(b.astype(dtype)), Tensor(x.astype(dtype)))
        for k, g in enumerate(grads):
            print(f"{name} {np.dtype(dtype).name} grad {k} -> "
                  f"{(str(g.dtype), np.round(g.asnumpy().astype(np.float64), 4).tolist())!r}")
