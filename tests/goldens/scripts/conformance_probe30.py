"""_grad_ops.FractionalAvgPoolGrad (FractionalAvgPool's backward from given pooling sequences,
NHWC), overlapping or not: MindSpore 2.10's results. Golden:
tests/goldens/api/conformance_probe30.out."""
import numpy as np
from mindspore import Tensor
from mindspore.common import dtype as mstype
from mindspore.ops.operations import _grad_ops as G


def show(label, f):
    try:
        r = f()
        values = np.round(r.asnumpy().astype(np.float64), 4)
        print(label, "->", r.dtype, r.shape, values.tolist())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


grads = Tensor(np.arange(1, 13).reshape(1, 2, 3, 2), mstype.float32)
rows = Tensor(np.array([0, 2, 5]), mstype.int64)
cols = Tensor(np.array([0, 1, 3, 4]), mstype.int64)
shape = Tensor(np.array([1, 5, 4, 2]), mstype.int64)
for overlapping in (False, True):
    show(f"overlapping={overlapping}", lambda: G.FractionalAvgPoolGrad(overlapping)(shape, grads, rows, cols))
    show(f"overlapping={overlapping} float64", lambda: G.FractionalAvgPoolGrad(overlapping)(
        shape, Tensor(grads.asnumpy(), mstype.float64), rows, cols))
