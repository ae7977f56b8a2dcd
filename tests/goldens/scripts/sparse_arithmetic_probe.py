"""MindSpore 2.10's sparse arithmetic: COOTensor with COOTensor (the entries merged as sorted
lists, sums of zero kept) and with a dense Tensor (+, - dense; *, / at the entries), in PyNative
and graph mode and under `jit`; `ops.csr_add`, and the SparseMatrixAdd Primitive on the case its
CPU kernel gets right; printed `label -> RESULT`; tests/test_sparse_arithmetic.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/sparse_arithmetic_probe.py \
        | grep -- " -> " > tests/goldens/api/sparse_arithmetic_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, COOTensor, CSRTensor, jit
from mindspore import dtype as mstype
from mindspore.ops.function import csr_add
from mindspore.ops.operations.sparse_ops import SparseMatrixAdd

def desc(v):
    if isinstance(v, COOTensor):
        return f"COO(indices={v.indices.asnumpy().tolist()}, values={v.values.asnumpy().tolist()}, {v.values.dtype}, shape={v.shape})"
    if isinstance(v, CSRTensor):
        return f"CSR(indptr={v.indptr.asnumpy().tolist()}, indices={v.indices.asnumpy().tolist()}, values={v.values.asnumpy().tolist()}, {v.values.dtype}, shape={v.shape})"
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={v.asnumpy().tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)

def show(label, f):
    try:
        print(label, "->", desc(f()))
    except Exception as e:
        print(label, "-> ERR", type(e).__name__, "|", str(e).split("\n")[0][:200])

i1 = Tensor([[0, 1], [1, 2]], mstype.int64); v1 = Tensor([-1, 2], mstype.float32)
i2 = Tensor([[0, 2], [1, 2], [2, 3]], mstype.int64); v2 = Tensor([3, -2, 1], mstype.float32)
i3 = Tensor([[2, 0], [0, 3]], mstype.int32); v3 = Tensor([5, 6], mstype.float32)
dense = Tensor([[0, 1, 2, 0], [0, 0, 2, 0], [1, 0, 0, 0]], mstype.float32)
a = COOTensor(i1, v1, (3, 4)); b = COOTensor(i2, v2, (3, 4)); c = COOTensor(i3, v3, (3, 4))


def add_built(ia, va, ib, vb):
    return COOTensor(ia, va, (3, 4)) + COOTensor(ib, vb, (3, 4))


def mul(x, y):
    return x * y


for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
    ms.set_context(mode=mode)
    m = "graph" if mode == ms.GRAPH_MODE else "pynative"
    show(f"{m} coo+coo", lambda: a + b)
    show(f"{m} coo+coo unsorted", lambda: c + a)
    show(f"{m} coo-coo", lambda: a - b)
    show(f"{m} coo+dense", lambda: a + dense)
    show(f"{m} dense+coo", lambda: dense + a)
    show(f"{m} coo-dense", lambda: a - dense)
    show(f"{m} dense-coo", lambda: dense - a)
    show(f"{m} coo*dense", lambda: a * dense)
    show(f"{m} dense*coo", lambda: dense * a)
    show(f"{m} coo/dense", lambda: a / dense)
    show(f"{m} coo*2", lambda: a * 2)
    show(f"{m} coo+1", lambda: a + 1)
    show(f"{m} coo+coo shape", lambda: a + COOTensor(i1, v1, (4, 4)))
    show(f"{m} coo+coo int", lambda: a + COOTensor(i1, Tensor([1, 2], mstype.int32), (3, 4)))
    show(f"{m} jit coo+coo", lambda: jit(add_built)(i1, v1, i2, v2))
    show(f"{m} jit coo*dense", lambda: jit(mul)(a, dense))

ms.set_context(mode=ms.GRAPH_MODE)
p = CSRTensor(Tensor([0, 1, 2], mstype.int32), Tensor([0, 1], mstype.int32), Tensor([1, 2], mstype.float32), (2, 6))
q = CSRTensor(Tensor([0, 2, 3], mstype.int32), Tensor([1, 4, 0], mstype.int32), Tensor([3, 4, 5], mstype.float32), (2, 6))
one, neg = Tensor(1, mstype.float32), Tensor(-1, mstype.float32)
show("csr_add same", lambda: csr_add(p, p, one, one))
show("csr_add cancel", lambda: csr_add(p, p, one, neg))
show("csr_add union", lambda: csr_add(p, q, one, Tensor(2, mstype.float32)))
show("csr_add union rev", lambda: csr_add(q, p, Tensor(0.5, mstype.float32), one))
show("csr_add alpha type", lambda: csr_add(p, q, 1, 1))
show("csr_add not csr", lambda: csr_add(p, dense, one, one))
def prim(x, y, al, be):
    ptr = lambda t: Tensor([0, t.values.shape[0]], mstype.int32)
    shp = lambda t: Tensor(t.shape, mstype.int32)
    return SparseMatrixAdd()(shp(x), ptr(x), x.indptr, x.indices, x.values, shp(y), ptr(y), y.indptr, y.indices, y.values, al, be)
show("SparseMatrixAdd same", lambda: prim(p, p, one, one))
