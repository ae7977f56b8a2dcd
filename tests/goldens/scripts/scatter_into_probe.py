"""MindSpore 2.10's scatter Primitives and functions that write into a Parameter (found missing by
tools/docstring_conformance.py): ScatterSub/Mul/Div/Max/Min, ScatterNdAdd/Sub/Mul/Div/Max/Min and
the functions ops.scatter_add, scatter_mul, scatter_div, scatter_max, scatter_min, scatter_update,
scatter_nd_add/sub/mul/div/max/min and scatter_nd_update (a ScatterNdUpdate instance): the value returned, the
Parameter afterwards, repeated indices, integer division, division by zero, a float16 update into a
float32 Parameter, an index out of range and the Parameter after it, the Primitive's repr, and
three of them in a GRAPH_MODE Cell.

Prints `label -> result` lines; tests/ops/test_scatter_into.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/scatter_into_probe.py \\
        | grep -- " -> " > tests/goldens/ops/scatter_into_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, ops


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={v.asnumpy().tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0].rstrip()}"
    print(f"{label} -> {result}")


def param(values, dtype=np.float32):
    return Parameter(Tensor(np.array(values, dtype)), name="p")


ROWS = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [-7.0, 8.0, -9.0]]
IDX = Tensor(np.array([[0, 2], [2, 2]], np.int32))
UPD = Tensor(np.array([[[2.0, 0.5, -1.0], [3.0, 3.0, 3.0]],
                       [[0.5, 9.0, 2.0], [-1.0, 10.0, 0.25]]], np.float32))
ND_IDX = Tensor(np.array([[0, 1], [2, 2], [0, 1]], np.int32))
ND_UPD = Tensor(np.array([2.0, -4.0, 3.0], np.float32))
ND_ROW_IDX = Tensor(np.array([[1], [0], [1]], np.int32))
ND_ROW_UPD = Tensor(np.array([[1.0, 1.0, 2.0], [2.0, 0.5, -1.0], [3.0, -2.0, 4.0]], np.float32))

for name, cls in (("ScatterAdd", ops.ScatterAdd), ("ScatterSub", ops.ScatterSub),
                  ("ScatterMul", ops.ScatterMul), ("ScatterDiv", ops.ScatterDiv),
                  ("ScatterMax", ops.ScatterMax), ("ScatterMin", ops.ScatterMin),
                  ("ScatterUpdate", ops.ScatterUpdate)):
    prim = cls()
    show(f"{name} repr", lambda: repr(prim))
    p = param(ROWS)
    show(f"{name} returns", lambda: prim(p, IDX, UPD))
    show(f"{name} parameter", lambda: p)
    p = param([[7, -7, 9], [1, 2, 3]], np.int32)
    show(f"{name} int32", lambda: (prim(p, Tensor(np.array([1, 0, 1], np.int32)),
                                        Tensor(np.array([[2, 2, -2], [3, 3, 3], [4, 0, 2]], np.int32))), p))
    p = param(ROWS)
    show(f"{name} out of range", lambda: prim(p, Tensor(np.array([0, 3], np.int32)), UPD[0]))
    show(f"{name} after out of range", lambda: p)
    p = param(ROWS)
    show(f"{name} float16 updates", lambda: prim(p, IDX, UPD.astype(ms.float16)))
    show(f"{name} on a Tensor", lambda: prim(Tensor(np.array(ROWS, np.float32)), IDX, UPD))

for name, cls in (("ScatterNdAdd", ops.ScatterNdAdd), ("ScatterNdSub", ops.ScatterNdSub),
                  ("ScatterNdMul", ops.ScatterNdMul), ("ScatterNdDiv", ops.ScatterNdDiv),
                  ("ScatterNdMax", ops.ScatterNdMax), ("ScatterNdMin", ops.ScatterNdMin),
                  ("ScatterNdUpdate", ops.ScatterNdUpdate)):
    prim = cls()
    show(f"{name} repr", lambda: repr(prim))
    p = param(ROWS)
    show(f"{name} elements", lambda: (prim(p, ND_IDX, ND_UPD), p))
    p = param(ROWS)
    show(f"{name} rows", lambda: (prim(p, ND_ROW_IDX, ND_ROW_UPD), p))
    p = param(ROWS)
    show(f"{name} out of range", lambda: prim(p, Tensor(np.array([[0, 3]], np.int32)), ND_UPD[:1]))
    show(f"{name} after out of range", lambda: p)
    p = param([[7, -7, 9], [1, 2, 3]], np.int32)
    show(f"{name} int32", lambda: (prim(p, Tensor(np.array([[0, 1], [1, 2], [0, 0]], np.int32)),
                                        Tensor(np.array([2, 0, -2], np.int32))), p))

show("ScatterDiv by zero", lambda: ops.ScatterDiv()(param([1.0, -1.0, 0.0]),
                                                    Tensor(np.array([0, 1, 2], np.int32)),
                                                    Tensor(np.zeros(3, np.float32))))
show("ScatterAdd use_locking repr", lambda: repr(ops.ScatterAdd(use_locking=True)))
show("ScatterNdAdd use_locking repr", lambda: repr(ops.ScatterNdAdd(use_locking=True)))

for name, fn in (("scatter_add", ops.scatter_add), ("scatter_mul", ops.scatter_mul),
                 ("scatter_div", ops.scatter_div), ("scatter_max", ops.scatter_max),
                 ("scatter_min", ops.scatter_min), ("scatter_update", ops.scatter_update)):
    p = param(ROWS)
    show(f"ops.{name}", lambda: (fn(p, IDX, UPD), p))
for name, fn in (("scatter_nd_add", ops.scatter_nd_add), ("scatter_nd_sub", ops.scatter_nd_sub),
                 ("scatter_nd_mul", ops.scatter_nd_mul), ("scatter_nd_div", ops.scatter_nd_div),
                 ("scatter_nd_max", ops.scatter_nd_max), ("scatter_nd_min", ops.scatter_nd_min),
                 ("scatter_nd_update", ops.scatter_nd_update)):
    p = param(ROWS)
    show(f"ops.{name}", lambda: (fn(p, ND_IDX, ND_UPD), p))
    if name != "scatter_nd_update":  # (MindSpore's is a ScatterNdUpdate instance: 3 inputs)
        p = param(ROWS)
        show(f"ops.{name} use_locking", lambda: (fn(p, ND_ROW_IDX, ND_ROW_UPD, True), p))
show("ops.scatter_add on a Tensor", lambda: ops.scatter_add(Tensor(np.array(ROWS, np.float32)), IDX, UPD))
p = param([[-5, 0, 5]], np.int32)
show("ScatterNdDiv int32 by zero", lambda: ops.ScatterNdDiv()(
    p, Tensor(np.array([[0, 0], [0, 1], [0, 2]], np.int32)), Tensor(np.zeros(3, np.int32))))


class Net(ms.nn.Cell):
    def __init__(self, prim):
        super().__init__()
        self.prim = prim
        self.p = param(ROWS)

    def construct(self, indices, updates):
        return self.prim(self.p, indices, updates)


ms.set_context(mode=ms.GRAPH_MODE)
for name in ["ScatterDiv", "ScatterNdMax", "ScatterNdDiv"]:
    net = Net(getattr(ops, name)())
    nd = "Nd" in name
    show(f"{name} in GRAPH_MODE", lambda: (net(ND_IDX if nd else IDX, ND_UPD if nd else UPD), net.p))
ms.set_context(mode=ms.PYNATIVE_MODE)
