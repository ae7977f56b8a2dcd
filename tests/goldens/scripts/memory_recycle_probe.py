"""MindSpore 2.10's `mindspore.ms_memory_recycle()`: it returns None, and the functions and
GRAPH_MODE Cells compiled before it give the same results afterwards (compiled again); printed
`label -> RESULT`; tests/transforms/test_memory_recycle.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/memory_recycle_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/memory_recycle_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, context, jit, nn, ops


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([2.0], np.float32)), name="w")

    def construct(self, x):
        self.w = self.w + 1
        return x * self.w


@jit
def double(x):
    return x * 2


context.set_context(mode=context.GRAPH_MODE)
net = Net()
x = Tensor(np.array([1.5], np.float32))
print("before ->", net(x), net(x), double(x))
print("recycle ->", ms.ms_memory_recycle())
print("after ->", net(x), net.w.asnumpy(), double(x), double(Tensor([1, 2])))
print("again ->", ms.ms_memory_recycle(), net(x), double(x))
