"""MindSpore 2.10's ordering of two tuples or two lists (`<`, `<=`, `>`, `>=`) in a compiled function:
pairs compared in order until one differs, Tensors and non-numbers refused with TypeError, sequences
holding Tensors left to the interpreter. Generated case by case (MindSpore compiles each function
from its source). Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/sequence_compare_probe.py \\
        | grep " -> " > tests/goldens/transforms/sequence_compare_probe.out
"""
import re

from mindspore import Tensor, context, jit


def show(label, fn):
    try:
        result = fn()
    except Exception as e:  # noqa: BLE001
        message = re.sub(r"value_ptr: 0x[0-9a-f]+", "value_ptr: 0x...", str(e).strip())
        result = f"ERR {type(e).__name__} | {message.splitlines()[0]}"
    print(f"{label} -> {result}")



# tensor first, nested
def case0_0(x, y):
    m = (x + 2, (x, x + 1))
    n = (y + 2, (y, y - 1))
    return m < n

def case0_1(x, y):
    m = (x + 2, (x, x + 1))
    n = (y + 2, (y, y - 1))
    return m <= n

def case0_2(x, y):
    m = (x + 2, (x, x + 1))
    n = (y + 2, (y, y - 1))
    return m > n

def case0_3(x, y):
    m = (x + 2, (x, x + 1))
    n = (y + 2, (y, y - 1))
    return m >= n


# tuple first, tensor
def case1_0(x, y):
    m = ((1, 2), x + 2)
    n = ((2, 3), y + 2)
    return m < n

def case1_1(x, y):
    m = ((1, 2), x + 2)
    n = ((2, 3), y + 2)
    return m <= n

def case1_2(x, y):
    m = ((1, 2), x + 2)
    n = ((2, 3), y + 2)
    return m > n

def case1_3(x, y):
    m = ((1, 2), x + 2)
    n = ((2, 3), y + 2)
    return m >= n


# int first, nested
def case2_0(x, y):
    m = (1, (x, x + 1))
    n = (2, (y, y - 1))
    return m < n

def case2_1(x, y):
    m = (1, (x, x + 1))
    n = (2, (y, y - 1))
    return m <= n

def case2_2(x, y):
    m = (1, (x, x + 1))
    n = (2, (y, y - 1))
    return m > n

def case2_3(x, y):
    m = (1, (x, x + 1))
    n = (2, (y, y - 1))
    return m >= n


# tensors flat
def case3_0(x, y):
    m = (x, 1)
    n = (y, 2)
    return m < n

def case3_1(x, y):
    m = (x, 1)
    n = (y, 2)
    return m <= n

def case3_2(x, y):
    m = (x, 1)
    n = (y, 2)
    return m > n

def case3_3(x, y):
    m = (x, 1)
    n = (y, 2)
    return m >= n


# equal int then tensor
def case4_0(x, y):
    m = (1, x)
    n = (1, y)
    return m < n

def case4_1(x, y):
    m = (1, x)
    n = (1, y)
    return m <= n

def case4_2(x, y):
    m = (1, x)
    n = (1, y)
    return m > n

def case4_3(x, y):
    m = (1, x)
    n = (1, y)
    return m >= n


# lists flat tensors
def case5_0(x, y):
    m = [x, 1]
    n = [y, 2]
    return m < n

def case5_1(x, y):
    m = [x, 1]
    n = [y, 2]
    return m <= n

def case5_2(x, y):
    m = [x, 1]
    n = [y, 2]
    return m > n

def case5_3(x, y):
    m = [x, 1]
    n = [y, 2]
    return m >= n


# constants
def case6_0(x, y):
    m = (1, 2)
    n = (1, 3)
    return m < n

def case6_1(x, y):
    m = (1, 2)
    n = (1, 3)
    return m <= n

def case6_2(x, y):
    m = (1, 2)
    n = (1, 3)
    return m > n

def case6_3(x, y):
    m = (1, 2)
    n = (1, 3)
    return m >= n


# constants nested
def case7_0(x, y):
    m = ((1, 2), 3)
    n = ((1, 2), 4)
    return m < n

def case7_1(x, y):
    m = ((1, 2), 3)
    n = ((1, 2), 4)
    return m <= n

def case7_2(x, y):
    m = ((1, 2), 3)
    n = ((1, 2), 4)
    return m > n

def case7_3(x, y):
    m = ((1, 2), 3)
    n = ((1, 2), 4)
    return m >= n


# constants nested differ
def case8_0(x, y):
    m = ((1, 2), 3)
    n = ((1, 3), 4)
    return m < n

def case8_1(x, y):
    m = ((1, 2), 3)
    n = ((1, 3), 4)
    return m <= n

def case8_2(x, y):
    m = ((1, 2), 3)
    n = ((1, 3), 4)
    return m > n

def case8_3(x, y):
    m = ((1, 2), 3)
    n = ((1, 3), 4)
    return m >= n


# int then tuple equal first
def case9_0(x, y):
    m = (1, (2, 3))
    n = (1, (2, 4))
    return m < n

def case9_1(x, y):
    m = (1, (2, 3))
    n = (1, (2, 4))
    return m <= n

def case9_2(x, y):
    m = (1, (2, 3))
    n = (1, (2, 4))
    return m > n

def case9_3(x, y):
    m = (1, (2, 3))
    n = (1, (2, 4))
    return m >= n


# float and int
def case10_0(x, y):
    m = (1.5, 2)
    n = (1, 3)
    return m < n

def case10_1(x, y):
    m = (1.5, 2)
    n = (1, 3)
    return m <= n

def case10_2(x, y):
    m = (1.5, 2)
    n = (1, 3)
    return m > n

def case10_3(x, y):
    m = (1.5, 2)
    n = (1, 3)
    return m >= n


# tensor vs int
def case11_0(x, y):
    m = (x,)
    n = (1,)
    return m < n

def case11_1(x, y):
    m = (x,)
    n = (1,)
    return m <= n

def case11_2(x, y):
    m = (x,)
    n = (1,)
    return m > n

def case11_3(x, y):
    m = (x,)
    n = (1,)
    return m >= n


# list first tuple
def case12_0(x, y):
    m = ([1, 2], x)
    n = ([1, 3], y)
    return m < n

def case12_1(x, y):
    m = ([1, 2], x)
    n = ([1, 3], y)
    return m <= n

def case12_2(x, y):
    m = ([1, 2], x)
    n = ([1, 3], y)
    return m > n

def case12_3(x, y):
    m = ([1, 2], x)
    n = ([1, 3], y)
    return m >= n


# tuple vs list
def case13_0(x, y):
    m = (1, 2)
    n = [1, 2]
    return m < n

def case13_1(x, y):
    m = (1, 2)
    n = [1, 2]
    return m <= n

def case13_2(x, y):
    m = (1, 2)
    n = [1, 2]
    return m > n

def case13_3(x, y):
    m = (1, 2)
    n = [1, 2]
    return m >= n


# shorter
def case14_0(x, y):
    m = (1,)
    n = (1, 2)
    return m < n

def case14_1(x, y):
    m = (1,)
    n = (1, 2)
    return m <= n

def case14_2(x, y):
    m = (1,)
    n = (1, 2)
    return m > n

def case14_3(x, y):
    m = (1,)
    n = (1, 2)
    return m >= n


# first differs then tuple
def case15_0(x, y):
    m = (1, (2, 3))
    n = (2, (2, 4))
    return m < n

def case15_1(x, y):
    m = (1, (2, 3))
    n = (2, (2, 4))
    return m <= n

def case15_2(x, y):
    m = (1, (2, 3))
    n = (2, (2, 4))
    return m > n

def case15_3(x, y):
    m = (1, (2, 3))
    n = (2, (2, 4))
    return m >= n


# first differs then tensor
def case16_0(x, y):
    m = (1, x)
    n = (2, y)
    return m < n

def case16_1(x, y):
    m = (1, x)
    n = (2, y)
    return m <= n

def case16_2(x, y):
    m = (1, x)
    n = (2, y)
    return m > n

def case16_3(x, y):
    m = (1, x)
    n = (2, y)
    return m >= n


# lists nested constants
def case17_0(x, y):
    m = [[1, 2], 3]
    n = [[1, 2], 4]
    return m < n

def case17_1(x, y):
    m = [[1, 2], 3]
    n = [[1, 2], 4]
    return m <= n

def case17_2(x, y):
    m = [[1, 2], 3]
    n = [[1, 2], 4]
    return m > n

def case17_3(x, y):
    m = [[1, 2], 3]
    n = [[1, 2], 4]
    return m >= n


# lists tuple then tensor
def case18_0(x, y):
    m = [(1, 2), x]
    n = [(1, 3), y]
    return m < n

def case18_1(x, y):
    m = [(1, 2), x]
    n = [(1, 3), y]
    return m <= n

def case18_2(x, y):
    m = [(1, 2), x]
    n = [(1, 3), y]
    return m > n

def case18_3(x, y):
    m = [(1, 2), x]
    n = [(1, 3), y]
    return m >= n


# strings
def case19_0(x, y):
    m = ('a', 1)
    n = ('b', 2)
    return m < n

def case19_1(x, y):
    m = ('a', 1)
    n = ('b', 2)
    return m <= n

def case19_2(x, y):
    m = ('a', 1)
    n = ('b', 2)
    return m > n

def case19_3(x, y):
    m = ('a', 1)
    n = ('b', 2)
    return m >= n


# None
def case20_0(x, y):
    m = (None, 1)
    n = (None, 2)
    return m < n

def case20_1(x, y):
    m = (None, 1)
    n = (None, 2)
    return m <= n

def case20_2(x, y):
    m = (None, 1)
    n = (None, 2)
    return m > n

def case20_3(x, y):
    m = (None, 1)
    n = (None, 2)
    return m >= n


# bools
def case21_0(x, y):
    m = (True, 1)
    n = (False, 2)
    return m < n

def case21_1(x, y):
    m = (True, 1)
    n = (False, 2)
    return m <= n

def case21_2(x, y):
    m = (True, 1)
    n = (False, 2)
    return m > n

def case21_3(x, y):
    m = (True, 1)
    n = (False, 2)
    return m >= n


# int vs tuple
def case22_0(x, y):
    m = (1, 2)
    n = ((1, 2), 3)
    return m < n

def case22_1(x, y):
    m = (1, 2)
    n = ((1, 2), 3)
    return m <= n

def case22_2(x, y):
    m = (1, 2)
    n = ((1, 2), 3)
    return m > n

def case22_3(x, y):
    m = (1, 2)
    n = ((1, 2), 3)
    return m >= n


# tensor vs tuple
def case23_0(x, y):
    m = (x, 2)
    n = ((1, 2), 3)
    return m < n

def case23_1(x, y):
    m = (x, 2)
    n = ((1, 2), 3)
    return m <= n

def case23_2(x, y):
    m = (x, 2)
    n = ((1, 2), 3)
    return m > n

def case23_3(x, y):
    m = (x, 2)
    n = ((1, 2), 3)
    return m >= n


# tuple vs tensor
def case24_0(x, y):
    m = ((1, 2), 3)
    n = (x, 2)
    return m < n

def case24_1(x, y):
    m = ((1, 2), 3)
    n = (x, 2)
    return m <= n

def case24_2(x, y):
    m = ((1, 2), 3)
    n = (x, 2)
    return m > n

def case24_3(x, y):
    m = ((1, 2), 3)
    n = (x, 2)
    return m >= n


# float vs tensor
def case25_0(x, y):
    m = (1.5, 2)
    n = (x, 2)
    return m < n

def case25_1(x, y):
    m = (1.5, 2)
    n = (x, 2)
    return m <= n

def case25_2(x, y):
    m = (1.5, 2)
    n = (x, 2)
    return m > n

def case25_3(x, y):
    m = (1.5, 2)
    n = (x, 2)
    return m >= n


# tensor vs bool
def case26_0(x, y):
    m = (x, 2)
    n = (True, 2)
    return m < n

def case26_1(x, y):
    m = (x, 2)
    n = (True, 2)
    return m <= n

def case26_2(x, y):
    m = (x, 2)
    n = (True, 2)
    return m > n

def case26_3(x, y):
    m = (x, 2)
    n = (True, 2)
    return m >= n


# empty
def case27_0(x, y):
    m = ()
    n = (1,)
    return m < n

def case27_1(x, y):
    m = ()
    n = (1,)
    return m <= n

def case27_2(x, y):
    m = ()
    n = (1,)
    return m > n

def case27_3(x, y):
    m = ()
    n = (1,)
    return m >= n


# shape
def case28_0(x, y):
    m = x.shape
    n = (2,)
    return m < n

def case28_1(x, y):
    m = x.shape
    n = (2,)
    return m <= n

def case28_2(x, y):
    m = x.shape
    n = (2,)
    return m > n

def case28_3(x, y):
    m = x.shape
    n = (2,)
    return m >= n


CASES = [
    ('tensor first, nested', [case0_0, case0_1, case0_2, case0_3]),
    ('tuple first, tensor', [case1_0, case1_1, case1_2, case1_3]),
    ('int first, nested', [case2_0, case2_1, case2_2, case2_3]),
    ('tensors flat', [case3_0, case3_1, case3_2, case3_3]),
    ('equal int then tensor', [case4_0, case4_1, case4_2, case4_3]),
    ('lists flat tensors', [case5_0, case5_1, case5_2, case5_3]),
    ('constants', [case6_0, case6_1, case6_2, case6_3]),
    ('constants nested', [case7_0, case7_1, case7_2, case7_3]),
    ('constants nested differ', [case8_0, case8_1, case8_2, case8_3]),
    ('int then tuple equal first', [case9_0, case9_1, case9_2, case9_3]),
    ('float and int', [case10_0, case10_1, case10_2, case10_3]),
    ('tensor vs int', [case11_0, case11_1, case11_2, case11_3]),
    ('list first tuple', [case12_0, case12_1, case12_2, case12_3]),
    ('tuple vs list', [case13_0, case13_1, case13_2, case13_3]),
    ('shorter', [case14_0, case14_1, case14_2, case14_3]),
    ('first differs then tuple', [case15_0, case15_1, case15_2, case15_3]),
    ('first differs then tensor', [case16_0, case16_1, case16_2, case16_3]),
    ('lists nested constants', [case17_0, case17_1, case17_2, case17_3]),
    ('lists tuple then tensor', [case18_0, case18_1, case18_2, case18_3]),
    ('strings', [case19_0, case19_1, case19_2, case19_3]),
    ('None', [case20_0, case20_1, case20_2, case20_3]),
    ('bools', [case21_0, case21_1, case21_2, case21_3]),
    ('int vs tuple', [case22_0, case22_1, case22_2, case22_3]),
    ('tensor vs tuple', [case23_0, case23_1, case23_2, case23_3]),
    ('tuple vs tensor', [case24_0, case24_1, case24_2, case24_3]),
    ('float vs tensor', [case25_0, case25_1, case25_2, case25_3]),
    ('tensor vs bool', [case26_0, case26_1, case26_2, case26_3]),
    ('empty', [case27_0, case27_1, case27_2, case27_3]),
    ('shape', [case28_0, case28_1, case28_2, case28_3]),
]

context.set_context(mode=context.PYNATIVE_MODE)
for name, functions in CASES:
    for op, fn in zip(["<", "<=", ">", ">="], functions):
        show(f"jit {name} {op}", lambda: jit(fn)(Tensor([1]), Tensor([3])))
context.set_context(mode=context.GRAPH_MODE)
for name, functions in CASES[:3]:
    show(f"graph {name} <", lambda: jit(functions[0])(Tensor([1]), Tensor([3])))
context.set_context(mode=context.PYNATIVE_MODE)
