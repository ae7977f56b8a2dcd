"""MindSpore's answer to a convolution of a float32 input with a float16 weight (and the other
way round): nn.Conv2d/Conv1d/Conv2dTranspose, ops.conv2d and the Conv2D, Conv2DTranspose and
Conv2DBackpropInput Primitives, in PyNative and GRAPH mode (cv19).

Run under MindSpore 2.10 it recorded tests/goldens/ops/cv19_conv_mixed_dtypes_probe.out."""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops


def show(label, fn):
    try:
        out = fn()
        print(label, "->", "dtype", out.dtype, "shape", out.shape)
    except Exception as exc:  # MindSpore's message, without its C++ call stack
        print(label, "->", type(exc).__name__, repr(str(exc).split("\n\n")[0]))


def tensor(shape, dtype):
    return Tensor(np.ones(shape, dtype))


x32, x16 = tensor((1, 2, 5, 5), np.float32), tensor((1, 2, 5, 5), np.float16)
w32, w16 = tensor((3, 2, 3, 3), np.float32), tensor((3, 2, 3, 3), np.float16)
d32, d16 = tensor((1, 3, 3, 3), np.float32), tensor((1, 3, 3, 3), np.float16)


class Call(nn.Cell):
    """A Cell calling `fn` on its inputs (GRAPH mode compiles it)."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        return self.fn(*args)


for mode, m in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    show(f"{m} ops.conv2d x32 w16", lambda: Call(ops.conv2d)(x32, w16))
    show(f"{m} ops.conv2d x16 w32", lambda: Call(ops.conv2d)(x16, w32))
    show(f"{m} ops.conv2d x16 w16", lambda: Call(ops.conv2d)(x16, w16))
    show(f"{m} ops.conv2d x32 Parameter w16",
         lambda: Call(ops.conv2d)(x32, Parameter(w16, name="w")))
    show(f"{m} Conv2D x32 w16", lambda: Call(ops.Conv2D(3, 3))(x32, w16))
    show(f"{m} Conv2D x16 w32", lambda: Call(ops.Conv2D(3, 3))(x16, w32))
    show(f"{m} Conv2D x32 i32", lambda: Call(ops.Conv2D(3, 3))(x32, tensor((3, 2, 3, 3), np.int32)))
    show(f"{m} Conv2D x32 w16 bad shape",
         lambda: Call(ops.Conv2D(3, 3))(x32, tensor((3, 4, 3, 3), np.float16)))
    show(f"{m} nn.Conv2d(float16) x32", lambda: nn.Conv2d(2, 3, 3, dtype=ms.float16)(x32))
    show(f"{m} nn.Conv2d(float32) x16", lambda: nn.Conv2d(2, 3, 3, has_bias=True)(x16))
    show(f"{m} nn.Conv1d(float16) x32",
         lambda: nn.Conv1d(2, 3, 3, dtype=ms.float16)(tensor((1, 2, 5), np.float32)))
    show(f"{m} nn.Conv2dTranspose(float16) x32",
         lambda: nn.Conv2dTranspose(3, 2, 3, dtype=ms.float16)(d32))
    show(f"{m} Conv2DTranspose x32 w16",
         lambda: Call(ops.Conv2DTranspose(2, 3))(d32, w16, (1, 2, 5, 5)))
    show(f"{m} Conv2DTranspose x16 w32",
         lambda: Call(ops.Conv2DTranspose(2, 3))(d16, w32, (1, 2, 5, 5)))
    show(f"{m} Conv2DBackpropInput x16 w32",
         lambda: Call(ops.Conv2DBackpropInput(2, 3))(d16, w32, (1, 2, 5, 5)))
    show(f"{m} Conv2DBackpropInput x16 w16",
         lambda: Call(ops.Conv2DBackpropInput(2, 3))(d16, w16, (1, 2, 5, 5)))
