"""MindSpore 2.10's ops.Print inside a GRAPH_MODE construct: printed when the compiled graph runs,
at every call, and inside an `if` on a Tensor only when that branch is taken (the model zoo's
loss-scale cells print "Over Flow, skipping" so), as in PYNATIVE_MODE. Each call's result follows
its printed lines. (A Tensor printed in GRAPH_MODE has a format of its own: print_graph_format_probe.py.)
Golden: tests/goldens/ops/zoo18_print_in_graph_probe.out (tests/ops/test_print_in_graph.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor


class Branches(nn.Cell):
    def __init__(self):
        super().__init__()
        self.print = ops.Print()

    def construct(self, x):
        self.print("every call")
        if x.sum() > 100:
            self.print("big branch")
            y = x - 1
        else:
            self.print("small branch")
            y = x + 1
        return y


class Unused(nn.Cell):
    def __init__(self):
        super().__init__()
        self.print = ops.Print()

    def construct(self, x):
        overflow = x.max() > 1e4
        if not overflow:
            y = x * 2
        else:
            self.print("=== overflow, skipping ===")
            y = x
        return y


for mode_name, mode in (("graph", ms.GRAPH_MODE), ("pynative", ms.PYNATIVE_MODE)):
    ms.set_context(mode=mode)
    cell, unused = Branches(), Unused()
    for v in (1.0, 2.0, 300.0, 3.0):
        print(f"{mode_name} branches {v} -> {cell(Tensor(np.array([v], np.float32))).asnumpy().tolist()}")
    for v in (5.0, 6.0):
        print(f"{mode_name} unused {v} -> {unused(Tensor(np.array([v], np.float32))).asnumpy().tolist()}")
    print(f"{mode_name} unused 1e5 -> {unused(Tensor(np.array([1e5], np.float32))).asnumpy().tolist()}")
