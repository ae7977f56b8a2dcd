"""MindSpore 2.10 graph mode: Tensors written in place (AssignAdd/AssignSub, in-place Tensor
methods, setitem) inside an `if`/`while`/`for` on a tensor condition, one line per case:
`label -> STRUCT` (T[shape,dtype]=values) or `label -> ERR Type | message`. Only what a construct
returns is printed (MindSpore also writes a graph's in-place results into the caller's Tensor
arguments; msjax does not: docs/migration.md).

Regenerate: /work/shared/tools/mindspore-oracle tests/goldens/scripts/inplace_control_flow_probe.py | grep -- "->" > tests/goldens/transforms/inplace_control_flow_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, nn, ops
from mindspore.ops import operations as P

ms.set_context(mode=ms.GRAPH_MODE)


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
        print(label, "-> ERR", type(e).__name__, "|", str(e).split("\n")[0][:200])


def f32(*v):
    return Tensor(np.array(v, np.float32))


class EitherArgument(nn.Cell):
    """Each branch writes a different argument, which neither branch assigns."""
    def construct(self, a, b):
        if a.sum() > b.sum():
            P.AssignAdd()(a, b)
        else:
            P.AssignSub()(b, a)
        return a * 1, b * 1


class InCalledMethod(nn.Cell):
    """The write happens in a method the branch calls."""
    def bump(self, t, u):
        P.AssignAdd()(t, u)
        return t

    def construct(self, a, b):
        if a.sum() < b.sum():
            self.bump(a, b)
        return a * 1, b - a


class CarriedAndWritten(nn.Cell):
    """A called method whose own `if` writes its argument in one branch and rebinds it in the
    other: the write reaches the caller's Tensor, the rebinding does not."""
    def update(self, t, u):
        if t.sum() != u.sum():
            t.add_(u)
        else:
            t = u - t
        return t

    def construct(self, a, b):
        if a.sum() < b.sum():
            self.update(a, b)
        return a * 1


class MethodsAndSetitem(nn.Cell):
    def construct(self, a, k):
        if k > 0:
            a.mul_(2)
            a[0] = k * 10
        return a * 1


class WithParameter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = Parameter(Tensor(1, ms.float32), name="p")

    def construct(self, a, b):
        P.AssignAdd()(a, b)
        if (a * 2).sum() > b.sum():
            P.AssignAdd()(a, b - self.p)
            c = a + b
            P.AssignSub()(c, ops.ones_like(c))
        else:
            c = a - b
        return a * 1, c * 1


class WhileWrites(nn.Cell):
    def construct(self, a, n):
        i = 0
        while i < n:
            P.AssignAdd()(a, ops.ones_like(a))
            i += 1
        return a * 1


class ForBreakWrites(nn.Cell):
    def construct(self, a, limit):
        for _ in range(4):
            if a.sum() > limit:
                break
            a.add_(1)
        return a * 1


def run(net, *args):
    return lambda: net(*args)


show("either argument, first", run(EitherArgument(), f32(5, 6), f32(1, 1)))
show("either argument, second", run(EitherArgument(), f32(1, 2), f32(3, 4)))
show("in called method, taken", run(InCalledMethod(), f32(1, 2), f32(3, 4)))
show("in called method, not taken", run(InCalledMethod(), f32(9, 9), f32(1, 1)))
show("carried and written", run(CarriedAndWritten(), f32(1, 2), f32(3, 4)))
show("methods and setitem, taken", run(MethodsAndSetitem(), f32(1, 2), Tensor(3, ms.float32)))
show("methods and setitem, not taken", run(MethodsAndSetitem(), f32(1, 2), Tensor(-3, ms.float32)))
show("with parameter", run(WithParameter(), f32(2), f32(3)))
show("while writes", run(WhileWrites(), f32(1, 2), Tensor(3, ms.int32)))
show("for break writes", run(ForBreakWrites(), f32(1, 2), Tensor(6, ms.float32)))
