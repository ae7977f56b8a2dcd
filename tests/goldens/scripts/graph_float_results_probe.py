"""MindSpore 2.10: which Python floats a compiled function returns rounded to float32 (its graphs
hold float scalars as float32) and which it returns as Python's float64. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_float_results_probe.py \\
        | grep " -> " > tests/goldens/transforms/graph_float_results_probe.out
"""
import math

import numpy as np

import mindspore as ms
from mindspore import Tensor, jit, nn

G = -123.6


def show(label, fn):
    try:
        result = fn()
        print(f"{label} -> {type(result).__name__} {result!r}", flush=True)
    except Exception as e:  # noqa: BLE001
        print(f"{label} -> ERR {type(e).__name__} | {str(e).splitlines()[0]}", flush=True)


x = Tensor(np.array([1.0], np.float32))


class Attribute(nn.Cell):
    def __init__(self):
        super().__init__()
        self.f = -123.6

    def construct(self, x):
        return self.f


class Literal(nn.Cell):
    def construct(self, x):
        return -123.6


def case_0():  # literal 1.1
    return 1.1

def case_1():  # literal -1.1
    return -1.1

def case_2():  # float(-123.6)
    return float(-123.6)

def case_3():  # float(1)
    return float(1)

def case_4():  # float('1.1')
    return float('1.1')

def case_5():  # 0.1 + 0.2
    return 0.1 + 0.2

def case_6():  # global -123.6
    return G

def case_7():  # math.pi
    return math.pi

def case_8():  # math.pi * 1
    return math.pi * 1

def case_9():  # np.pi
    return np.pi

def case_10():  # math.sqrt(2.0)
    return math.sqrt(2.0)

def case_11():  # max(1.1, 2.2)
    return max(1.1, 2.2)

def case_12():  # sum([1.1, 2.2])
    return sum([1.1, 2.2])

def case_13():  # round(10.56, 1)
    return round(10.56, 1)

def case_14():  # 1e40
    return 1e40

def case_15():  # 0.5
    return 0.5

def case_16():  # int
    return 3

def case_17():  # tuple (1.1, 2.5)
    return (1.1, 2.5)

def case_18():  # list [-123.6]
    return [-123.6]

def case_19():  # nested [[1.1]]
    return [[1.1]]

def case_20():  # dict {'a': -123.6}
    return {'a': -123.6}


CASES = [
    ('literal 1.1', case_0),
    ('literal -1.1', case_1),
    ('float(-123.6)', case_2),
    ('float(1)', case_3),
    ("float('1.1')", case_4),
    ('0.1 + 0.2', case_5),
    ('global -123.6', case_6),
    ('math.pi', case_7),
    ('math.pi * 1', case_8),
    ('np.pi', case_9),
    ('math.sqrt(2.0)', case_10),
    ('max(1.1, 2.2)', case_11),
    ('sum([1.1, 2.2])', case_12),
    ('round(10.56, 1)', case_13),
    ('1e40', case_14),
    ('0.5', case_15),
    ('int', case_16),
    ('tuple (1.1, 2.5)', case_17),
    ('list [-123.6]', case_18),
    ('nested [[1.1]]', case_19),
    ("dict {'a': -123.6}", case_20),
]

for mode, m in ((ms.GRAPH_MODE, "graph"), (ms.PYNATIVE_MODE, "pynative")):
    ms.set_context(mode=mode)
    for label, body in CASES:
        show(f"{m} {label}", jit(body))

    @jit
    def returns_argument(a):
        return a

    @jit
    def doubles_argument(a):
        return a * 2

    @jit
    def in_a_tuple(t):
        return t, -123.6

    show(f"{m} float argument", lambda: returns_argument(0.1))
    show(f"{m} float argument * 2", lambda: doubles_argument(0.1))
    show(f"{m} (tensor, -123.6)", lambda: in_a_tuple(x)[1])
    show(f"{m} cell returns -123.6", lambda: Literal()(x))
    show(f"{m} cell returns its float attribute", lambda: Attribute()(x))
