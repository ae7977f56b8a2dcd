"""MindSpore 2.10 on out-of-range indices: the exception and the first line of its message, for
each indexing op, eagerly (PyNative) and compiled (GRAPH_MODE Cells, `ms.jit`); and whether a
compiled training step that raised changed its Parameters.

Prints `label -> result` lines; the same script runs unchanged on msjax in
tests/ops/test_index_checks.py. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/index_checks_probe.py \
        | grep -- " -> " > tests/goldens/ops/index_checks_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops


def show(label, f):
    try:
        r = f()
        result = np.round(r.asnumpy(), 4).tolist() if isinstance(r, Tensor) else r
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
    print(f"{label} -> {result}")


def i32(*v):
    return Tensor(np.array(v, np.int32))


x = Tensor(np.array([10., 20., 30.], np.float32))
m = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
ones13 = Tensor(np.ones((1, 3), np.float32))

CASES = {
    "getitem 5": lambda: x[i32(5)],
    "getitem -7": lambda: x[i32(-7)],
    "getitem -1": lambda: x[i32(-1)],
    "getitem 3 int64": lambda: x[Tensor(np.array([3]))],
    "getitem rows 2": lambda: m[i32(0, 2)],
    "gather 5": lambda: ops.gather(x, i32(0, 5), 0),
    "gather -1": lambda: ops.gather(x, i32(0, -1), 0),
    "gather -5": lambda: ops.gather(x, i32(0, -5), 0),
    "gather axis 1": lambda: ops.gather(m, i32(0, 3), 1),
    "Gather primitive": lambda: ops.Gather()(x, i32(4), 0),
    "gather_nd 5": lambda: ops.gather_nd(m, Tensor(np.array([[0, 1], [5, 0]], np.int32))),
    "gather_nd -1": lambda: ops.gather_nd(m, Tensor(np.array([[-1, 0]], np.int32))),
    "gather_nd ok": lambda: ops.gather_nd(m, Tensor(np.array([[1, 2]], np.int32))),
    "gather_elements 3": lambda: ops.gather_elements(m, 1, Tensor(np.array([[0, 3]], np.int32))),
    "embedding 12": lambda: nn.Embedding(10, 2, embedding_table="ones")(i32(12)),
    "embedding -1": lambda: nn.Embedding(10, 2, embedding_table="ones")(i32(-1)),
    "embedding -11": lambda: nn.Embedding(10, 2, embedding_table="ones")(i32(-11)),
    "cross_entropy 9": lambda: ops.cross_entropy(m, i32(1, 9)),
    "cross_entropy -5": lambda: ops.cross_entropy(m, i32(1, -5)),
    "cross_entropy -100": lambda: ops.cross_entropy(m, i32(1, -100)),
    "nll_loss 9": lambda: ops.nll_loss(m, i32(1, 9)),
    "tensor_scatter_update 5": lambda: ops.tensor_scatter_update(m, Tensor(np.array([[5]], np.int32)), ones13),
    "tensor_scatter_update -1": lambda: ops.tensor_scatter_update(m, Tensor(np.array([[-1]], np.int32)), ones13),
    "tensor_scatter_update row 1": lambda: ops.tensor_scatter_update(
        m, Tensor(np.array([[0], [2]], np.int32)), Tensor(np.ones((2, 3), np.float32))),
    "tensor_scatter_add 9": lambda: ops.tensor_scatter_add(m, Tensor(np.array([[9]], np.int32)), ones13),
    "tensor_scatter_add -1": lambda: ops.tensor_scatter_add(m, Tensor(np.array([[-1]], np.int32)), ones13),
    "tensor_scatter_add row 1": lambda: ops.tensor_scatter_add(
        m, Tensor(np.array([[0], [2]], np.int32)), Tensor(np.ones((2, 3), np.float32))),
    "tensor_scatter_add 2d": lambda: ops.tensor_scatter_add(
        m, Tensor(np.array([[0, 1], [1, 7]], np.int32)), Tensor(np.ones((2,), np.float32))),
    "scatter_nd 5": lambda: ops.scatter_nd(Tensor(np.array([[5]], np.int32)), Tensor(np.ones((1,), np.float32)), (3,)),
    "scatter_nd -1": lambda: ops.scatter_nd(Tensor(np.array([[-1]], np.int32)), Tensor(np.ones((1,), np.float32)), (3,)),
    "unsorted_segment_sum 5": lambda: ops.unsorted_segment_sum(x, i32(0, 5, 1), 3),
    "unsorted_segment_sum -1": lambda: ops.unsorted_segment_sum(x, i32(0, -1, 1), 3),
}
for label, case in CASES.items():
    show(label, case)


class Lookup(nn.Cell):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(10, 2, embedding_table="ones")

    def construct(self, ids):
        return self.embedding(ids)


class Step(nn.Cell):
    """An embedding + cross-entropy training step."""

    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(10, 3, embedding_table="ones")
        self.optimizer = nn.SGD(self.embedding.trainable_params(), 0.5)
        self.grad = ops.value_and_grad(self.forward, None, self.optimizer.parameters)

    def forward(self, ids, labels):
        return ops.cross_entropy(self.embedding(ids), labels)

    def construct(self, ids, labels):
        loss, grads = self.grad(ids, labels)
        self.optimizer(grads)
        return loss


@ms.jit
def jit_gather(p, i):
    return ops.gather(p, i, 0)


for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    lookup = Lookup()
    show(f"{name} Cell embedding ok", lambda: lookup(i32(1)))
    show(f"{name} Cell embedding 12", lambda: lookup(i32(1, 12)))
    step = Step()
    show(f"{name} step ok", lambda: step(i32(1, 2), i32(0, 2)))
    before = step.embedding.embedding_table.asnumpy().copy()
    show(f"{name} step label 7", lambda: step(i32(1, 2), i32(0, 7)))
    show(f"{name} step ids 11", lambda: step(i32(1, 11), i32(0, 2)))
    show(f"{name} step parameters unchanged",
         lambda: bool(np.array_equal(before, step.embedding.embedding_table.asnumpy())))
ms.set_context(mode=ms.PYNATIVE_MODE)
show("jit gather ok", lambda: jit_gather(x, i32(2)))
show("jit gather 5", lambda: jit_gather(x, i32(0, 5)))
