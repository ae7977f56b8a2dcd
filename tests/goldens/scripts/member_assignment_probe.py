"""Graph syntax assigns the attributes of a name or of an attribute only: `self.cells[0].x = v`
(an attribute of a subscript) raises MindSpore's RuntimeError when a GRAPH_MODE Cell or a jit
function compiles; PyNative assigns it. Golden: tests/goldens/compiler/member_assignment.txt
(MindSpore 2.10; the message's first line)."""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, jit


class Inner(nn.Cell):
    def __init__(self, x):
        super().__init__()
        self.x = x

    def construct(self, x):
        return x + self.x


class OfCellList(nn.Cell):
    def __init__(self):
        super().__init__()
        self.cell_list = nn.CellList([Inner(0)])

    def construct(self, x):
        self.cell_list[0].x = x
        return self.cell_list[0].x


class OfTuple(nn.Cell):
    def __init__(self):
        super().__init__()
        self.tup = (Inner(0),)

    def construct(self, x):
        self.tup[0].x = x
        return self.tup[0].x


class CellOfCellList(OfCellList):
    def construct(self, x):
        self.cell_list[0].net = Inner(1)
        return x


class Box:
    def __init__(self):
        self.y = 0


@jit
def in_jit_function(x):
    boxes = [Box()]
    boxes[0].y = x
    return x


def show(label, call):
    try:
        print(label, "->", call())
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).split("\n")[0])


x = Tensor(np.array([1, 2, 3], np.int32))
for mode, name in ((ms.GRAPH_MODE, "graph"), (ms.PYNATIVE_MODE, "pynative")):
    ms.set_context(mode=mode)
    for cls in (OfCellList, OfTuple, CellOfCellList):
        show(f"{name} {cls.__name__}", lambda: cls()(x))
show("jit function", lambda: in_jit_function(x))
