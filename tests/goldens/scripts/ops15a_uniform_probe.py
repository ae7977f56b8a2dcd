"""ops.operations.random_ops.Uniform as MindSpore 2.10 (CPU) draws it: x's shape and floating
dtype, values in [minval, maxval), its attribute checks, input errors and repr (the numbers
themselves are MindSpore's generator's: docs/migration.md). Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops15a_uniform_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops15a_uniform_probe.out
"""
import numpy as np
from mindspore import Tensor, context, nn
from mindspore.common import dtype as mstype
from mindspore.ops.operations.random_ops import Uniform


def show(label, f):
    try:
        print(label, "->", f())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:300])


def desc(y, lo, hi):
    """dtype, shape, within [lo, hi] (float16 rounds up to hi), values mostly distinct."""
    a = y.asnumpy().astype(np.float64)
    return (str(y.dtype), y.shape, bool((a >= lo).all() and (a <= hi).all()),
            len(np.unique(a)) > a.size // 2)


print("repr ->", repr(Uniform()), repr(Uniform(1.0, 2.0, seed=3, offset=2)))
u = Uniform(minval=1.0, maxval=2.0)
for dt in (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16, mstype.int32,
           mstype.int64, mstype.bool_, mstype.uint8):
    show(f"dtype {dt}", lambda: desc(u(Tensor(np.zeros((30, 40)), dt)), 1.0, 2.0))
show("scalar", lambda: desc(u(Tensor(1.0, mstype.float32)), 1.0, 2.0))
show("min == max", lambda: desc(Uniform(1.0, 1.0)(Tensor(np.zeros((3,)), mstype.float32)), 1.0, 1.0))
show("negative seed", lambda: desc(Uniform(0.0, 1.0, seed=-1)(Tensor(np.zeros((30,)), mstype.float32)), 0, 1))
show("not tensor", lambda: Uniform()(np.zeros(3, np.float32)))
show("seeded repeat", lambda: np.array_equal(
    Uniform(0.0, 1.0, seed=5, offset=1)(Tensor(np.zeros((30,)), mstype.float32)).asnumpy(),
    Uniform(0.0, 1.0, seed=5, offset=1)(Tensor(np.zeros((30,)), mstype.float32)).asnumpy()))
show("mean", lambda: round(float(Uniform(3.0, 5.0)(Tensor(np.zeros((200000,)), mstype.float32)).asnumpy().mean()), 1))
for args in [(2.0, 1.0), (-3.0, 5.0), (1.0, -1.0), (0.0, 2), (0.0, True), (True, 1.0), ("a", 2.0),
             (0.0, 1.0, 1.5), (0.0, 1.0, 1, 1.5), (0.0, 1.0, -1, -1), (0.0, 1.0, True, 0),
             (-1.0, -2.0), (1.0, 1.0), (float("nan"), 1.0), (0.0, float("inf"))]:
    show(f"ctor {args}", lambda: repr(Uniform(*args)))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.u = Uniform(minval=1.0, maxval=2.0)

    def construct(self, x):
        return self.u(x)


context.set_context(mode=context.GRAPH_MODE)
show("graph float64", lambda: desc(Net()(Tensor(np.zeros((30, 4)), mstype.float64)), 1.0, 2.0))
show("graph int32", lambda: desc(Net()(Tensor(np.zeros((30, 4)), mstype.int32)), 1.0, 2.0))
