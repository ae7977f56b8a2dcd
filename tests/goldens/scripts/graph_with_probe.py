"""MindSpore 2.10 compiles a `with` statement's `__enter__` and `__exit__` (of a jit_class
object) with the function: their results, and graph mode's errors raised inside them (a Python
number divided by zero: ValueError), printed `label -> RESULT`;
tests/transforms/test_graph_with.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_with_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/graph_with_probe.out
"""
from mindspore import Tensor, context, jit_class, nn


def show(label, f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        r = f"ERR {type(e).__name__} | " + str(e).strip().splitlines()[0]
    print(f"{label} -> {r}")


@jit_class
class Scaled:
    def __init__(self, scale, divisor):
        self.scale = scale
        self.divisor = divisor

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return self.scale / self.divisor > 0

    def apply(self, x):
        return x * self.scale


class Net(nn.Cell):
    def __init__(self, divisor_in_exit, divisor_in_body):
        super().__init__()
        self.divisor_in_exit = divisor_in_exit
        self.divisor_in_body = divisor_in_body

    def construct(self, x):
        with Scaled(2, self.divisor_in_exit) as scaled:
            y = scaled.apply(x) + 1 / self.divisor_in_body
        return y


context.set_context(mode=context.GRAPH_MODE)
x = Tensor([3.0])
show("enter and exit", lambda: Net(1, 1)(x))
show("division by zero in exit", lambda: Net(0, 1)(x))
show("division by zero in body, then exit", lambda: Net(1, 0)(x))
