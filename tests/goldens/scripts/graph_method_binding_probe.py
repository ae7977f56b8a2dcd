"""MindSpore 2.10's graph mode calls a method (`self.func(...)` in a Cell's construct, `obj.func(...)`
in a jit function) with the object bound to its first parameter only when that parameter is
named `self`; any other method is called as a plain function of the arguments given (the debug
tutorial's mindir page: `def func(x, y)` called as `self.func(a, b)`). PyNative calls Python's
bound method. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_method_binding_probe.py \\
        | grep " -> " > tests/goldens/transforms/graph_method_binding_probe.out
"""
import mindspore as ms
from mindspore import Tensor, nn, ops


def show(label, fn):
    try:
        r = fn()
    except Exception as e:
        r = f"ERR {type(e).__name__}"
    print(f"{label} -> {r}")


class Unnamed(nn.Cell):
    def func(x, y):
        return ops.div(x, y)

    def construct(self, x, y):
        return self.func(x, y)


class OtherName(nn.Cell):
    def __init__(self):
        super().__init__()
        self.k = 5

    def func(s, y):
        return y * s.k

    def construct(self, x, y):
        return self.func(y)


class Named(nn.Cell):
    def func(self, y):
        return y * 3

    def construct(self, x, y):
        return self.func(y)


class NamedTooMany(nn.Cell):
    def func(self, y):
        return y * 3

    def construct(self, x, y):
        return self.func(x, y)


class Single(nn.Cell):
    def func(x):
        return x + 1

    def construct(self, x, y):
        return self.func(x)


class Star(nn.Cell):
    def func(*args):
        return len(args)

    def construct(self, x, y):
        return self.func(x, y)


class Plain:
    def func(x, y):
        return x - y

    def named(self, y):
        return y + 10


@ms.jit
def calls_plain(obj, x, y):
    return obj.func(x, y)


@ms.jit
def calls_named(obj, x):
    return obj.named(x)


x, y = Tensor(3.0), Tensor(2.0)
ms.set_context(mode=ms.GRAPH_MODE)
for cls in (Unnamed, OtherName, Named, NamedTooMany, Single, Star):
    show(f"graph {cls.__name__}", lambda: cls()(x, y))
show("jit function, method without self", lambda: calls_plain(Plain(), x, y))
show("jit function, method with self", lambda: calls_named(Plain(), x))
ms.set_context(mode=ms.PYNATIVE_MODE)
for cls in (Unnamed, OtherName, Named):
    show(f"pynative {cls.__name__}", lambda: cls()(x, y))
