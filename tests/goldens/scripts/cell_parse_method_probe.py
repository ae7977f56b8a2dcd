"""MindSpore 2.10 parses a Cell that a compiled program calls (a sub-Cell, or the network of a
GradOperation inside another Cell's construct) by its `__parse_method__`: the @jit method last
called on it from Python, else `construct`; the Cell's own top-level GRAPH_MODE call sets it back
to `construct`, and PyNative calls always run `construct`. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/cell_parse_method_probe.py \\
        | grep " -> " > tests/goldens/transforms/cell_parse_method_probe.out
"""
import mindspore as ms
from mindspore import Tensor, context, jit, nn
from mindspore.ops import composite as C


def show(label, fn):
    try:
        r = fn()
    except Exception as e:
        r = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0].strip(chr(39))}"
    print(f"{label} -> {r}")


class Jitted(nn.Cell):
    """No construct: only @jit methods."""
    @jit
    def double(self, x, y):
        return x * 2 + y

    @jit
    def quintuple(self, x, y):
        return x * 5 + y


class Both(nn.Cell):
    def construct(self, x, y):
        return x - y

    @jit
    def double(self, x, y):
        return x * 2 + y


class GradNet(nn.Cell):
    def __init__(self, network):
        super().__init__()
        self.network = network
        self.grad = C.GradOperation()

    def construct(self, *inputs):
        return self.grad(self.network)(*inputs)


class Outer(nn.Cell):
    def __init__(self, network):
        super().__init__()
        self.network = network

    def construct(self, *inputs):
        return self.network(*inputs)


x = Tensor([2.0])
y = Tensor([3.0])
context.set_context(mode=context.GRAPH_MODE)
fresh = Jitted()
show("graph: never-jitted cell nested", lambda: Outer(fresh)(x, y))
show("graph: never-jitted cell grad", lambda: GradNet(fresh)(x, y))
one = Jitted()
show("graph: jit method", lambda: one.double(x, y))
show("graph: nested after jit method", lambda: Outer(one)(x, y))
show("graph: grad after jit method", lambda: GradNet(one)(x, y))
show("graph: parse method attribute", lambda: one.__parse_method__)
show("graph: second jit method", lambda: one.quintuple(x, y))
show("graph: nested after second jit method", lambda: Outer(one)(x, y))
show("graph: grad after second jit method", lambda: GradNet(one)(x, y))
show("graph: top-level call", lambda: one(x, y))
show("graph: parse method after top-level call", lambda: one.__parse_method__)
show("graph: nested after top-level call", lambda: Outer(one)(x, y))
both = Both()
show("graph: both construct", lambda: both(x, y))
show("graph: both jit method", lambda: both.double(x, y))
show("graph: both nested", lambda: Outer(both)(x, y))
show("graph: both grad", lambda: GradNet(both)(x, y))
show("graph: both top-level again", lambda: both(x, y))
show("graph: both nested again", lambda: Outer(both)(x, y))
context.set_context(mode=context.PYNATIVE_MODE)
two = Both()
show("pynative: jit method", lambda: two.double(x, y))
show("pynative: call", lambda: two(x, y))
show("pynative: nested", lambda: Outer(two)(x, y))
