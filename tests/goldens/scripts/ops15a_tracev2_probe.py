"""ops.auto_generate's TraceV2Grad (tracev2_grad_op) and TraceV2 (trace_v2_op) as MindSpore 2.10
(CPU) computes them: the diagonal's sensitivity placed into zeros of `shape` (offset, axes,
negative axes, dtypes), the diagonal sums (Int64 for integers, Bool for Bool, `dtype`), their
errors and reprs. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops15a_tracev2_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops15a_tracev2_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, context, nn, ops
from mindspore.common import dtype as mstype
from mindspore.ops.auto_generate import tracev2_grad_op, trace_v2_op, TraceV2Grad, TraceV2

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
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:300])

print("repr ->", repr(tracev2_grad_op), repr(TraceV2Grad()), repr(trace_v2_op))
d = Tensor(np.array([1.0, 2.0, 3.0]), mstype.float32)
show("grad default axes", lambda: tracev2_grad_op(Tensor(np.array([1.5, -2.0, 4.0]), mstype.float32), Tensor((2, 3, 3))))
show("grad 3d", lambda: tracev2_grad_op(d, Tensor((3, 2, 4)), 0, 1, 2))
show("grad offset 1", lambda: tracev2_grad_op(d, Tensor((3, 2, 4)), 1, 1, 2))
show("grad offset -1", lambda: tracev2_grad_op(d, Tensor((3, 3, 2)), -1, 1, 2))
show("grad offset big", lambda: tracev2_grad_op(d, Tensor((3, 3, 2)), 5, 1, 2))
show("grad neg axes", lambda: tracev2_grad_op(d, Tensor((2, 3, 4)), 0, -1, 0))
show("grad 2d scalar dout", lambda: tracev2_grad_op(Tensor(2.5, mstype.float32), Tensor((2, 3)), 0, 0, 1))
show("grad float64", lambda: tracev2_grad_op(Tensor(np.array([1.0, 2.0]), mstype.float64), Tensor((2, 2, 2)), 0, 1, 2))
show("grad int", lambda: tracev2_grad_op(Tensor(np.array([1, 2]), mstype.int32), Tensor((2, 2, 2)), 0, 1, 2))
show("grad tuple shape", lambda: tracev2_grad_op(d, (3, 2, 2), 0, 1, 2))
x = Tensor(np.arange(24).reshape(2, 3, 4).astype(np.float32))
show("fwd default", lambda: trace_v2_op(x))
show("fwd offset axes", lambda: trace_v2_op(x, 1, 1, 2))
show("fwd neg offset", lambda: trace_v2_op(x, -1, 0, 2))
show("fwd int32", lambda: trace_v2_op(Tensor(np.arange(9).reshape(3, 3), mstype.int32), 0, 0, 1))
show("fwd int8", lambda: trace_v2_op(Tensor(np.arange(9).reshape(3, 3), mstype.int8), 0, 0, 1))
show("fwd bool", lambda: trace_v2_op(Tensor(np.eye(3, dtype=bool)), 0, 0, 1))
show("fwd dtype", lambda: trace_v2_op(x, 0, 1, 2, mstype.float64))
show("fwd f16", lambda: trace_v2_op(Tensor(np.arange(9).reshape(3, 3), mstype.float16), 0, 0, 1))
show("fwd 1d", lambda: trace_v2_op(d))
show("tensor trace", lambda: x.trace(1, 1, 2))
context.set_context(mode=context.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.shape = Tensor((3, 2, 4))  # (a constant of the graph)

    def construct(self, a):
        return tracev2_grad_op(a, self.shape, -1, 2, 0)


show("graph grad", lambda: Net()(Tensor(np.array([1.0, 2.0]), mstype.float32)))
