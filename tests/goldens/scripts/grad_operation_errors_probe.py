"""MindSpore 2.10's errors for what `GradOperation()(fn)` differentiates (missing, None) and for
a Cell's `bprop` with too few parameters, in graph mode (its compiler's messages) and PyNative
mode (Python's); printed `label -> RESULT`; tests/transforms/test_grad_errors.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/grad_operation_errors_probe.py \
        | grep -- " -> " > tests/goldens/transforms/grad_operation_errors_probe.out
"""
import numpy as np
from mindspore import Tensor, context, nn, ops


def show(label, f):
    try:
        result = f()
        result = "callable" if callable(result) else repr(result)
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
    print(f"{label} -> {result}")


x = Tensor(np.array([2.0], np.float32))
y = Tensor(np.array([3.0], np.float32))
show("PyNative, GradOperation()(None)", lambda: ops.GradOperation()(None))
show("PyNative, GradOperation()()", lambda: ops.GradOperation()())


class GradOfNone(nn.Cell):
    def __init__(self):
        super().__init__()
        self.grad_op = ops.GradOperation()

    def construct(self, v):
        return self.grad_op(None)(v)


class GradOfNothing(nn.Cell):
    def __init__(self):
        super().__init__()
        self.grad_op = ops.GradOperation()

    def construct(self, v):
        return self.grad_op()(v)


class BpropOfOne(nn.Cell):
    def construct(self, a, b):
        return a + b

    def bprop(self, out):
        return out, out


class BpropWithoutDout(nn.Cell):
    def construct(self, a, b):
        return a + b

    def bprop(self, a, b, out):
        return out, out


class BpropWithEverything(nn.Cell):
    def construct(self, a, b):
        return a + b

    def bprop(self, a, b, out, dout):
        return dout * 2, dout * 3


class GradAll(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.grad_op = ops.GradOperation(get_all=True)

    def construct(self, a, b):
        return self.grad_op(self.net)(a, b)


for mode, name in ((context.GRAPH_MODE, "graph"), (context.PYNATIVE_MODE, "PyNative")):
    context.set_context(mode=mode)
    if mode == context.GRAPH_MODE:
        show("graph, GradOperation()(None)", lambda: GradOfNone()(x))
        show("graph, GradOperation()()", lambda: GradOfNothing()(x))
    for net in (BpropOfOne, BpropWithoutDout, BpropWithEverything):
        show(f"{name}, {net.__name__}", lambda: GradAll(net())(x, y))
context.set_context(mode=context.PYNATIVE_MODE)
