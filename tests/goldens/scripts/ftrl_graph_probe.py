"""MindSpore 2.10's SparseApplyFtrl and nn.FTRL values, bit for bit (float32 reprs), in a
GRAPH_MODE Cell and in PyNative: XLA must divide by the learning rate, not multiply by its
reciprocal. Printed `label -> RESULT`; tests/ops/test_ftrl_graph.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ftrl_graph_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ftrl_graph_probe.out
"""
import numpy as np
from mindspore import Parameter, Tensor, context, nn
from mindspore.ops import operations as P
import mindspore.common.dtype as mstype


class SparseFtrl(nn.Cell):
    def __init__(self, lr, dtype):
        super().__init__()
        self.op = P.SparseApplyFtrl(lr=lr, l1=0.0, l2=0.0, lr_power=-0.5)
        ones = Tensor(np.ones([3, 3, 3]), dtype)
        self.var = Parameter(ones, name="var")
        self.accum = Parameter(ones.copy(), name="accum")
        self.linear = Parameter(ones.copy(), name="linear")

    def construct(self, grad, indices):
        return self.op(self.var, self.accum, self.linear, grad, indices)


def bits(tensor):
    return [repr(v) for v in tensor.asnumpy().ravel()[:2].tolist()]


for mode, name in ((context.GRAPH_MODE, "graph"), (context.PYNATIVE_MODE, "pynative")):
    context.set_context(mode=mode)
    for lr, dtype in ((0.001, mstype.float32), (0.01, mstype.float32), (0.001, mstype.float16)):
        net = SparseFtrl(lr, dtype)
        out = net(Tensor(np.ones([3, 3, 3]), dtype), Tensor([0, 1, 2], mstype.int32))
        print(f"{name} lr={lr} {dtype} -> {[bits(t) for t in out]}")
