"""MindSpore 2.10 grad/value_and_grad/GradOperation/jacrev return structures and errors.

Prints one line per case: `label -> STRUCT` where STRUCT describes the nesting with T[shape,dtype]=values,
or `label -> ERR Type | message`.
Regenerate: /work/shared/tools/mindspore-oracle tests/goldens/scripts/grad_probe.py | grep -- "->" > tests/goldens/transforms/grad_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, ParameterTuple, nn, ops


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 5).tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        print(label, "->", desc(f()))
    except Exception as e:
        print(label, "-> ERR", type(e).__name__, "|", str(e).split("\n")[0][:300])


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([2.0, 3.0], np.float32)), name="w")
        self.b = Parameter(Tensor(np.array([1.0], np.float32)), name="b")

    def construct(self, x, y):
        return (x * self.w * y).sum() + self.b.sum()


class Aux(nn.Cell):
    def construct(self, x, y):
        return (x * y).sum(), x * 2, y + 1


class Single(nn.Cell):
    def construct(self, x, y):
        return (x * y).sum()


class IntArg(nn.Cell):
    def construct(self, x, n):
        return (x * n).sum()


class Multi(nn.Cell):
    def construct(self, x, y):
        return x * y, x + y


net = Net()
x = Tensor(np.array([1.0, 2.0], np.float32))
y = Tensor(np.array([3.0, 4.0], np.float32))
params = ParameterTuple(net.trainable_params())

for mode_name, mode in (("pynative", ms.PYNATIVE_MODE), ("graph", ms.GRAPH_MODE)):
    ms.set_context(mode=mode)
    p = mode_name + " "
    show(p + "grad default", lambda: ms.grad(net)(x, y))
    show(p + "grad pos 1", lambda: ms.grad(net, 1)(x, y))
    show(p + "grad pos (0,)", lambda: ms.grad(net, (0,))(x, y))
    show(p + "grad pos (0,1)", lambda: ms.grad(net, (0, 1))(x, y))
    show(p + "grad weights only tuple", lambda: ms.grad(net, None, params)(x, y))
    show(p + "grad weights only list", lambda: ms.grad(net, None, list(params))(x, y))
    show(p + "grad weights only single", lambda: ms.grad(net, None, net.w)(x, y))
    show(p + "grad pos+weights", lambda: ms.grad(net, 0, params)(x, y))
    show(p + "grad pos2+weights", lambda: ms.grad(net, (0, 1), params)(x, y))
    show(p + "grad pos+single weight", lambda: ms.grad(net, 0, net.w)(x, y))
    show(p + "grad has_aux", lambda: ms.grad(Aux(), 0, has_aux=True)(x, y))
    show(p + "value_and_grad has_aux", lambda: ms.value_and_grad(Aux(), 0, has_aux=True)(x, y))
    show(p + "value_and_grad weights", lambda: ms.value_and_grad(net, None, params)(x, y))
    show(p + "value_and_grad pos", lambda: ms.value_and_grad(net, 0)(x, y))
    show(p + "grad multi out", lambda: ms.grad(Multi(), (0, 1))(x, y))
    show(p + "grad int arg dropped", lambda: ms.grad(IntArg(), (0, 1))(x, 3))
    show(p + "grad return_ids pos", lambda: ms.grad(net, (0, 1), return_ids=True)(x, y))
    show(p + "grad return_ids single", lambda: ms.grad(net, 0, return_ids=True)(x, y))
    show(p + "grad return_ids weights", lambda: ms.grad(net, 0, params, return_ids=True)(x, y))
    show(p + "grad sens_param", lambda: ms.grad(Multi(), 0, sens_param=True)(x, y, (Tensor(np.array([1.0, 2.0], np.float32)), Tensor(np.array([3.0, 0.5], np.float32)))))
    show(p + "GradOperation default", lambda: ops.GradOperation()(net)(x, y))
    show(p + "GradOperation get_all", lambda: ops.GradOperation(get_all=True)(net)(x, y))
    show(p + "GradOperation get_by_list", lambda: ops.GradOperation(get_by_list=True)(net, params)(x, y))
    show(p + "GradOperation both", lambda: ops.GradOperation(get_all=True, get_by_list=True)(net, params)(x, y))
    show(p + "GradOperation sens", lambda: ops.GradOperation(sens_param=True)(Single())(x, y, Tensor(2.0)))
    show(p + "GradOperation int input", lambda: ops.GradOperation(get_all=True)(IntArg())(x, 3))
    show(p + "err none none", lambda: ms.grad(net, None, None)(x, y))
    show(p + "err negative", lambda: ms.grad(net, -1)(x, y))
    show(p + "err negative in tuple", lambda: ms.grad(net, (0, -1))(x, y))
    show(p + "err type", lambda: ms.grad(net, 1.5)(x, y))
    show(p + "err dup", lambda: ms.grad(net, (0, 0))(x, y))
    show(p + "err exceed", lambda: ms.grad(net, 5)(x, y))
    show(p + "err has_aux single", lambda: ms.grad(Single(), 0, has_aux=True)(x, y))
    show(p + "err GradOperation flag", lambda: ops.GradOperation(get_all=1))
ms.set_context(mode=ms.PYNATIVE_MODE)


def sq(a):
    return a * a


def two(a, b):
    return a * b, a + b


def aux2(a):
    return a * a, a + 1


show("jacrev", lambda: ms.jacrev(sq)(x))
show("jacfwd", lambda: ms.jacfwd(sq)(x))
show("jacrev two pos", lambda: ms.jacrev(two, (0, 1))(x, y))
show("jacrev has_aux", lambda: ms.jacrev(aux2, has_aux=True)(x))
