"""MindSpore 2.10's Tensor.expand with its size as a Tensor, a tuple or separate ints (and -1),
in PyNative and graph mode."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn
from mindspore.common import dtype as mstype


def show(label, fn):
    try:
        out = fn()
        print(f"{label} -> {out.dtype} {out.shape} {out.asnumpy().tolist()}")
    except Exception as e:  # noqa: BLE001 - the probe records MindSpore's error
        print(f"{label} -> {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


class Expand(nn.Cell):
    def construct(self, x, size):
        return x.expand(size)


x = Tensor(np.array([[1], [2], [3]]), mstype.float32)
for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    show(f"{name} tensor int32", lambda: x.expand(Tensor(np.array([3, 4]), mstype.int32)))
    show(f"{name} tensor int64", lambda: x.expand(Tensor(np.array([2, 3, 4]), mstype.int64)))
    show(f"{name} tensor -1", lambda: x.expand(Tensor(np.array([-1, 2]), mstype.int32)))
    show(f"{name} tuple", lambda: x.expand((3, 2)))
    show(f"{name} ints", lambda: x.expand(2, 3, 2))
    if mode == ms.PYNATIVE_MODE:  # (a graph refuses a Tensor size it cannot read: TypeError)
        show(f"{name} cell tensor", lambda: Expand()(x, Tensor(np.array([3, 4]), mstype.int32)))
