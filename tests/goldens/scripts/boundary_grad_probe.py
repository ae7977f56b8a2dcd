"""MindSpore 2.10's gradients of the piecewise activations and clamps at their kink points
(x exactly on a boundary: 0 for LeakyReLU, -3/3 for HSwish/HSigmoid, min/max for clamp and
hardtanh), in PyNative and graph mode. A training step meets these points: a BatchNorm over a
constant channel outputs exactly beta, zero padding feeds exact zeros.
Printed `label -> RESULT`; tests/ops/test_boundary_grads.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/boundary_grad_probe.py \
        | grep -- " -> " > tests/goldens/ops/boundary_grad_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops

X = Tensor(np.array([-4., -3., -1., 0., 1., 3., 6., 7.], np.float32))


class Sum(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, x):
        return self.fn(x).sum()


class Clamp(nn.Cell):
    def construct(self, x):
        return ops.clamp(x, -1.0, 6.0)


class ClampTensor(nn.Cell):
    def construct(self, x):
        return ops.clamp(x, Tensor(-1.0, ms.float32), Tensor(6.0, ms.float32))


class ClipByValue(nn.Cell):
    def construct(self, x):
        return ops.clip_by_value(x, Tensor(-1.0, ms.float32), Tensor(6.0, ms.float32))


class ClampMin(nn.Cell):
    def construct(self, x):
        return ops.clamp(x, min=0.0)


class ClampMax(nn.Cell):
    def construct(self, x):
        return ops.clamp(x, max=3.0)


class TensorClamp(nn.Cell):
    def construct(self, x):
        return x.clamp(-1.0, 6.0)


class Maximum(nn.Cell):
    def construct(self, x):
        return ops.maximum(x, 0.0)


class Minimum(nn.Cell):
    def construct(self, x):
        return ops.minimum(x, 3.0)


class LeakyFn(nn.Cell):
    def construct(self, x):
        return ops.leaky_relu(x, 0.2)


class HardswishFn(nn.Cell):
    def construct(self, x):
        return ops.hardswish(x)


class HardsigmoidFn(nn.Cell):
    def construct(self, x):
        return ops.hardsigmoid(x)


class Relu6Fn(nn.Cell):
    def construct(self, x):
        return ops.relu6(x)


class HardtanhFn(nn.Cell):
    def construct(self, x):
        return ops.hardtanh(x, -1.0, 6.0)


CASES = [
    ("nn.LeakyReLU(0.2)", lambda: nn.LeakyReLU(0.2)),
    ("nn.LeakyReLU(1.5)", lambda: nn.LeakyReLU(1.5)),
    ("ops.leaky_relu", LeakyFn),
    ("nn.HSwish", nn.HSwish),
    ("ops.hardswish", HardswishFn),
    ("nn.HSigmoid", nn.HSigmoid),
    ("ops.hardsigmoid", HardsigmoidFn),
    ("nn.ReLU6", nn.ReLU6),
    ("ops.relu6", Relu6Fn),
    ("nn.Hardtanh", lambda: nn.Hardtanh(-1.0, 6.0)),
    ("ops.hardtanh", HardtanhFn),
    ("ops.clamp(scalars)", Clamp),
    ("ops.clamp(tensors)", ClampTensor),
    ("ops.clamp(min)", ClampMin),
    ("ops.clamp(max)", ClampMax),
    ("Tensor.clamp", TensorClamp),
    ("ops.clip_by_value", ClipByValue),
    ("ops.maximum", Maximum),
    ("ops.minimum", Minimum),
]

for mode, mname in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for label, make in CASES:
        try:
            g = ms.grad(Sum(make()))(X)
            print(f"{mname} {label} ->", np.round(g.asnumpy().astype(np.float64), 6).tolist())
        except Exception as e:  # noqa: BLE001 - the error is the golden
            print(f"{mname} {label} -> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])
