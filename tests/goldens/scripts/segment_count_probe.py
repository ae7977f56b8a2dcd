"""MindSpore 2.10's segment reductions take `num_segments` as an int or as a Tensor of one
element (0-D or 1-D), eagerly and in GRAPH_MODE; printed `label -> RESULT`;
tests/ops/test_segment_count.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/segment_count_probe.py \
        | grep -- " -> " > tests/goldens/ops/segment_count_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.ops import operations as P


def show(label, f):
    try:
        result = f().asnumpy().tolist()
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


class SegmentSum(nn.Cell):
    def __init__(self):
        super().__init__()
        self.reduce = P.UnsortedSegmentSum()

    def construct(self, x, ids, count):
        return self.reduce(x, ids, count)


x = Tensor(np.arange(1, 10, dtype=np.float32).reshape(3, 3))
ids = Tensor([0, 1, 0], ms.int32)
for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for label, count in (("int", 2), ("0-D", Tensor(2, ms.int32)), ("[n]", Tensor([2], ms.int32)),
                         ("int64 [n]", Tensor([3], ms.int64))):
        show(f"{name} {label}", lambda: SegmentSum()(x, ids, count))
    show(f"{name} ops.unsorted_segment_sum [n]",
         lambda: ops.unsorted_segment_sum(x, ids, Tensor([2], ms.int32)))
