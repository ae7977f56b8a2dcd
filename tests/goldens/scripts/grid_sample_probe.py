"""ops.grid_sample in 2-D and 3-D and the primitives GridSampler2D / GridSampler3D: every mode and
padding mode with and without align_corners (points inside, on and outside the border), the
gradients of input and grid, dtypes and bad arguments; `label -> result` lines."""
import numpy as np

import mindspore as ms
from mindspore import Tensor, ops


def show(label, fn):
    try:
        text = str(fn())  # (printing a Tensor may raise MindSpore's error: before the label)
        print(label, "->", text, flush=True)
    except Exception as error:  # noqa: BLE001 - the error is the result
        lines = [line for line in str(error).strip().splitlines() if line.strip()]
        print(label, "-> ERR", type(error).__name__, "|", lines[0] if lines else "", flush=True)


def rounded(t):
    return (np.round(t.asnumpy().astype(np.float64), 4) + 0.0).tolist()  # no -0.0


rng = np.random.RandomState(0)
x5 = Tensor(rng.uniform(-1, 1, (2, 2, 3, 4, 5)).astype(np.float32))
g5 = Tensor(rng.uniform(-1.3, 1.3, (2, 2, 3, 2, 3)).astype(np.float32))
x4 = Tensor(rng.uniform(-1, 1, (2, 2, 4, 5)).astype(np.float32))
g4 = Tensor(rng.uniform(-1.3, 1.3, (2, 3, 2, 2)).astype(np.float32))
for mode in ["bilinear", "nearest"]:
    for padding in ["zeros", "border", "reflection"]:
        for align in [False, True]:
            show(f"3d {mode} {padding} {align}", lambda: rounded(
                ops.grid_sample(x5, g5, mode, padding, align)[1, 1]))
            show(f"2d {mode} {padding} {align}", lambda: rounded(
                ops.grid_sample(x4, g4, mode, padding, align)[1]))
show("2d bicubic", lambda: rounded(ops.grid_sample(x4, g4, "bicubic", "zeros", True)[0]))
show("3d default", lambda: rounded(ops.grid_sample(x5, g5)[0, 0]))
for padding in ["zeros", "border", "reflection"]:
    for align in [False, True]:
        show(f"3d grads {padding} {align}", lambda: [rounded(g[1]) for g in ops.grad(
            lambda a, b: ops.GridSampler3D("bilinear", padding, align)(a, b) ** 2, (0, 1))(x5, g5)])
        show(f"2d grads {padding} {align}", lambda: [rounded(g[1]) for g in ops.grad(
            lambda a, b: ops.GridSampler2D("bilinear", padding, align)(a, b) ** 2, (0, 1))(x4, g4)])
show("3d nearest grads", lambda: [rounded(g[0]) for g in ops.grad(
    lambda a, b: ops.GridSampler3D("nearest", "zeros", False)(a, b), (0, 1))(x5, g5)])
show("repr 3d", lambda: ops.GridSampler3D())
show("repr 2d", lambda: ops.GridSampler2D("nearest", "border", True))
show("float64", lambda: ops.GridSampler3D()(Tensor(x5.asnumpy().astype(np.float64)),
                                            Tensor(g5.asnumpy().astype(np.float64))).dtype)
show("float16", lambda: ops.GridSampler3D()(Tensor(x5.asnumpy().astype(np.float16)),
                                            Tensor(g5.asnumpy().astype(np.float16))).dtype)
show("mixed types", lambda: ops.GridSampler3D()(x5, Tensor(g5.asnumpy().astype(np.float64))))
show("int grid", lambda: ops.GridSampler3D()(x5, Tensor(np.ones((2, 3, 3, 3, 3), np.int32))))
show("int input", lambda: ops.GridSampler3D()(Tensor(np.ones((2, 3, 3, 3, 3), np.int32)),
                                              Tensor(np.ones((2, 3, 3, 3, 3), np.int32))))
show("rank 4 to 3d", lambda: ops.GridSampler3D()(x4, g4))
show("batch differs", lambda: ops.GridSampler3D()(x5, g5[:1]))
show("last axis 2", lambda: ops.GridSampler3D()(x5, g5[..., :2]))
show("bad mode", lambda: ops.GridSampler3D("bicubic"))
show("bad padding", lambda: ops.GridSampler3D("bilinear", "wrap"))
show("grid_sample bad mode", lambda: ops.grid_sample(x5, g5, "area"))
show("grid_sample 3d bicubic", lambda: ops.grid_sample(x5, g5, "bicubic"))
show("grid_sample bad padding", lambda: ops.grid_sample(x4, g4, "bilinear", "wrap"))
show("2d rank 5", lambda: ops.GridSampler2D()(x5, g5))
show("2d batch differs", lambda: ops.GridSampler2D()(x4, g4[:1]))
show("2d last axis 3", lambda: ops.GridSampler2D()(x4, Tensor(np.ones((2, 3, 2, 3), np.float32))))
show("2d mixed types", lambda: ops.GridSampler2D()(x4, Tensor(g4.asnumpy().astype(np.float16))))
show("2d grid rank 5", lambda: ops.GridSampler2D()(x4, g5))
show("grid_sample rank 3", lambda: ops.grid_sample(Tensor(np.ones((2, 3, 4), np.float32)),
                                                   Tensor(np.ones((2, 3, 1), np.float32))))
