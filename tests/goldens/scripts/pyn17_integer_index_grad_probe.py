"""MindSpore 2.10: a differentiated integer Tensor read as a Python index (`Tensor.__index__`, a
list indexed by a Tensor) inside the differentiated function, in PyNative and in a jit-compiled
Cell (`GradOperation` of it, as tests/st/pynative/grad's list-in-jit case does); the gradient of
an index is zero. A float or many-element Tensor used as an index raises MindSpore's ValueError.
(The jit Cell's gradient for `x` is not probed: MindSpore's graph mode passes none through a
value its Python fallback computed, docs/migration.md.)
Golden: tests/goldens/transforms/pyn17_integer_index_grad_probe.out
(tests/transforms/test_integer_index_grad.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, jit
from mindspore.ops import composite as C


def show(label, fn):
    try:
        r = fn()
        if isinstance(r, (tuple, list)):
            r = r[0]
        print(label, "->", "OK", r.dtype, r.shape, np.asarray(r.asnumpy()).ravel().tolist())
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


table = [[1.0], [2.0], [3.0], [4.0]]


def pick(i, x):
    return x * Tensor(table[i][0]) + x * [10.0, 20.0, 30.0, 40.0][i]


class Pick(nn.Cell):
    @jit
    def construct(self, i, x):
        rows = [[1.0], [2.0], [3.0], [4.0]]
        return x * rows[i][0]


class ListNet(nn.Cell):
    @jit
    def construct(self, i, xs):
        rows = [[1], [2], [3], [4]]
        for k in range(1, len(rows)):
            row = rows[Tensor([k])]
            row.extend([4])
            rows.insert(1, [5])
            rows.reverse()
            picked = rows[i]
            picked.extend(xs[k])
            rows.pop()
        return rows


x = Tensor(np.array([1.5, -2.0], np.float32))
for name, i in (("int64 [1]", Tensor([2])), ("int64 scalar", Tensor(1)),
                ("int32 [1,1]", Tensor(np.array([[3]], np.int32)))):
    show(f"pynative grad position 0 {name}", lambda: ops.grad(pick, grad_position=0)(i, x))
    show(f"pynative grad all {name} x", lambda: ops.grad(pick, grad_position=(0, 1))(i, x)[1])
    show(f"pynative GradOperation get_all {name}", lambda: C.GradOperation(get_all=True)(pick)(i, x))
    show(f"jit Cell grad {name}", lambda: C.GradOperation()(Pick())(i, x))
    show(f"jit Cell forward {name}", lambda: Pick()(i, x))
show("list net grad", lambda: C.GradOperation()(ListNet())(
    Tensor([2]), [Tensor([1]), Tensor([2]), Tensor([3]), Tensor([4])]))
show("pynative grad float index", lambda: ops.grad(pick, grad_position=0)(Tensor([1.0]), x))
show("pynative grad two-element index",
     lambda: ops.grad(pick, grad_position=0)(Tensor([1, 2]), x))
