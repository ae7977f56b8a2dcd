"""MindSpore 2.10's CSRTensor arithmetic dunders (`-csr`, `csr + csr`, `csr - csr`) and `Tensor.to_csr()` / `Tensor.to_coo()`, eagerly and under `jit`. Printed
`label -> RESULT`; tests/test_sparse_dunders.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/sparse_dunders_probe.py \
        | grep -- " -> " > tests/goldens/api/sparse_dunders_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import CSRTensor, COOTensor, Tensor, jit


def parts(t):
    if isinstance(t, CSRTensor):
        return ("CSR", t.indptr.asnumpy().tolist(), t.indices.asnumpy().tolist(),
                str(t.values.dtype), t.values.asnumpy().tolist(), t.shape)
    if isinstance(t, COOTensor):
        return ("COO", t.indices.asnumpy().tolist(), str(t.indices.dtype), str(t.values.dtype),
                t.values.asnumpy().tolist(), t.shape)
    return (str(t.dtype), t.asnumpy().tolist())


def show(label, fn):
    try:
        print(label, "->", parts(fn()))
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(label, "-> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])


indptr = Tensor([0, 1, 4, 6], dtype=ms.int32)
indices = Tensor([3, 0, 1, 2, 1, 3], dtype=ms.int32)
values = Tensor(np.arange(6) - 3.5, dtype=ms.float32)
indptr_2 = Tensor([0, 2, 3, 4], dtype=ms.int32)
indices_2 = Tensor([2, 3, 0, 1], dtype=ms.int32)
values_2 = Tensor(np.arange(4) - 2.5, dtype=ms.float32)
shape = (3, 4)


def neg(p, i, v):
    return -CSRTensor(p, i, v, shape)


def add(p, i, v, p2, i2, v2):
    return CSRTensor(p, i, v, shape) + CSRTensor(p2, i2, v2, shape)


def sub(p, i, v, p2, i2, v2):
    return CSRTensor(p, i, v, shape) - CSRTensor(p2, i2, v2, shape)


def cancel(p, i, v):
    x = CSRTensor(p, i, v, shape)
    return -x + x + x


def to_csr(x):
    return x.to_csr()


def to_coo(x):
    return x.to_coo()


x = Tensor(np.array([[2, 0, -1], [0, 0, 1]]), ms.float32)
for name, wrap in (("eager", lambda f: f), ("jit", jit)):
    show(f"{name} -csr", lambda: wrap(neg)(indptr, indices, values))
    show(f"{name} csr + csr", lambda: wrap(add)(indptr, indices, values, indptr_2, indices_2, values_2))
    show(f"{name} csr - csr", lambda: wrap(sub)(indptr, indices, values, indptr_2, indices_2, values_2))
    show(f"{name} -x + x + x", lambda: wrap(cancel)(indptr, indices, values))
    show(f"{name} to_csr", lambda: wrap(to_csr)(x))
    show(f"{name} to_coo", lambda: wrap(to_coo)(x))
show("to_csr int32", lambda: Tensor(np.array([[0, 3], [4, 0]], np.int32)).to_csr())
show("to_coo int32", lambda: Tensor(np.array([[0, 3], [4, 0]], np.int32)).to_coo())
show("to_csr 1-D", lambda: Tensor(np.array([0, 3, 4], np.float32)).to_csr())
show("to_coo 3-D", lambda: Tensor(np.ones((2, 2, 2), np.float32)).to_coo())
