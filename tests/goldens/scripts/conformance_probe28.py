"""The gradient of IndexFill in all its inputs (the index and axis integer Tensors included):
MindSpore 2.10's results. Golden: tests/goldens/api/conformance_probe28.out."""
import numpy as np
from mindspore import Tensor, nn
from mindspore.common import dtype as mstype
from mindspore.ops import composite as C
from mindspore.ops.operations import array_ops


def show(label, f):
    try:
        r = f()
        for i, t in enumerate(r if isinstance(r, (tuple, list)) else (r,)):
            print(f"{label}[{i}]", "->", t.dtype, t.shape, t.asnumpy().tolist())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = array_ops.IndexFill()

    def construct(self, x, dim, index, value):
        return self.op(x, dim, index, value)


x = Tensor(np.arange(12).reshape(3, 4), mstype.float32)
sens = Tensor(np.arange(12).reshape(3, 4) + 1.0, mstype.float32)
show("IndexFill grad axis 1", lambda: C.GradOperation(get_all=True, sens_param=True)(Net())(
    x, Tensor(1, mstype.int32), Tensor([0, 2], mstype.int32), Tensor(-1.0, mstype.float32), sens))
show("IndexFill grad axis 0", lambda: C.GradOperation(get_all=True, sens_param=True)(Net())(
    x, Tensor(0, mstype.int64), Tensor([1], mstype.int64), Tensor(5.0, mstype.float32), sens))
