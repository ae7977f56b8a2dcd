"""MindSpore 2.10's gradients where the maximum is tied or the input sits on a kink: ops.max /
ops.min / ArgMaxWithValue / ArgMinWithValue (the first extreme alone gets the gradient),
ReduceMax / amax / ReduceMin and the pools (shared among ties or to the first), abs at 0 (0),
L2Normalize at and below its epsilon (MindSpore's L2NormalizeGrad divides by max(||x||, eps)),
in PyNative and graph mode. Printed `label -> RESULT`; tests/ops/test_tie_grads.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tie_grad_probe.py \
        | grep -- " -> " > tests/goldens/ops/tie_grad_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops

X = Tensor(np.array([[[[1., 1., 0., 2.], [1., 0., 2., 2.], [3., 3., 0., 0.], [3., 3., 0., 0.]]]], np.float32))
V = Tensor(np.array([[2., 2., 1.], [0., 0., 0.]], np.float32))


class Sum(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, x):
        y = self.fn(x)
        if isinstance(y, tuple):
            y = y[0]
        return y.sum()


class MaxPool(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = nn.MaxPool2d(2, 2)
    def construct(self, x):
        return self.p(x)


class MaxPoolOverlap(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = nn.MaxPool2d(3, 1, pad_mode='same')
    def construct(self, x):
        return self.p(x)


class AvgPool(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = nn.AvgPool2d(3, 1, pad_mode='same')
    def construct(self, x):
        return self.p(x)


class ReduceMax(nn.Cell):
    def construct(self, x):
        return ops.ReduceMax(keep_dims=False)(x, 1)


class Amax(nn.Cell):
    def construct(self, x):
        return ops.amax(x, 1)


class OpsMax(nn.Cell):
    def construct(self, x):
        return ops.max(x, 1)


class ReduceMin(nn.Cell):
    def construct(self, x):
        return ops.ReduceMin()(x, 1)


class Abs(nn.Cell):
    def construct(self, x):
        return ops.abs(x - 1)


class Norm(nn.Cell):
    def construct(self, x):
        return ops.norm(x, dim=1)


class L2Norm(nn.Cell):
    def construct(self, x):
        return ops.L2Normalize(axis=1)(x)


class OpsMin(nn.Cell):
    def construct(self, x):
        return ops.min(x, 1)


class ArgMaxWithValue(nn.Cell):
    def construct(self, x):
        return ops.ArgMaxWithValue(axis=1)(x)[1]


class ArgMinWithValue(nn.Cell):
    def construct(self, x):
        return ops.ArgMinWithValue(axis=0)(x)[1]


class OpsMaxKeep(nn.Cell):
    def construct(self, x):
        return ops.max(x, 0, keepdims=True)


class L2NormSmall(nn.Cell):
    def construct(self, x):
        return ops.L2Normalize(axis=1)(x * 0.001) * Tensor(np.array([[1., 2., 3.]], np.float32))


class Sqrt(nn.Cell):
    def construct(self, x):
        return ops.sqrt(x)


for x in ([[1e-3, 0., 0.]], [[0., 0., 0.]], [[3e-3, 4e-3, 0.]], [[3., 4., 0.]]):
    print("L2Normalize forward", x, "->", np.round(ops.L2Normalize(axis=1)(Tensor(np.array(x, np.float32))).asnumpy().astype(np.float64), 6).tolist())

for mode, mname in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for label, make, x in [("MaxPool2d(2,2)", MaxPool, X), ("MaxPool2d(3,1,same)", MaxPoolOverlap, X),
                           ("AvgPool2d(3,1,same)", AvgPool, X),
                           ("ReduceMax", ReduceMax, V), ("amax", Amax, V), ("ops.max", OpsMax, V),
                           ("ReduceMin", ReduceMin, V), ("abs", Abs, V), ("norm", Norm, V), ("L2Normalize", L2Norm, V),
                           ("sqrt", Sqrt, V), ("ops.min", OpsMin, V), ("ArgMaxWithValue", ArgMaxWithValue, V),
                           ("ArgMinWithValue", ArgMinWithValue, V), ("ops.max keepdims", OpsMaxKeep, V),
                           ("L2Normalize small", L2NormSmall, V + 1)]:
        try:
            g = ms.grad(Sum(make()))(x)
            print(f"{mname} {label} ->", np.round(g.asnumpy().astype(np.float64), 5).tolist())
        except Exception as e:  # noqa: BLE001
            print(f"{mname} {label} -> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])
