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
for name in UNARY:
    show(f"csr_{name}", lambda: getattr(ops, f"csr_{name}")(csr))
    show(f"coo_{name}", lambda: getattr(ops, f"coo_{name}")(coo))
show("csr_cos of a Tensor", lambda: ops.csr_cos(dense))
show("coo_cos of a Tensor", lambda: ops.coo_cos(dense))
show("csr_cos of a COOTensor", lambda: ops.csr_cos(coo))
