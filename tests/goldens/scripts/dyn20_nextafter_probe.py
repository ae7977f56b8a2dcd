"""MindSpore 2.10's ops.nextafter (ops.NextAfter, Tensor.nextafter): values, and the errors of its
dtype checks (two dtypes, Float16), eagerly and in graph mode.
Golden: tests/goldens/ops/dyn20_nextafter_probe.out (tests/ops/test_dyn20_nextafter.py)."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops


def show(label, fn):
    try:
        r = fn()
        print(label, "->", "OK", r.dtype, r.shape, np.asarray(r.asnumpy(), np.float64).ravel().tolist())
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


class Net(nn.Cell):
    def construct(self, a, b):
        return ops.nextafter(a, b)


x32 = Tensor(np.array([1.5, -2.0, 0.0, 3.0], np.float32))
o32 = Tensor(np.array([3.0, -5.0, 1.0, 3.0], np.float32))
x64 = Tensor(np.array([1.5, -2.0, 0.0, 3.0], np.float64))
o64 = Tensor(np.array([3.0, -5.0, -1.0, 0.0], np.float64))
for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
    ms.set_context(mode=mode)
    m = "graph" if mode == ms.GRAPH_MODE else "pynative"
    f = Net() if mode == ms.GRAPH_MODE else ops.nextafter
    show(f"{m} float32", lambda: f(x32, o32))
    show(f"{m} float64", lambda: f(x64, o64))
    show(f"{m} float32 float64", lambda: f(x32, o64))
    show(f"{m} float64 float32", lambda: f(x64, o32))
    show(f"{m} float32 int32", lambda: f(x32, Tensor(np.array([1, 2, 3, 4], np.int32))))
    show(f"{m} float16", lambda: f(Tensor(np.ones(4, np.float16)), Tensor(np.zeros(4, np.float16))))
    show(f"{m} int32", lambda: f(Tensor(np.ones(4, np.int32)), Tensor(np.zeros(4, np.int32))))
show("Primitive float32 float64", lambda: ops.NextAfter()(x32, o64))
show("method float32 float64", lambda: x32.nextafter(o64))
