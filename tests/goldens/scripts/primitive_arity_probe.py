"""MindSpore 2.10's errors for a Primitive called with too many or too few inputs, in PyNative
mode (Python's `Name.__call__()` errors) and in graph mode (the compiler's input-count and
signature checks); printed `label -> RESULT`; tests/ops/test_primitive_arity.py runs it unchanged.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/primitive_arity_probe.py \
        | grep -- " -> " > tests/goldens/ops/primitive_arity_probe.out
"""
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.ops import operations as P
def show(label, f):
    try:
        r = f()
        print(label, "->", r.asnumpy().tolist() if hasattr(r, "asnumpy") else r)
    except Exception as e:
        print(label, "-> ERR", type(e).__name__, "|", str(e).split("\n")[0][:200])
class Call(nn.Cell):
    def __init__(self, prim):
        super().__init__(); self.prim = prim
    def construct(self, *args):
        return self.prim(*args)
x = Tensor([1.0]); y = Tensor([2.0]); z = Tensor([3.0])
cases = [("Abs 2", P.Abs(), (x, y)), ("Abs 0", P.Abs(), ()), ("Add 3", P.Add(), (x, y, z)), ("Add 1", P.Add(), (x,)),
         ("ReLU 2", P.ReLU(), (x, y)), ("Sub 3", P.Sub(), (x, y, z)), ("AssignAdd 3", P.AssignAdd(), (x, y, z)),
         ("ReduceSum 4", P.ReduceSum(), (x, 0, y, z)), ("Cast 3", P.Cast(), (x, ms.float32, y)), ("Square 2", ops.Square(), (x, y))]
for mode, m in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for label, prim, args in cases:
        show(f"{m} {label}", lambda: Call(prim)(*args))
