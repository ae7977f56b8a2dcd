"""MindSpore 2.10 graph mode: the examples of the tutorial `compile/statements` (raise, assert,
pass, return, break, continue, if, for, while, def, lambda, partial, comprehensions, with), plus
side effects in program order (AssignSub, ops.assign) and `ops.partial` with keywords. One
`label -> result` line per case; lines printed inside `jit` are kept too.

Regenerate: /work/shared/tools/mindspore-oracle tests/goldens/scripts/statements_probe.py > tests/goldens/transforms/statements_probe.out
"""
import re

import numpy as np
import mindspore
import mindspore as ms
from mindspore import nn, ops, Parameter


def desc(v):
    if isinstance(v, ms.Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={v.asnumpy().tolist()}"
    if isinstance(v, (tuple, list)):
        return type(v).__name__ + "(" + ", ".join(desc(e) for e in v) + ")"
    if isinstance(v, dict):
        return "dict(" + ", ".join(f"{k!r}: {desc(e)}" for k, e in v.items()) + ")"
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
        print(label, "-> ERR", type(e).__name__, "|", message[:120], flush=True)


class RaiseNet(nn.Cell):
    @mindspore.jit
    def construct(self, x, y):
        if x <= y:
            raise ValueError("x should be greater than y.")
        else:
            x += 1
        return x


show("raise", lambda: RaiseNet()(mindspore.tensor(-2), mindspore.tensor(-1)))
show("raise not taken", lambda: RaiseNet()(mindspore.tensor(2), mindspore.tensor(-1)))


class AssertNet(nn.Cell):
    @mindspore.jit
    def construct(self, x):
        assert x in [2, 3, 4]
        return x


show("assert", lambda: AssertNet()(mindspore.tensor(-1)))


class PassNet(nn.Cell):
    @mindspore.jit
    def construct(self, x):
        i = 0
        while i < 5:
            if i > 3:
                pass
            else:
                x = x * 1.5
            i += 1
        return x


show("pass", lambda: PassNet()(10))


class ReturnNet(nn.Cell):
    @mindspore.jit
    def construct(self, x):
        if x > 0:
            return x
        else:
            return 0


show("return", lambda: ReturnNet()(10))


@mindspore.jit
def no_return():
    x = 3
    print("x:", x)


print("no return: begin")
show("no return", no_return)


class BreakNet(nn.Cell):
    @mindspore.jit
    def construct(self, x):
        for i in range(8):
            if i > 5:
                x *= 3
                break
            x = x * 2
        return x


show("break", lambda: BreakNet()(10))


class ContinueNet(nn.Cell):
    @mindspore.jit
    def construct(self, x):
        for i in range(4):
            if i > 2:
                x *= 3
                continue
        return x


show("continue", lambda: ContinueNet()(3))

x_if = mindspore.tensor([1, 4], mindspore.int32)
y_if = mindspore.tensor([0, 3], mindspore.int32)
m = 1
n = 2


@mindspore.jit
def if_example1(x, y):
    if (x > y).any():
        return m
    else:
        return n


show("if example 1", lambda: if_example1(x_if, y_if))


@mindspore.jit
def if_example2(x, y):
    out = 3
    if (x > y).any():
        out = m
    else:
        out = n
    return out


show("if example 2", lambda: if_example2(x_if, y_if))


@mindspore.jit
def if_example3(x, y):
    out = 2
    if (x > y).any():
        out = m
    return out


show("if example 3", lambda: if_example3(x_if, y_if))


@mindspore.jit
def if_example4(x, y):
    if (x > y).any():
        z = x + 1
    return z


show("if example 4", lambda: if_example4(x_if, y_if))

z = mindspore.tensor(np.ones((2, 3)))


@mindspore.jit
def for_example1():
    x = (1, 2, 3)
    for i in x:
        z += i
    return z


show("for example 1", for_example1)


@mindspore.jit
def for_example2():
    x = (1, 2, 3)
    for i in x:
        undefined_name += i
    return undefined_name


show("for example 2", for_example2)


@mindspore.jit
def while_example1(x, y):
    while x < y:
        x += 1
        return m
    return n


show("while example 1", lambda: while_example1(1, 5))


def ops1(a, b):
    return a + b


@mindspore.jit
def while_example2(x, y):
    out = m
    while x < y:
        x += 1
        out = ops1(out, x)
    return out


show("while example 2", lambda: while_example2(1, 5))


@ms.jit()
def while_example3(x, y):
    while x < y:
        x += 1
        w = x + y
    return w


show("while example 3", lambda: while_example3(1, 5))


def number_add(x, y):
    return x + y


@mindspore.jit
def def_example(x, y):
    return number_add(x, y)


show("def", lambda: def_example(1, 5))


@mindspore.jit
def lambda_example(x, y):
    number_add = lambda x, y: x + y
    return number_add(x, y)


show("lambda", lambda: lambda_example(1, 5))


def add(x, y):
    return x + y


@mindspore.jit
def partial_example():
    add_ = ops.partial(add, x=2)
    m = add_(y=3)
    n = add_(y=5)
    return m, n


show("partial keywords", partial_example)
show("partial keywords eager", lambda: ops.partial(add, x=2)(y=3))
show("partial positional eager", lambda: ops.partial(add, 4)(5))


@mindspore.jit
def list_comprehension():
    return [x * x for x in range(1, 11) if x % 2 == 0]


show("list comprehension", list_comprehension)


@mindspore.jit
def nested_list_comprehension():
    return [y for x in ((1, 2), (3, 4), (5, 6)) for y in x]


show("nested list comprehension", nested_list_comprehension)


@mindspore.jit
def dict_comprehension():
    x = [('a', 1), ('b', 2), ('c', 3)]
    return {k: v for (k, v) in x if v > 1}


show("dict comprehension", dict_comprehension)


@mindspore.jit
def nested_dict_comprehension():
    x = ({'a': 1, 'b': 2}, {'d': 1, 'e': 2}, {'g': 1, 'h': 2})
    return {k: v for y in x for (k, v) in y.items()}


show("nested dict comprehension", nested_dict_comprehension)


@mindspore.jit
def generator_expression():
    return (x * x for x in range(1, 11) if x % 2 == 0)


show("generator expression", generator_expression)


@mindspore.jit_class
class Sample:
    def __init__(self):
        super(Sample, self).__init__()
        self.num = mindspore.tensor([2])

    def __enter__(self):
        return self.num * 2

    def __exit__(self, exc_type, exc_value, traceback):
        return self.num * 4


class WithNet(nn.Cell):
    @mindspore.jit
    def construct(self):
        res = 1
        obj = Sample()
        with obj as sample:
            res += sample
        return res, obj.num


show("with", lambda: WithNet()())


# -- side effects in program order ------------------------------------------------------------
class AssignSubNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.sub = ops.AssignSub()
        self.var = Parameter(mindspore.tensor(np.array([5.0, 6.0], np.float32)), name="var")

    def construct(self, y):
        self.sub(self.var, y)
        return self.var


class AssignThenRead(nn.Cell):
    def __init__(self):
        super().__init__()
        self.var = Parameter(mindspore.tensor(np.array([1.0, 2.0], np.float32)), name="var")

    def construct(self, y):
        before = self.var * 1
        ops.assign(self.var, y)
        after = self.var * 1
        ops.assign_add(self.var, y)
        return before, after, self.var


ms.set_context(mode=ms.GRAPH_MODE)
net = AssignSubNet()
show("graph AssignSub returns var", lambda: net(mindspore.tensor(np.array([1.0, 1.0], np.float32))))
show("graph AssignSub var after", lambda: net.var.value())
show("graph AssignSub second call", lambda: net(mindspore.tensor(np.array([2.0, 2.0], np.float32))))
order = AssignThenRead()
show("graph assign order", lambda: order(mindspore.tensor(np.array([3.0, 4.0], np.float32))))
show("graph assign order var after", lambda: order.var.value())
ms.set_context(mode=ms.PYNATIVE_MODE)
net = AssignSubNet()
show("pynative AssignSub returns var",
     lambda: net(mindspore.tensor(np.array([1.0, 1.0], np.float32))))
