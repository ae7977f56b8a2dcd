"""ResizeLinear1D (linear resampling along the last axis) in both coordinate modes, and its
gradient: MindSpore 2.10's results. Golden: tests/goldens/api/conformance_probe26.out."""
import numpy as np
from mindspore import Tensor, nn
from mindspore.common import dtype as mstype
from mindspore.ops import composite as C
from mindspore.ops.operations import ResizeLinear1D


def show(label, f):
    try:
        r = f()
        for i, t in enumerate(r if isinstance(r, (tuple, list)) else (r,)):
            values = np.round(t.asnumpy().astype(np.float64), 4)
            print(f"{label}[{i}]", "->", t.dtype, t.shape, values.tolist())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


class Net(nn.Cell):
    def __init__(self, mode):
        super().__init__()
        self.op = ResizeLinear1D(mode)

    def construct(self, x, size):
        return self.op(x, size)


x = np.array([[[1, 2, 3, 7], [4, 5, 6, -1]]], np.float32)
for mode in ("align_corners", "half_pixel"):
    for count in (1, 3, 4, 7, 10):
        size = Tensor(np.array([count]), mstype.int64)
        show(f"{mode} {count}", lambda: Net(mode)(Tensor(x), size))
        sens = Tensor(np.arange(2 * count, dtype=np.float32).reshape(1, 2, count))
        show(f"{mode} {count} grad", lambda: C.GradOperation(sens_param=True)(Net(mode))(
            Tensor(x), size, sens))
show("float64", lambda: Net("half_pixel")(Tensor(x, mstype.float64), Tensor(np.array([5]), mstype.int64)))
