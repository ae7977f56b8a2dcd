"""RandomCategorical as MindSpore 2.10's CPU kernel draws it: the numbers of a seeded op (its
minstd_rand0 stream seeded through Philox), a stream per op and seed that the op's next call
continues (PyNative and GRAPH_MODE), a fresh stream for each functional call, the dtypes, and the
input checks.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops16c_random_categorical_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops16c_random_categorical_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops, nn
from mindspore.ops import operations as P

def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if isinstance(value, Tensor):
        a = value.asnumpy()
        return f"{value.dtype} {value.shape} {a.tolist()}"
    return repr(value)

def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:
        lines = [line for line in str(e).split("\n") if line.strip() and line[0] != "-"]
        print(label, "->", type(e).__name__, lines[0][:300])

x16 = Tensor(np.array([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]), ms.float16)
x32 = Tensor(np.array([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]), ms.float32)
x64 = Tensor(np.array([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]), ms.float64)
rc = P.RandomCategorical(ms.int64)
show("rc call1", lambda: rc(x32, 10, 5))
show("rc call2", lambda: rc(x32, 10, 5))
show("rc call3 seed 7", lambda: rc(x32, 10, 7))
show("rc call4 seed 5", lambda: rc(x32, 10, 5))
show("rc new", lambda: P.RandomCategorical(ms.int64)(x32, 10, 5))
show("rc int32 f16", lambda: P.RandomCategorical(ms.int32)(x16, 10, 5))
show("rc int16 f64", lambda: P.RandomCategorical(ms.int16)(x64, 10, 5))
xb = Tensor(np.log(np.array([[0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1], [0.25, 0.25, 0.25, 0.25]])), ms.float32)
show("rc probs", lambda: P.RandomCategorical(ms.int32)(xb, 20, 123))
show("rc f16 probs", lambda: P.RandomCategorical(ms.int32)(Tensor(np.array([[0.0, 0.1, -0.3, 0.2, 0.05]]), ms.float16), 30, 42))
show("rc seed big", lambda: P.RandomCategorical(ms.int32)(xb, 8, 2**31 - 1))
show("rc 1d", lambda: P.RandomCategorical(ms.int32)(Tensor(np.array([1.0, 2.0]), ms.float32), 4, 5))
show("rc 3d", lambda: P.RandomCategorical(ms.int32)(Tensor(np.ones((2, 2, 3)), ms.float32), 4, 5))
show("rc seed tensor", lambda: P.RandomCategorical(ms.int32)(x32, 4, Tensor(5, ms.int64)))
show("rc num tensor", lambda: P.RandomCategorical(ms.int32)(x32, Tensor(4, ms.int32), 5))
show("rc num 0", lambda: P.RandomCategorical(ms.int32)(x32, 0, 5))
show("rc bad dtype", lambda: P.RandomCategorical(ms.float32))
show("rc seed float", lambda: P.RandomCategorical(ms.int32)(x32, 4, 5.0))
show("rc seed neg", lambda: P.RandomCategorical(ms.int32)(x32, 4, -3))
show("rc logits int", lambda: P.RandomCategorical(ms.int32)(Tensor(np.ones((2, 3)), ms.int32), 4, 5))
show("ops.random_categorical", lambda: ops.random_categorical(x32, 10, 5))
show("ops.random_categorical again", lambda: ops.random_categorical(x32, 10, 5))
show("ops.random_categorical int32", lambda: ops.random_categorical(x32, 10, 5, ms.int32))
show("Tensor.random_categorical", lambda: x32.random_categorical(10, 5))
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.rc = P.RandomCategorical(ms.int64)
    def construct(self, x, n, s):
        return self.rc(x, n, s)
ms.set_context(mode=ms.GRAPH_MODE)
net = Net()
show("graph call1", lambda: net(x32, 10, 5))
show("graph call2", lambda: net(x32, 10, 5))
show("graph new net", lambda: Net()(x32, 10, 5))
show("graph f16", lambda: Net()(x16, 10, 5))
ms.set_context(mode=ms.PYNATIVE_MODE)
net = Net()
show("pynative net call1", lambda: net(x32, 10, 5))
show("pynative net call2", lambda: net(x32, 10, 5))
