"""MindSpore 2.10's `mindspore.common.api._no_recursive`: a decorator for a Cell class, a
function or a method that sets the compiler flag `no_recursive` (`_func_graph_flags`) and
returns the object itself; anything else is a TypeError. The decorated functions and Cells
compute as before, in graph mode and under `jit`. Printed `label -> RESULT`;
tests/transforms/test_ut20_no_recursive.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ut20_no_recursive_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/ut20_no_recursive_probe.out
"""
import numpy as np

import mindspore as ms
from mindspore.common.api import _no_recursive as no_recursive


def show(label, f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        r = f"ERR {type(e).__name__} | " + str(e).strip().splitlines()[0]
    print(f"{label} -> {r}")


def mul(x, y):
    return x * y


def double(x):
    return mul(x, x)


@no_recursive
class Net(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.add = ms.ops.Add()

    def construct(self, x, y):
        return self.add(double(x), double(y))


@ms.jit
@no_recursive
def func(x, y):
    return double(x) + double(y)


def plain(x):
    return x


class Holder:
    def method(self, x):
        return x


x = ms.Tensor(np.array([2.0], np.float32))
y = ms.Tensor(np.array([3.0], np.float32))
show("jit function", lambda: func(x, y))
show("cell class flags", lambda: Net._func_graph_flags)
show("function flags", lambda: no_recursive(plain)._func_graph_flags)
show("returns the function", lambda: no_recursive(plain) is plain)
show("bound method", lambda: no_recursive(Holder().method) is not None)
show("a Cell instance", lambda: no_recursive(ms.nn.ReLU()))
show("a plain class", lambda: no_recursive(Holder).__name__)
show("an int", lambda: no_recursive(3))
show("a builtin", lambda: no_recursive(len))
show("a lambda", lambda: no_recursive(lambda v: v)._func_graph_flags)
ms.set_context(mode=ms.GRAPH_MODE)
show("graph cell", lambda: Net()(x, y))
