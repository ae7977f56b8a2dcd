"""mindspore.numpy.asarray / array: when the Tensor given comes back itself, and when a new one.
Golden: tests/goldens/numpy_identity.txt (MindSpore 2.10)."""
import numpy as onp
import mindspore as ms
import mindspore.numpy as mnp

t = mnp.asarray([1, 2, 3])
f = mnp.asarray([1.5, 2.5])
p = ms.Parameter(ms.Tensor([1.0, 2.0]), name="p")
cases = {
    "asarray(t) is t": lambda: mnp.asarray(t) is t,
    "asarray(t, int32) is t": lambda: mnp.asarray(t, dtype=mnp.int32) is t,
    "asarray(t, 'int32') is t": lambda: mnp.asarray(t, dtype="int32") is t,
    "asarray(t, float32) is t": lambda: mnp.asarray(t, dtype=mnp.float32) is t,
    "asarray(p) is p": lambda: mnp.asarray(p) is p,
    "array(t) is t": lambda: mnp.array(t) is t,
    "array(t, copy=False) is t": lambda: mnp.array(t, copy=False) is t,
    "array(t, int32, copy=False) is t": lambda: mnp.array(t, dtype=mnp.int32, copy=False) is t,
    "array(t, float32, copy=False) is t": lambda: mnp.array(t, dtype=mnp.float32, copy=False) is t,
    "array(t, copy=False, ndmin=2) is t": lambda: mnp.array(t, copy=False, ndmin=2) is t,
    "array(t, copy=False, ndmin=1) is t": lambda: mnp.array(t, copy=False, ndmin=1) is t,
    "array(f, copy=False) is f": lambda: mnp.array(f, copy=False) is f,
}
for label, case in cases.items():
    print(f"{label} -> {case()}")
