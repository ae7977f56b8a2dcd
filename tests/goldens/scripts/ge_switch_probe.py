"""P.GeSwitch and P.Merge (GE's dataflow switch and merge, Ascend graph kernels): how MindSpore
2.10's CPU build answers them in PyNative and in a GRAPH_MODE Cell (the message's first line).
Golden: tests/goldens/ops/ge_switch.txt."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.ops import operations as P

x = Tensor(np.array([1.0, 2.0], np.float32))
pred = Tensor(True)


class Switch(nn.Cell):
    def __init__(self):
        super().__init__()
        self.switch = P.GeSwitch()

    def construct(self, data, cond):
        return self.switch(data, cond)


class Merge(nn.Cell):
    def __init__(self):
        super().__init__()
        self.merge = P.Merge()

    def construct(self, a, b):
        return self.merge((a, b))


def show(label, call):
    try:
        print(label, "->", call())
    except Exception as e:  # pylint: disable=broad-except
        lines = [line for line in str(e).split("\n") if line.strip() and "---" not in line]
        print(label, "->", type(e).__name__, lines[1] if len(lines) > 1 else "".join(lines))


print("names ->", P.GeSwitch(), P.Merge())
ms.set_context(mode=ms.PYNATIVE_MODE)
show("pynative GeSwitch", lambda: P.GeSwitch()(x, pred))
show("pynative Merge", lambda: P.Merge()((x, x)))
ms.set_context(mode=ms.GRAPH_MODE)
show("graph GeSwitch", lambda: Switch()(x, pred))
show("graph Merge", lambda: Merge()(x, x))
