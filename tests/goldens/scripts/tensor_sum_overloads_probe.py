"""Tensor.sum's two overloads, `sum(dim, keepdim, *, dtype)` and `sum(axis, dtype, keepdims,
initial)`, tried in that order (a bool second argument is `keepdim`), and calls repeated on
Tensors of other dtypes and ranks (msjax runs a call like one checked before at once:
ops/reduce_ops.sum). Prints `label -> result` lines; run by tests/ops/test_overloads.py on
msjax."""
import numpy as np
import mindspore as ms
from mindspore import Tensor

x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
xi = Tensor(np.arange(6, dtype=np.int32).reshape(2, 3))
x3 = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
xb = Tensor(np.array([[True, False, True], [True, True, False]]))


def show(label, call):
    try:
        out = call()
        print(label, "->", f"{out.dtype} {out.shape} {out.asnumpy().tolist()}")
    except Exception as error:  # noqa: BLE001 - the error is the result
        print(label, "->", f"{type(error).__name__}: {str(error).splitlines()[0]}")


show("sum(0, True)", lambda: x.sum(0, True))
show("sum(0, False)", lambda: x.sum(0, False))
show("sum(1, keepdim=True)", lambda: x.sum(1, keepdim=True))
show("sum(0, True, dtype=float64)", lambda: x.sum(0, True, dtype=ms.float64))
show("sum((0, 1), True)", lambda: x.sum((0, 1), True))
show("sum(0, int32)", lambda: x.sum(0, ms.int32))
show("sum(0, None, True)", lambda: x.sum(0, None, True))
show("sum(axis=1, keepdims=True, initial=1.5)", lambda: x.sum(axis=1, keepdims=True, initial=1.5))
show("sum(0, True, 5)", lambda: x.sum(0, True, 5))
for round_ in (1, 2):  # the second round runs calls like the first's
    show(f"round {round_} sum()", lambda: x.sum())
    show(f"round {round_} sum(0)", lambda: x.sum(0))
    show(f"round {round_} sum(-1)", lambda: x.sum(-1))
    show(f"round {round_} int32 sum(0)", lambda: xi.sum(0))
    show(f"round {round_} int32 sum()", lambda: xi.sum())
    show(f"round {round_} bool sum(1)", lambda: xb.sum(1))
    show(f"round {round_} rank 3 sum(2)", lambda: x3.sum(2))
    show(f"round {round_} sum(2)", lambda: x.sum(2))
    show(f"round {round_} ops.sum(x, 1)", lambda: ms.ops.sum(x, 1))
