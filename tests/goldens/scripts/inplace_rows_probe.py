"""MindSpore 2.10's row-update ops: InplaceIndexAdd / ops.inplace_index_add (writes `var`), and
InplaceAdd, InplaceSub, InplaceUpdate, InplaceUpdateV2, ops.inplace_add/sub/update (return a new
Tensor, `x` unchanged), with their argument errors; printed `label -> RESULT`;
tests/ops/test_inplace_rows.py runs it unchanged on msjax. In graph mode MindSpore also writes
InplaceIndexAdd's result into the caller's Tensor argument; msjax does not (docs/migration.md),
so the caller's Tensor is shown in PyNative mode only.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/inplace_rows_probe.py \
        | grep -- " -> " > tests/goldens/ops/inplace_rows_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, Parameter
from mindspore.ops import operations as P
def show(label, f):
    try:
        r = f(); print(label, "->", r)
    except Exception as e:
        print(label, "-> ERR", type(e).__name__, "|", str(e).split("\n")[0][:200])
class Net(nn.Cell):
    def __init__(self, axis):
        super().__init__(); self.op = P.InplaceIndexAdd(axis=axis)
    def construct(self, x, i, u):
        out = self.op(x, i, u)
        return out, x
def run(axis, x, i, u):
    x = Tensor(np.array(x, np.float32)); out, xx = Net(axis)(x, Tensor(np.array(i, np.int32)), Tensor(np.array(u, np.float32)))
    caller = x.asnumpy().tolist() if ms.get_context("mode") == ms.PYNATIVE_MODE else "-"
    return out.asnumpy().tolist(), xx.asnumpy().tolist(), caller
for mode, m in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    show(f"{m} axis0", lambda: run(0, [[1, 2], [3, 4], [5, 6]], [0, 1], [[1, 2], [7, 8]]))
    show(f"{m} axis1 repeat", lambda: run(1, [[1, 2, 3], [4, 5, 6]], [2, 2], [[1, 1], [2, 2]]))
    show(f"{m} axis -1", lambda: run(-1, [[1, 2, 3], [4, 5, 6]], [0], [[10], [20]]))
    show(f"{m} bad axis type", lambda: P.InplaceIndexAdd(axis=1.0))
    show(f"{m} int indices64", lambda: Net(0)(Tensor(np.ones((2, 2), np.float32)), Tensor(np.array([0], np.int64)), Tensor(np.ones((1, 2), np.float32)))[0].asnumpy().tolist())
    show(f"{m} shape mismatch", lambda: run(0, [[1, 2], [3, 4]], [0], [[1, 2, 3]]))
    show(f"{m} param", lambda: (lambda p: (Net(0)(p, Tensor(np.array([1], np.int32)), Tensor(np.ones((1, 2), np.float32)))[0].asnumpy().tolist(), p.asnumpy().tolist()))(Parameter(Tensor(np.zeros((2, 2), np.float32)), name="p")))
    show(f"{m} repr", lambda: repr(P.InplaceIndexAdd(axis=1)))

def t(v, dt=np.float32): return Tensor(np.array(v, dt))
X = [[1, 2], [3, 4], [5, 6]]
def call(f):
    x = t(X); out = f(x); return out.asnumpy().tolist(), x.asnumpy().tolist()
for mode, m in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    show(f"{m} InplaceAdd", lambda: call(lambda x: P.InplaceAdd((0, 2))(x, t([[1, 1], [2, 2]]))))
    show(f"{m} InplaceAdd int idx", lambda: call(lambda x: P.InplaceAdd(1)(x, t([[10, 10]]))))
    show(f"{m} InplaceSub", lambda: call(lambda x: P.InplaceSub((0, 2))(x, t([[1, 1], [2, 2]]))))
    show(f"{m} InplaceUpdate", lambda: call(lambda x: P.InplaceUpdate((0, 2))(x, t([[9, 9], [8, 8]]))))
    show(f"{m} InplaceUpdateV2", lambda: call(lambda x: P.InplaceUpdateV2()(x, t([0, 2], np.int32), t([[9, 9], [8, 8]]))))
    show(f"{m} inplace_add", lambda: call(lambda x: ops.inplace_add(x, t([[1, 1], [2, 2]]), (0, 2))))
    show(f"{m} inplace_sub", lambda: call(lambda x: ops.inplace_sub(x, t([[1, 1], [2, 2]]), (0, 2))))
    show(f"{m} inplace_update", lambda: call(lambda x: ops.inplace_update(x, t([[9, 9], [8, 8]]), (0, 2))))
    show(f"{m} inplace_index_add", lambda: call(lambda x: ops.inplace_index_add(x, t([0, 2], np.int32), t([[1, 1], [2, 2]]), 0)))
    show(f"{m} InplaceAdd bad idx", lambda: call(lambda x: P.InplaceAdd((0, 5))(x, t([[1, 1], [2, 2]]))))
    show(f"{m} InplaceAdd v rows", lambda: call(lambda x: P.InplaceAdd((0, 1))(x, t([[1, 1]]))))
    show(f"{m} InplaceAdd idx type", lambda: P.InplaceAdd(1.5))
    show(f"{m} InplaceAdd repr", lambda: repr(P.InplaceAdd((0, 2))))
    show(f"{m} InplaceUpdate repr", lambda: repr(P.InplaceUpdate((0, 2))))

ms.set_context(mode=ms.PYNATIVE_MODE)
show("inplace_add int32", lambda: call(
    lambda x: ops.inplace_add(x.astype(ms.int32), t([[1, 1]], np.int32), 1)))
show("inplace_sub float16", lambda: (lambda r: (r.dtype, r.asnumpy().tolist()))(
    ops.inplace_sub(t(X, np.float16), t([[1, 1]], np.float16), (2,))))
show("inplace_add rows mismatch", lambda: ops.inplace_add(t(X), t([[1, 1]]), (0, 1)))
show("inplace_sub bad indices", lambda: ops.inplace_sub(t(X), t([[1, 1]]), 1.5))
show("inplace_add dtype mismatch", lambda: ops.inplace_add(t(X), t([[1, 1]], np.int32), 0))
show("inplace_sub index out of range", lambda: ops.inplace_sub(t(X), t([[1, 1]]), 3))
show("inplace_update dtype mismatch", lambda: ops.inplace_update(t(X), t([[1, 1]], np.int32), 0))
show("InplaceUpdate dtype mismatch", lambda: P.InplaceUpdate(0)(t(X), t([[1, 1]], np.int32)))
show("InplaceSub dtype mismatch", lambda: P.InplaceSub(0)(t(X), t([[1, 1]], np.int32)))
