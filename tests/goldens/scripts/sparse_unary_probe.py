"""MindSpore 2.10's sparse unary functions `ops.csr_<op>` and `ops.coo_<op>`: the op applied to
the stored values (the structure kept), their dtypes and their error for a dense input, printed
`label -> RESULT` (values rounded to 4 decimals); tests/ops/test_sparse_unary_ops.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/sparse_unary_probe.py \
        | grep -- " -> " > tests/goldens/ops/sparse_unary_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor, CSRTensor, COOTensor

UNARY = ("abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "exp",
         "expm1", "floor", "inv", "isfinite", "isinf", "isnan", "log", "log1p", "neg", "relu",
         "relu6", "round", "sigmoid", "sin", "sinh", "softsign", "sqrt", "square", "tan", "tanh")
CSR_FUNCTIONS = (
    ops.csr_abs, ops.csr_acos, ops.csr_acosh, ops.csr_asin, ops.csr_asinh, ops.csr_atan,
    ops.csr_atanh, ops.csr_ceil, ops.csr_cos, ops.csr_cosh, ops.csr_exp, ops.csr_expm1,
    ops.csr_floor, ops.csr_inv, ops.csr_isfinite, ops.csr_isinf, ops.csr_isnan, ops.csr_log,
    ops.csr_log1p, ops.csr_neg, ops.csr_relu, ops.csr_relu6, ops.csr_round, ops.csr_sigmoid,
    ops.csr_sin, ops.csr_sinh, ops.csr_softsign, ops.csr_sqrt, ops.csr_square, ops.csr_tan,
    ops.csr_tanh)
COO_FUNCTIONS = (
    ops.coo_abs, ops.coo_acos, ops.coo_acosh, ops.coo_asin, ops.coo_asinh, ops.coo_atan,
    ops.coo_atanh, ops.coo_ceil, ops.coo_cos, ops.coo_cosh, ops.coo_exp, ops.coo_expm1,
    ops.coo_floor, ops.coo_inv, ops.coo_isfinite, ops.coo_isinf, ops.coo_isnan, ops.coo_log,
    ops.coo_log1p, ops.coo_neg, ops.coo_relu, ops.coo_relu6, ops.coo_round, ops.coo_sigmoid,
    ops.coo_sin, ops.coo_sinh, ops.coo_softsign, ops.coo_sqrt, ops.coo_square, ops.coo_tan,
    ops.coo_tanh)


def show(label, f):
    try:
        out = f()
        values = np.round(out.values.asnumpy().astype(np.float64), 4)
        result = (type(out).__name__, str(out.values.dtype), out.shape,
                  np.where(np.isnan(values), 999.0, values).tolist(),
                  out.indices.asnumpy().tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


values = Tensor(np.array([-3.5, -0.5, 0.25, 0.75, 1.5, 2.0], np.float32))
csr = CSRTensor(Tensor([0, 1, 4, 6], ms.int32), Tensor([3, 0, 1, 2, 1, 3], ms.int32), values, (3, 4))
coo = COOTensor(Tensor([[0, 1], [1, 2], [1, 3], [2, 0], [2, 1], [2, 3]], ms.int64), values, (3, 4))
dense = Tensor(np.ones((2, 2), np.float32))
for name, csr_fn, coo_fn in zip(UNARY, CSR_FUNCTIONS, COO_FUNCTIONS):
    show(f"csr_{name}", lambda: csr_fn(csr))
    show(f"coo_{name}", lambda: coo_fn(coo))
show("csr_cos of a Tensor", lambda: ops.csr_cos(dense))
show("coo_cos of a Tensor", lambda: ops.coo_cos(dense))
show("csr_cos of a COOTensor", lambda: ops.csr_cos(coo))
show("dense_to_sparse_coo", lambda: ops.dense_to_sparse_coo(
    Tensor(np.array([[0.0, 1.5, 0.0], [-2.0, 0.0, 3.0]], np.float32))))
show("dense_to_sparse_coo int32", lambda: ops.dense_to_sparse_coo(
    Tensor(np.array([[0, 4], [5, 0]], np.int32))))
show("dense_to_sparse_coo of a list", lambda: ops.dense_to_sparse_coo([[1.0, 0.0]]))
show("dense_to_sparse_coo of a COOTensor", lambda: ops.dense_to_sparse_coo(coo))
show("coo_relu of a CSRTensor", lambda: ops.coo_relu(csr))
print("dense_to_sparse_coo indices dtype ->",
      ops.dense_to_sparse_coo(Tensor(np.array([[0.0, 1.0]], np.float32))).indices.dtype)
