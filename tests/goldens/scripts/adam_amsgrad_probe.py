"""ApplyAdamWithAmsgradV2 (numbers and Tensors for its scalars, PyNative and GRAPH_MODE) and
ApplyAdamWithAmsgrad (its Tensor beta1_power, the error for a float), their outputs, the
Parameters they write and their reprs: MindSpore 2.10's results. Golden:
tests/goldens/api/adam_amsgrad_probe.out."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, ops, nn
np.set_printoptions(precision=8)
def params():
    return (Parameter(Tensor(np.array([[0.2, 0.2], [0.2, 0.2]], np.float32)), name="var"),
            Parameter(Tensor(np.array([[0.1, 0.2], [0.4, 0.3]], np.float32)), name="m"),
            Parameter(Tensor(np.array([[0.2, 0.1], [0.3, 0.4]], np.float32)), name="v"),
            Parameter(Tensor(np.array([[0.1, 0.2], [0.6, 0.2]], np.float32)), name="vhat"))
grad = Tensor(np.array([[0.4, 0.2], [0.2, 0.3]], np.float32))
def show(label, f, ps):
    try:
        out = f()
        print(label, "-> out", [np.round(o.asnumpy(), 7).tolist() for o in out])
        print(label, "-> params", [np.round(p.asnumpy(), 7).tolist() for p in ps])
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:300])
ps = params()
show("v2", lambda: ops.ApplyAdamWithAmsgradV2()(*ps, 0.9, 0.999, 0.01, 0.8, 0.999, 1e-8, grad), ps)
ps = params()
show("v2 tensors", lambda: ops.ApplyAdamWithAmsgradV2()(*ps, Tensor(0.9, ms.float32), Tensor(0.999, ms.float32), Tensor(0.01, ms.float32), Tensor(0.8, ms.float32), Tensor(0.999, ms.float32), Tensor(1e-8, ms.float32), grad), ps)
ps = params()
show("v1", lambda: ops.ApplyAdamWithAmsgrad(0.8, 0.999, 1e-8)(*ps, 0.9, 0.999, 0.01, grad), ps)
print("repr ->", ops.ApplyAdamWithAmsgradV2(), ops.ApplyAdamWithAmsgrad())
class Net(nn.Cell):
    def __init__(self):
        super().__init__(); self.op = ops.ApplyAdamWithAmsgradV2(); self.ps = params()
    def construct(self, g):
        return self.op(self.ps[0], self.ps[1], self.ps[2], self.ps[3], 0.9, 0.999, 0.01, 0.8, 0.999, 1e-8, g)
ms.set_context(mode=ms.GRAPH_MODE)
n = Net(); show("v2 graph", lambda: n(grad), n.ps)
ms.set_context(mode=ms.PYNATIVE_MODE)
ps = params()
show("v1 tensors", lambda: ops.ApplyAdamWithAmsgrad(0.8, 0.99, 1e-6)(*ps, Tensor(0.9, ms.float32), Tensor(0.999, ms.float32), Tensor(0.01, ms.float32), grad), ps)
