"""ops.operations.sparse_ops' SparseTensorDenseMatmul and SparseReorder as MindSpore 2.10 (CPU)
computes them: the sparse-dense product (duplicates add, adjoints, dtypes, gradient) and the
row-major reordering (stable), their checks, errors and reprs. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops15a_sparse_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops15a_sparse_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, context, nn, ops
from mindspore.common import dtype as mstype
from mindspore.ops import composite as C
from mindspore.ops.operations.sparse_ops import SparseTensorDenseMatmul, SparseReorder

def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if not isinstance(value, Tensor):
        return repr(value)
    data = value.asnumpy()
    data = data if np.iscomplexobj(data) else data.astype(np.float64)
    return f"{value.dtype} {value.shape} {np.round(data, 4).tolist()}"

def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:300])

M = SparseTensorDenseMatmul
print("repr ->", repr(M()), repr(M(True, True)))
idx = Tensor([[0, 1], [1, 2], [2, 0]], dtype=ms.int32)
val = Tensor([1.5, 2, -1], dtype=ms.float32)
dense = Tensor(np.arange(8).reshape(4, 2).astype(np.float32))
show("basic", lambda: M()(idx, val, (3, 4), dense))
show("shape tensor", lambda: M()(idx, val, Tensor([3, 4], ms.int32), dense))
show("shape tensor64", lambda: M()(Tensor([[0, 1], [1, 2]], ms.int64), Tensor([1.0, 2.0], ms.float32), Tensor([3, 4], ms.int64), dense))
show("adjoint_st", lambda: M(adjoint_st=True)(idx, val, (4, 3), Tensor(np.arange(8).reshape(4, 2).astype(np.float32))))
show("adjoint_dt", lambda: M(adjoint_dt=True)(idx, val, (3, 4), Tensor(np.arange(8).reshape(2, 4).astype(np.float32))))
show("both", lambda: M(True, True)(idx, val, (4, 3), Tensor(np.arange(8).reshape(2, 4).astype(np.float32))))
show("duplicate", lambda: M()(Tensor([[0, 1], [0, 1]], ms.int32), Tensor([1.0, 2.0], ms.float32), (3, 4), dense))
for vdt in (ms.float16, ms.float64, ms.int32, ms.int64, ms.complex64, ms.bool_):
    show(f"values {vdt}", lambda: M()(idx, Tensor([1, 2, 3], vdt), (3, 4), Tensor(np.arange(8).reshape(4, 2), vdt)))
cval = Tensor(np.array([1 + 2j, 2 - 1j, 3j], np.complex64))
cdense = Tensor((np.arange(8) + 1j * np.arange(8)[::-1]).reshape(2, 4).astype(np.complex64))
show("complex adjoints", lambda: np.round(M(True, True)(idx, cval, (4, 3), cdense).asnumpy(), 3).tolist())
show("mixed", lambda: M()(idx, val, (3, 4), Tensor(np.arange(8).reshape(4, 2), ms.float64)))
show("float idx", lambda: M()(Tensor([[0.0, 1.0]], ms.float32), Tensor([1.0], ms.float32), (3, 4), dense))
show("out of range", lambda: M()(Tensor([[5, 1]], ms.int32), Tensor([1.0], ms.float32), (3, 4), dense))
show("shape mismatch", lambda: M()(idx, val, (3, 5), dense))
show("3d dense", lambda: M()(idx, val, (3, 4), Tensor(np.ones((4, 2, 1), np.float32))))
show("adjoint int", lambda: M(adjoint_st=1))
show("values 2d", lambda: M()(idx, Tensor(np.ones((3, 1), np.float32)), (3, 4), dense))

class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.m = M()

    def construct(self, i, v, d):
        return self.m(i, v, (3, 4), d)


show("grad", lambda: C.GradOperation(get_all=True)(Net())(idx, val, dense))

R = SparseReorder
print("repr R ->", repr(R()))
ri = Tensor([[2, 1], [0, 1], [1, 0], [0, 0]], dtype=ms.int64)
rv = Tensor([1, 2, 3, 4], dtype=ms.float32)
show("reorder", lambda: R()(ri, rv, Tensor([3, 3], dtype=ms.int64)))
show("reorder 3d", lambda: R()(Tensor([[1, 0, 1], [0, 2, 0], [0, 0, 1]], ms.int64), Tensor([1, 2, 3], ms.int32), Tensor([2, 3, 2], ms.int64)))
show("reorder dup", lambda: R()(Tensor([[1, 0], [0, 1], [1, 0]], ms.int64), Tensor([1, 2, 3], ms.float32), Tensor([2, 2], ms.int64)))
show("reorder int32 idx", lambda: R()(Tensor([[1, 0]], ms.int32), Tensor([1.0], ms.float32), Tensor([2, 2], ms.int64)))
show("reorder int32 shape", lambda: R()(Tensor([[1, 0]], ms.int64), Tensor([1.0], ms.float32), Tensor([2, 2], ms.int32)))
show("reorder out of range", lambda: R()(Tensor([[3, 0]], ms.int64), Tensor([1.0], ms.float32), Tensor([2, 2], ms.int64)))
show("reorder negative", lambda: R()(Tensor([[-1, 0]], ms.int64), Tensor([1.0], ms.float32), Tensor([2, 2], ms.int64)))
show("reorder count", lambda: R()(Tensor([[1, 0], [0, 0]], ms.int64), Tensor([1.0], ms.float32), Tensor([2, 2], ms.int64)))
show("reorder rank", lambda: R()(Tensor([[1, 0]], ms.int64), Tensor([1.0], ms.float32), Tensor([2, 2, 2], ms.int64)))
for vdt in (ms.float16, ms.float64, ms.int8, ms.uint16, ms.bool_, ms.complex64):
    show(f"reorder values {vdt}", lambda: R()(ri, Tensor([1, 0, 3, 4], vdt), Tensor([3, 3], dtype=ms.int64)))
show("reorder tuple shape", lambda: R()(ri, rv, (3, 3)))
context.set_context(mode=context.GRAPH_MODE)


class RNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = R()

    def construct(self, i, v, s):
        return self.op(i, v, s)


show("graph reorder", lambda: RNet()(ri, rv, Tensor([3, 3], dtype=ms.int64)))
show("graph matmul", lambda: Net()(idx, val, dense))
