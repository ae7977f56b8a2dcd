"""MindSpore 2.10 refuses, inside a compiled function, calls of the APIs of
`mindspore.common.initializer`, `mindspore.context` and `mindspore.log` (RuntimeError naming the
class or function); naming them is allowed, and PyNative calls run. Printed `label -> RESULT`;
tests/transforms/test_graph_forbidden.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_forbidden_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/graph_forbidden_probe.out
"""
import mindspore as ms
import mindspore.nn as nn
from mindspore import Tensor, context, jit, log
from mindspore.common import initializer as init
from mindspore.common.initializer import One, Normal, initializer


def show(label, f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        r = f"ERR {type(e).__name__} | " + str(e).strip().splitlines()[0]
    print(f"{label} -> {r}")


@jit
def make_one(x):
    One()
    return x + 1


@jit
def make_normal(x):
    Normal(0.1)
    return x


@jit
def call_initializer(x):
    return initializer("ones", [2], ms.float32) + x


@jit
def read_mode(x):
    ms.get_context("mode")
    return x + 1


@jit
def read_mode_of_context(x):
    context.get_context("mode")
    return x + 1


@jit
def set_mode(x):
    context.set_context(mode=context.GRAPH_MODE)
    return x + 1


@jit
def log_info(x):
    log.info("hi")
    return x + 1


@jit
def name_only(x):
    cls = init.One
    return x * 2


class MakesZero(nn.Cell):
    def construct(self, x):
        init.Zero()
        return x * 2


x = Tensor([1.0, 2.0])
show("One()", lambda: make_one(x))
show("Normal()", lambda: make_normal(x))
show("initializer()", lambda: call_initializer(x))
show("ms.get_context", lambda: read_mode(x))
show("context.get_context", lambda: read_mode_of_context(x))
show("context.set_context", lambda: set_mode(x))
show("log.info", lambda: log_info(x))
show("naming a class", lambda: name_only(x))
show("pynative cell", lambda: MakesZero()(x))
show("pynative grad of a cell", lambda: ms.grad(MakesZero())(x))
context.set_context(mode=context.GRAPH_MODE)
show("graph cell", lambda: MakesZero()(x))
