"""MindSpore 2.10's SparseCountSparseOutput (ops.operations.sparse_ops): the weighted counts of
each batch row's values of a sparse tensor, as a sparse tensor; minlength, maxlength,
binary_output, rank-1 input, dtypes, repr and errors."""
import warnings

import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore.common import dtype as mstype
from mindspore.ops.operations import sparse_ops as S


def show(label, op, *args):
    try:
        out = op(*args)
        print(f"{label} -> " + repr(tuple((str(o.dtype), o.shape, o.asnumpy().tolist())
                                          for o in out)))
    except Exception as e:  # noqa: BLE001 - the probe records MindSpore's error
        print(f"{label} -> {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


I = Tensor([[1, 2], [3, 4], [2, 1], [2, 2], [1, 0], [3, 3], [2, 0], [2, 2]], mstype.int64)
SHAPE = Tensor([5, 5], mstype.int64)
W = [2, 5, 1, 0, 4, 2, 2, 2]
V = [0, 2, 8, 8, 1, 2, 3, 7]
for vt in (mstype.int32, mstype.int64):
    for wt in (mstype.int32, mstype.int64, mstype.float32, mstype.float64):
        if (vt, wt) == (mstype.int64, mstype.float64):
            continue  # (MindSpore 2.10's CPU kernel miscounts this pair)
        show(f"plain v{vt} w{wt}", S.SparseCountSparseOutput(), I, Tensor(V, vt), SHAPE,
             Tensor(W, wt))
for attrs in ((False, -1, 4), (False, 12, -1), (False, 3, -1), (False, 2, 6), (True, -1, -1),
              (True, -1, 4), (False, -1, 9), (False, -1, 1)):
    show(f"attrs {attrs}", S.SparseCountSparseOutput(*attrs), I, Tensor(V, mstype.int64), SHAPE,
         Tensor(W, mstype.float32))
show("binary no weights", S.SparseCountSparseOutput(True), I, Tensor(V, mstype.int64), SHAPE,
     Tensor(np.zeros((0,), np.int64)))
show("no weights", S.SparseCountSparseOutput(), I, Tensor(V, mstype.int64), SHAPE,
     Tensor(np.zeros((0,), np.float32)))
show("rank1", S.SparseCountSparseOutput(), Tensor([[0], [3], [5], [6]], mstype.int64),
     Tensor([1, 4, 1, 2], mstype.int64), Tensor([8], mstype.int64),
     Tensor([1.5, 2.0, 3.0, 0.5], mstype.float32))
show("rank3", S.SparseCountSparseOutput(), Tensor([[0, 0, 1], [1, 1, 0]], mstype.int64),
     Tensor([1, 4], mstype.int64), Tensor([2, 2, 2], mstype.int64),
     Tensor([1, 1], mstype.int64))
show("weights count", S.SparseCountSparseOutput(), Tensor([[1, 2], [3, 1], [2, 2], [2, 1]],
     mstype.int64), Tensor([0, 2, 8, 8], mstype.int64), Tensor([4, 4], mstype.int64),
     Tensor([1, 2, 1], mstype.int64))
show("index out of shape", S.SparseCountSparseOutput(), Tensor([[1, 2], [8, 6], [2, 2], [2, 1]],
     mstype.int64), Tensor([0, 2, 8, 8], mstype.int64), Tensor([4, 4], mstype.int64),
     Tensor([1, 2, 1, 1], mstype.int64))
show("negative value", S.SparseCountSparseOutput(), Tensor([[1, 2], [3, 1]], mstype.int64),
     Tensor([0, -2], mstype.int64), Tensor([4, 4], mstype.int64), Tensor([1, 2], mstype.int64))
show("float values", S.SparseCountSparseOutput(), Tensor([[1, 2], [3, 1]], mstype.int64),
     Tensor([0, 2], mstype.float32), Tensor([4, 4], mstype.int64), Tensor([1, 2], mstype.int64))
show("int32 indices", S.SparseCountSparseOutput(), Tensor([[1, 2], [3, 1]], mstype.int32),
     Tensor([0, 2], mstype.int64), Tensor([4, 4], mstype.int64), Tensor([1, 2], mstype.int64))
show("int16 weights", S.SparseCountSparseOutput(), Tensor([[1, 2], [3, 1]], mstype.int64),
     Tensor([0, 2], mstype.int64), Tensor([4, 4], mstype.int64), Tensor([1, 2], mstype.int16))
print("repr ->", S.SparseCountSparseOutput())
print("repr attrs ->", S.SparseCountSparseOutput(True, 2, 5))
for bad in (dict(minlength=-2), dict(maxlength=0), dict(binary_output=1), dict(minlength=1.5)):
    try:
        S.SparseCountSparseOutput(**bad)
        print(f"init {bad} -> OK")
    except Exception as e:  # noqa: BLE001
        print(f"init {bad} -> {type(e).__name__}: {str(e).splitlines()[0]}")
ms.set_context(mode=ms.GRAPH_MODE)


class Net(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = S.SparseCountSparseOutput(False, -1, 4)

    def construct(self, indices, values, dense_shape, weights):
        return self.op(indices, values, dense_shape, weights)


with warnings.catch_warnings():  # (msjax warns that the graph runs eagerly: its output's shape
    warnings.simplefilter("ignore")  # comes from the values)
    show("graph", Net(), I, Tensor(V, mstype.int64), SHAPE, Tensor(W, mstype.int64))
