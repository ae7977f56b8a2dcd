"""MindSpore 2.10's refusal of float dimensions in reshape (Tensor.reshape and ops.reshape, eagerly
and in GRAPH_MODE) and of a ReverseV2 axis that is not a list or tuple, printed
`label -> RESULT`; tests/ops/test_shape_arguments.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/shape_arguments_probe.py \
        | grep -- " -> " > tests/goldens/ops/shape_arguments_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops, nn


def show(label, f, error_type_only=False):
    try:
        result = repr(f()).replace("\n", "|")
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__}" + ("" if error_type_only else f" | {lines[0]}")
    print(f"{label} -> {result}")


x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
show("reshape float dim", lambda: x.reshape((1, 2, 3.5)))
show("reshape float dim2", lambda: x.reshape((1, 2, 3.0)))
show("reshape float args", lambda: x.reshape(1, 2.0, 3))
show("ops.reshape float", lambda: ops.reshape(x, (1, 2, 3.5)))
show("ReverseV2 float", lambda: ops.ReverseV2(0.1))
show("ReverseV2 int", lambda: ops.ReverseV2(0))
show("ReverseV2 list", lambda: ops.ReverseV2([0])(x))
show("ReverseV2 tuple float", lambda: ops.ReverseV2((0.5,)))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.value = x

    def construct(self):
        return self.value.reshape((1, 2, 3.5))


ms.set_context(mode=ms.GRAPH_MODE)
show("graph reshape float", lambda: Net()(), error_type_only=True)  # (its own wording there)
