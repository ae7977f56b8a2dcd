"""Ops that read an integer input as indices, differentiated with respect to all their inputs
(GradOperation(get_all=True)), as MindSpore 2.10 (CPU) computes them: the index's gradient is
zero, of its integer dtype. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops15a_index_grad_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops15a_index_grad_probe.out
"""
import numpy as np
from mindspore import Tensor, context, nn, ops
from mindspore.common import dtype as mstype
from mindspore.ops import composite as C
from mindspore.ops import operations as P
from mindspore.ops.operations.array_ops import MatrixDiagPartV3, MatrixDiagV3, MatrixSetDiagV3


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if not isinstance(value, Tensor):
        return repr(value)
    return f"{value.dtype} {value.shape} {np.round(value.asnumpy().astype(np.float64), 4).tolist()}"


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


class GatherDNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.gather_d = P.GatherD()

    def construct(self, a, i):
        return self.gather_d(a, 1, i)


class GatherElementsNet(nn.Cell):
    def construct(self, a, i):
        return ops.gather_elements(a, 0, i)


class NLLLossNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.nll = P.NLLLoss(reduction="sum")

    def construct(self, a, t, w):
        return self.nll(a, t, w)


class NllLossNet(nn.Cell):
    def construct(self, a, t):
        return ops.nll_loss(a, t, reduction="mean")


class GatherNdNet(nn.Cell):
    def construct(self, a, i):
        return ops.gather_nd(a, i)


class IndexSelectNet(nn.Cell):
    def construct(self, a, i):
        return ops.index_select(a, 1, i) * 2


class TakeAlongAxisNet(nn.Cell):
    def construct(self, a, i):
        return ops.gather(a, i, 0) * 3


class MatrixDiagNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.diag = MatrixDiagV3(align="LEFT_RIGHT")

    def construct(self, x, k, num_rows, num_cols, padding_value):
        return self.diag(x, k, num_rows, num_cols, padding_value)


class MatrixDiagPartNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.part = MatrixDiagPartV3(align="RIGHT_LEFT")

    def construct(self, x, k, padding_value):
        return self.part(x, k, padding_value) * 2


class MatrixSetDiagNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.set_diag = MatrixSetDiagV3()

    def construct(self, x, diagonal, k):
        return self.set_diag(x, diagonal, k) * 3


def grad_all(net, *args, sens=None):
    grad = C.GradOperation(get_all=True, sens_param=sens is not None)
    return grad(net)(*args) if sens is None else grad(net)(*args, sens)


x = Tensor(np.arange(12).reshape(3, 4).astype(np.float32) / 4)
index = Tensor(np.array([[0, 3], [2, 2], [1, 0]]), mstype.int32)
logits = Tensor(np.array([[-1.3, -2.2, -3.2], [-1.2, -2.6, -1.2]]), mstype.float32)
target = Tensor(np.array([1, 2]), mstype.int32)
weight = Tensor(np.array([0.2, 0.3, 0.5]), mstype.float32)
sens = (Tensor(1.5, mstype.float32), Tensor(0.5, mstype.float32))

band = Tensor(np.array([[8, 9, 0], [1, 2, 3], [0, 4, 5]]), mstype.float32)
k = Tensor(np.array([-1, 1]), mstype.int32)
three = Tensor(np.array(3), mstype.int32)
for mode, name in ((context.PYNATIVE_MODE, "pynative"), (context.GRAPH_MODE, "graph")):
    context.set_context(mode=mode)
    show(f"{name} GatherD", lambda: grad_all(GatherDNet(), x, index))
    show(f"{name} gather_elements int64", lambda: grad_all(
        GatherElementsNet(), x, Tensor(np.array([[2, 0, 1, 1]]), mstype.int64)))
    show(f"{name} NLLLoss", lambda: grad_all(NLLLossNet(), logits, target, weight, sens=sens))
    show(f"{name} nll_loss", lambda: grad_all(NllLossNet(), logits, target))
    show(f"{name} gather_nd", lambda: grad_all(
        GatherNdNet(), x, Tensor(np.array([[0, 1], [2, 3]]), mstype.int32)))
    show(f"{name} index_select", lambda: grad_all(
        IndexSelectNet(), x, Tensor(np.array([3, 0, 3]), mstype.int32)))
    show(f"{name} gather", lambda: grad_all(
        TakeAlongAxisNet(), x, Tensor(np.array([2, 2]), mstype.int64)))

# (k, num_rows and num_cols decide the output's shape: in graph mode msjax runs such a Cell
# eagerly, with a warning; the PyNative gradients are the behaviour)
context.set_context(mode=context.PYNATIVE_MODE)
show("pynative MatrixDiagV3", lambda: grad_all(
    MatrixDiagNet(), band, k, three, three, Tensor(np.array(11), mstype.float32)))
show("pynative MatrixDiagPartV3", lambda: grad_all(
    MatrixDiagPartNet(), x, Tensor(np.array([0, 1]), mstype.int32),
    Tensor(np.array(0), mstype.float32)))
show("pynative MatrixSetDiagV3", lambda: grad_all(
    MatrixSetDiagNet(), x, Tensor(np.array([1.0, 2.0, 3.0]), mstype.float32),
    Tensor(np.array(0), mstype.int32)))
