"""MindSpore 2.10 graph-mode composites: MultitypeFuncGraph, HyperMap, Map, partial, select, Depend,
assign in jit, and the jit caching rule. One `label -> result` line per case.

Regenerate: /work/shared/tools/mindspore-oracle tests/goldens/scripts/composite_probe.py | grep -- "->" > tests/goldens/transforms/composite_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, nn, ops


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 5).tolist()}"
    if isinstance(v, (tuple, list)):
        return type(v).__name__ + "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        print(label, "->", desc(f()))
    except Exception as e:
        print(label, "-> ERR", type(e).__name__, "|", str(e).split("\n")[0][:160])


add = ops.MultitypeFuncGraph("add")


@add.register("Number", "Number")
def add_scalar(x, y):
    return x + y


@add.register("Tensor", "Tensor")
def add_tensor(x, y):
    return ops.add(x, y) * 10


x = Tensor(np.array([1.0, 2.0], np.float32))
y = Tensor(np.array([3.0, 4.0], np.float32))
show("multitype scalars", lambda: add(1, 2))
show("multitype tensors", lambda: add(x, y))
show("multitype no match", lambda: add(x, 1) if True else None)
show("hypermap nested", lambda: ops.HyperMap(add)((x, (x, y)), (y, (y, x))))
show("hypermap list gives tuple", lambda: ops.HyperMap(add)([x, y], [y, x]))
show("hypermap no ops", lambda: ops.HyperMap()(add, (1, 2), (3, 4)))
show("map", lambda: ops.Map()(add, (x, y), (y, x)))
show("partial", lambda: ops.partial(add, x)(y))
show("select", lambda: ops.select(Tensor(np.array([True, False])), x, y))
show("select scalar", lambda: ops.select(Tensor(np.array([True, False])), x, 0.5))
show("depend", lambda: ops.depend(x, y))

ms.set_context(mode=ms.GRAPH_MODE)


class ForwardNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = Parameter(Tensor(np.array([1.0], np.float32)), name="p")

    def construct(self, v):
        ops.assign(self.p, v)
        out = self.p * 2
        ops.assign_add(self.p, Tensor(np.array([1.0], np.float32)))
        return out + self.p


net = ForwardNet()
show("assign in graph result", lambda: net(Tensor(np.array([5.0], np.float32))))
show("assign in graph param after", lambda: net.p.value())

G = [1.0]


@ms.jit
def scaled(v):
    return v * G[0]


show("jit first", lambda: scaled(x))
G[0] = 5.0
show("jit global frozen", lambda: scaled(x))
show("jit new shape recompiles", lambda: scaled(Tensor(np.array([1.0, 2.0, 3.0], np.float32))))


@ms.jit
def with_scalar(v, k):
    return v * k


show("jit scalar 2", lambda: with_scalar(x, 2))
show("jit scalar 3", lambda: with_scalar(x, 3))
