"""Tensor.index_put and ops.IndexPut: values, accumulation, and MindSpore 2.10's input checks.
Golden: tests/goldens/api/conformance_probe20.out."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
def show(label, f):
    try:
        r = f(); print(label, "->", r.dtype, r.asnumpy().tolist())
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:250])
x = Tensor(np.array([[1, 2, 3], [4, 5, 6]]), ms.int32)
xf = Tensor(np.array([[1, 2, 3], [4, 5, 6]]), ms.float32)
i0 = Tensor(np.array([0, 0]).astype(np.int32)); i1 = Tensor(np.array([0, 1]).astype(np.int32))
show("acc", lambda: x.index_put([i0, i1], Tensor(np.array([3]), ms.int32), True))
show("set", lambda: x.index_put((i0, i1), Tensor(np.array([3]), ms.int32), False))
show("set 2 values", lambda: xf.index_put((i0, i1), Tensor(np.array([7., 8.]), ms.float32)))
show("dup acc", lambda: xf.index_put((i0, i0), Tensor(np.array([1., 2.]), ms.float32), True))
show("one index", lambda: xf.index_put((Tensor(np.array([1]), ms.int64),), Tensor(np.array([9.]), ms.float32)))
show("one index row", lambda: xf.index_put((Tensor(np.array([1]), ms.int64),), Tensor(np.array([9., 8., 7.]), ms.float32)))
show("negative", lambda: xf.index_put((Tensor(np.array([-1]), ms.int32), Tensor(np.array([-1]), ms.int32)), Tensor(np.array([0.]), ms.float32)))
show("dtype mismatch", lambda: xf.index_put((i0, i1), Tensor(np.array([3]), ms.int32)))
show("float index", lambda: xf.index_put((Tensor(np.array([0.])), i1), Tensor(np.array([3.]), ms.float32)))
show("too many", lambda: xf.index_put((i0, i1, i1), Tensor(np.array([3.]), ms.float32)))
show("bad values shape", lambda: xf.index_put((i0, i1), Tensor(np.array([3., 4., 5.]), ms.float32)))
show("IndexPut prim", lambda: ops.IndexPut(accumulate=1)(xf, Tensor(np.array([3.]), ms.float32), (i0, i1)))
show("kw", lambda: xf.index_put(indices=(i0, i1), values=Tensor(np.array([3.]), ms.float32), accumulate=True))
print("x unchanged ->", x.asnumpy().tolist())
