"""MindSpore 2.10's input checks of SquareSumAll (dtypes, one dtype for both, one shape), in
PyNative and graph mode: the exception type and its message (without the C++ call stack)."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops


def show(label, fn, *args):
    try:
        out = fn(*args)
        outs = out if isinstance(out, tuple) else (out,)
        print(f"{label} -> " + repr(tuple((str(o.dtype), np.round(o.asnumpy().astype(np.float64),
                                                                  4).tolist()) for o in outs)))
    except Exception as e:  # noqa: BLE001 - the probe records MindSpore's error
        print(f"{label} -> {type(e).__name__}: {str(e).split(chr(10) + '-' * 52)[0].strip()!r}")


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = ops.SquareSumAll()

    def construct(self, x, y):
        return self.op(x, y)


CASES = [
    ("ssa f16", np.array([1, 2, 4], np.float16), np.array([0, 1, -1], np.float16)),
    ("ssa f32 2d", np.ones((2, 3), np.float32), np.arange(6, dtype=np.float32).reshape(2, 3)),
    ("ssa f16 f32", np.array([1, 2, 4], np.float16), np.array([0, 1, -1], np.float32)),
    ("ssa f32 f16", np.array([1, 2, 4], np.float32), np.array([0, 1, -1], np.float16)),
    ("ssa f64", np.array([1, 2, 4], np.float64), np.array([0, 1, -1], np.float64)),
    ("ssa i32", np.array([1, 2, 4], np.int32), np.array([0, 1, -1], np.int32)),
    ("ssa f32 shape", np.array([1, 2, 4], np.float32), np.array([0, 1], np.float32)),
    ("ssa f32 shape 2d", np.ones((2, 3), np.float32), np.ones((3, 2), np.float32)),
]
for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for label, x, y in CASES:
        show(f"{name} {label}", ops.SquareSumAll(), Tensor(x), Tensor(y))
        show(f"{name} cell {label}", Net(), Tensor(x), Tensor(y))
