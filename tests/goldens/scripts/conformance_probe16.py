"""ops.gaussian_nll_loss's argument checks in graph and PyNative mode: MindSpore 2.10's errors.
Golden: tests/goldens/api/conformance_probe16.out."""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor, context
import mindspore.common.dtype as mstype


def show(label, f):
    try:
        r = f()
        print(label, "->", "ok", r.shape, np.round(r.asnumpy(), 5).tolist())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:300])


a = Tensor(np.arange(8).reshape((4, 2)), mstype.float32)
b = Tensor(np.ones((4, 2)), mstype.float32)
var = Tensor(np.ones((4, 1)), mstype.float32)
for mode, name in ((context.GRAPH_MODE, "graph"), (context.PYNATIVE_MODE, "pynative")):
    context.set_context(mode=mode)
    show(f"{name} full=1", lambda: ops.gaussian_nll_loss(a, b, var, full=1, eps=1e-6))
    show(f"{name} full=True", lambda: ops.gaussian_nll_loss(a, b, var, full=True, eps=1e-6))
    show(f"{name} eps=1", lambda: ops.gaussian_nll_loss(a, b, var, eps=1))
    show(f"{name} eps=-0.5", lambda: ops.gaussian_nll_loss(a, b, var, eps=-0.5))
    show(f"{name} x int", lambda: ops.gaussian_nll_loss(3, b, var))
    show(f"{name} var list", lambda: ops.gaussian_nll_loss(a, b, [1.0]))
    show(f"{name} sum", lambda: ops.gaussian_nll_loss(a, b, var, reduction="sum"))


def show_kind(label, f):
    """The exception's type and the start of its message (MindSpore lists the arguments' kinds
    by its op's signature, msjax by the call's)."""
    try:
        f()
        print(label, "-> no error")
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).split(" with ")[0])


show_kind("sum of an int", lambda: ops.sum(1))
show_kind("sum of an int, dim", lambda: ops.sum(1, dim=0, keepdim=True))
show_kind("sum dim str", lambda: ops.sum(a, dim="error"))
show_kind("mean of a float", lambda: ops.mean(1.5))
show_kind("sum keepdim int", lambda: ops.sum(a, dim=1, keepdim=12))
