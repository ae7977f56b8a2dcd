"""MindSpore's compile-only mode (MS_DEV_PRECOMPILE_ONLY=1): what a jit function, a GRAPH_MODE
Cell, a graph-mode gradient, a PyNative Cell and an op return, and a jit function whose loop
never ends (compiled, not run). One `label -> result` line per case."""
import os

import mindspore as ms
from mindspore import Tensor, jit, nn, ops


@jit
def add_one(x):
    return x + 1


@jit
def add_two(x):
    return x + 2


@jit
def endless(i):
    while i < 3:
        i = i * 1
    return i


class Double(nn.Cell):
    def construct(self, x):
        return x * 2


os.environ["MS_DEV_PRECOMPILE_ONLY"] = "1"
print("jit function ->", add_one(Tensor([1.0])))
print("jit loop that never ends ->", endless(Tensor(0, ms.int32)))
ms.set_context(mode=ms.GRAPH_MODE)
print("graph-mode cell ->", Double()(Tensor([1.0])))
print("graph-mode grad ->", ms.grad(add_one)(Tensor([1.0])))
ms.set_context(mode=ms.PYNATIVE_MODE)
print("pynative cell ->", Double()(Tensor([1.0])))
print("op ->", ops.add(Tensor([1.0]), 1))
del os.environ["MS_DEV_PRECOMPILE_ONLY"]
# (a function compiled in this mode and run afterwards raises "Can't find run graph func" in
# MindSpore 2.10; msjax runs it: not a case here)
print("another jit function without it ->", add_two(Tensor([5.0])))
