"""MindSpore 2.10's gradient through an attribute a Cell's construct assigns (`self.p = ...`):
in graph mode the attribute is a Python object the interpreter holds, so no gradient flows through
its reads; in PyNative it is plain Python and the gradient flows. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/setattr_grad_probe.py \\
        | grep " -> " > tests/goldens/transforms/setattr_grad_probe.out
"""
import mindspore as ms
from mindspore import Tensor, context, nn
from mindspore.ops import grad


def show(label, fn):
    try:
        result = fn()
    except Exception as e:  # noqa: BLE001
        result = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0]}"
    print(f"{label} -> {result}")


class Accumulate(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = 4

    def construct(self, x):
        self.p = self.p + x
        return self.p


class AssignThenUse(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = 4

    def construct(self, x):
        self.p = x * 2
        return self.p * 3 + x


class TensorAttribute(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = Tensor([4.0])

    def construct(self, x):
        self.p = self.p * x
        return self.p


class ReadOnly(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = 4

    def construct(self, x):
        return self.p * x


class Grad(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def construct(self, *inputs):
        return grad(self.net, 0)(*inputs)


for mode, name in ((ms.GRAPH_MODE, "graph"), (ms.PYNATIVE_MODE, "pynative")):
    context.set_context(mode=mode)
    for cls in (Accumulate, AssignThenUse, TensorAttribute, ReadOnly):
        show(f"{name} {cls.__name__} int", lambda: Grad(cls())(Tensor([2])))
        show(f"{name} {cls.__name__} float", lambda: Grad(cls())(Tensor([2.0])))
        show(f"{name} {cls.__name__} value", lambda: cls()(Tensor([2.0])))
    show(f"{name} grad of the Cell itself", lambda: grad(Accumulate(), 0)(Tensor([2.0])))
context.set_context(mode=ms.PYNATIVE_MODE)
