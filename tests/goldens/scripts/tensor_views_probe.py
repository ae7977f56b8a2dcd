"""Basic indexing makes views in MindSpore 2.10 (PyNative and graph mode): a write into
`x[0]`, `x[:, 1]`, `x[..., 1]`, a row of `for row in x` reaches x, and a view taken before a
write of x reads the new values. Golden: tests/goldens/core/tensor_views_probe.out."""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn


def zeros():
    return Tensor(np.zeros((2, 3), np.float32))


def show(label, f):
    try:
        print(label, "->", f())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:150])


def chained():
    x = zeros()
    x[0][1] = 5
    return x.asnumpy().tolist()


def row_then_column():
    x = zeros()
    r = x[1]
    r[2] = 7
    c = x[:, 1]
    c[0] = 9
    return x.asnumpy().tolist()


def read_after_write():
    x = zeros()
    r = x[0]
    x[0, 1] = 5
    return r.asnumpy().tolist()


def slices():
    x = zeros()
    x[0:1][0, 1] = 5
    x[:, ::2][1, 1] = 6
    x[..., 0][1] = 4
    x[None, 0][0, 2] = 3
    return x.asnumpy().tolist()


def nested():
    x = zeros()
    a = x[1]
    b = a[1:]
    b[0] = 4
    return x.asnumpy().tolist(), a.asnumpy().tolist()


def sibling():
    x = zeros()
    a = x[1]
    b = x[:, 2]
    a[2] = 6
    return b.asnumpy().tolist()


def tensor_scalar_index():
    x = zeros()
    x[Tensor(1)][0] = 5
    return x.asnumpy().tolist()


def parameter():
    p = Parameter(zeros(), name="p")
    p[0][1] = 5
    return p.asnumpy().tolist()


def integer_dtype():
    x = Tensor(np.zeros((2, 3), np.int32))
    x[0][1] = 7.9
    return x.asnumpy().tolist()


def rows():
    x = zeros()
    for row in x:
        row[0] = 1
    return x.asnumpy().tolist()


def augmented():
    x = zeros()
    r = x[0]
    r += 1  # a new Tensor bound to r: x unchanged
    return x.asnumpy().tolist(), r.asnumpy().tolist()


class WriteRow(nn.Cell):
    def construct(self, v):
        v[0][1] = 3
        r = v[1]
        r[2] = 4
        return v


for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for case in (chained, row_then_column, read_after_write, slices, nested, sibling,
                 tensor_scalar_index, parameter, integer_dtype, rows, augmented):
        show(f"{name} {case.__name__}", case)
    show(f"{name} in construct", lambda: WriteRow()(zeros()).asnumpy().tolist())
