"""GatherD / gather_elements / mint.gather with an index smaller than the input along the other axes, as
MindSpore 2.10 (CPU) computes them: the output has the index's shape. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/gather_d_shapes_probe.py \\
        | grep -- " -> " > tests/goldens/ops/gather_d_shapes_probe.out
"""
import numpy as np
from mindspore import Tensor, mint, ops


def show(label, f):
    try:
        value = f()
        print(label, "->", value.dtype, value.shape, value.asnumpy().tolist())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


X = Tensor(np.arange(12).reshape(3, 4).astype(np.float32))
show("gather_d dim 0 index (2, 1)", lambda: ops.gather_d(X, 0, Tensor(np.array([[2], [0]], np.int32))))
show("gather_d dim 1 index (1, 3)", lambda: ops.gather_d(X, 1, Tensor(np.array([[3, 0, 1]], np.int64))))
show("gather_elements dim 1 index (2, 2)",
     lambda: ops.gather_elements(X, 1, Tensor(np.array([[1, 0], [3, 3]], np.int32))))
show("gather_elements dim -1 index (3, 6)",
     lambda: ops.gather_elements(X, -1, Tensor(np.zeros((3, 6), np.int32))))
show("gather_d index larger on another axis",
     lambda: ops.gather_d(X, 1, Tensor(np.zeros((4, 2), np.int32))))
show("gather_d index of another rank",
     lambda: ops.gather_d(X, 1, Tensor(np.zeros((3,), np.int32))))
show("mint.gather dim 1 index (1, 2)", lambda: mint.gather(X, 1, Tensor(np.array([[3, 0]], np.int64))))
show("mint.gather index out of range",
     lambda: mint.gather(X, 1, Tensor(np.array([[3, 7]], np.int64))))
