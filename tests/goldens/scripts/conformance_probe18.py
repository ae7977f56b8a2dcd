"""Gradients with respect to a graph constant (Tensor(const_arg=True)): none in graph mode and
compiled functions, as an ordinary input in PyNative. Golden: tests/goldens/api/conformance_probe18.out."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, context, mutable, jit
from mindspore.ops import GradOperation
def show(label, f):
    try:
        r = f()
        print(label, "->", type(r).__name__, r if isinstance(r, tuple) and not r else getattr(r, "shape", r))
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:200])
class Net(nn.Cell):
    def construct(self, x, y):
        return ops.matmul(x, y)
class G(nn.Cell):
    def __init__(self, net, **kw):
        super().__init__()
        self.net = net
        self.g = GradOperation(**kw)
    def construct(self, x, y):
        return self.g(self.net)(x, y)
x = Tensor([[0.5, 0.6, 0.4], [1.2, 1.3, 1.1]], dtype=ms.float32, const_arg=True)
y = Tensor(np.ones((3, 3)), dtype=ms.float32)
y2 = Tensor(np.ones((3, 3)), dtype=ms.float32, const_arg=True)
for mode, name in ((context.GRAPH_MODE, "graph"), (context.PYNATIVE_MODE, "pynative")):
    context.set_context(mode=mode)
    show(f"{name} first const", lambda: G(Net())(x, y))
    show(f"{name} get_all first const", lambda: G(Net(), get_all=True)(x, y))
    show(f"{name} get_all second const", lambda: G(Net(), get_all=True)(Tensor(np.ones((2, 3)), ms.float32), y2))
    show(f"{name} direct first const", lambda: GradOperation()(Net())(x, y))
    show(f"{name} ops.grad const", lambda: ops.grad(Net())(x, y))
@jit
def fn(a, b):
    return GradOperation()(Net())(a, b)
show("jit first const", lambda: fn(x, y))
context.set_context(mode=context.GRAPH_MODE)
y3 = Tensor(np.ones((3, 3)), dtype=ms.float32)
show("graph ops.grad (0,1) first const", lambda: ops.grad(Net(), grad_position=(0, 1))(x, y3))
show("graph ops.grad 1 second const", lambda: ops.grad(Net(), grad_position=1)(Tensor(np.ones((2, 3)), ms.float32), y2))
show("graph value_and_grad const", lambda: ops.value_and_grad(Net())(x, y3)[1])
