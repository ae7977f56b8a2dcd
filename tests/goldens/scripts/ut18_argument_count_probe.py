"""MindSpore 2.10's TypeError for a call with too many or too few positional arguments: a `jit`
function or method (its `self` counted), a GRAPH_MODE Cell (its `self` not counted; too few adds
advice about `set_inputs`), `nn.grad.Jvp` and `nn.grad.Vjp` (whose graph takes the vector too),
and the calls that keep Python's own message (a PyNative Cell, `grad`, `ops.vjp`, a keyword
twice). Printed `label -> RESULT`.
Golden: tests/goldens/transforms/ut18_argument_count_probe.out
(tests/transforms/test_argument_count.py)."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit, nn
from mindspore.nn.grad import Jvp, Vjp


def show(label, call):
    try:
        call()
        print(label, "-> OK")
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


class One(nn.Cell):
    def construct(self, x):
        return x ** 3


class Two(nn.Cell):
    def construct(self, x, y):
        return 2 * x, y ** 3


class WithDefault(nn.Cell):
    def construct(self, x, y=1):
        return x * y


class JitMethod(nn.Cell):
    @jit
    def construct(self, x):
        return x * 2


@jit
def with_default(x, y=1):
    return x * y


@jit
def with_varargs(x, *args):
    return x


@jit
def single(x):
    return x


x = Tensor(np.ones((2, 2), np.float32))
show("jit function: too many", lambda: with_default(x, x, x))
show("jit function: too few", lambda: with_default())
show("jit function with *args: many", lambda: with_varargs(x, x, x))
show("jit function: a keyword twice", lambda: single(x, x=x))
show("jit method: too many", lambda: JitMethod()(x, x))
show("jit method: too few", lambda: JitMethod()())
show("PyNative Cell: too many", lambda: One()(x, x))
show("PyNative Cell: too few", lambda: Two()(x))
show("Vjp: too many", lambda: Vjp(One())(x, x, x))
show("Vjp: too few", lambda: Vjp(Two())((x, x), (x, x)))
show("Jvp: too many", lambda: Jvp(One())(x, x, x))
show("grad: too many", lambda: ms.grad(One())(x, x))
show("ops.vjp: too many", lambda: ms.vjp(One(), x, x))
ms.set_context(mode=ms.GRAPH_MODE)
show("GRAPH_MODE Cell: too many", lambda: WithDefault()(x, x, x))
show("GRAPH_MODE Cell: too few", lambda: WithDefault()())
show("GRAPH_MODE Cell: too few of two", lambda: Two()(x))
show("GRAPH_MODE Cell: defaults filled", lambda: WithDefault()(x))
show("GRAPH_MODE jit function: too many", lambda: single(x, x))
show("GRAPH_MODE Vjp: too many", lambda: Vjp(One())(x, x, x))
