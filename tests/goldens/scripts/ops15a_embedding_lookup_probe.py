"""EmbeddingLookup as MindSpore 2.10 (CPU) computes it: rows `indices - offset` of `params`, zeros
outside, its checks and errors, its indices' zero gradient. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops15a_embedding_lookup_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops15a_embedding_lookup_probe.out
"""
import numpy as np
from mindspore import Tensor, context, nn, ops
from mindspore.common import dtype as mstype
from mindspore.ops import composite as C
from mindspore.ops import operations as P

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

E = P.EmbeddingLookup()
print("repr ->", repr(E))
params = Tensor(np.array([[8, 9], [10, 11], [12, 13], [14, 15]]), mstype.float32)
idx = Tensor(np.array([5, 2, 8, 5, 4, 3]), mstype.int32)
show("basic", lambda: E(params, idx, 4))
show("offset neg", lambda: E(params, idx, -1))
show("offset tensor", lambda: E(params, idx, Tensor(4, mstype.int32)))
show("offset float", lambda: E(params, idx, 4.0))
show("offset bool", lambda: E(params, idx, True))
show("int64 idx", lambda: E(params, Tensor(np.array([[0, 3], [1, 7]]), mstype.int64), 0))
show("float idx", lambda: E(params, Tensor(np.array([0.0, 1.0]), mstype.float32), 0))
show("int params", lambda: E(Tensor(np.array([[1, 2], [3, 4]]), mstype.int32), Tensor(np.array([1, 0]), mstype.int32), 0))
show("f16 params", lambda: E(Tensor(np.array([[1, 2], [3, 4]]), mstype.float16), Tensor(np.array([1, 0]), mstype.int32), 0))
show("bool params", lambda: E(Tensor(np.array([[True, False], [False, True]])), Tensor(np.array([1, 0]), mstype.int32), 0))
show("1d params", lambda: E(Tensor(np.array([1., 2, 3]), mstype.float32), Tensor(np.array([1, 0]), mstype.int32), 0))
show("3d params", lambda: E(Tensor(np.arange(12).reshape(3, 2, 2).astype(np.float32)), Tensor(np.array([[2], [0]]), mstype.int32), 0))
show("scalar idx", lambda: E(params, Tensor(2, mstype.int32), 0))
show("list idx", lambda: E(params, [1, 0], 0))
show("set_device", lambda: P.EmbeddingLookup().set_device("CPU")(params, idx, 4))

class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.e = P.EmbeddingLookup()
    def construct(self, p, i):
        return self.e(p, i, 1) * 2
show("grad indices", lambda: C.GradOperation(get_all=True)(Net())(params, Tensor(np.array([1, 1, 0, 9]), mstype.int32))[1])
context.set_context(mode=context.GRAPH_MODE)
show("graph basic", lambda: Net()(params, idx))
show("graph grad indices", lambda: C.GradOperation(get_all=True)(Net())(params, Tensor(np.array([1, 1, 0, 9]), mstype.int32))[1])
