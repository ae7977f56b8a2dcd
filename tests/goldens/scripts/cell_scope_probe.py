"""MindSpore 2.10's Cell scopes (`generate_scope`, `get_scope`, with and without
`reserve_class_name_in_scope`) and the names a child Cell cannot take (`insert_child_to_cell`,
`CellDict[key] = cell`: a name the Cell already has as an attribute); printed `label -> RESULT`;
tests/nn/test_cell_scope.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/cell_scope_probe.py \
        | grep -- " -> " > tests/goldens/nn/cell_scope_probe.out
"""
import mindspore as ms
from mindspore import nn
class Inner(nn.Cell):
    def __init__(self):
        super().__init__(); self.fc = nn.Dense(2, 2); self.act = nn.ReLU()
class Net(nn.Cell):
    def __init__(self):
        super().__init__(); self.inner = Inner(); self.seq = nn.SequentialCell([nn.ReLU(), nn.Dense(2, 3)])
n = Net()
print("before ->", n.get_scope(), n.inner.get_scope())
n.generate_scope()
print("root ->", n.get_scope())
for name, c in n.cells_and_names():
    print(repr(name), "->", c.get_scope())
ms.set_context(reserve_class_name_in_scope=False)  # (put back at the end)
m = Net(); m.generate_scope()
for name, c in m.cells_and_names():
    print("noclass", repr(name), "->", c.get_scope())
m.generate_scope()
print("again ->", m.inner.get_scope())
ms.set_context(reserve_class_name_in_scope=True)


def show(label, f):
    try:
        r = f(); print(label, "->", r)
    except Exception as e:
        print(label, "-> ERR", type(e).__name__, "|", str(e).split("\n")[0][:200])
for key in ["_scope", "training", "construct", "cells", "_params", "phase", "conv", "_cells", "cell_dict", "__class__", "x.y", ""]:
    d = nn.CellDict()
    show(f"CellDict[{key!r}]", lambda: (d.__setitem__(key, nn.ReLU()), list(d.keys()))[1])
    c = nn.Cell()
    show(f"insert_child_to_cell {key!r}", lambda: (c.insert_child_to_cell(key, nn.ReLU()), list(c.name_cells()))[1])
