"""_grad_ops.LogSoftmaxGrad, _grad_ops.ResizeNearestNeighborGrad, UniqueWithPad and ParallelConcat
as MindSpore 2.10 (CPU) computes them. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops14_misc3_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops14_misc3_probe.out
"""
import numpy as np
from mindspore import Tensor
from mindspore.common import dtype as mstype
from mindspore.ops import operations as P
from mindspore.ops.operations import _grad_ops as G


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


out = Tensor(np.log(np.array([[0.2, 0.3, 0.5], [0.1, 0.6, 0.3]])), mstype.float32)
dout = Tensor(np.array([[1.0, -2.0, 0.5], [0.3, 0.2, -1.0]]), mstype.float32)
print("reprs ->", [repr(G.LogSoftmaxGrad()), repr(G.ResizeNearestNeighborGrad()),
                   repr(P.UniqueWithPad()), repr(P.ParallelConcat())])
show("LogSoftmaxGrad", lambda: G.LogSoftmaxGrad()(out, dout))
show("LogSoftmaxGrad axis 0", lambda: G.LogSoftmaxGrad(0)(out, dout))
dy = Tensor(np.arange(1, 7).reshape(1, 1, 2, 3), mstype.float32)
show("ResizeNearestNeighborGrad", lambda: G.ResizeNearestNeighborGrad()(dy, (4, 5)))
show("ResizeNearestNeighborGrad align", lambda: G.ResizeNearestNeighborGrad(True)(dy, (4, 5)))
show("ResizeNearestNeighborGrad smaller", lambda: G.ResizeNearestNeighborGrad()(
    Tensor(np.arange(1, 17).reshape(1, 1, 4, 4), mstype.float32), (2, 3)))
show("ResizeNearestNeighborGrad float16", lambda: G.ResizeNearestNeighborGrad(True)(
    Tensor(np.array([[[[1, 2], [3, 4]]]]), mstype.float16), (4, 4)))
show("UniqueWithPad", lambda: P.UniqueWithPad()(Tensor([1, 2, 5, 2, 1, 7], mstype.int32), 0))
show("UniqueWithPad int64", lambda: P.UniqueWithPad()(Tensor([3, 3, 3], mstype.int64), -1))
show("UniqueWithPad float", lambda: P.UniqueWithPad()(Tensor([1.5, 2.0, 1.5], mstype.float32),
                                                      9.0))
show("ParallelConcat", lambda: P.ParallelConcat()(
    (Tensor(np.ones((1, 2)), mstype.float32), Tensor(np.zeros((1, 2)), mstype.float32))))
show("ParallelConcat three", lambda: P.ParallelConcat()(
    [Tensor([[1, 2]], mstype.int32), Tensor([[3, 4]], mstype.int32), Tensor([[5, 6]], mstype.int32)]))
show("ParallelConcat first axis 2", lambda: P.ParallelConcat()(
    (Tensor(np.ones((2, 2)), mstype.float32), Tensor(np.zeros((2, 2)), mstype.float32))))
show("ParallelConcat dtypes", lambda: P.ParallelConcat()(
    (Tensor(np.ones((1, 2)), mstype.float32), Tensor(np.zeros((1, 2)), mstype.float16))))
