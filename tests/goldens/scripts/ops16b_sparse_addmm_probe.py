"""ops.operations.sparse_ops.SparseAddmm as MindSpore 2.10 (CPU) computes and checks it (an
`x3_dense` of another shape than the product is left out: MindSpore's kernel reads past the
product there, msjax refuses it; docs/migration.md).
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops16b_sparse_addmm_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops16b_sparse_addmm_probe.out
"""
import warnings

import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore.ops.operations.sparse_ops import SparseAddmm


def fmt(v):
    return f"{v.dtype} {v.shape} {np.round(v.asnumpy().astype(np.float64), 4).tolist()}"


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:300])


print("repr ->", SparseAddmm())
T = Tensor
ind = T([[0, 1], [1, 2], [1, 2]], ms.int32)
val = T([1, 2, 3], ms.float32)
shp = T([3, 4], ms.int32)
x2 = T(np.arange(8).reshape(4, 2).astype(np.float32))
x3 = T(np.ones((3, 2), np.float32))
a, b = T([2], ms.float32), T([0.5], ms.float32)
op = SparseAddmm()
show("basic dup", lambda: op(ind, val, shp, x2, x3, a, b))
show("alpha scalar", lambda: op(ind, val, shp, x2, x3, T(2.0, ms.float32), T(0.5, ms.float32)))
show("int64 indices", lambda: op(T([[0, 1]], ms.int64), T([1.0], ms.float32), T([3, 4], ms.int64), x2, x3, a, b))
show("int64 shape int32 idx", lambda: op(T([[0, 1]], ms.int32), T([1.0], ms.float32), T([3, 4], ms.int64), x2, x3, a, b))
show("int32 values", lambda: op(T([[0, 1]], ms.int32), T([2], ms.int32), shp, T(np.ones((4, 2), np.int32)), T(np.ones((3, 2), np.int32)), T([2], ms.int32), T([3], ms.int32)))
show("fp16", lambda: op(T([[0, 1]], ms.int32), T([2], ms.float16), shp, T(np.ones((4, 2), np.float16)), T(np.ones((3, 2), np.float16)), T([2], ms.float16), T([3], ms.float16)))
show("fp64", lambda: op(T([[0, 1]], ms.int32), T([2], ms.float64), shp, T(np.ones((4, 2), np.float64)), T(np.ones((3, 2), np.float64)), T([2], ms.float64), T([3], ms.float64)))
show("uint8", lambda: op(T([[0, 1]], ms.int32), T([2], ms.uint8), shp, T(np.ones((4, 2), np.uint8)), T(np.ones((3, 2), np.uint8)), T([2], ms.uint8), T([3], ms.uint8)))
show("bool", lambda: op(T([[0, 1]], ms.int32), T([True], ms.bool_), shp, T(np.ones((4, 2), np.bool_)), T(np.ones((3, 2), np.bool_)), T([True], ms.bool_), T([True], ms.bool_)))
show("complex64", lambda: op(T([[0, 1]], ms.int32), T(np.array([1+1j], np.complex64)), shp, T(np.ones((4, 2), np.complex64)), T(np.ones((3, 2), np.complex64)), T(np.array([2], np.complex64)), T(np.array([1], np.complex64))))
show("mixed dtype x2", lambda: op(ind, val, shp, T(np.ones((4, 2), np.float64)), x3, a, b))
show("mixed alpha", lambda: op(ind, val, shp, x2, x3, T([2], ms.float64), b))
show("float indices", lambda: op(T([[0., 1.]], ms.float32), T([1.0], ms.float32), shp, x2, x3, a, b))
show("idx oob", lambda: op(T([[5, 1]], ms.int32), T([1.0], ms.float32), shp, x2, x3, a, b))
show("x2 rows mismatch", lambda: op(ind, val, shp, T(np.ones((5, 2), np.float32)), x3, a, b))
show("values 2d", lambda: op(ind, T(np.ones((3, 1), np.float32)), shp, x2, x3, a, b))
show("indices 1d", lambda: op(T([0, 1], ms.int32), T([1.0], ms.float32), shp, x2, x3, a, b))
show("values count mismatch", lambda: op(ind, T([1.0, 2.0], ms.float32), shp, x2, x3, a, b))
show("shape 3 elems", lambda: op(ind, val, T([3, 4, 1], ms.int32), x2, x3, a, b))
show("alpha (2,)", lambda: op(ind, val, shp, x2, x3, T([2, 2], ms.float32), b))
show("x2 3d", lambda: op(ind, val, shp, T(np.ones((4, 2, 1), np.float32)), x3, a, b))


class Net(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = SparseAddmm()

    def construct(self, *inputs):
        return self.op(*inputs)


ms.set_context(mode=ms.GRAPH_MODE)
with warnings.catch_warnings():  # msjax: the output's shape comes from `sparse_shape`'s values,
    warnings.simplefilter("ignore")  # so the call runs eagerly, and says so
    show("graph mode", lambda: Net()(ind, val, shp, x2, x3, a, b))
