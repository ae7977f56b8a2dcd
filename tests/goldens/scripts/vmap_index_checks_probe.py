"""Index ops under `vmap` given an index out of range, as MindSpore 2.10 (CPU) runs them: the
call raises the op's error (its vmap rule checks every batch's indices). Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/vmap_index_checks_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/vmap_index_checks_probe.out
"""
import numpy as np
from mindspore import Tensor, nn, ops
from mindspore.ops import vmap


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    return f"{value.dtype} {value.shape} {value.asnumpy().tolist()}"


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:200])


X = Tensor(np.arange(12).reshape(2, 2, 3).astype(np.float32))
GOOD = Tensor(np.array([[0, 1], [1, 0]], np.int32))
BAD = Tensor(np.array([[0, 2], [2, 0]], np.int32))


def gather(x, i, axis):
    return ops.gather(x, i, axis)


def gather_d(x, i):
    return ops.gather_d(x, 0, i)


class Lookup(nn.Cell):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(4, 2, embedding_table="ones")

    def construct(self, ids):
        return self.embedding(ids)


for name, i in (("in range", GOOD), ("out of range", BAD)):
    show(f"vmap gather {name}", lambda: vmap(gather, in_axes=(0, 0, None))(X, i, 0))
    show(f"vmap gather_d {name}", lambda: vmap(gather_d, in_axes=(0, 0))(X, i.reshape(2, 2, 1)))
show("vmap gather negative below range",
     lambda: vmap(gather, in_axes=(0, 0, None))(X, Tensor(np.array([[0, -3], [1, 0]], np.int32)), 0))
show("vmap Embedding in range", lambda: vmap(Lookup(), in_axes=0)(Tensor(np.array([[0, 3]], np.int32))))
show("vmap Embedding out of range",
     lambda: vmap(Lookup(), in_axes=0)(Tensor(np.array([[0, 4]], np.int32))))
show("vmap gather after a good call", lambda: vmap(gather, in_axes=(0, 0, None))(X, GOOD, 1))
