"""ops.MaxPoolWithArgmaxV2 as MindSpore 2.10 (CPU) computes it: the window maxima of an NCHW input
and their flat H·W indices (strides, pads, dilation, ceil_mode, argmax_type, first of ties), its
dtypes, attribute checks and errors, repr and gradient. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops15a_max_pool_argmax_v2_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops15a_max_pool_argmax_v2_probe.out
"""
import numpy as np
from mindspore import Tensor, context, nn, ops
from mindspore.common import dtype as mstype
from mindspore.ops import composite as C
import mindspore.ops.operations as P

def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if not isinstance(value, Tensor):
        return repr(value)
    return f"{value.dtype} {value.shape} {np.round(value.asnumpy().astype(np.float64), 4).tolist()}"

def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:300])

M = P.MaxPoolWithArgmaxV2
print("repr ->", repr(M(3)), repr(M((3, 2), (2, 1), 1, 1, True, mstype.int32)))
rng = np.random.RandomState(0)
x = Tensor(rng.randn(1, 2, 5, 6).astype(np.float32))
show("basic", lambda: M(2)(x))
show("stride pad", lambda: M((3, 2), (2, 1), 1)(x))
show("dilation ceil", lambda: M(2, 2, 0, (2, 1), True, mstype.int32)(x))
show("int attrs list", lambda: M([2, 3], [1, 2], [1, 1], [1, 1])(x))
show("float16", lambda: M(2)(Tensor(rng.randn(1, 1, 4, 4).astype(np.float16))))
for dt in (mstype.float64, mstype.int8, mstype.int32, mstype.int64, mstype.uint8, mstype.bool_):
    show(f"dtype {dt}", lambda: M(2)(Tensor(np.arange(16).reshape(1, 1, 4, 4), dt)))
show("3d input", lambda: M(2)(Tensor(np.ones((2, 4, 4), np.float32))))
show("ties", lambda: M(2)(Tensor(np.ones((1, 1, 4, 4), np.float32))))
show("argmax float", lambda: M(2, argmax_type=mstype.float32))
show("pad too big", lambda: M(2, 2, 2)(x))
show("kernel 0", lambda: M(0))
show("strides None", lambda: M(2, None)(x))
show("ceil str", lambda: M(2, ceil_mode="a"))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.m = M((3, 2), (2, 1), 1)

    def construct(self, a):
        return self.m(a)[0]


show("grad", lambda: C.GradOperation()(Net())(x))
context.set_context(mode=context.GRAPH_MODE)
show("graph", lambda: Net()(x))
show("vmap", lambda: tuple(t.shape for t in ops.vmap(M((3, 2), (2, 1)), in_axes=-1, out_axes=0)(Tensor(np.arange(2 * 3 * 7 * 5 * 2).reshape(2, 3, 7, 5, 2), mstype.float32))))
