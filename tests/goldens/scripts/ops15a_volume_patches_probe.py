"""ops.ExtractVolumePatches as MindSpore 2.10 (CPU) computes it: (N, kd·kh·kw·C, Do, Ho, Wo)
windows with C fastest, VALID and SAME (TensorFlow's split) padding, strides, its dtypes, attribute
checks, input errors, repr and gradient. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops15a_volume_patches_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops15a_volume_patches_probe.out
"""
import numpy as np
from mindspore import Tensor, context, nn, ops
from mindspore.common import dtype as mstype
from mindspore.ops import composite as C

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

E = ops.ExtractVolumePatches
print("repr ->", repr(E([1, 1, 2, 2, 2], [1, 1, 1, 1, 1], "VALID")), repr(E((1, 1, 2, 1, 3), (1, 1, 2, 2, 1), "same")))
x = Tensor(np.arange(2 * 2 * 3 * 3 * 4).reshape(2, 2, 3, 3, 4).astype(np.float32))
show("valid", lambda: E([1, 1, 2, 2, 2], [1, 1, 1, 1, 1], "VALID")(x))
show("same stride", lambda: E([1, 1, 2, 3, 2], [1, 1, 2, 2, 3], "SAME")(x))
show("lower same", lambda: E([1, 1, 2, 2, 2], [1, 1, 1, 1, 1], "same")(Tensor(np.arange(8).reshape(1, 1, 2, 2, 2).astype(np.float32))))
show("float16", lambda: E([1, 1, 1, 2, 2], [1, 1, 1, 1, 1], "VALID")(Tensor(np.arange(8).reshape(1, 1, 2, 2, 2).astype(np.float16))))
for dt in (mstype.float64, mstype.int8, mstype.int32, mstype.int64, mstype.uint8, mstype.uint16, mstype.bool_, mstype.complex64):
    show(f"dtype {dt}", lambda: E([1, 1, 1, 2, 2], [1, 1, 1, 1, 1], "VALID")(Tensor(np.arange(8).reshape(1, 1, 2, 2, 2), dt)))
show("bad padding", lambda: E([1, 1, 2, 2, 2], [1, 1, 1, 1, 1], "FULL"))
show("bad ksize len", lambda: E([1, 2, 2, 2], [1, 1, 1, 1, 1], "VALID"))
show("bad ksize head", lambda: E([2, 1, 2, 2, 2], [1, 1, 1, 1, 1], "VALID"))
show("bad stride head", lambda: E([1, 1, 2, 2, 2], [1, 2, 1, 1, 1], "VALID"))
show("zero ksize", lambda: E([1, 1, 0, 2, 2], [1, 1, 1, 1, 1], "VALID"))
show("int ksize", lambda: E(2, 1, "VALID"))
show("4d input", lambda: E([1, 1, 2, 2, 2], [1, 1, 1, 1, 1], "VALID")(Tensor(np.ones((1, 3, 3, 3), np.float32))))
show("kernel too big", lambda: E([1, 1, 4, 2, 2], [1, 1, 1, 1, 1], "VALID")(Tensor(np.ones((1, 1, 3, 3, 3), np.float32))))
show("big stride", lambda: E([1, 1, 1, 1, 1], [1, 1, 3, 3, 3], "VALID")(Tensor(np.arange(27).reshape(1, 1, 3, 3, 3).astype(np.float32))))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.e = E([1, 1, 2, 2, 2], [1, 1, 1, 1, 1], "SAME")

    def construct(self, a):
        return self.e(a) * Tensor(np.arange(8).astype(np.float32).reshape(1, 8, 1, 1, 1))


xs = Tensor(np.arange(27).reshape(1, 1, 3, 3, 3).astype(np.float32))
show("grad", lambda: C.GradOperation()(Net())(xs))
context.set_context(mode=context.GRAPH_MODE)
show("graph grad", lambda: C.GradOperation()(Net())(xs))
