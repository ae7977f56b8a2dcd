"""MindSpore 2.10: a GRAPH_MODE construct whose `if` on a Tensor gives a variable tensors of two
shapes (a dynamic shape in MindSpore's graph), the variable then used by an op: the branch taken
decides the value, and an op its shape does not fit raises that op's error. msjax runs such a
function eagerly (control_flow.fall_back). Printed `label -> RESULT`;
tests/transforms/test_branch_shapes_join.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/branch_shapes_join_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/branch_shapes_join_probe.out
"""
import warnings

import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops

warnings.simplefilter("ignore")  # msjax warns when a function runs eagerly; MindSpore does not
ms.set_context(mode=ms.GRAPH_MODE)


class Joined(nn.Cell):
    def __init__(self):
        super().__init__()
        self.reshape = ops.Reshape()

    def construct(self, x, y, z):
        a = x + 2
        b = y * 2
        if z < 3:
            c = self.reshape(a, b.shape)
            d = b.shape[0] + 1
        else:
            c = x
            d = b.shape[0] * 2
        f = b + c
        return c, d, f / 4


net = Joined()
x = Tensor(np.ones([6, 1]), ms.float32)
y = Tensor(np.arange(6, dtype=np.float32).reshape(3, 2))
for z in (2.0, 1.0, 5.0):  # (the error last: MindSpore 2.10 fails the call after one)
    try:
        c, d, g = net(x, y, Tensor(z, ms.float32))
        result = f"{c.shape} {d} {g.asnumpy().tolist()}"
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0]}"
    print(f"z={z} -> {result}")
