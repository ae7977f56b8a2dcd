"""ops.broadcast_to with -1 for an axis the input lacks, as MindSpore 2.10 (CPU) refuses it when
the result is read (its PyNative ops run asynchronously). One case: the first error of a process
(MindSpore repeats that message for any later BroadcastTo; other cases are in
ops16b_misc_probe.py).
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops16b_broadcast_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops16b_broadcast_probe.out
"""
import numpy as np
from mindspore import Tensor, ops

try:
    ops.broadcast_to(Tensor(np.ones((1, 5), np.float32)), (-1, 3, -1)).asnumpy()
    print("ops.broadcast_to (-1, 3, -1) of (1, 5) -> no error")
except ValueError as e:
    print("ops.broadcast_to (-1, 3, -1) of (1, 5) ->", type(e).__name__, str(e).split("\n")[0])
