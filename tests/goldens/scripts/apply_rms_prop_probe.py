"""MindSpore 2.10's `ops.ApplyRMSProp` on a CPU: the updated `var`, `mean_square` and `moment`
(written in place), eagerly and in GRAPH_MODE, float32. Printed
`label -> result` (not the output: MindSpore's CPU kernel leaves it unwritten, whatever
its memory held); tests/ops/test_apply_rms_prop.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/apply_rms_prop_probe.py \\
        | grep -- " -> " > tests/goldens/ops/apply_rms_prop_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import context, nn, ops, Parameter, Tensor


class Net(nn.Cell):
    def __init__(self, dtype, lr, decay, momentum, epsilon):
        super().__init__()
        self.apply = ops.ApplyRMSProp()
        self.ms = Parameter(Tensor(np.array([[0.5, 0.2], [0.1, 0.9]], dtype)), name="ms")
        self.moment = Parameter(Tensor(np.array([[0.3, 0.4], [0.6, 0.1]], dtype)), name="moment")
        self.args = (lr, decay, momentum, epsilon)

    def construct(self, var, grad):
        lr, decay, momentum, epsilon = self.args
        return self.apply(var, self.ms, self.moment, lr, grad, decay, momentum, epsilon)


def r(t):
    return np.round(t.asnumpy().astype(np.float64), 4).tolist()


for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
    context.set_context(mode=getattr(context, mode))
    for dtype in (np.float32,):  # (float16: msjax's var can differ by one half-precision ulp)
        for lr, decay, momentum, epsilon in ((0.01, 0.9, 0.5, 1e-6), (0.001, 0.0, 0.0, 1e-10)):
            net = Net(dtype, lr, decay, momentum, epsilon)
            var = Parameter(Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], dtype)), name="var")
            grad = Tensor(np.array([[0.1, -0.2], [0.3, 0.05]], dtype))
            out = net(var, grad)
            print(f"{mode} {np.dtype(dtype).name} lr={lr} decay={decay} momentum={momentum} -> "
                  f"var={r(var)} ms={r(net.ms)} moment={r(net.moment)}")
