"""MindSpore 2.10 graph mode's Python fallback (jit_syntax_level LAX): the 27 examples of the
tutorial `compile/python_builtin_functions` plus the run-time fallback cases (`asnumpy()`,
`float()`, `int()`, `list()` of a traced tensor, Python values returned), globals assigned inside
`jit`, and STRICT. One `label -> result` line per case; lines printed inside `jit` are kept too.

Regenerate: /work/shared/tools/mindspore-oracle tests/goldens/scripts/builtins_probe.py > tests/goldens/transforms/builtins_probe.out
"""
import re

import numpy as np
import mindspore
import mindspore as ms
from mindspore import nn


def desc(v):
    if isinstance(v, ms.Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={v.asnumpy().tolist()}"
    if isinstance(v, (tuple, list)):
        return type(v).__name__ + "(" + ", ".join(desc(e) for e in v) + ")"
    if isinstance(v, dict):
        return "dict(" + ", ".join(f"{k!r}: {desc(e)}" for k, e in v.items()) + ")"
    if isinstance(v, np.ndarray):
        return f"ndarray{v.tolist()}"
    if isinstance(v, float):
        return f"float:{v:.6g}"
    if isinstance(v, np.generic):
        return f"{type(v).__name__}:{v}"
    return f"{type(v).__name__}:{v!r}"


def show(label, f):
    try:
        print(label, "->", desc(f()), flush=True)
    except Exception as e:
        message = re.sub(r"0x[0-9a-f]+", "0x", str(e).split("\n")[0])
        print(label, "-> ERR", type(e).__name__, "|", message[:160], flush=True)


# -- the tutorial's 27 examples -------------------------------------------------------------------
@mindspore.jit
def int_func(x):
    a = int(3)
    b = int(3.6)
    c = int('12', 16)
    d = int('0xa', 16)
    e = int('10', 8)
    f = int(x)
    return a, b, c, d, e, f


show("int", lambda: int_func(mindspore.tensor([-1.0], mindspore.float32)))


@mindspore.jit
def float_func(x):
    a = float(1)
    b = float(112)
    c = float(-123.6)
    d = float('123')
    e = float(x.asnumpy())
    return a, b, c, d, e


show("float", lambda: float_func(mindspore.tensor([-1], mindspore.int32)))


@mindspore.jit
def bool_func():
    a = bool()
    b = bool(0)
    c = bool("abc")
    d = bool([1, 2, 3, 4])
    e = bool(mindspore.tensor([10]).asnumpy())
    return a, b, c, d, e


show("bool", bool_func)


@mindspore.jit
def str_func():
    a = str()
    b = str(0)
    c = str([1, 2, 3, 4])
    d = str(mindspore.tensor([10]))
    e = str(np.array([1, 2, 3, 4]))
    return a, b, c, d, e


show("str", str_func)


@mindspore.jit
def tuple_func():
    a = tuple((1, 2, 3))
    b = tuple(np.array([1, 2, 3]))
    c = tuple({'a': 1, 'b': 2, 'c': 3})
    d = tuple(mindspore.tensor([1, 2, 3]))
    return a, b, c, d


show("tuple", tuple_func)


@mindspore.jit
def list_func():
    a = list((1, 2, 3))
    b = list(np.array([1, 2, 3]))
    c = list({'a': 1, 'b': 2, 'c': 3})
    d = list(mindspore.tensor([1, 2, 3]))
    return a, b, c, d


show("list", list_func)


@mindspore.jit
def dict_func():
    a = dict()
    b = dict(a='a', b='b', t='t')
    c = dict(zip(['one', 'two', 'three'], [1, 2, 3]))
    d = dict([('one', 1), ('two', 2), ('three', 3)])
    return a, b, c, d


show("dict", dict_func)


@mindspore.jit_class
class MSClass1:
    def __init__(self):
        self.num0 = 0


ms_obj = MSClass1()


@mindspore.jit
def getattr_func(x):
    a = getattr(ms_obj, 'num0')
    b = getattr(ms_obj, 'num1', 2)
    c = getattr(x.asnumpy(), "shape", np.array([0, 1, 2, 3, 4]))
    return a, b, c


show("getattr", lambda: getattr_func(mindspore.tensor([-1.0], mindspore.float32)))


@mindspore.jit
def hasattr_func():
    a = hasattr(ms_obj, 'num0')
    b = hasattr(ms_obj, 'num1')
    c = hasattr(mindspore.tensor(np.array([1, 2, 3, 4])).asnumpy(), "__len__")
    return a, b, c


show("hasattr", hasattr_func)

z = mindspore.tensor(np.ones((6, 4, 5)))


@mindspore.jit
def len_func(w):
    x = (2, 3, 4)
    y = [2, 3, 4]
    d = {"a": 2, "b": 3}
    n = np.array([1, 2, 3, 4])
    return len(x), len(y), len(d), len(z), len(n), len(w.asnumpy())


show("len", lambda: len_func(mindspore.tensor([1, 2, 3, 4])))


@mindspore.jit
def isinstance_func(w):
    x = (2, 3, 4)
    y = [2, 3, 4]
    return (isinstance(x, tuple), isinstance(y, list), isinstance(z, mindspore.Tensor),
            isinstance(w.asnumpy(), np.ndarray))


show("isinstance", lambda: isinstance_func(mindspore.tensor(np.array([-1, 2, 4]))))


@mindspore.jit
def all_func():
    a = all(['a', 'b', 'c', 'd'])
    b = all(['a', 'b', '', 'd'])
    c = all([0, 1, 2, 3])
    d = all(('a', 'b', 'c', 'd'))
    e = all(('a', 'b', '', 'd'))
    f = all((0, 1, 2, 3))
    g = all([])
    h = all(())
    x = mindspore.tensor(np.array([0, 1, 2, 3]))
    i = all(x.asnumpy())
    return a, b, c, d, e, f, g, h, i


show("all", all_func)


@mindspore.jit
def any_func():
    a = any(['a', 'b', 'c', 'd'])
    b = any(['a', 'b', '', 'd'])
    c = any([0, '', False])
    d = any(('a', 'b', 'c', 'd'))
    e = any(('a', 'b', '', 'd'))
    f = any((0, '', False))
    g = any([])
    h = any(())
    x = mindspore.tensor(np.array([0, 1, 2, 3]))
    i = any(x.asnumpy())
    return a, b, c, d, e, f, g, h, i


show("any", any_func)


@mindspore.jit
def round_func():
    return (round(10), round(10.123), round(10.567), round(10, 0), round(10.72, -1),
            round(17.12, -1), round(10.17, 1), round(10.12, 1))


show("round", round_func)


@mindspore.jit
def max_func():
    a = max([0, 1, 2, 3])
    b = max((0, 1, 2, 3))
    c = max({1: 10, 2: 20, 3: 3})
    d = max(np.array([1, 2, 3, 4]))
    e = max(('a', 'b', 'c'))
    f = max((1, 2, 3), (1, 4))
    g = max(mindspore.tensor([1, 2, 3]))
    return a, b, c, mindspore.tensor(d), e, f, g


show("max", max_func)


@mindspore.jit
def min_func():
    a = min([0, 1, 2, 3])
    b = min((0, 1, 2, 3))
    c = min({1: 10, 2: 20, 3: 3})
    d = min(np.array([1, 2, 3, 4]))
    e = min(('a', 'b', 'c'))
    f = min((1, 2, 3), (1, 4))
    g = min(mindspore.tensor([1, 2, 3]))
    return a, b, c, mindspore.tensor(d), e, f, g


show("min", min_func)


@mindspore.jit
def sum_func():
    a = sum([0, 1, 2])
    b = sum((0, 1, 2), 10)
    c = sum(np.array([1, 2, 3]))
    d = sum(mindspore.tensor([1, 2, 3]), 10)
    e = sum(mindspore.tensor([[1, 2], [3, 4]]))
    f = sum([1, mindspore.tensor([[1, 2], [3, 4]]), mindspore.tensor([[1, 2], [3, 4]])],
            mindspore.tensor([[1, 1], [1, 1]]))
    return a, b, mindspore.tensor(c), d, e, f


show("sum", sum_func)


@mindspore.jit
def abs_func():
    return abs(-45), abs(100.12), abs(mindspore.tensor([-1, 2]).asnumpy())


show("abs", abs_func)


def add(x, y):
    return x + y


@mindspore.jit
def map_func():
    ret1 = map(add, (1, 2, 3), (4, 5, 6))
    ret2 = map(add, [0, 1, 2], [6, 7, 8])
    return ret1, ret2


show("map", map_func)


@mindspore.jit
def zip_func():
    return zip((1, 2, 3), (4, 5, 6))


show("zip", zip_func)


@mindspore.jit
def range_func():
    return range(0, 6, 2), range(0, 5), range(3)


show("range", range_func)

y_enum = mindspore.tensor(np.array([[1, 2], [3, 4], [5, 6]]))


@mindspore.jit
def enumerate_func():
    x = (100, 200, 300, 400)
    return enumerate(x, 3), enumerate(y_enum)


show("enumerate", enumerate_func)


class FatherNet(nn.Cell):
    def __init__(self, x):
        super(FatherNet, self).__init__(x)
        self.x = x

    def construct(self, x, y):
        return self.x * x

    def test_father(self, x):
        return self.x + x


class SingleSubNet(FatherNet):
    def __init__(self, x, z):
        super(SingleSubNet, self).__init__(x)
        self.z = z

    @mindspore.jit
    def construct(self, x, y):
        ret_father_construct = super().construct(x, y)
        ret_father_test = super(SingleSubNet, self).test_father(x)
        return ret_father_construct, ret_father_test


show("super", lambda: SingleSubNet(3, 9)(3, 6))


@mindspore.jit
def pow_func(x, y):
    return pow(x, y)


show("pow", lambda: pow_func(mindspore.tensor(np.array([1, 2, 3])),
                             mindspore.tensor(np.array([1, 2, 3]))))


@mindspore.jit
def print_func(x, y):
    print(x)
    print(y)
    return x, y


print("print: begin")
show("print", lambda: print_func(mindspore.tensor(np.array([1, 2, 3]), mindspore.int32),
                                 mindspore.tensor(3, mindspore.int32)))


def is_odd(x):
    if x % 2:
        return True
    return False


@mindspore.jit
def filter_func():
    return filter(is_odd, (1, 2, 3, 4, 5)), filter(is_odd, [6, 7, 8, 9, 10])


show("filter", filter_func)


@mindspore.jit
def type_func():
    return (type(1), type(1.0), type([1, 2, 3]), type((1, 2, 3)), type({'a': 1, 'b': 2}),
            type(np.array([1, 2, 3])), type(mindspore.tensor([1, 2, 3])))


show("type", type_func)


# -- run-time fallback on traced tensors ----------------------------------------------------------
@mindspore.jit
def traced_to_python(x):
    return float(x), int(x), x.asnumpy(), list(x.asnumpy()), bool(x.asnumpy())


show("float int asnumpy of an argument", lambda: traced_to_python(mindspore.tensor([2.5])))


@mindspore.jit
def list_of_argument(x):
    return list(x)


show("list of an argument", lambda: list_of_argument(mindspore.tensor([1.0, 2.0])))


@mindspore.jit
def numpy_from_argument(x):
    y = x.asnumpy() * 2 + 1
    return mindspore.tensor(y) + x


show("numpy on an argument back to tensor",
     lambda: numpy_from_argument(mindspore.tensor([1.0, 2.0], mindspore.float32)))


@mindspore.jit
def python_values(x):
    return None, "text", [x, 1], {"k": x, "s": "v"}, mindspore.float32, 2.5, True


show("python values returned", lambda: python_values(mindspore.tensor([1.0])))


@mindspore.jit
def python_arguments(s, n, items, d, t):
    return s + "!", n * 2, items[1], d["a"], t


show("python values passed", lambda: python_arguments("hi", 3, [1, 2], {"a": 4}, mindspore.int32))


@mindspore.jit
def returns_none(x):
    x = x + 1


show("no return", lambda: returns_none(mindspore.tensor([1.0])))


@mindspore.jit
def dtype_of(x):
    return x.dtype, x.shape, x.ndim


show("dtype shape ndim", lambda: dtype_of(mindspore.tensor([[1, 2]], mindspore.int16)))


@mindspore.jit
def folded_constants():
    n = len("abcd") * 2
    s = "-".join(["a", "b"])
    return n, s, sorted([3, 1, 2]), np.arange(3).sum(), divmod(7, 2), isinstance(n, int)


show("constants fold", folded_constants)


@mindspore.jit
def numpy_on_constants(x):
    table = np.array([1.0, 2.0, 3.0], np.float32)
    return x + mindspore.tensor(table * 2)


show("numpy constant to tensor",
     lambda: numpy_on_constants(mindspore.tensor([1.0, 1.0, 1.0], mindspore.float32)))


@mindspore.jit
def print_values(x):
    print("value:", x, 3)
    return x * 2


print("print values: begin")
show("print values", lambda: print_values(mindspore.tensor([1.5], mindspore.float32)))

# -- globals assigned inside jit --------------------------------------------------------------
counter = 0
total = mindspore.tensor([1.0], mindspore.float32)


@mindspore.jit
def bump_counter(x):
    global counter
    counter += 1
    return x + counter


show("global counter first call", lambda: bump_counter(mindspore.tensor([1.0])))
show("global counter after first", lambda: counter)
show("global counter second call", lambda: bump_counter(mindspore.tensor([1.0])))
show("global counter after second", lambda: counter)


@mindspore.jit
def accumulate_total(x):
    global total
    total += x
    return total


show("global tensor first call", lambda: accumulate_total(mindspore.tensor([2.0])))
show("global tensor after first", lambda: total)
show("global tensor second call", lambda: accumulate_total(mindspore.tensor([3.0])))
show("global tensor after second", lambda: total)

# -- jit_syntax_level STRICT ----------------------------------------------------------------------
ms.set_context(jit_syntax_level=ms.STRICT)


@mindspore.jit
def strict_returns_string(x):
    return "text"


show("strict return string", lambda: strict_returns_string(mindspore.tensor([1.0])))


@mindspore.jit
def strict_asnumpy(x):
    return float(x.asnumpy())


show("strict asnumpy", lambda: strict_asnumpy(mindspore.tensor([1.0])))


@mindspore.jit
def strict_tensor(x):
    return x * 2, len((1, 2)), int(3.5)


show("strict tensor and constants", lambda: strict_tensor(mindspore.tensor([1.0])))
ms.set_context(jit_syntax_level=ms.LAX)
show("jit_syntax_level after reset", lambda: ms.get_context("jit_syntax_level"))
