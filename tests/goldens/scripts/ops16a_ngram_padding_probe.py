"""MindSpore 2.10's NoRepeatNGram (each beam's next tokens that would repeat an n-gram get
-FLT_MAX) and ops.padding (the last axis, of size 1, padded with zeros): values, dtypes, vmap,
repr and errors."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops
from mindspore.ops import operations as P


def show(label, fn, *args):
    try:
        out = fn(*args)
        print(f"{label} -> {out.dtype} {out.shape} {out.asnumpy().tolist()}")
    except Exception as e:  # noqa: BLE001 - the probe records MindSpore's error
        print(f"{label} -> {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


seq = np.array([[[1, 2, 1, 2, 5, 1, 2], [9, 3, 9, 5, 4, 1, 5], [4, 7, 9, 1, 9, 6, 1]],
                [[7, 7, 2, 7, 9, 9, 4], [3, 4, 7, 4, 7, 6, 8], [4, 8, 8, 4, 3, 4, 8]]], np.int32)
logp = (np.arange(2 * 3 * 10).reshape(2, 3, 10) / 60).astype(np.float32)
for n in (1, 2, 3, 4, 8):  # (7, the length: "Param ngram_size is illegal" from the CPU kernel)
    show(f"ngram {n}", P.NoRepeatNGram(n), Tensor(seq), Tensor(logp))
show("ngram f16", P.NoRepeatNGram(3), Tensor(seq), Tensor(logp.astype(np.float16)))
show("ngram f64", P.NoRepeatNGram(3), Tensor(seq), Tensor(logp.astype(np.float64)))
show("ngram 2d", P.NoRepeatNGram(2), Tensor(seq[0]), Tensor(logp[0]))
show("ngram int64 seq", P.NoRepeatNGram(3), Tensor(seq.astype(np.int64)), Tensor(logp))
show("ngram beam mismatch", P.NoRepeatNGram(3), Tensor(seq[:, :2]), Tensor(logp))
show("ngram token past vocab", P.NoRepeatNGram(2), Tensor(seq), Tensor(logp[..., :5]))
print("ngram repr ->", P.NoRepeatNGram(), P.NoRepeatNGram(4))
for bad in (0, -1, 2.0, True):
    try:
        P.NoRepeatNGram(bad)
        print(f"ngram init {bad!r} -> OK")
    except Exception as e:  # noqa: BLE001
        print(f"ngram init {bad!r} -> {type(e).__name__}: {str(e).splitlines()[0]}")


class Beam(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = P.NoRepeatNGram(3)

    def construct(self, s, lp):
        return self.op(s, lp)


show("ngram vmap", ops.vmap(Beam(), (0, 0), 0), Tensor(np.stack([seq, seq[::-1]])),
     Tensor(np.stack([logp, logp * 2])))
show("ngram vmap axis1 out1", ops.vmap(Beam(), (1, 1), 1), Tensor(np.stack([seq, seq[::-1]], 1)),
     Tensor(np.stack([logp, logp * 2], 1)))

x = np.array([[[1.5], [-2.0]], [[3.0], [0.25]]], np.float32)
for size in (1, 2, 4, 8):
    show(f"padding {size}", ops.padding, Tensor(x), size)
show("padding default", ops.padding, Tensor(x))
show("padding int32", ops.padding, Tensor(x.astype(np.int32)), 3)
show("padding bool", ops.padding, Tensor(x > 0), 3)
show("padding last not 1", ops.padding, Tensor(np.ones((2, 3), np.float32)), 4)
show("padding 0", ops.padding, Tensor(x), 0)
show("padding rank1", ops.padding, Tensor(np.ones((1,), np.float32)), 3)
ms.set_context(mode=ms.GRAPH_MODE)
show("graph ngram", Beam(), Tensor(seq), Tensor(logp))
