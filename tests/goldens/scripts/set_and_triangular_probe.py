"""MindSpore 2.10's `_grad_ops.IgammaGradA`, `math_ops.MatrixTriangularSolve`,
`sparse_ops.DenseToDenseSetOperation` / `DenseToSparseSetOperation` and `ops.dist`: values,
dtypes, shapes and errors. Printed `label -> RESULT`; tests/ops/test_set_and_triangular.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/set_and_triangular_probe.py \
        | grep -- " -> " > tests/goldens/ops/set_and_triangular_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops.operations._grad_ops import IgammaGradA
from mindspore.ops.operations.math_ops import MatrixTriangularSolve
from mindspore.ops.operations.sparse_ops import DenseToDenseSetOperation, DenseToSparseSetOperation


def fmt(out):
    if isinstance(out, Tensor):
        values = out.asnumpy()
        if values.dtype.kind in "fc":
            values = np.round(values.astype(np.complex128 if values.dtype.kind == "c"
                                            else np.float64), 4)
            if values.dtype.kind == "c":
                values = [str(v) for v in values.ravel()]
                return (str(out.dtype), out.shape, values)
        return (str(out.dtype), out.shape, values.tolist())
    if isinstance(out, (tuple, list)):
        return tuple(fmt(o) for o in out)
    return out


def show(label, fn):
    try:
        print(label, "->", fmt(fn()))
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(label, "-> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])


f32 = np.float32
a = Tensor(np.array([1.1, 2.2, 8.1, 2.1], f32))
x = Tensor(np.array([0.2, 1.2, 2.1, 3.4], f32))
show("IgammaGradA f32", lambda: IgammaGradA()(a, x))
show("IgammaGradA f64", lambda: IgammaGradA()(a.astype(ms.float64), x.astype(ms.float64)))
show("IgammaGradA broadcast", lambda: IgammaGradA()(Tensor(np.array([[1.5], [3.0]], f32)), x))
show("IgammaGradA edge", lambda: IgammaGradA()(Tensor(np.array([-1.0, 0.0, 2.0, 2.0], f32)),
                                              Tensor(np.array([1.0, 1.0, 0.0, -1.0], f32))))
show("IgammaGradA int", lambda: IgammaGradA()(a.astype(ms.int32), x.astype(ms.int32)))
show("IgammaGradA mixed", lambda: IgammaGradA()(a, x.astype(ms.float64)))
show("IgammaGradA f16", lambda: IgammaGradA()(a.astype(ms.float16), x.astype(ms.float16)))
show("IgammaGradA shapes", lambda: IgammaGradA()(a, Tensor(np.ones(3, f32))))
show("IgammaGradA repr", lambda: repr(IgammaGradA()))

m = np.array([[[2., 0., 0.], [1., 3., 0.], [4., 5., 6.]],
              [[1., 7., 2.], [0., 2., 3.], [0., 0., 4.]]], f32)
rhs = np.arange(12, dtype=f32).reshape(2, 3, 2) + 1
for adjoint in (False, True):
    for lower in (True, False):
        show(f"MatrixTriangularSolve adjoint={adjoint} lower={lower}",
             lambda: MatrixTriangularSolve(adjoint=adjoint, lower=lower)(Tensor(m), Tensor(rhs)))
show("MatrixTriangularSolve defaults", lambda: MatrixTriangularSolve()(Tensor(m), Tensor(rhs)))
show("MatrixTriangularSolve f64", lambda: MatrixTriangularSolve()(Tensor(m.astype(np.float64)),
                                                                 Tensor(rhs.astype(np.float64))))
show("MatrixTriangularSolve complex", lambda: MatrixTriangularSolve(adjoint=True)(
    Tensor((m + 1j * m).astype(np.complex64)), Tensor((rhs - 0.5j).astype(np.complex64))))
show("MatrixTriangularSolve 2d", lambda: MatrixTriangularSolve()(Tensor(m[0]), Tensor(rhs[0])))
show("MatrixTriangularSolve broadcast batch",
     lambda: MatrixTriangularSolve()(Tensor(m[:1]), Tensor(rhs)))
show("MatrixTriangularSolve 1d", lambda: MatrixTriangularSolve()(
    Tensor(np.array([4, 4, 4], f32)), Tensor(np.array([4, 4, 4], f32))))
show("MatrixTriangularSolve not square", lambda: MatrixTriangularSolve()(
    Tensor(np.ones((3, 2), f32)), Tensor(np.ones((3, 2), f32))))
show("MatrixTriangularSolve rows", lambda: MatrixTriangularSolve()(
    Tensor(m[0]), Tensor(np.ones((4, 2), f32))))
show("MatrixTriangularSolve dtypes", lambda: MatrixTriangularSolve()(
    Tensor(m[0]), Tensor(rhs[0].astype(np.float64))))
show("MatrixTriangularSolve int", lambda: MatrixTriangularSolve()(
    Tensor(m[0].astype(np.int32)), Tensor(rhs[0].astype(np.int32))))
show("MatrixTriangularSolve bad adjoint", lambda: MatrixTriangularSolve(adjoint=1))
show("MatrixTriangularSolve bad lower", lambda: MatrixTriangularSolve(lower=None))
show("MatrixTriangularSolve rank mismatch", lambda: MatrixTriangularSolve()(Tensor(m), Tensor(rhs[0])))
show("MatrixTriangularSolve ops name", lambda: ops.MatrixTriangularSolve is MatrixTriangularSolve)
show("MatrixTriangularSolve repr", lambda: repr(MatrixTriangularSolve(lower=False)))

x1 = Tensor(np.array([[1, 2, 4], [3, 4, 5]], np.int32))
x2 = Tensor(np.array([[3, 2, 5], [1, 4, 7]], np.int32))
for op in ("a-b", "b-a", "intersection", "union"):
    show(f"DenseToDense {op}", lambda: DenseToDenseSetOperation(set_operation=op)(x1, x2))
show("DenseToDense int64 3d", lambda: DenseToDenseSetOperation(set_operation="union")(
    Tensor(np.array([[[1, 1, 2], [5, 3, 3]], [[9, 9, 9], [2, 1, 0]]], np.int64)),
    Tensor(np.array([[[2], [4]], [[8], [1]]], np.int64))))
show("DenseToDense empty result", lambda: DenseToDenseSetOperation(set_operation="a-b")(x1, x1))
show("DenseToDense uppercase", lambda: DenseToDenseSetOperation(set_operation="A-B")(x1, x2))
show("DenseToDense bad op", lambda: DenseToDenseSetOperation(set_operation="xor")(x1, x2))
show("DenseToDense rank 1", lambda: DenseToDenseSetOperation()(Tensor(np.array([1, 2], np.int32)),
                                                              Tensor(np.array([1], np.int32))))
show("DenseToDense dims", lambda: DenseToDenseSetOperation()(
    x1, Tensor(np.array([[3, 2, 5]], np.int32))))
show("DenseToDense dtypes", lambda: DenseToDenseSetOperation()(x1, x2.astype(ms.int64)))
show("DenseToDense float", lambda: DenseToDenseSetOperation()(x1.astype(ms.float32),
                                                             x2.astype(ms.float32)))
show("DenseToDense uint8", lambda: DenseToDenseSetOperation(set_operation="intersection")(
    x1.astype(ms.uint8), x2.astype(ms.uint8)))
show("DenseToDense bad validate", lambda: DenseToDenseSetOperation(validate_indices=1))
show("DenseToDense default attrs", lambda: DenseToDenseSetOperation().set_operation)
show("DenseToDense repr", lambda: repr(DenseToDenseSetOperation(set_operation="union")))

# MindSpore 2.10's CPU kernel of DenseToSparseSetOperation refuses every input ("the rank of the
# shape of input 'x1' must be at least 2, but got 0"): only its type checks are recorded here;
# tests/ops/test_set_and_triangular.py checks its values against NumPy (docs/migration.md).
idx = Tensor(np.array([[0, 1], [1, 0], [1, 2]], np.int64))
vals = Tensor(np.array([2, 3, 9], np.int32))
shape = Tensor(np.array([2, 3], np.int64))
show("DenseToSparse dtypes", lambda: DenseToSparseSetOperation()(x1, idx, vals.astype(ms.int64),
                                                                 shape))
show("DenseToSparse float", lambda: DenseToSparseSetOperation()(
    x1.astype(ms.float32), idx, vals.astype(ms.float32), shape))
show("DenseToSparse bad op", lambda: DenseToSparseSetOperation(set_operation="xor"))
show("DenseToSparse repr", lambda: repr(DenseToSparseSetOperation(set_operation="B-A",
                                                                  validate_indices=False)))
show("DenseToDense bad op init", lambda: repr(DenseToDenseSetOperation(set_operation="xor")))
show("DenseToDense int set_operation", lambda: DenseToDenseSetOperation(set_operation=1))

dx = Tensor(np.array([[[1, 1], [2, 2]]], f32))
dy = Tensor(np.array([[[3, 3], [3, 3]]], f32))
show("dist", lambda: ops.dist(dx, dy))
for p in (0, 1, 3, float("inf"), 2.5):
    show(f"dist p={p}", lambda: ops.dist(dx, dy, p))
show("dist broadcast", lambda: ops.dist(dx, Tensor(np.array([1, 5], f32))))
show("dist f16", lambda: ops.dist(dx.astype(ms.float16), dy.astype(ms.float16)))
show("dist f64 mixed", lambda: ops.dist(dx, dy.astype(ms.float64)))
show("dist int", lambda: ops.dist(dx.astype(ms.int32), dy.astype(ms.int32)))
show("dist list", lambda: ops.dist([1.0], dy))
show("dist negative p", lambda: ops.dist(dx, dy, -1))
show("dist p int tensor", lambda: ops.dist(dx, dy, 1.5))
show("dist shapes", lambda: ops.dist(dx, Tensor(np.ones((3,), f32))))
