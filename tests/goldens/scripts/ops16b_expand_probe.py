"""ops.expand, Tensor.expand and mint.broadcast_to with -1 for an axis the input lacks, as
MindSpore 2.10 (CPU) refuses it (each result read, so that its asynchronous PyNative ops raise
there), and -1 where the input has the axis.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops16b_expand_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops16b_expand_probe.out
"""
import numpy as np
from mindspore import Tensor, mint, ops

x = Tensor(np.ones((1, 3), np.float32))
for label, f in [("ops.expand (-1, 2, 3)", lambda: ops.expand(x, Tensor(np.array([-1, 2, 3])))),
                 ("Tensor.expand (-1, 2, 3)", lambda: x.expand(-1, 2, 3)),
                 ("mint.broadcast_to (-1, 2, 3)", lambda: mint.broadcast_to(x, (-1, 2, 3))),
                 ("Tensor.expand (2, -1, 3)", lambda: x.expand(2, -1, 3))]:
    try:
        print(label, "->", f().asnumpy().shape)
    except ValueError as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0])
