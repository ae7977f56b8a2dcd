"""_grad_ops.DeformableOffsetsGrad as MindSpore 2.10 (CPU) computes it: DeformableOffsets' pullback
(also at integer sampling coordinates, out of the input, with groups, strides, pads, dilations,
NHWC), its dtypes, checks and repr; DeformableOffsets' own gradient. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops15a_deformable_grad_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops15a_deformable_grad_probe.out
"""
import numpy as np
from mindspore import Tensor, context, nn, ops
from mindspore.common import dtype as mstype
from mindspore.ops import composite as C
from mindspore.ops.operations import _grad_ops as G
from mindspore.ops.operations import nn_ops

def fmt(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(fmt(v) for v in value) + ")"
    if not isinstance(value, Tensor):
        return repr(value)
    return f"{value.dtype} {value.shape} {np.round(value.asnumpy().astype(np.float64), 3).tolist()}"

def show(label, f):
    try:
        print(label, "->", fmt(f()))
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).strip().split("\n")[0][:300])

rng = np.random.RandomState(0)
print("repr ->", repr(G.DeformableOffsetsGrad((1, 1, 1, 1), (0, 0, 0, 0), (2, 2))))
print("repr nhwc ->", repr(G.DeformableOffsetsGrad((1, 1, 2, 1), (1, 0, 1, 0), (3, 2), (1, 1, 1, 2), "NHWC", 2, True)))
x = Tensor(rng.randn(1, 2, 4, 5).astype(np.float32))
offsets_v = np.round(rng.randn(1, 12, 3, 4) * 1.3, 1).astype(np.float32)  # has integers
offsets_v[0, 0, 0, 0] = 0.0; offsets_v[0, 4, 1, 1] = -1.0; offsets_v[0, 5, 2, 2] = 3.0
offsets = Tensor(offsets_v)
dout = Tensor(rng.randn(1, 2, 6, 8).astype(np.float32))
g = G.DeformableOffsetsGrad((1, 1, 1, 1), (0, 0, 0, 0), (2, 2))
show("random", lambda: g(dout, x, offsets))
g2 = G.DeformableOffsetsGrad((1, 1, 2, 1), (1, 0, 1, 0), (2, 2), (1, 1, 1, 2), "NCHW", 2)
x2 = Tensor(rng.randn(1, 4, 5, 6).astype(np.float32))
off2 = Tensor(np.round(rng.randn(1, 24, 3, 4), 1).astype(np.float32))
dout2 = Tensor(rng.randn(1, 4, 6, 8).astype(np.float32))
show("groups stride pad dilation", lambda: g2(dout2, x2, off2))
show("nhwc", lambda: G.DeformableOffsetsGrad((1, 1, 1, 1), (0, 0, 0, 0), (2, 2), data_format="NHWC")(
    Tensor(dout.asnumpy().transpose(0, 2, 3, 1)), Tensor(x.asnumpy().transpose(0, 2, 3, 1)), Tensor(offsets_v.transpose(0, 2, 3, 1))))


def half_against_single():
    """float16's gradients: their dtype and how far they are from float32's (their last bits
    are the order of the kernel's float16 sums)."""
    half = g(Tensor(dout.asnumpy().astype(np.float16)), Tensor(x.asnumpy().astype(np.float16)),
             Tensor(offsets_v.astype(np.float16)))
    single = g(dout, x, offsets)
    return [(str(h.dtype), bool(np.abs(h.asnumpy() - s.asnumpy()).max() < 0.02))
            for h, s in zip(half, single)]


show("float16", half_against_single)
show("float64", lambda: g(Tensor(dout.asnumpy().astype(np.float64)), Tensor(x.asnumpy().astype(np.float64)), Tensor(offsets_v.astype(np.float64))))
show("int32", lambda: g(Tensor(np.ones((1, 2, 6, 8), np.int32)), Tensor(np.ones((1, 2, 4, 5), np.int32)), Tensor(np.ones((1, 12, 3, 4), np.int32))))
show("bad format", lambda: G.DeformableOffsetsGrad((1, 1, 1, 1), (0, 0, 0, 0), (2, 2), data_format="NCDHW"))
show("bad strides", lambda: G.DeformableOffsetsGrad((1, 1, 1), (0, 0, 0, 0), (2, 2))(dout, x, offsets))
show("bad ksize", lambda: G.DeformableOffsetsGrad((1, 1, 1, 1), (0, 0, 0, 0), (2, 2, 2))(dout, x, offsets))
show("modulated false", lambda: G.DeformableOffsetsGrad((1, 1, 1, 1), (0, 0, 0, 0), (2, 2), modulated=False)(dout, x, offsets))

class Fwd(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = nn_ops.DeformableOffsets((1, 1, 1, 1), (0, 0, 0, 0), (2, 2))
    def construct(self, a, b):
        return self.op(a, b)
show("auto diff", lambda: C.GradOperation(get_all=True, sens_param=True)(Fwd())(x, offsets, dout))
context.set_context(mode=context.GRAPH_MODE)
show("graph random", lambda: g(dout, x, offsets))
