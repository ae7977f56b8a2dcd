"""MindSpore 2.10's `ops.SparseApplyFtrl`, `ops.SparseApplyFtrlV2` and
`ops.operations.sparse_ops.SparseMatrixMatMul` (issue #25): updated Parameters and outputs, a CSR matrix as MindSpore
takes it, and the argument checks. Printed `label -> RESULT` as in conformance_probe1.py;
tests/ops/test_sparse_ops.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/sparse_ops_probe.py \\
        | grep -- " -> " > tests/goldens/ops/sparse_ops_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, ops
from mindspore.ops.operations.sparse_ops import SparseMatrixMatMul


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.complex128 if 'Complex' in str(v.dtype) else np.float64), 4).tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0].rstrip()}"
    print(f"{label} -> {result}")


def state(dtype=np.float32, rows=4):
    rng = np.random.RandomState(0)
    var = Parameter(Tensor(rng.rand(rows, 3).astype(dtype)), name="var")
    accum = Parameter(Tensor((rng.rand(rows, 3) + 0.1).astype(dtype)), name="accum")
    linear = Parameter(Tensor((rng.rand(rows, 3) - 0.5).astype(dtype)), name="linear")
    return var, accum, linear


grad = Tensor(np.array([[0.3, -0.2, 0.5], [1.0, 0.1, -0.4]], np.float32))
indices = Tensor(np.array([2, 0], np.int32))


def ftrl_case(prim, *args, dtype=np.float32, g=grad, idx=indices):
    var, accum, linear = state(dtype)
    out = prim(var, accum, linear, g, idx)
    return out, (var, accum, linear)


show("SparseApplyFtrl", lambda: ftrl_case(ops.SparseApplyFtrl(lr=0.1, l1=0.0, l2=0.0, lr_power=-0.5)))
show("SparseApplyFtrl l1 l2", lambda: ftrl_case(ops.SparseApplyFtrl(lr=0.05, l1=0.2, l2=0.3, lr_power=-0.5)))
show("SparseApplyFtrl lr_power 0", lambda: ftrl_case(ops.SparseApplyFtrl(lr=0.1, l1=0.1, l2=0.0, lr_power=0.0)))
show("SparseApplyFtrl lr_power -1", lambda: ftrl_case(ops.SparseApplyFtrl(lr=0.1, l1=0.0, l2=0.1, lr_power=-1.0)))
show("SparseApplyFtrl int64 indices", lambda: ftrl_case(ops.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5), idx=Tensor(np.array([3, 1], np.int64))))
show("SparseApplyFtrl float16", lambda: ftrl_case(ops.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5), dtype=np.float16, g=grad.astype(ms.float16)))
show("SparseApplyFtrl repr", lambda: repr(ops.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5)))
show("SparseApplyFtrl lr int", lambda: ops.SparseApplyFtrl(1, 0.0, 0.0, -0.5))
show("SparseApplyFtrl lr 0", lambda: ops.SparseApplyFtrl(0.0, 0.0, 0.0, -0.5))
show("SparseApplyFtrl l1 negative", lambda: ops.SparseApplyFtrl(0.1, -0.1, 0.0, -0.5))
show("SparseApplyFtrl l2 negative", lambda: ops.SparseApplyFtrl(0.1, 0.0, -0.1, -0.5))
show("SparseApplyFtrl lr_power positive", lambda: ops.SparseApplyFtrl(0.1, 0.0, 0.0, 0.5))
show("SparseApplyFtrl use_locking int", lambda: ops.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5, use_locking=1))
show("SparseApplyFtrl float indices", lambda: ftrl_case(ops.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5), idx=Tensor(np.array([2.0, 0.0], np.float32))))
show("SparseApplyFtrl grad rows", lambda: ftrl_case(ops.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5), g=grad[:1]))
show("SparseApplyFtrl grad cols", lambda: ftrl_case(ops.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5), g=grad[:, :2]))
show("SparseApplyFtrl int grad", lambda: ftrl_case(ops.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5), g=grad.astype(ms.int32)))
show("SparseApplyFtrl float64 grad", lambda: ftrl_case(ops.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5), g=grad.astype(ms.float64)))
show("SparseApplyFtrl indices 2-d", lambda: ftrl_case(ops.SparseApplyFtrl(0.1, 0.0, 0.0, -0.5), idx=indices.reshape(2, 1)))
# (MindSpore 2.10's CPU build has no SparseApplyFtrlV2 kernel: its values are tested against the
# documented formula in tests/ops/test_sparse_ops.py, its checks here.)
show("SparseApplyFtrlV2 repr", lambda: repr(ops.SparseApplyFtrlV2(0.1, 0.0, 0.0, 0.0, -0.5)))
show("SparseApplyFtrlV2 shrinkage int", lambda: ops.SparseApplyFtrlV2(0.1, 0.0, 0.0, 1, -0.5))
show("SparseApplyFtrlV2 int64 indices", lambda: ftrl_case(ops.SparseApplyFtrlV2(0.1, 0.0, 0.0, 0.0, -0.5), idx=Tensor(np.array([3, 1], np.int64))))

# -- SparseMatrixMatMul --------------------------------------------------------------------------
i32 = lambda v: Tensor(np.array(v, np.int32))  # noqa: E731
shape2 = i32([4, 5])
batch2 = i32([0, 4])
rows2 = i32([0, 1, 1, 3, 4])
cols2 = i32([0, 3, 4, 0])
vals2 = Tensor(np.array([1.0, 5.0, -1.0, -2.0], np.float32))
dense2 = Tensor(np.arange(15, dtype=np.float32).reshape(5, 3) / 10)
show("SparseMatrixMatMul", lambda: SparseMatrixMatMul()(shape2, batch2, rows2, cols2, vals2, dense2))
show("SparseMatrixMatMul transpose_x2", lambda: SparseMatrixMatMul(transpose_x2=True)(shape2, batch2, rows2, cols2, vals2, dense2.T))
show("SparseMatrixMatMul transpose_x1", lambda: SparseMatrixMatMul(transpose_x1=True)(shape2, batch2, rows2, cols2, vals2, dense2[:4]))
show("SparseMatrixMatMul transpose_output", lambda: SparseMatrixMatMul(transpose_output=True)(shape2, batch2, rows2, cols2, vals2, dense2))
shape3 = i32([2, 3, 4])
batch3 = i32([0, 3, 5])
rows3 = i32([0, 1, 2, 3, 0, 0, 2, 2])
cols3 = i32([1, 0, 3, 2, 3])
vals3 = Tensor(np.array([2.0, 3.0, -1.0, 4.0, 0.5], np.float32))
dense3 = Tensor(np.arange(24, dtype=np.float32).reshape(2, 4, 3))
show("SparseMatrixMatMul batch", lambda: SparseMatrixMatMul()(shape3, batch3, rows3, cols3, vals3, dense3))
show("SparseMatrixMatMul int64", lambda: SparseMatrixMatMul()(*(Tensor(t.asnumpy().astype(np.int64)) for t in (shape2, batch2, rows2, cols2)), vals2, dense2))
show("SparseMatrixMatMul float64", lambda: SparseMatrixMatMul()(shape2, batch2, rows2, cols2, vals2.astype(ms.float64), dense2.astype(ms.float64)))
cvals = Tensor(np.array([1 + 1j, 5 - 2j, -1j, -2.0], np.complex64))
cdense = Tensor((np.arange(15).reshape(5, 3) / 10 + 1j * np.ones((5, 3))).astype(np.complex64))
show("SparseMatrixMatMul complex adjoint_x2", lambda: SparseMatrixMatMul(adjoint_x2=True)(shape2, batch2, rows2, cols2, cvals, Tensor(cdense.asnumpy().conj().T)))
show("SparseMatrixMatMul complex adjoint_x1", lambda: SparseMatrixMatMul(adjoint_x1=True)(shape2, batch2, rows2, cols2, cvals, Tensor(cdense.asnumpy()[:4])))
show("SparseMatrixMatMul complex conjugate_output", lambda: SparseMatrixMatMul(conjugate_output=True)(shape2, batch2, rows2, cols2, cvals, cdense))
show("SparseMatrixMatMul repr", lambda: repr(SparseMatrixMatMul(transpose_x1=True)))
show("SparseMatrixMatMul bool attr", lambda: SparseMatrixMatMul(transpose_x1=1))
show("SparseMatrixMatMul both transposes", lambda: SparseMatrixMatMul(transpose_x1=True, adjoint_x1=True)(shape2, batch2, rows2, cols2, vals2, dense2[:4]))
show("SparseMatrixMatMul shape mismatch", lambda: SparseMatrixMatMul()(shape2, batch2, rows2, cols2, vals2, dense2[:4]))
show("SparseMatrixMatMul index dtypes", lambda: SparseMatrixMatMul()(shape2, Tensor(np.array([0, 4], np.int64)), rows2, cols2, vals2, dense2))
show("SparseMatrixMatMul value dtypes", lambda: SparseMatrixMatMul()(shape2, batch2, rows2, cols2, vals2, dense2.astype(ms.float64)))
show("SparseMatrixMatMul int values", lambda: SparseMatrixMatMul()(shape2, batch2, rows2, cols2, vals2.astype(ms.int32), dense2.astype(ms.int32)))
show("SparseMatrixMatMul dense 1-d", lambda: SparseMatrixMatMul()(shape2, batch2, rows2, cols2, vals2, dense2[0]))
show("SparseMatrixMatMul batch mismatch", lambda: SparseMatrixMatMul()(shape3, batch3, rows3, cols3, vals3, dense3[:1]))
show("SparseMatrixMatMul shape size", lambda: SparseMatrixMatMul()(i32([4]), batch2, rows2, cols2, vals2, dense2))
