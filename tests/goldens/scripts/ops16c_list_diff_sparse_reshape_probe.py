"""ListDiff (values, dtypes, repeats, -0.0, empty results, its checks) and SparseReshape (the
re-addressed indices, -1 inferred, its checks and messages), eagerly and in GRAPH_MODE, as
MindSpore 2.10 (CPU) gives them.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops16c_list_diff_sparse_reshape_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops16c_list_diff_sparse_reshape_probe.out
"""
import warnings

import numpy as np
import mindspore as ms
from mindspore import Tensor, ops, nn
from mindspore.ops.operations import array_ops as A
from mindspore.ops.operations.sparse_ops import SparseReshape

def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if isinstance(value, Tensor):
        return f"{value.dtype} {value.shape} {value.asnumpy().tolist()}"
    return repr(value)

def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        lines = [line for line in str(e).split("\n") if line.strip() and line[0] != "-"]
        print(label, "->", type(e).__name__, lines[0][:300])

x = Tensor([1, 2, 3, 4, 5, 6], ms.int32)
y = Tensor([1, 3, 5], ms.int32)
show("ListDiff", lambda: A.ListDiff()(x, y))
show("ListDiff int64 idx", lambda: A.ListDiff(ms.int64)(x, y))
show("ListDiff repeats", lambda: A.ListDiff()(Tensor([4, 1, 4, 2, 9, 1], ms.int32), Tensor([1, 7], ms.int32)))
show("ListDiff float", lambda: A.ListDiff()(Tensor([1.5, 2.0, -0.0, 3.0], ms.float32), Tensor([0.0, 3.0], ms.float32)))
show("ListDiff float16", lambda: A.ListDiff()(Tensor([1.5, 2.0], ms.float16), Tensor([2.0], ms.float16)))
show("ListDiff uint8", lambda: A.ListDiff()(Tensor([1, 2], ms.uint8), Tensor([2], ms.uint8)))
show("ListDiff all removed", lambda: A.ListDiff()(Tensor([1, 2], ms.int64), Tensor([2, 1, 3], ms.int64)))
show("ListDiff empty y", lambda: A.ListDiff()(Tensor([3, 2], ms.int64), Tensor(np.zeros((0,), np.int64))))
show("ListDiff dtype mismatch", lambda: A.ListDiff()(Tensor([1, 2], ms.int64), Tensor([2], ms.int32)))
show("ListDiff 2d", lambda: A.ListDiff()(Tensor([[1, 2]], ms.int64), Tensor([2], ms.int64)))
show("ListDiff bad out_idx", lambda: A.ListDiff(ms.float32))
show("ListDiff bool", lambda: A.ListDiff()(Tensor([True, False]), Tensor([True])))
show("ListDiff repr", lambda: repr(A.ListDiff()))
show("ListDiff out_idx attr", lambda: A.ListDiff(ms.int64).out_idx)

indices = Tensor([[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 2, 3]], ms.int64)
shape = Tensor([2, 3, 6], ms.int64)
show("SparseReshape", lambda: SparseReshape()(indices, shape, Tensor([9, -1], ms.int64)))
show("SparseReshape 1d", lambda: SparseReshape()(indices, shape, Tensor([36], ms.int64)))
show("SparseReshape 4d", lambda: SparseReshape()(indices, shape, Tensor([2, 3, 2, 3], ms.int64)))
show("SparseReshape same", lambda: SparseReshape()(indices, shape, Tensor([2, 3, 6], ms.int64)))
show("SparseReshape bad size", lambda: SparseReshape()(indices, shape, Tensor([5, 7], ms.int64)))
show("SparseReshape two -1", lambda: SparseReshape()(indices, shape, Tensor([-1, -1], ms.int64)))
show("SparseReshape -1 not divisible", lambda: SparseReshape()(indices, shape, Tensor([7, -1], ms.int64)))
show("SparseReshape -2", lambda: SparseReshape()(indices, shape, Tensor([-2, 18], ms.int64)))
show("SparseReshape int32", lambda: SparseReshape()(Tensor([[0, 1]], ms.int32), Tensor([2, 3], ms.int32), Tensor([6], ms.int32)))
show("SparseReshape indices rank", lambda: SparseReshape()(Tensor([0, 1], ms.int64), Tensor([2, 3], ms.int64), Tensor([6], ms.int64)))
show("SparseReshape shape mismatch", lambda: SparseReshape()(indices, Tensor([2, 18], ms.int64), Tensor([36], ms.int64)))
show("SparseReshape empty", lambda: SparseReshape()(Tensor(np.zeros((0, 2), np.int64)), Tensor([2, 3], ms.int64), Tensor([3, 2], ms.int64)))
show("SparseReshape repr", lambda: repr(SparseReshape()))
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = SparseReshape()
        self.ld = A.ListDiff()
    def construct(self, i, s, n, a, b):
        return self.op(i, s, n), self.ld(a, b)

def run(label, i, s, n):
    try:
        print(label, "->", [t.asnumpy().tolist() for t in SparseReshape()(Tensor(np.array(i, np.int64).reshape(-1, len(s))), Tensor(np.array(s, np.int64)), Tensor(np.array(n, np.int64)))])
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0])
run("SparseReshape case a", [[0, 1], [1, 2]], [4, 6], [5, -1])
run("SparseReshape case b", [[0, 1], [1, 2], [2, 2]], [4, 6], [5, -1])
run("SparseReshape case c", [[0, 1]], [4, 6], [2, 5, -1])
run("SparseReshape case d", [[0, 1]], [4, 6], [0, -1])
run("SparseReshape case e", [[0, 1]], [4, 6], [-1, 2, 0])
run("SparseReshape case f", [[0, 1]], [4, 6], [24, 1, -1])
run("SparseReshape case g", [[0, 1]], [0, 6], [3, -1])
run("SparseReshape case h", [[0, 1]], [4, 6], [-1, -3])
for arg in range(3):
    args = [np.array([[0, 1]], np.int64), np.array([2, 3], np.int64), np.array([6], np.int64)]
    args[arg] = args[arg].astype(np.int32)
    try:
        SparseReshape()(*[Tensor(a) for a in args])
    except Exception as e:
        print("SparseReshape int32 arg", arg, "->", type(e).__name__, str(e).split("\n")[0])
try:
    SparseReshape()(Tensor(np.array([[0, 1]], np.int64)), Tensor(np.array([[2, 3]], np.int64)), Tensor(np.array([6], np.int64)))
except Exception as e:
    print("SparseReshape shape 2d ->", type(e).__name__, str(e).split("\n")[0])
try:
    SparseReshape()(Tensor(np.array([[0, 1]], np.int64)), Tensor(np.array([2, 3], np.int64)), Tensor(np.array([[6]], np.int64)))
except Exception as e:
    print("SparseReshape new_shape 2d ->", type(e).__name__, str(e).split("\n")[0])
ms.set_context(mode=ms.GRAPH_MODE)
with warnings.catch_warnings():  # (msjax warns that the Cell runs eagerly: data-dependent shapes)
    warnings.simplefilter("ignore")
    show("graph", lambda: Net()(indices, shape, Tensor([9, -1], ms.int64), x, y))
