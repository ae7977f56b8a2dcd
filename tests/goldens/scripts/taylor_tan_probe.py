"""MindSpore 2.10's Taylor-mode `ops.jet` and `ops.derivative` through `ops.tan`, and its error
for an operation with no Taylor rule; printed `label -> RESULT`; tests/transforms/test_taylor.py
runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/taylor_tan_probe.py \
        | grep -- " -> " > tests/goldens/transforms/taylor_tan_probe.out
"""
import numpy as np
from mindspore import Tensor, jit, ops
from mindspore.ops.functional import derivative, jet

x = Tensor(np.array([[0.1, 0.2], [0.3, 0.4]], np.float32))
s = Tensor(np.array([[[1., 1.], [1., 1.]], [[0., 0.], [0., 0.]], [[0., 0.], [0., 0.]]],
                    np.float32))


def tan_of_exp(v):
    return ops.tan(ops.exp(v) * 0.5)


def asin_of_exp(v):
    return ops.asin(ops.exp(v) * 0.5)


def atan_of_exp(v):
    return ops.atan(ops.exp(v) * 0.5)


def show(label, f):
    try:
        result = f()
        result = [np.round(r.asnumpy(), 3).tolist() for r in result]
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
    print(f"{label} -> {result}")


show("jet of tan", lambda: jet(tan_of_exp, x, s))
show("derivative 3 of tan", lambda: derivative(tan_of_exp, x, 3))
@jit
def jet_in_jit(v, series):
    return jet(tan_of_exp, v, series)


show("jet of tan in jit", lambda: jet_in_jit(x, s))
show("jet of asin", lambda: jet(asin_of_exp, x, s))
show("derivative of atan", lambda: derivative(atan_of_exp, x, 2))
