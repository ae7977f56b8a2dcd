"""MindSpore 2.10's Tensor setitem with a False index (alone or in a tuple: nothing written) and
getitem's errors for it, in PyNative and graph mode; a GRAPH_MODE Cell with set_inputs declaring
an Int64 input, differentiated (GradOperation with sens) at that input."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops
from mindspore.common import dtype as mstype


def show(label, fn):
    try:
        out = fn()
        print(f"{label} -> {out.dtype} {out.shape} {out.asnumpy().tolist()}")
    except Exception as e:  # noqa: BLE001 - the probe records MindSpore's error
        print(f"{label} -> {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


class SetItem(nn.Cell):
    def __init__(self, index):
        super().__init__()
        self.index = index

    def construct(self, x):
        x[self.index] = 7
        return x


def set_eager(index):
    def run():
        x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
        x[index] = 7
        return x
    return run


INDEXES = {"False": False, "True": True, "(False, 0)": (False, 0), "(0, False)": (0, False),
           "(None, False)": (None, False), "(True, 1)": (True, 1), "(1, True)": (1, True)}
for label, index in INDEXES.items():
    show(f"pynative set {label}", set_eager(index))
    show(f"pynative get {label}", lambda index=index: Tensor(np.ones((2, 3), np.float32))[index])
ms.set_context(mode=ms.GRAPH_MODE)
for label, index in INDEXES.items():
    show(f"graph set {label}", lambda index=index: SetItem(index)(
        Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))))


class Scaled(nn.Cell):
    def construct(self, x, w):
        y = ops.reduce_min(x * 2, 0)
        y[0] = 1
        return y * w


net = Scaled()
net.set_inputs(Tensor(shape=[None, 3], dtype=mstype.int64), Tensor(shape=[3], dtype=mstype.int64))
x = Tensor(np.arange(6).reshape(2, 3).astype(np.int64))
w = Tensor(np.array([1, 2, 3], np.int64))
show("graph set_inputs int64 forward", lambda: net(x, w))
grads = ops.GradOperation(get_all=True, sens_param=True)(net)(x, w, Tensor(np.ones(3, np.int64)))
for k, g in enumerate(grads):
    show(f"graph set_inputs int64 grad {k}", lambda g=g: g)
show("graph set_inputs wrong dtype", lambda: net(x.astype(mstype.float32), w))
