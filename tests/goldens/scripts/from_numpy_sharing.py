"""Tensor.from_numpy / mindspore.from_numpy in MindSpore 2.10: the Tensor shares the NumPy array's memory
(writes to either are seen in the other), assign_value and set_dtype give it storage of its own,
results of ops and `+=` are new Tensors, and anything but a NumPy array is refused. One
`label -> result` line per case."""
import numpy as np
import mindspore
from mindspore import Tensor

def show(label, f):
    try:
        r = f()
        print(label, "->", str(r).replace("\n", "|"))
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).splitlines()[0] if str(e) else "")

n = np.ones(5); t = Tensor.from_numpy(n)
np.add(n, 1, out=n)
show("numpy_write_seen", lambda: t)
show("dtype", lambda: t.dtype)
n[0] = 7
show("setitem_numpy_seen", lambda: t)
t[1] = 5
show("tensor_setitem_into_numpy", lambda: n)
t.assign_value(Tensor(np.zeros(5)))
show("assign_value_into_numpy", lambda: (n, t))
u = t + 1
np.add(n, 1, out=n)
show("result_not_shared", lambda: u)
a = t.asnumpy(); np.add(n, 100, out=n)
show("asnumpy_shared", lambda: a)
m = np.arange(6, dtype=np.int32).reshape(2, 3); s = mindspore.from_numpy(m); m += 1
show("mindspore.from_numpy_shared", lambda: s)
show("strided", lambda: Tensor.from_numpy(np.arange(6.0)[::2]))
show("list", lambda: Tensor.from_numpy([1, 2]))
show("scalar", lambda: Tensor.from_numpy(np.float32(3)))
k = np.ones(3, np.float32); tk = Tensor.from_numpy(k); tk.set_dtype(mindspore.int32); k[0] = 9
show("set_dtype_then_numpy", lambda: (tk, k))
f = np.ones(3, np.float32); tf = Tensor.from_numpy(f); tf += 1
show("iadd", lambda: (tf, f))
g = np.ones(3, np.float32); tg = Tensor.from_numpy(g); tg.copy_(Tensor(np.full(3, 4, np.float32)))
show("copy_", lambda: (str(tg), g))
# A Tensor sharing a NumPy array prints with NumPy's layout (other Tensors with MindSpore's own).
for i, a in enumerate([np.ones(3, np.float32), np.arange(6, dtype=np.float64).reshape(2, 3) / 3,
                       np.array(2.5, np.float32), np.array([True, False]), np.arange(4, dtype=np.int32),
                       np.ones(2, np.float16) / 3, np.array(7, np.uint32), (np.arange(2000) % 7).astype(np.float32),
                       np.array([1e-8, 1.0], np.float32), (np.arange(300) % 251).astype(np.uint8).reshape(10, 10, 3)]):
    show(f"repr_{i}", lambda: repr(repr(Tensor.from_numpy(a))))
    show(f"str_{i}", lambda: repr(str(Tensor.from_numpy(a))))
show("type", lambda: type(Tensor.from_numpy(np.ones(1))))
