"""MindSpore 2.10 behaviour of more Tensor methods real code uses: bfloat16, byte (C-cast
wrapping), mT, ndimension, reshape_as, itemset (a new Tensor), svd and multinomial, printed
`label -> RESULT` as in used_names_probe.py; tests/api/test_used_names_golden.py runs it unchanged
on msjax. (scatter_add, index_add_, uniform_, normal_, exponential_ and bernoulli have no kernel in
MindSpore 2.10's CPU build: tests/api/test_used_names_numpy.py checks them against NumPy.)
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe13.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe13.out
"""
import numpy as np
from mindspore import Tensor


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


def d(t):
    v = t.asnumpy()
    if v.dtype.kind == "f":
        v = np.round(v.astype(np.float64), 4)
    return (list(t.shape), str(t.dtype), v.tolist())


x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3) / 4 - 0.6)
show("bfloat16", lambda: (str(x.bfloat16().dtype),
                          np.round(x.bfloat16().float().asnumpy().astype(np.float64), 3).tolist()))
show("byte", lambda: d(Tensor(np.array([1.7, 300.0, -1.0, 2.2], np.float32)).byte()))
show("byte int", lambda: d(Tensor(np.array([1, 255, 256], np.int32)).byte()))
show("mT", lambda: d(x.mT))
show("mT 3d", lambda: d(Tensor(np.arange(12, dtype=np.float32).reshape(2, 2, 3)).mT))
show("mT 1d", lambda: d(Tensor(np.arange(3, dtype=np.float32)).mT))
show("ndimension", lambda: (x.ndimension(), Tensor(1.0).ndimension()))
show("reshape_as", lambda: d(x.reshape_as(Tensor(np.zeros((3, 2), np.float32)))))
show("reshape_as bad", lambda: x.reshape_as(Tensor(np.zeros((4, 2), np.float32))))
show("itemset", lambda: (lambda t: (d(t.itemset(1, 9.0)), d(t)))(
    Tensor(np.zeros(3, np.float32))))
show("itemset 2d", lambda: (lambda t: d(t.itemset((1, 0), 5.0)))(
    Tensor(np.zeros((2, 2), np.float32))))
a = Tensor(np.array([[3.0, 1.0], [1.0, 3.0], [0.0, 2.0]], np.float32))
show("svd", lambda: [d(v) for v in a.svd()][0])
show("svd uv", lambda: (lambda s, u, v: np.allclose((u.asnumpy() * s.asnumpy()) @ v.asnumpy().T,
                                                    a.asnumpy(), atol=1e-5))(*a.svd()))
show("svd full", lambda: [v.shape for v in a.svd(full_matrices=True)])
show("svd no uv", lambda: d(a.svd(compute_uv=False)))
show("multinomial", lambda: d(Tensor(np.array([0.0, 1.0, 0.0], np.float32)).multinomial(
    2, True)))
