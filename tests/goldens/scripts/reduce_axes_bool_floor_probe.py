"""MindSpore 2.10: reductions over the same axis twice (RuntimeError `dim=N appears multiple
times in the list of dims`, N counted from 0; std/var's own ValueError), and floor division of
two Bool Tensors (Bool: the dividend, `True // False` included); remainder and fmod of two
Bools (Bool: the dividend where the divisor is False), FloorMod's refusal of them. Printed `label -> RESULT`;
tests/ops/test_reduce_axes_bool_floor.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/reduce_axes_bool_floor_probe.py \\
        | grep -- " -> " > tests/goldens/ops/reduce_axes_bool_floor_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


def show(label, f):
    try:
        r = f()
        result = f"{r.dtype} {r.asnumpy().tolist()}"
    except Exception as e:  # noqa: BLE001 - the error is the golden
        text = str(e).split("- C++ Call Stack")[0]  # (MindSpore's own frames: not compared)
        lines = [line for line in text.splitlines() if line.strip("- ")] or [""]
        result = f"ERR {type(e).__name__} | {' / '.join(lines[:3])}"  # (past a dashed banner)
    print(f"{label} -> {result}")


b = Tensor(np.array([True, False, True, False]))
b2 = Tensor(np.array([True, True, False, False]))
x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
show("ops.floor_divide bool", lambda: ops.floor_divide(b, b2))
show("Tensor.floor_divide bool", lambda: b.floor_divide(b2))
show("bool // bool", lambda: b // b2)
show("ops.floor_divide bool broadcast", lambda: ops.floor_divide(Tensor(np.array([True])), b2))
show("ops.floor_divide bool int", lambda: ops.floor_divide(b, Tensor(np.array([1, 2, 3, 4]))))
show("Tensor.sum (0, 0)", lambda: x.sum(axis=(0, 0)))
show("Tensor.mean (1, 1)", lambda: x.mean(axis=(1, 1)))
show("ops.sum (0, -2)", lambda: ops.sum(x, dim=(0, -2)))
show("ops.amax (1, -1)", lambda: ops.amax(x, axis=(1, -1)))
show("ops.amin (0, 0)", lambda: ops.amin(x, axis=(0, 0)))
show("ReduceSum (0, 0)", lambda: ops.ReduceSum()(x, (0, 0)))
show("ReduceMean (1, 1)", lambda: ops.ReduceMean()(x, (1, 1)))
show("ReduceMax (0, 0)", lambda: ops.ReduceMax()(x, (0, 0)))
show("Tensor.std (0, 0)", lambda: x.std(axis=(0, 0)))
show("Tensor.var (1, -1)", lambda: x.var(axis=(1, -1)))
show("ops.std (0, 0)", lambda: ops.std(x, axis=(0, 0)))
show("ops.var (0, 0)", lambda: ops.var(x, axis=(0, 0)))
show("ops.mean (0, 1) distinct", lambda: ops.mean(x, axis=(0, 1)))
show("Tensor.sum (0, 1) distinct", lambda: x.sum(axis=(0, 1)))
show("ops.remainder bool", lambda: ops.remainder(b, b2))
show("Tensor.remainder bool", lambda: b.remainder(b2))
show("ops.remainder bool True", lambda: ops.remainder(b, True))
show("ops.fmod bool", lambda: ops.fmod(b, b2))
show("Tensor.fmod bool", lambda: b.fmod(b2))
show("ops.remainder bool int", lambda: ops.remainder(b, Tensor(np.array([1, 2, 3, 4]))))
show("ops.floor_mod bool", lambda: ops.floor_mod(b, b2))  # (last: MindSpore repeats errors)
