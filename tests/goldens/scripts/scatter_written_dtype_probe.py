"""MindSpore 2.10's in-place scatter Primitives (`ops.ScatterAdd`, ..., `ops.ScatterNdUpdate`,
...) refusing to convert their Parameter to the updates' dtype, and their index dtype checks:
printed `label -> RESULT`; tests/ops/test_scatter_written_dtype.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/scatter_written_dtype_probe.py \
        | grep -- " -> " > tests/goldens/ops/scatter_written_dtype_probe.out
"""
import numpy as np
from mindspore import Parameter, Tensor, ops


def show(label, fn):
    try:
        out = fn()
        if isinstance(out, Tensor):
            out = (str(out.dtype), np.round(out.asnumpy().astype(np.float64), 4).tolist())
        print(label, "->", out)
    except Exception as e:  # noqa: BLE001 - the error is the golden
        print(label, "-> ERR", type(e).__name__, "|", str(e).strip().splitlines()[0])


SCATTER = ("ScatterAdd", "ScatterSub", "ScatterMul", "ScatterDiv", "ScatterMax", "ScatterMin",
           "ScatterUpdate")
SCATTER_ND = ("ScatterNdAdd", "ScatterNdSub", "ScatterNdMul", "ScatterNdDiv", "ScatterNdMax",
              "ScatterNdMin", "ScatterNdUpdate")
for name in SCATTER + SCATTER_ND:
    nd = name in SCATTER_ND
    indices = Tensor(np.array([[1], [0]] if nd else [1, 0], np.int32))
    for var_dtype, upd_dtype in ((np.int8, np.float32), (np.float16, np.float32),
                                 (np.float32, np.float16), (np.int32, np.int64),
                                 (np.float32, np.float32)):
        def call(name=name, indices=indices, var_dtype=var_dtype, upd_dtype=upd_dtype):
            var = Parameter(Tensor(np.arange(1, 7).reshape(3, 2).astype(var_dtype)), name="var")
            updates = Tensor(np.full((2, 2), 2).astype(upd_dtype))
            out = getattr(ops, name)()(var, indices, updates)
            return (str(out.dtype), out.asnumpy().astype(np.float64).tolist(),
                    var.asnumpy().astype(np.float64).tolist())
        show(f"{name} var={np.dtype(var_dtype).name} updates={np.dtype(upd_dtype).name}", call)
    show(f"{name} float indices", lambda name=name, nd=nd: getattr(ops, name)()(
        Parameter(Tensor(np.ones((3, 2), np.float32)), name="v"),
        Tensor(np.array([[1.0]] if nd else [1.0], np.float32)),
        Tensor(np.ones((1, 2), np.float32))))
