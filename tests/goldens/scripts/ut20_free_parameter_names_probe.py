"""MindSpore 2.10 refuses to compile a graph that reads a Parameter it was not given (a global or
closure variable, not a Cell's own) whose name another Parameter of the graph has: RuntimeError
"The parameter @<graph>:param_<name> , its name '<name>' already exists. ..." (the graph's
internal name is printed from ' , ' on only: MindSpore numbers its graphs). Two Cells' own
Parameters of one name it accepts, and so does PyNative. (It refuses two Cells a `jit`
function captures, as globals or in a closure, whose Parameters share a name; msjax runs them:
docs/migration.md.) Printed `label -> RESULT`;
tests/transforms/test_ut20_free_parameter_names.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ut20_free_parameter_names_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/ut20_free_parameter_names_probe.out
"""
import mindspore as ms
from mindspore import Parameter, Tensor, context, jit, nn


def show(label, f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        text = str(e).strip().splitlines()[0]
        r = f"ERR {type(e).__name__} | " + (text.split(" , ", 1)[1] if " , " in text else text)
    print(f"{label} -> {r}")


a = Parameter(Tensor([1], ms.float32), name="name_a")
b = Parameter(Tensor([2], ms.float32), name="name_a")
c = Parameter(Tensor([3], ms.float32))
d = Parameter(Tensor([4], ms.float32))


@jit
def two_free_of_one_name():
    return a + b


@jit
def two_free_unnamed():
    return c + d


@jit
def one_free(x):
    return x + a


@jit
def same_parameter_twice(x):
    return x + a + a


@jit
def free_in_closure():
    p = Parameter(Tensor([5], ms.float32), name="name_a") if False else b

    def inner():
        return a + p
    return inner()


class OwnAndFree(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = a

    def construct(self, x):
        return x + self.p + b


class Own(nn.Cell):
    def __init__(self, param):
        super().__init__()
        self.p = param

    def construct(self, x):
        return x * self.p


class TwoOwn(nn.Cell):
    def __init__(self):
        super().__init__()
        self.first = Own(Parameter(Tensor([2.0]), name="w"))
        self.second = Own(Parameter(Tensor([3.0]), name="w"))

    def construct(self, x):
        return self.first(x) + self.second(x)


x = Tensor([1.0])
show("two free of one name", two_free_of_one_name)
show("two free unnamed", two_free_unnamed)
show("one free", lambda: one_free(x))
show("same parameter twice", lambda: same_parameter_twice(x))
show("free in closure", free_in_closure)
show("pynative cell own and free", lambda: OwnAndFree()(x))
show("pynative two own", lambda: TwoOwn()(x))
context.set_context(mode=context.GRAPH_MODE)
show("graph cell own and free", lambda: OwnAndFree()(x))
show("graph two own", lambda: TwoOwn()(x))
