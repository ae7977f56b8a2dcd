"""MindSpore 2.10's TruncateDiv (the Primitive and ops.truncate_div) on the dtypes its CPU kernel
takes and on those it refuses (Bool, complex: its kernel-selection TypeError; the message's text
lines are printed, MindSpore's frame of dashes and the node name left out).
Golden: tests/goldens/ops/ops18_truncate_div_probe.out (tests/ops/test_ops18_truncate_div.py)."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops.operations import TruncateDiv


def show(label, fn):
    try:
        r = fn()
        print(label, "->", "OK", r.dtype, r.shape, r.asnumpy().ravel().tolist())
    except Exception as e:
        lines = [line for line in str(e).strip().splitlines()
                 if line.strip() and not line.startswith("-") and not line.startswith("node:")]
        print(label, "->", type(e).__name__, " | ".join(lines[:2]))


b = Tensor(np.array([True, False]), ms.bool_)
i = Tensor(np.array([7, -7]), ms.int32)
show("bool bool", lambda: TruncateDiv()(b, Tensor(np.array([True]), ms.bool_)))
show("bool int", lambda: TruncateDiv()(b, i))
show("int bool", lambda: TruncateDiv()(Tensor(np.array([7, -7]), ms.int32),
                                       Tensor(np.array([True, True]), ms.bool_)))
show("bool scalar", lambda: TruncateDiv()(b, 2))
show("int int", lambda: TruncateDiv()(i, Tensor(np.array([2, 2]), ms.int32)))
show("uint16", lambda: TruncateDiv()(Tensor(np.array([7, 9]), ms.uint16),
                                     Tensor(np.array([2, 2]), ms.uint16)))
show("float32", lambda: TruncateDiv()(Tensor(np.array([7.5, -7.5]), ms.float32),
                                      Tensor(np.array([2, 2]), ms.float32)))
show("complex64", lambda: TruncateDiv()(i.astype(ms.complex64),
                                        Tensor(np.array([2, 2]), ms.complex64)))
show("ops bool", lambda: ops.truncate_div(b, Tensor(np.array([True]), ms.bool_)))
