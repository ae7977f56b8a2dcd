"""MindSpore 2.10's ParameterizedTruncatedNormal (ops.operations.random_ops): the shape and dtype
of its draws and that they lie within [minvals, maxvals] near the mean (rows sharing their
parameters: see docs/migration.md), its repr and constructor checks. (Its numbers are its
generator's: not compared.)"""
import numpy as np
import mindspore as ms
from mindspore import Tensor
from mindspore.ops.operations import random_ops as R


def case(label, shape, mean, std, low, high, dtype=np.float32, shape_dtype=ms.int32, op=None):
    op = op or R.ParameterizedTruncatedNormal(seed=1, seed2=2)
    try:
        out = op(Tensor(np.array(shape), shape_dtype),
                 *(Tensor(np.array(v).astype(dtype)) for v in (mean, std, low, high)))
        v = out.asnumpy().astype(np.float64)
        inside = bool(((v >= np.min(low)) & (v <= np.max(high))).all())
        print(f"{label} -> {out.dtype} {out.shape} in bounds {inside} mean "
              f"{np.round(v.mean(), 0) + 0.0}")  # (+ 0.0: no sign on a zero)
    except Exception as e:  # noqa: BLE001 - the probe records MindSpore's error
        print(f"{label} -> {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


for dtype in (np.float16, np.float32, np.float64):
    case(f"rows {np.dtype(dtype).name}", [2, 400], [6, 6], [0.1, 0.1], [2, 2], [10, 10], dtype)
case("one param", [3, 2, 300], [10], [1], [1], [20], shape_dtype=ms.int64)
case("tail", [2, 500], [0], [1], [3], [4])
case("default seeds", [2, 100], [0], [1], [-1], [1], op=R.ParameterizedTruncatedNormal())
print("repr ->", R.ParameterizedTruncatedNormal(), R.ParameterizedTruncatedNormal(3, 4))
for bad in (dict(seed=1.5), dict(seed2="a")):
    try:
        R.ParameterizedTruncatedNormal(**bad)
        print(f"init {bad} -> OK")
    except Exception as e:  # noqa: BLE001
        print(f"init {bad} -> {type(e).__name__}: {str(e).splitlines()[0]}")
