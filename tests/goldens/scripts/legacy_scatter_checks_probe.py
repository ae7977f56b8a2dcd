"""MindSpore 2.10 on out-of-range indices given to the legacy scatter primitives that write into a
Parameter (ScatterNdUpdate, ScatterUpdate, ScatterAdd): the exception and the first line of its
message, eagerly (PyNative) and in a GRAPH_MODE Cell; and the Parameter's sum afterwards (a
failed call writes nothing).

Prints `label -> result` lines; the same script runs unchanged on msjax in
tests/ops/test_index_checks.py. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/legacy_scatter_checks_probe.py \
        | grep -- " -> " > tests/goldens/ops/legacy_scatter_checks_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn, ops


def show(label, f):
    try:
        r = f()
        result = np.round(r.asnumpy(), 4).tolist() if isinstance(r, Tensor) else r
    except Exception as e:  # noqa: BLE001 - the error is the golden
        result = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
    print(f"{label} -> {result}")


class Scatter(nn.Cell):
    def __init__(self, prim):
        super().__init__()
        self.prim = prim
        self.p = Parameter(Tensor(np.zeros((3, 3), np.float32)), name="p")

    def construct(self, index, update):
        return self.prim(self.p, index, update)


CASES = [
    ("ScatterNdUpdate [[5]]", ops.ScatterNdUpdate, [[5]], (1, 3)),
    ("ScatterNdUpdate [[-1]]", ops.ScatterNdUpdate, [[-1]], (1, 3)),
    ("ScatterNdUpdate [[0],[3]]", ops.ScatterNdUpdate, [[0], [3]], (2, 3)),
    ("ScatterNdUpdate [[1,7]]", ops.ScatterNdUpdate, [[1, 7]], (1,)),
    ("ScatterNdUpdate [[2]]", ops.ScatterNdUpdate, [[2]], (1, 3)),
    ("ScatterUpdate [5]", ops.ScatterUpdate, [5], (1, 3)),
    ("ScatterUpdate [-1]", ops.ScatterUpdate, [-1], (1, 3)),
    ("ScatterUpdate [0,4]", ops.ScatterUpdate, [0, 4], (2, 3)),
    ("ScatterUpdate [1]", ops.ScatterUpdate, [1], (1, 3)),
    ("ScatterAdd [5]", ops.ScatterAdd, [5], (1, 3)),
    ("ScatterAdd [-1]", ops.ScatterAdd, [-1], (1, 3)),
    ("ScatterAdd [2,2]", ops.ScatterAdd, [2, 2], (2, 3)),
]

for mode, name in ((ms.PYNATIVE_MODE, "eager"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for label, prim, index, shape in CASES:
        net = Scatter(prim())
        index = Tensor(np.array(index, np.int32))
        update = Tensor(np.ones(shape, np.float32))
        show(f"{name} {label}", lambda: net(index, update))
        show(f"{name} {label} param sum", lambda: float(net.p.asnumpy().sum()))
