"""The argument checks of ops.jvp and of the Cell nn.grad.Jvp in GRAPH_MODE and PyNative: the
number of inputs the function takes, the structure (Tensor / tuple / list) and length of `v`.
Golden: tests/goldens/transforms/jvp_arguments.txt (MindSpore 2.10)."""
import numpy as np
import mindspore as ms
import mindspore.nn as nn
from mindspore import Tensor, ops
from mindspore.nn.grad import Jvp


class One(nn.Cell):
    def construct(self, x):
        return x**3


class Two(nn.Cell):
    def construct(self, x, y):
        return 2*x + 3*y


class Three(nn.Cell):
    def construct(self, x, y, z):
        return 2*x + 3*y + z


x = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
v = Tensor(np.array([[1, 1], [1, 1]]).astype(np.float32))
CELL_CASES = [
    ("one x,(v,v)", One, lambda j: j(x, (v, v))),
    ("one x,(v,)", One, lambda j: j(x, (v,))),
    ("one x,[v]", One, lambda j: j(x, [v])),
    ("one x,1", One, lambda j: j(x, 1)),
    ("one x,1.0", One, lambda j: j(x, 1.0)),
    ("one x,v64", One, lambda j: j(x, v.astype(ms.float64))),
    ("one x,x,v", One, lambda j: j(x, x, v)),
    ("one x", One, lambda j: j(x)),
    ("one ()", One, lambda j: j()),
    ("one x,v", One, lambda j: j(x, v)),
    ("two (x,y),(v,v)", Two, lambda j: j((x, x), (v, v))),
    ("two x,y,v", Two, lambda j: j(x, x, v)),
    ("two x,y,(v,)", Two, lambda j: j(x, x, (v,))),
    ("two x,y,[v,v]", Two, lambda j: j(x, x, [v, v])),
    ("two x,y,(v,v,v)", Two, lambda j: j(x, x, (v, v, v))),
    ("two x,y,(v,v)", Two, lambda j: j(x, x, (v, v))),
    ("three x,y,z,(v,)", Three, lambda j: j(x, x, x, (v,))),
    ("three x,y,z,(v,v)", Three, lambda j: j(x, x, x, (v, v))),
]
OPS_CASES = [
    ("ops one x,(v,v)", lambda: ops.jvp(One(), x, (v, v))),
    ("ops one x,(v,)", lambda: ops.jvp(One(), x, (v,))),
    ("ops one x,[v]", lambda: ops.jvp(One(), x, [v])),
    ("ops one (x,),v", lambda: ops.jvp(One(), (x,), v)),
    ("ops one (x,),(v,)", lambda: ops.jvp(One(), (x,), (v,))),
    ("ops two (x,y),v", lambda: ops.jvp(Two(), (x, x), v)),
    ("ops two (x,y),(v,)", lambda: ops.jvp(Two(), (x, x), (v,))),
    ("ops two [x,y],[v,v]", lambda: ops.jvp(Two(), [x, x], [v, v])),
    ("ops two (x,y),(v,v,v)", lambda: ops.jvp(Two(), (x, x), (v, v, v))),
]


def show(label, call):
    try:
        out = call()
        print(label, "->", out[0].asnumpy().tolist(), out[1].asnumpy().tolist())
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).split("\n")[0])


for mode, name in ((ms.GRAPH_MODE, "graph"), (ms.PYNATIVE_MODE, "pynative")):
    ms.set_context(mode=mode)
    for label, cls, call in CELL_CASES:
        show(f"{name} Jvp {label}", lambda: call(Jvp(cls())))
    for label, call in OPS_CASES:
        show(f"{name} {label}", call)
