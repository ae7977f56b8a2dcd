"""MindSpore 2.10's Adam Primitive under vmap, its Parameters passed as mapped arguments (axis 0):
each slice of var, m and v is checked and updated as one Parameter would be (the shape checks see
a slice's shape). Not probed: what MindSpore's vmap rules refuse and msjax maps (Adam's Parameters
on another axis, AdamWeightDecay; docs/migration.md). Golden: tests/goldens/transforms/ops18_vmap_parameter_probe.out
(tests/transforms/test_ops18_vmap_parameter.py)."""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, context, nn
from mindspore.ops import operations as P
from mindspore.ops.functional import vmap


def adam(*args):
    return P.Adam()(*args)


class Mapped(nn.Cell):
    def __init__(self, fn, in_axes, shape, m_shape=None):
        super().__init__()
        rng = np.random.default_rng(1)
        self.var = Parameter(Tensor(rng.random(shape).astype(np.float32)), name="var")
        self.m = Parameter(Tensor(rng.random(m_shape or shape).astype(np.float32)), name="m")
        self.v = Parameter(Tensor(rng.random(shape).astype(np.float32)), name="v")
        self.mapped = vmap(fn, in_axes=in_axes, out_axes=0)

    def construct(self, *args):
        return self.mapped(self.var, self.m, self.v, *args)


def show(label, make, *args):
    try:
        net = make()
        net(*args)
        print(label, "->", "OK", [np.round(p.asnumpy().astype(np.float64), 5).ravel().tolist()
                                  for p in (net.var, net.m, net.v)])
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


scalars = [Tensor(v, ms.float32) for v in (0.9, 0.999, 0.01, 0.9, 0.999, 1e-8)]
grad = Tensor(np.linspace(-1, 1, 3 * 2 * 4).reshape(3, 2, 4).astype(np.float32))
adam_axes = (0, 0, 0, None, None, None, None, None, None, 0)
for mode in (context.GRAPH_MODE, context.PYNATIVE_MODE):
    context.set_context(mode=mode)
    show(f"{mode} adam", lambda: Mapped(adam, adam_axes, (3, 2, 4)), *scalars, grad)
    show(f"{mode} adam m mismatch", lambda: Mapped(adam, adam_axes, (3, 2, 4), (3, 2, 5)),
         *scalars, grad)
    show(f"{mode} adam grad mismatch", lambda: Mapped(adam, adam_axes, (3, 2, 4)), *scalars,
         Tensor(np.ones((3, 4, 2), np.float32)))
