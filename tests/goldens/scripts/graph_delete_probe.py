"""MindSpore 2.10's graph syntax refuses the `del` statement: which forms, where, with what error,
and what a refused call leaves. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_delete_probe.py \\
        | grep " -> " > tests/goldens/transforms/graph_delete_probe.out

An error prints as its type and message, the message with this script's folder taken out of its
file names, its newlines as `\\n`, and MindSpore's "C++ Call Stack" section left out.
"""
import os
import re

import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, jit, nn, ops

HERE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def T(value):
    return Tensor(np.array(value, np.float32))


def text(value):
    if isinstance(value, Tensor):
        return f"Tensor{value.asnumpy().tolist()}"
    return repr(value)


def error_text(e):
    message = re.sub(r"-{52}\n- C\+\+ Call Stack:.*?\n\n(?=-{52})", "", str(e), flags=re.S)
    return f"ERR {type(e).__name__} | " + message.replace(HERE, "").replace("\n", "\\n")


def show(label, f):
    try:
        print(f"{label} -> {text(f())}")
    except Exception as e:  # noqa: BLE001
        print(f"{label} -> {error_text(e)}")


ms.set_context(mode=ms.GRAPH_MODE)


class DelAttr(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = 1
        self.b = 2
        self.w = Parameter(T([1.0]), name="w")

    def construct(self, x):
        self.b = 5
        ops.assign(self.w, x)
        del self.a
        return x + 1


net = DelAttr()
show("del self.a", lambda: net(T([3.0])))
show("del self.a again", lambda: net(T([3.0])))
print(f"after del self.a -> {hasattr(net, 'a')} | {net.b} | {text(net.w)}")


class DelLocal(nn.Cell):
    def construct(self, x):
        y = x + 1
        del y
        return x


show("del local", lambda: DelLocal()(T([1.0])))


class DelDict(nn.Cell):
    def construct(self, x):
        d = {"a": x, "b": x}
        del d["a"]
        return d["b"]


show("del dict item", lambda: DelDict()(T([1.0])))


class DelList(nn.Cell):
    def construct(self, x):
        l = [x, x + 1]
        del l[0]
        return l[0]


show("del list item", lambda: DelList()(T([1.0])))


class DelIf(nn.Cell):
    def construct(self, x):
        y = x + 1
        if x > 0:
            del y
            y = x
        return y


show("del in if on a tensor", lambda: DelIf()(T([1.0])))


class DelIfFalse(nn.Cell):
    def construct(self, x):
        y = x + 1
        if False:
            del y
        return y


show("del in if False", lambda: DelIfFalse()(T([1.0])))


class DelFor(nn.Cell):
    def construct(self, x):
        for i in range(2):
            y = x + i
            del y
        return x


show("del in for", lambda: DelFor()(T([1.0])))


class DelTwo(nn.Cell):
    def construct(self, x):
        a = x
        b = x
        del a, b
        return x


show("del two names", lambda: DelTwo()(T([1.0])))


class DelHelper(nn.Cell):
    def helper(self, x):
        y = x
        del y
        return x

    def construct(self, x):
        return self.helper(x) + 1


show("del in a method construct calls", lambda: DelHelper()(T([1.0])))


@jit
def jit_del_local(x):
    y = x + 1
    del y
    return x


show("jit del local", lambda: jit_del_local(T([1.0])))


def helper_with_del(x):
    y = x
    del y
    return x


@jit
def jit_calls_helper(x):
    return helper_with_del(x)


show("jit calls a function with del", lambda: jit_calls_helper(T([1.0])))


class Holder:
    pass


holder = Holder()
holder.a = 3


@jit
def jit_del_global_attribute(x):
    del holder.a
    return x


show("jit del global attribute", lambda: jit_del_global_attribute(T([1.0])))
print(f"after jit del global attribute -> {hasattr(holder, 'a')}")


def grad_fn(x):
    y = x * x
    del x
    return y


show("grad in graph mode", lambda: ms.grad(grad_fn)(T([2.0])))

ms.set_context(mode=ms.PYNATIVE_MODE)


class JitMethod(nn.Cell):
    def __init__(self):
        super().__init__()
        self.a = 1

    @jit
    def method(self, x):
        del self.a
        return x


jit_method = JitMethod()
show("pynative jit method del self.a", lambda: jit_method.method(T([1.0])))
print(f"after pynative jit method -> {hasattr(jit_method, 'a')}")
net = DelAttr()
show("pynative del self.a", lambda: net(T([3.0])))
print(f"after pynative del self.a -> {hasattr(net, 'a')} | {net.b} | {text(net.w)}")
show("pynative del local", lambda: DelLocal()(T([1.0])))
show("pynative del dict item", lambda: DelDict()(T([1.0])))
show("pynative del list item", lambda: DelList()(T([1.0])))
show("pynative del in for", lambda: DelFor()(T([1.0])))
show("pynative grad", lambda: ms.grad(grad_fn)(T([2.0])))
