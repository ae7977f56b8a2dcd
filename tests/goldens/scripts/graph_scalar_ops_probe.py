"""MindSpore 2.10's errors for a Python number divided by zero inside a compiled function
(ValueError, not ZeroDivisionError; `divmod` keeps Python's; a Tensor divided by zero is inf),
printed `label -> RESULT`; tests/transforms/test_graph_scalar_ops.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_scalar_ops_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/graph_scalar_ops_probe.out
"""
import mindspore as ms
from mindspore import Tensor, context, jit, nn, mutable
def show(label, f, *a):
    try:
        r = f(*a)
    except Exception as e:
        r = f"ERR {type(e).__name__} | " + str(e).strip().splitlines()[0]
    print(f"{label} -> {r}")
@jit
def d1(): return 2 / 0
@jit
def d2(): return 2 // 0
@jit
def d3(): return 2 % 0
@jit
def d4(): return 2.0 / 0.0
@jit
def d5(a): return a / 0
@jit
def d6(a, b): return a / b
@jit
def d7(): return divmod(2, 0)
@jit
def d8(): return 2.5 // 0
@jit
def d9(): return 2.5 % 0.0
@jit
def d10(x): return x / 0
show("int / 0", d1)
show("int // 0", d2)
show("int % 0", d3)
show("float / 0.0", d4)
show("arg int / 0", d5, 3)
show("args", d6, 3, 0)
show("mutable args", d6, mutable(3), mutable(0))
show("divmod", d7)
show("float // 0", d8)
show("float % 0.0", d9)
show("tensor / 0", d10, Tensor([1.0]))


@jit
def fine(a, b):
    return a / b, a // b, a % b, "%d%%" % a


show("nonzero divisors", fine, 7, 2)
context.set_context(mode=context.GRAPH_MODE)


class Net(nn.Cell):
    def construct(self, x):
        a = 1
        return x * (2 / 0 + a)


show("graph cell", Net(), Tensor([1]))
