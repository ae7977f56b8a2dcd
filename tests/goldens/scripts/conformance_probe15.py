"""GradOperation given no function or None, and a Cell bprop without the forward inputs or
'out' and 'dout', in graph and PyNative mode: MindSpore 2.10's errors. Golden:
tests/goldens/api/conformance_probe15.out."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, context, Tensor
from mindspore.ops import operations as P

def show(label, f):
    try:
        r = f()
        print(label, "->", r)
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:300])

x = Tensor(np.array([2.0], dtype=np.float32)); y = Tensor(np.array([2.0], dtype=np.float32))
class Net(nn.Cell):
    def construct(self, x, y):
        return x + y
class NoneNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.grad_op = ops.GradOperation()
    def construct(self, x, y):
        return self.grad_op(None)(x, y)
class EmptyNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.grad_op = ops.GradOperation()
    def construct(self, x, y):
        return self.grad_op()(x, y)
class B1(nn.Cell):
    def construct(self, x, y):
        return x + y
    def bprop(self, out):
        return ops.zeros_like(out), ops.zeros_like(out)
class B2(nn.Cell):
    def construct(self, x, y):
        return x + y
    def bprop(self, x, y, out):
        return ops.zeros_like(out), ops.zeros_like(out)
class B3(nn.Cell):
    def construct(self, x, y):
        return x + y
    def bprop(self, x, y, out, dout, extra):
        return ops.zeros_like(out), ops.zeros_like(out)
grad_all = ops.GradOperation(get_all=True)
class G(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net
    def construct(self, x, y):
        return grad_all(self.net)(x, y)
def hook_fn(g):
    pass
class H(nn.Cell):
    def __init__(self):
        super().__init__()
        self.hook = P.HookBackward(hook_fn)
    def construct(self, x, y):
        return self.hook(x) + y
for mode, name in ((context.GRAPH_MODE, "graph"), (context.PYNATIVE_MODE, "pynative")):
    context.set_context(mode=mode)
    show(f"{name} grad None", lambda: NoneNet()(x, y))
    show(f"{name} grad empty", lambda: EmptyNet()(x, y))
    show(f"{name} bprop out only", lambda: G(B1())(x, y))
    show(f"{name} bprop no dout", lambda: G(B2())(x, y))
    show(f"{name} hook", lambda: ops.GradOperation()(H())(x, y))
show("direct None callable", lambda: callable(ops.GradOperation()(None)))
show("direct empty", lambda: ops.GradOperation()())
show("direct int callable", lambda: callable(ops.GradOperation()(3)))
