"""MindSpore 2.10 with a NumPy array or scalar on the left of a Tensor operator (`ndarray - t`,
`np.float32(2) * t`, `ndarray == t`, ...) and NumPy ufuncs of Tensors: NumPy computes them from
the Tensor's values and answers with an ndarray (MindSpore 2.10 ships NumPy 1.26: a 0-d operand
keeps the array's dtype). Printed `label -> RESULT`; tests/test_tensor_numpy_operands.py runs it
unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tensor15_numpy_operands_probe.py \
        | grep -- " -> " > tests/goldens/core/tensor15_numpy_operands_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter
from mindspore.common.api import _pynative_executor


def result_of(out):
    if isinstance(out, (tuple, list)):
        return [result_of(o) for o in out]
    if isinstance(out, Tensor):
        return ("Tensor", str(out.dtype), list(out.shape),
                np.round(out.asnumpy().astype(np.float64), 4).tolist())
    if isinstance(out, np.ndarray):
        return ("ndarray", str(out.dtype), list(out.shape),
                np.round(out.astype(np.float64), 4).tolist())
    if isinstance(out, np.generic):
        return (out.dtype.name, round(float(out), 4))  # (NumPy 2 calls np.bool_ "bool")
    return (type(out).__name__, out)


def show(label, fn):
    try:
        out = fn()
        _pynative_executor.sync()
        result = result_of(out)
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


a = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)
t = Tensor(a)
ti = Tensor(np.array([[1, 2], [3, 4]], np.int32))
p = Parameter(Tensor(a), name="p")
show("a + t", lambda: a + t)
show("a - t", lambda: a - t)
show("a * t", lambda: a * t)
show("a / t", lambda: a / t)
show("a ** t", lambda: a ** t)
show("a @ t", lambda: a @ t)
show("a == t", lambda: a == t)
show("a < t", lambda: a < t)
show("a - p", lambda: a - p)
show("a.astype(int64) + ti", lambda: a.astype(np.int64) + ti)
show("a64 - t", lambda: a.astype(np.float64) - t)
show("np.float32(2) * t", lambda: np.float32(2) * t)
show("np.float64(2) * t", lambda: np.float64(2) * t)
show("np.int64(2) + t", lambda: np.int64(2) + t)
show("np.float32(2) - t", lambda: np.float32(2) - t)
show("np.int32(3) * ti", lambda: np.int32(3) * ti)
show("np.float64(0.5) * ti", lambda: np.float64(0.5) * ti)
show("np.bool_(True) & (t > 1)", lambda: np.bool_(True) & (t > 1))
show("t + np.float32(2)", lambda: t + np.float32(2))
show("np.subtract(a, t)", lambda: np.subtract(a, t))
show("np.add(t, t)", lambda: np.add(t, t))
show("np.exp(t)", lambda: np.exp(t))
show("np.maximum(a, t)", lambda: np.maximum(a, t))
show("np.array(0-d) * t", lambda: np.array(2.0, np.float32) * t)
show("a[0] - t (broadcast)", lambda: a[0] - t)
show("list + t", lambda: [1.0, 2.0] + t)
show("np.all(a - t == 0)", lambda: np.all((a - t) == 0))
show("np.allclose(a - t, 0)", lambda: np.allclose(a - t, 0))
show("np.abs(a - t).max()", lambda: np.abs(a - t).max())
show("np.all(t > 0)", lambda: np.all(t > 0))
