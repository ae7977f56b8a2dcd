"""MindSpore 2.10's `in` / `not in` of a Tensor in a list or tuple inside a compiled function:
looked for among the Tensors of its shape, by value, other elements skipped, answered as a Bool
Tensor (PyNative keeps Python's `in`); printed `label -> RESULT`;
tests/transforms/test_graph_contains.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_contains_probe.py \
        | grep -- " -> " > tests/goldens/transforms/graph_contains_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, jit


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


x = Tensor(np.ones([2, 3], np.int32))
y = Tensor(np.ones([2, 3], np.int32))
t1 = Tensor(1, ms.float32)


@jit
def a(x):
    return x in [1, "s", t1, x]


@jit
def b(x, y):
    return x in [y]


@jit
def c(x):
    return t1 in [x]


@jit
def d(x):
    return Tensor(1, ms.float32) in [t1]


@jit
def e(x):
    return 1 in [x, 1]


@jit
def f(x):
    return x in (t1, x)


@jit
def g(x):
    return t1 not in [x, Tensor(2, ms.float32)], x not in [x]


@jit
def h(x):
    if x in [1, x]:
        return x + 1
    return x


show("not in", lambda: g(x))
show("tensor in as a condition", lambda: h(x).asnumpy().tolist())
show("x in list with x", lambda: a(x))
show("x in [y] equal values", lambda: b(x, y))
show("t1 in [x]", lambda: c(x))
show("new scalar tensor in [t1]", lambda: d(x))
show("1 in [x, 1]", lambda: e(x))
show("x in tuple", lambda: f(x))
show("pynative x in [1, x]", lambda: x in [1, x])
