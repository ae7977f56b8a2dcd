"""SparseTensorDenseMatmul (ops.operations) and nn.SparseTensorDenseMatmul / nn.SparseToDense:
the product of a sparse matrix given by (indices, values, shape) with a dense one, adjoint
flags, dtypes, gradients and errors, as MindSpore 2.10 (CPU) gives them. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops15b_sparse_matmul_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops15b_sparse_matmul_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops, COOTensor
from mindspore.ops import operations as P


def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if isinstance(value, Tensor):
        return f"{value.dtype} {value.shape} {np.round(value.asnumpy().astype(np.complex128), 5).tolist()}"
    return repr(value)


def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        lines = [line for line in str(e).split("\n") if line.strip() and line[0] != "-"]
        print(label, "->", type(e).__name__, lines[0][:200])


indices = Tensor(np.array([[0, 0], [1, 1], [2, 0], [2, 2], [3, 1], [3, 2]], np.int64))
values = Tensor(np.array([1, 2, 3, 4, 5, 6], np.float32))
dense = Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))
dense3 = Tensor(np.arange(6, dtype=np.float32).reshape(3, 2))
show("P plain", lambda: P.SparseTensorDenseMatmul()(indices, values, (4, 3), dense3))
show("P adjoint_st", lambda: P.SparseTensorDenseMatmul(adjoint_st=True)(indices, values, (4, 3), dense))
show("P adjoint_dt", lambda: P.SparseTensorDenseMatmul(adjoint_dt=True)(
    indices, values, (4, 3), Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))))
show("P both", lambda: P.SparseTensorDenseMatmul(True, True)(
    indices, values, (4, 3), Tensor(np.arange(8, dtype=np.float32).reshape(2, 4))))
show("P shape Tensor", lambda: P.SparseTensorDenseMatmul()(indices, values, Tensor([4, 3], ms.int64), dense3))
show("P int32 values", lambda: P.SparseTensorDenseMatmul()(
    indices.astype(ms.int32), values.astype(ms.int32), (4, 3), dense3.astype(ms.int32)))
show("P float16", lambda: P.SparseTensorDenseMatmul()(indices, values.astype(ms.float16), (4, 3),
                                                      dense3.astype(ms.float16)))
show("P float64", lambda: P.SparseTensorDenseMatmul()(indices, values.astype(ms.float64), (4, 3),
                                                      dense3.astype(ms.float64)))
show("P complex64 adjoint_st", lambda: P.SparseTensorDenseMatmul(adjoint_st=True)(
    indices, Tensor(np.array([1 + 1j, 2, 3j, 4, 5, 6], np.complex64)), (4, 3),
    Tensor(np.arange(12).reshape(4, 3).astype(np.complex64) * (1 - 1j))))
show("P dtypes differ", lambda: P.SparseTensorDenseMatmul()(indices, values, (4, 3), dense3.astype(ms.float64)))
show("P dense rank 3", lambda: P.SparseTensorDenseMatmul()(indices, values, (4, 3),
                                                           Tensor(np.ones((3, 2, 1), np.float32))))
show("P inner dims differ", lambda: P.SparseTensorDenseMatmul()(indices, values, (4, 3), dense))
show("P adjoint_st not bool", lambda: P.SparseTensorDenseMatmul(1)(indices, values, (4, 3), dense3))
show("P repeated index", lambda: P.SparseTensorDenseMatmul()(
    Tensor(np.array([[0, 0], [0, 0]], np.int64)), Tensor(np.array([1.0, 2.0], np.float32)), (1, 1),
    Tensor(np.ones((1, 2), np.float32))))
grad = ops.GradOperation(get_all=True)
show("P grad", lambda: grad(lambda i, v, d: P.SparseTensorDenseMatmul()(i, v, (4, 3), d))(
    indices, values, dense3)[1:])
show("P grad adjoint_st", lambda: grad(lambda i, v, d: P.SparseTensorDenseMatmul(adjoint_st=True)(
    i, v, (4, 3), d))(indices, values, dense)[1:])
show("P grad adjoint_dt", lambda: grad(lambda i, v, d: P.SparseTensorDenseMatmul(adjoint_dt=True)(
    i, v, (4, 3), d))(indices, values, Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)))[1:])
show("nn plain", lambda: nn.SparseTensorDenseMatmul()(indices, values, (4, 3), dense3))
show("nn adjoint_st", lambda: nn.SparseTensorDenseMatmul(adjoint_st=True)(indices, values, (4, 3), dense))
show("nn SparseToDense", lambda: nn.SparseToDense()(COOTensor(indices, values, (4, 3))))
show("nn SparseToDense not COO", lambda: nn.SparseToDense()(dense))
