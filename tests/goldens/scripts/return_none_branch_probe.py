"""A GRAPH_MODE construct that returns a value under a tensor condition and falls off its end
(returns None) otherwise: MindSpore 2.10 compiles it and returns the value or None as the
condition is at run time. Golden: tests/goldens/compiler/return_none_branch.txt. (Under grad
MindSpore refuses the join, msjax differentiates the path taken: docs/migration.md.)"""
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, ops

ms.set_context(mode=ms.GRAPH_MODE)


class LackBranch(nn.Cell):
    def construct(self, a, b):
        if a.all():
            return ops.logical_and(a, b)
        while a.any():
            return ops.logical_or(a, b)


class IfOnly(nn.Cell):
    def construct(self, x):
        if x > 0:
            return x * 2


b = Tensor(np.array([True, False]))


def show(label, call):
    try:
        r = call()
        print(label, "->", type(r).__name__, r)
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).split("\n")[0])


show("lack branch all true", lambda: LackBranch()(Tensor(np.array([True, True])), b))
show("lack branch some true", lambda: LackBranch()(Tensor(np.array([True, False])), b))
show("lack branch none true", lambda: LackBranch()(Tensor(np.array([False, False])), b))
show("if only positive", lambda: IfOnly()(Tensor(2.0, ms.float32)))
show("if only negative", lambda: IfOnly()(Tensor(-2.0, ms.float32)))
