"""ops.operations._sequence_ops.SequenceStack and SequenceUnstack in GRAPH_MODE, as MindSpore 2.10
(CPU) computes and checks them (SequenceStack has no gradient there; msjax's is tested against
NumPy in tests/ops/test_ops16b_goldens.py).
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops16b_sequence_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops16b_sequence_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops, nn
from mindspore.ops.operations._sequence_ops import SequenceStack, SequenceUnstack
ms.set_context(mode=ms.GRAPH_MODE)
a = Tensor(np.arange(6).reshape(2, 3).astype(np.float32)); b = a + 10
class S(nn.Cell):
    def __init__(self, axis):
        super().__init__(); self.op = SequenceStack(axis)
    def construct(self, x, y):
        return self.op((x, y))
class U(nn.Cell):
    def __init__(self, axis):
        super().__init__(); self.op = SequenceUnstack(axis)
    def construct(self, x):
        return self.op(x)
def show(label, f):
    try:
        r = f()
        if isinstance(r, (tuple, list)):
            print(label, "->", type(r).__name__, [(x.dtype, x.shape, x.asnumpy().tolist()) for x in r])
        else:
            print(label, "->", r.dtype, r.shape, r.asnumpy().tolist())
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:200])
for ax in (0, 1, -1, 2, 3, -4):
    show(f"stack {ax}", lambda: S(ax)(a, b))
for ax in (0, 1, -1, -2, 2):
    show(f"unstack {ax}", lambda: U(ax)(a))
show("stack int32", lambda: S(0)(a.astype(ms.int32), b.astype(ms.int32)))
show("stack shapes", lambda: S(0)(a, b[0]))
g = ops.GradOperation(get_all=True, sens_param=True)
show("unstack grad", lambda: g(U(1))(a, (Tensor(np.ones(2, np.float32)), Tensor(np.ones(2, np.float32) * 2), Tensor(np.ones(2, np.float32) * 3))))
