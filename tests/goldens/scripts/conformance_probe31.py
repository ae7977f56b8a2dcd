"""ops.select_scatter's checks: src must have the shape of the slice it replaces (no
broadcasting), and input and src must be Tensors: MindSpore 2.10's errors and results.
Golden: tests/goldens/api/conformance_probe31.out."""
import numpy as np
from mindspore import Tensor, ops
from mindspore.common import dtype as mstype


def show(label, f):
    try:
        r = f()
        print(label, "->", r.dtype, r.shape, r.asnumpy().tolist())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


x = Tensor(np.arange(18).reshape(2, 3, 3), mstype.float32)
show("fits", lambda: ops.select_scatter(x, Tensor(np.ones((2, 3)), mstype.float32), 2, 0))
show("negative axis and index", lambda: ops.select_scatter(x, Tensor(np.ones((2, 3)), mstype.float32), -1, -1))
show("src broadcasts", lambda: ops.select_scatter(x, Tensor([[18, 19, 20]], mstype.float32), 2, 0))
show("src too big", lambda: ops.select_scatter(x, Tensor(np.ones((3, 3)), mstype.float32), 0, 1))
show("python numbers", lambda: ops.select_scatter(1., 2, 2, 0))
show("src a number", lambda: ops.select_scatter(x, 2.0, 2, 0))
