"""MindSpore 2.10's FractionalMaxPoolGrad (ops.operations._grad_ops): each output cell's gradient
added at its cell's first largest input (NHWC, cells given by the pooling sequences; overlapping
cells share their boundary row/column), dtypes, ties, repr and errors."""
import numpy as np
from mindspore import Tensor
from mindspore.ops.operations import _grad_ops as G


def show(label, op, *args):
    try:
        out = op(*args)
        print(f"{label} -> {out.dtype} {out.shape} {out.asnumpy().tolist()}")
    except Exception as e:  # noqa: BLE001 - the probe records MindSpore's error
        print(f"{label} -> {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


rng = np.random.RandomState(7)
x = rng.randn(1, 7, 6, 3).astype(np.float32)  # (one sample: see docs/migration.md)
rows = Tensor(np.array([0, 2, 3, 5, 7], np.int64))
cols = Tensor(np.array([0, 2, 4, 6], np.int64))
dy = rng.rand(1, 4, 3, 3).astype(np.float32)


def pooled(x, overlapping):
    """FractionalMaxPool's output (the grad's orig_output) for these sequences, by NumPy."""
    r, c = rows.asnumpy(), cols.asnumpy()
    extra = int(overlapping)
    return np.stack([np.stack([x[:, r[i]:r[i + 1] + extra, c[j]:c[j + 1] + extra].max(axis=(1, 2))
                               for j in range(len(c) - 1)], 1) for i in range(len(r) - 1)], 1)


for overlapping in (False, True):
    op = G.FractionalMaxPoolGrad(overlapping=overlapping)
    show(f"f32 overlapping={overlapping}", op, Tensor(x), Tensor(pooled(x, overlapping)),
         Tensor(dy), rows, cols)
    for dtype in (np.float64, np.int32, np.int64):
        xd = (x * 4).astype(dtype)
        show(f"{np.dtype(dtype).name} overlapping={overlapping}", op, Tensor(xd),
             Tensor(pooled(xd, overlapping)), Tensor((dy * 10).astype(dtype)), rows, cols)
ties = np.zeros((1, 4, 4, 1), np.float32)
show("ties", G.FractionalMaxPoolGrad(), Tensor(ties), Tensor(np.zeros((1, 2, 2, 1), np.float32)),
     Tensor(np.ones((1, 2, 2, 1), np.float32)), Tensor(np.array([0, 2, 4], np.int64)),
     Tensor(np.array([0, 2, 4], np.int64)))
show("ties overlapping", G.FractionalMaxPoolGrad(True), Tensor(ties),
     Tensor(np.zeros((1, 2, 2, 1), np.float32)), Tensor(np.ones((1, 2, 2, 1), np.float32)),
     Tensor(np.array([0, 2, 4], np.int64)), Tensor(np.array([0, 2, 4], np.int64)))
print("repr ->", G.FractionalMaxPoolGrad(), G.FractionalMaxPoolGrad(True))
show("f16", G.FractionalMaxPoolGrad(), Tensor(x.astype(np.float16)),
     Tensor(np.zeros((1, 4, 3, 3), np.float16)), Tensor(dy.astype(np.float16)), rows, cols)
out = Tensor(pooled(x, False))
show("rank3", G.FractionalMaxPoolGrad(), Tensor(x[0]), out[0], Tensor(dy[0]), rows, cols)
show("int32 sequence", G.FractionalMaxPoolGrad(), Tensor(x), out, Tensor(dy),
     Tensor(np.array([0, 2, 3, 5, 7], np.int32)), cols)
