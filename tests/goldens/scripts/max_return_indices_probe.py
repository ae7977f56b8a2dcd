"""Tensor.max/min with `return_indices` along an int axis: MindSpore 2.10's values and indices.
Prints `label -> result` lines; run by tests/ops/test_overloads.py on msjax."""
import numpy as np
import mindspore as ms
from mindspore import Tensor

x = Tensor(np.array([[1.0, 5.0], [3.0, 4.0]], np.float32))


def show(label, out):
    parts = out if isinstance(out, tuple) else (out,)
    print(label, "->", " | ".join(f"{p.dtype} {p.shape} {p.asnumpy().tolist()}" for p in parts))


show("max(return_indices=False)", x.max(return_indices=False))
show("max(axis=1, return_indices=True)", x.max(axis=1, return_indices=True))
show("min(axis=0, keepdims=True, return_indices=True)", x.min(axis=0, keepdims=True, return_indices=True))


@ms.jit
def max_along_0(t):
    return t.max(axis=0, return_indices=True)


show("jit max(axis=0, return_indices=True)", max_along_0(x))
