"""MindSpore 2.10's errors for a tuple, list or string index out of range inside a compiled
function (its TupleGetItem, list_getitem and string evaluators), printed `label -> RESULT`;
tests/transforms/test_graph_index.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_index_probe.py \\
        | grep -- " -> " > tests/goldens/transforms/graph_index_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, context, jit, nn, ops
def show(label, f, *args):
    try:
        result = repr(f(*args))
    except Exception as e:
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")
x = Tensor(np.ones((2, 3), np.float32))
@jit
def t1(x):
    out = ops.split(x, 1)
    return out[-3]
@jit
def t2(x):
    out = ops.split(x, 1)
    return out[2]
@jit
def t3(x):
    out = (x, x, 1)
    return out[5]
@jit
def t4(x):
    out = [x, x]
    return out[2]
@jit
def t5(x):
    out = [x, x]
    return out[-3]
@jit
def t6():
    out = (1, 2)
    return out[2]
@jit
def t7():
    out = [1, 2]
    return out[-5]
@jit
def t8(x, t):
    return t[3]
@jit
def t9(x):
    s = "ab"
    return s[3]
@jit
def t10(x):
    out = (x, x)
    i = 3
    return out[i]
show("split tuple -3", t1, x)
show("split tuple 2", t2, x)
show("tuple 5", t3, x)
show("list 2", t4, x)
show("list -3", t5, x)
show("const tuple", t6)
show("const list", t7)
show("arg tuple", t8, x, (1, 2))
show("arg tuple tensors", t8, x, (x, x))
show("str", t9, x)
show("var index", t10, x)
show("in range", t8, x, (1, 2, 3, 4))
context.set_context(mode=context.GRAPH_MODE)


class Net(nn.Cell):
    def construct(self, x):
        out = ops.split(x, 1)
        return out[-1], out[-2], out[-3]


show("graph cell", Net(), x)
