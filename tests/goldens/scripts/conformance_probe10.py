"""MindSpore 2.10's `mindspore.numpy.interp` (each of `left` and `right` alone, one call after
the other) and `result_type` of NumPy dtype names and type codes (issue #25: two of MindSpore's
own numpy_native tests). Printed `label -> RESULT` as in conformance_probe1.py;
tests/api/test_conformance_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe10.py \\
        | grep -- " -> " > tests/goldens/api/conformance_probe10.out
"""
import numpy as onp
import mindspore.numpy as mnp
from mindspore import Tensor


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0]}"
    print(f"{label} -> {result}")


x = Tensor(onp.array([[-12.5, -10.0, -9.5, 0.0], [0.5, 9.0, 9.5, 12.0]]), mnp.float32)
xp = Tensor(onp.arange(-10, 10), mnp.float32)
fp = Tensor(onp.linspace(-50, 50, 20), mnp.float32)
for kwargs in ({}, {"left": 0.25}, {"right": 0.75}, {"left": 0.25, "right": 0.75}, {"right": 0.5}):
    show(f"interp {kwargs}", lambda: onp.round(mnp.interp(x, xp, fp, **kwargs).asnumpy(), 3).tolist())
show("interp int x", lambda: onp.round(mnp.interp(Tensor(onp.array([1, 2, 15])), xp, fp).asnumpy(), 3).tolist())
for args in [("?",), ("?", True), ("?", True, mnp.uint16), ("?", True, mnp.uint16, mnp.ones((2, 3)).astype(mnp.int32)),
             ("float",), ("f4", "i8"), ("i8",), ("f8",), ("i4", "u1"), ("b",), ("c8",), ("U",), ("xx",),
             ("float64",), (onp.float64,), (onp.dtype("i8"),), (1.0, mnp.int32)]:
    show(f"result_type {args}", lambda: mnp.result_type(*args))
