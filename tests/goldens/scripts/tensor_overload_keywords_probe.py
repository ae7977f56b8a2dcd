"""MindSpore 2.10's Tensor method overloads chosen by keyword, found failing on msjax by
tools/docstring_conformance.py: argmax/argmin/max/min/median(dim=, keepdim=), std(dim=,
correction=, keepdim=), remainder(divisor=), expand_as(x=), flatten(start_dim, end_dim) by
position, select(condition, y), and fill_diagonal(wrap=True) of a tall matrix.

Prints `label -> result` lines; tests/api/test_tensor_overload_keywords.py runs it unchanged on
msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tensor_overload_keywords_probe.py \\
        | grep -- " -> " > tests/goldens/api/tensor_overload_keywords_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 5).tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0].rstrip()}"
    print(f"{label} -> {result}")


x = Tensor(np.array([[2.5, -1.0, 7.0], [3.0, 3.0, -4.5]], np.float32))
for name in ["argmax", "argmin"]:
    show(f"{name} dim=1", lambda: getattr(x, name)(dim=1))
    show(f"{name} dim=0 keepdim", lambda: getattr(x, name)(dim=0, keepdim=True))
    show(f"{name} dim=None", lambda: getattr(x, name)(dim=None))
    show(f"{name} axis=1 keepdims", lambda: getattr(x, name)(axis=1, keepdims=True))
for name in ["max", "min", "median"]:
    show(f"{name} 1 keepdim", lambda: getattr(x, name)(1, keepdim=True))
    show(f"{name} dim=0", lambda: getattr(x, name)(dim=0))
    show(f"{name} dim=-1 keepdim=False", lambda: getattr(x, name)(dim=-1, keepdim=False))
show("median axis=0 keepdims", lambda: x.median(axis=0, keepdims=True))
show("std dim=1 correction=0", lambda: x.std(dim=1, correction=0))
show("std dim=0 keepdim", lambda: x.std(dim=0, keepdim=True))
show("std correction=2", lambda: x.std(correction=2))
show("std axis=1 ddof=1", lambda: x.std(axis=1, ddof=1))
show("remainder divisor", lambda: x.remainder(divisor=Tensor(np.array([2.0, -3.0, 4.0], np.float32))))
show("remainder divisor number", lambda: x.remainder(divisor=2))
show("remainder other", lambda: x.remainder(Tensor(np.array([2.0, -3.0, 4.0], np.float32))))
show("expand_as x=", lambda: Tensor(np.array([1.0, 2.0], np.float32)).expand_as(x=Tensor(np.zeros((3, 2), np.float32))))
y = Tensor(np.ones((2, 3, 4, 5), np.float32))
show("flatten 1 2", lambda: y.flatten(1, 2).shape)
show("flatten 0 -1", lambda: y.flatten(0, -1).shape)
show("flatten 2", lambda: y.flatten(2).shape)
show("flatten order F", lambda: Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)).flatten(order="F"))
show("flatten start_dim", lambda: y.flatten(start_dim=2).shape)
show("select condition", lambda: x.select(Tensor(np.array([[True, False, True], [False, False, True]])),
                                          Tensor(np.zeros((2, 3), np.float32))))
show("select dim index", lambda: x.select(1, 2))
show("fill_diagonal tall wrap", lambda: Tensor(np.zeros((7, 3), np.float32)).fill_diagonal(2.0, wrap=True))
show("fill_diagonal tall", lambda: Tensor(np.zeros((5, 2), np.float32)).fill_diagonal(3.0))
show("fill_diagonal wide", lambda: Tensor(np.zeros((2, 4), np.float32)).fill_diagonal(4.0, wrap=True))
