"""MindSpore 2.10's ops.dyn_shape: the shape of its input as an Int64 Tensor, in PyNative mode,
in a graph, as a slice bound of a setitem in a graph, and its errors."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops


def show(label, fn, *args):
    try:
        out = fn(*args)
        print(f"{label} -> {out.dtype} {out.shape} {out.asnumpy().tolist()}")
    except Exception as e:  # noqa: BLE001 - the probe records MindSpore's error
        print(f"{label} -> {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


class Shape(nn.Cell):
    def construct(self, x):
        return ops.dyn_shape(x)


class SetBySlice(nn.Cell):
    def construct(self, x):
        x[x.shape[0] - 3:ops.dyn_shape(x)[0]:Tensor(2)] = 1
        return x


x = Tensor(np.zeros((5, 2, 3), np.float32))
show("pynative", ops.dyn_shape, x)
show("pynative scalar", ops.dyn_shape, Tensor(2.0))
show("pynative empty", ops.dyn_shape, Tensor(np.zeros((0, 4), np.int32)))
show("pynative int", ops.dyn_shape, 3)
ms.set_context(mode=ms.GRAPH_MODE)
show("graph", Shape(), x)
show("graph setitem slice", SetBySlice(), Tensor(np.arange(5, dtype=np.float32)))
