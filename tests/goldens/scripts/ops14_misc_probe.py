"""array_func.split_ext, _grad_ops.SoftplusGrad (and its gradient), math_ops.AddV2,
device_context.cpu.op_tuning.threads_num's checks, and the gradients of the tensor_scatter ops
and scatter_nd with respect to all their inputs (the integer indices included), as MindSpore 2.10
(CPU) gives them. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops14_misc_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops14_misc_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.common import dtype as mstype
from mindspore.ops.function.array_func import split_ext
from mindspore.ops.operations import _grad_ops as G
from mindspore.ops.operations import math_ops


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if isinstance(value, Tensor):
        return f"{value.dtype} {value.shape} {np.round(value.asnumpy().astype(np.float64), 5).tolist()}"
    return repr(value)


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


x = Tensor(np.arange(10).reshape(5, 2), mstype.float32)
show("split_ext int", lambda: split_ext(x, 2))
show("split_ext list", lambda: split_ext(x, [2, 3]))
show("split_ext tuple dim 1", lambda: split_ext(x, (1, 1), 1))
show("split_ext negative dim", lambda: split_ext(x, 1, -1))
show("split_ext keyword dim", lambda: split_ext(x, 4, dim=0))
dy = Tensor(np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]]), mstype.float32)
f = Tensor(np.array([[-2.0, 0.0, 1.0], [3.0, -0.5, 20.0]]), mstype.float32)
show("SoftplusGrad", lambda: G.SoftplusGrad()(dy, f))
show("SoftplusGrad float64", lambda: G.SoftplusGrad()(Tensor(dy.asnumpy().astype(np.float64)),
                                                       Tensor(f.asnumpy().astype(np.float64))))
show("SoftplusGrad repr", lambda: repr(G.SoftplusGrad()))
show("SoftplusGrad grad", lambda: ops.GradOperation(get_all=True, sens_param=True)(
    lambda u, v: G.SoftplusGrad()(u, v))(dy, f, Tensor(np.full((2, 3), 0.5), mstype.float32)))
a = Tensor(np.array([[1.0, 2.0, 3.0]]), mstype.float32)
b = Tensor(np.array([[0.5], [-1.0]]), mstype.float32)
show("AddV2", lambda: math_ops.AddV2()(a, b))
show("AddV2 int", lambda: math_ops.AddV2()(Tensor([1, 2], mstype.int32), Tensor([3, 4], mstype.int32)))
show("AddV2 repr", lambda: repr(math_ops.AddV2()))
show("AddV2 same shapes", lambda: math_ops.AddV2()(a, a))
show("AddV2 grad", lambda: ops.GradOperation(get_all=True)(lambda u, v: math_ops.AddV2()(u, v))(
    a, Tensor(np.array([[0.5, -1.0, 4.0]]), mstype.float32)))
show("AddV2 int and float", lambda: math_ops.AddV2()(Tensor([1, 2], mstype.int32), Tensor([3.5, 4], mstype.float32)))
show("AddV2 number", lambda: math_ops.AddV2()(a, 1.0))

xs = Tensor(np.array([[-0.1, 0.3, 3.6], [0.4, 0.5, -3.2]]), mstype.float32)
idx = Tensor(np.array([[0, 0], [1, 2]]), mstype.int32)
upd = Tensor(np.array([1.0, -5.0]), mstype.float32)
w = Tensor(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), mstype.float32)  # (the sensitivities)
for name in ("TensorScatterMax", "TensorScatterMin", "TensorScatterAdd", "TensorScatterUpdate"):
    prim = getattr(ops, name)()
    show(f"{name} grad", lambda: ops.GradOperation(get_all=True)(
        lambda u, i, v: prim(u, i, v) * w)(xs, idx, upd))
show("ScatterNd grad", lambda: ops.GradOperation(get_all=True)(
    lambda i, v: ops.ScatterNd()(i, v, (2, 3)) * w)(idx, upd))
show("TensorScatterElements grad", lambda: ops.GradOperation(get_all=True)(
    lambda u, i, v: ops.TensorScatterElements(axis=1)(u, i, v) * w)(
        xs, Tensor([[2], [0]], mstype.int32), Tensor([[7.0], [8.0]], mstype.float32)))

from mindspore.device_context.cpu.op_tuning import threads_num
show("threads_num zero", lambda: threads_num(0))
show("threads_num str", lambda: threads_num("2"))
show("threads_num", lambda: threads_num(2))
show("threads_num again", lambda: threads_num(3))
