"""MindSpore 2.10's SparseAdd and SparseTensorDenseAdd (ops.operations.sparse_ops): values,
dtypes, thresh, gradients (GradOperation(get_all=True)) and errors."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops
from mindspore.ops.operations.sparse_ops import SparseAdd, SparseTensorDenseAdd


def text(out):
    outs = out if isinstance(out, tuple) else (out,)
    return repr(tuple((str(o.dtype), o.shape, o.asnumpy().tolist()) for o in outs))


def show(label, fn, *args):
    try:
        print(f"{label} -> {text(fn(*args))}")
    except Exception as e:  # noqa: BLE001 - the probe records MindSpore's error
        print(f"{label} -> {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


class AddNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = SparseAdd()

    def construct(self, *args):
        return self.op(*args)


class DenseNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = SparseTensorDenseAdd()

    def construct(self, *args):
        return self.op(*args)


i64 = ms.int64
a = [Tensor([[0, 1], [1, 2], [2, 0]], i64), Tensor([1.0, 2.0, -3.0], ms.float32), Tensor([3, 4], i64)]
b = [Tensor([[0, 1], [1, 0], [2, 0], [2, 3]], i64), Tensor([0.5, 4.0, 3.0, 0.25], ms.float32),
     Tensor([3, 4], i64)]
for thresh in (0.0, 0.3, 1.0, 2.0):
    show(f"add thresh {thresh}", SparseAdd(), *a, *b, Tensor(thresh, ms.float32))
for dtype in (ms.float64, ms.int32, ms.int64, ms.float16, ms.int8, ms.int16):
    show(f"add {dtype}", SparseAdd(), a[0], a[1].astype(dtype), a[2], b[0], b[1].astype(dtype), b[2],
         Tensor(0, dtype))
show("add unsorted", SparseAdd(), Tensor([[2, 0], [0, 1]], i64), Tensor([1.0, 2.0], ms.float32),
     Tensor([3, 4], i64), Tensor([[1, 1]], i64), Tensor([5.0], ms.float32), Tensor([3, 4], i64),
     Tensor(0.0, ms.float32))
show("add shape mismatch", SparseAdd(), *a, b[0], b[1], Tensor([3, 5], i64),
     Tensor(0.0, ms.float32))
show("add dtype mismatch", SparseAdd(), *a, b[0], b[1].astype(ms.float64), b[2],
     Tensor(0.0, ms.float32))
grads = ops.GradOperation(get_all=True)(AddNet())(*a, *b, Tensor(0.0, ms.float32))
for k, g in enumerate(grads):
    print(f"add grad {k} -> {text(g)}")

x1 = [Tensor([[0, 0], [0, 1], [2, 2]], i64), Tensor([1.0, 2.0, 3.0], ms.float32), Tensor([3, 3], i64)]
x2 = Tensor(np.arange(9, dtype=np.float32).reshape(3, 3))
show("dense", SparseTensorDenseAdd(), *x1, x2)
show("dense repeated index", SparseTensorDenseAdd(), Tensor([[0, 0], [0, 0]], i64),
     Tensor([1.0, 2.0], ms.float32), Tensor([3, 3], i64), x2)
show("dense int32 indices", SparseTensorDenseAdd(), x1[0].astype(ms.int32), x1[1],
     x1[2].astype(ms.int32), x2)
show("dense int32", SparseTensorDenseAdd(), x1[0], x1[1].astype(ms.int32), x1[2],
     x2.astype(ms.int32))
show("dense dtype mismatch", SparseTensorDenseAdd(), *x1, x2.astype(ms.float64))
show("dense shape mismatch", SparseTensorDenseAdd(), x1[0], x1[1], Tensor([3, 4], i64), x2)
show("dense index out", SparseTensorDenseAdd(), Tensor([[0, 5]], i64), Tensor([1.0], ms.float32),
     Tensor([3, 3], i64), x2)
grads = ops.GradOperation(get_all=True)(DenseNet())(*x1, x2)
for k, g in enumerate(grads):
    print(f"dense grad {k} -> {text(g)}")
print("repr ->", SparseAdd(), SparseTensorDenseAdd())
