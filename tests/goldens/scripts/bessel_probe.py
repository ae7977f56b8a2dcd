"""ops.bessel_j0/j1/y0/y1/k0/k0e/k1/k1e (and their Primitives) in Float16/32/64 over a grid that
crosses every branch point, at their edges (negative, zero, inf, NaN), an Int32 input's error,
and their gradients: MindSpore 2.10's results. Golden: tests/goldens/ops/bessel.json."""
import json

import numpy as np
import mindspore as ms
from mindspore import Tensor, ops

NAMES = ("j0", "j1", "y0", "y1", "k0", "k0e", "k1", "k1e")
X = [-30.0, -7.5, -2.0, -0.5, 0.0, 1e-20, 1e-6, 1e-3, 0.1, 0.5, 1.0, 1.9, 2.0, 2.1, 2.404825, 3.0,
     4.0, 5.0, 7.9, 8.0, 8.1, 10.0, 12.0, 14.0, 17.0, 20.0, 25.0, 30.0, 50.0, 80.0, 100.0, 500.0,
     float("inf"), float("nan")]
GRAD_X = [0.3, 1.0, 2.5, 7.0, 9.0, 40.0]
out = {"x": X, "grad_x": GRAD_X}
for name in NAMES:
    fn = getattr(ops, "bessel_" + name)
    primitive = getattr(ops, "Bessel" + name[0].upper() + name[1:].upper().replace("E", "e"))()
    for dtype in ("float16", "float32", "float64"):
        x = Tensor(np.array(X), getattr(ms, dtype))
        r = fn(x)
        out[f"{name} {dtype}"] = [repr(float(v)) for v in r.asnumpy()]
        out[f"{name} {dtype} dtype"] = str(r.dtype)
        out[f"{name} {dtype} primitive"] = [repr(float(v)) for v in primitive(x).asnumpy()]
    grad = ops.grad(fn)(Tensor(np.array(GRAD_X), ms.float64))
    out[f"{name} grad"] = [repr(float(v)) for v in grad.asnumpy()]
    try:
        fn(Tensor(np.array([1, 2]), ms.int32))
        out[f"{name} int32"] = "no error"
    except TypeError as e:
        out[f"{name} int32"] = "TypeError " + str(e).split("\n")[0]
print(json.dumps(out, indent=1))
