"""Ops whose result's shape depends on the input's values (bincount, unique, masked_select,
nonzero...) inside a GRAPH_MODE Cell at MindSpore 2.10's STRICT and COMPATIBLE syntax levels:
MindSpore compiles them as dynamic-shape kernels and returns their values, while the program's
own `asnumpy()` of a run-time Tensor still raises AttributeError.
Golden: tests/goldens/compiler/ten18_strict_dynamic_shape_probe.out
(tests/transforms/test_syntax_level.py)."""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor
from mindspore.common import dtype as mstype


class BincountWeights(nn.Cell):
    def construct(self, a, b):
        return a.bincount(b, 7)


class Bincount(nn.Cell):
    def construct(self, a):
        return a.bincount()


class OpsBincount(nn.Cell):
    def construct(self, a):
        return ops.bincount(a, minlength=3)


class Unique(nn.Cell):
    def construct(self, a):
        return ops.unique(a)


class MaskedSelect(nn.Cell):
    def construct(self, a, m):
        return ops.masked_select(a, m)


class TensorMaskedSelect(nn.Cell):
    def construct(self, a, m):
        return a.masked_select(m)


class Nonzero(nn.Cell):
    def construct(self, a):
        return ops.nonzero(a)


class TensorNonzero(nn.Cell):
    def construct(self, a):
        return a.nonzero()


class UniqueConsecutive(nn.Cell):
    def construct(self, a):
        return ops.unique_consecutive(a)


class Argwhere(nn.Cell):
    def construct(self, a):
        return ops.argwhere(a)


class ProgramAsnumpy(nn.Cell):
    def construct(self, a):
        return Tensor(a.asnumpy() * 2)


def show(label, fn):
    try:
        r = fn()
        outs = r if isinstance(r, tuple) else (r,)
        text = "; ".join(f"{o.dtype} {o.shape} {o.asnumpy().tolist()}" for o in outs)
        print(label, "->", text)
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


x = Tensor([2, 4, 1, 0, 0], dtype=mstype.int64)
w = Tensor([0., 0.25, 0.5, 0.75, 1.], dtype=mstype.float32)
f = Tensor([[1.0, -2.0], [3.0, 0.0]], dtype=mstype.float32)
mask = Tensor([[True, False], [True, True]])
CASES = [
    ("Tensor.bincount weights minlength", BincountWeights, (x, w)),
    ("Tensor.bincount", Bincount, (x,)),
    ("ops.bincount minlength", OpsBincount, (x,)),
    ("ops.unique", Unique, (x,)),
    ("ops.masked_select", MaskedSelect, (f, mask)),
    ("Tensor.masked_select", TensorMaskedSelect, (f, mask)),
    ("ops.nonzero", Nonzero, (f,)),
    ("Tensor.nonzero", TensorNonzero, (f,)),
    ("ops.unique_consecutive", UniqueConsecutive, (x,)),
    ("ops.argwhere", Argwhere, (f,)),
    ("program asnumpy", ProgramAsnumpy, (x,)),
]
for level in ("STRICT", "COMPATIBLE", "LAX"):
    ms.set_context(mode=ms.GRAPH_MODE, jit_syntax_level=getattr(ms, level))
    for label, cell, inputs in CASES:
        show(f"{level} {label}", lambda: cell()(*inputs))
