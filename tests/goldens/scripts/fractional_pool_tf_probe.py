"""MindSpore 2.10's `ops.FractionalMaxPool` and `ops.FractionalAvgPool` (NHWC, pooling
sequences; issue #25): values and sequences where the sequences are fixed (each length a whole
multiple of the output's), shapes where they are drawn, the constructor and input checks.
Printed `label -> RESULT` as in conformance_probe1.py; tests/ops/test_fractional_pool_tf.py runs
it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/fractional_pool_tf_probe.py \\
        | grep -- " -> " > tests/goldens/ops/fractional_pool_tf_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 4).tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def shape(v):
    if isinstance(v, Tensor):
        return f"S[{list(v.shape)},{v.dtype}]"
    return "(" + ", ".join(shape(e) for e in v) + ")"


def show(label, f, how=desc):
    try:
        result = how(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0].rstrip()}"
    print(f"{label} -> {result}")


x = Tensor(np.arange(1, 17).reshape(1, 4, 4, 1), ms.int64)
x6 = Tensor((np.arange(2 * 6 * 8 * 3) % 23).reshape(2, 6, 8, 3).astype(np.float32))
for name in ("FractionalMaxPool", "FractionalAvgPool"):
    prim = getattr(ops, name)
    show(f"{name} doc", lambda: prim([1.0, 1.5, 1.5, 1.0])(x))
    show(f"{name} ratio 2", lambda: prim([1.0, 2.0, 2.0, 1.0])(x6))
    show(f"{name} ratio 3 4", lambda: prim([1.0, 3.0, 4.0, 1.0])(x6))
    show(f"{name} overlapping", lambda: prim([1.0, 2.0, 2.0, 1.0], overlapping=True)(x6))
    show(f"{name} pseudo_random", lambda: prim([1.0, 2.0, 2.0, 1.0], pseudo_random=True)(x6))
    show(f"{name} pseudo_random overlapping", lambda: prim([1.0, 3.0, 2.0, 1.0], pseudo_random=True, overlapping=True)(x6))
    show(f"{name} drawn", lambda: prim([1.0, 1.4, 1.7, 1.0])(x6), shape)
    show(f"{name} drawn pseudo_random", lambda: prim([1.0, 1.4, 1.7, 1.0], pseudo_random=True)(x6), shape)
    show(f"{name} float64", lambda: prim([1.0, 2.0, 2.0, 1.0])(x6.astype(ms.float64)))
    show(f"{name} int32", lambda: prim([1.0, 2.0, 2.0, 1.0])(x6.astype(ms.int32)))
    show(f"{name} repr", lambda: repr(prim([1.0, 2.0, 2.0, 1.0])))
    show(f"{name} ratio tuple", lambda: prim((1.0, 2.0, 2.0, 1.0)))
    show(f"{name} ratio int", lambda: prim([1, 2, 2, 1]))
    show(f"{name} seed float", lambda: prim([1.0, 2.0, 2.0, 1.0], seed=1.0))
    show(f"{name} overlapping int", lambda: prim([1.0, 2.0, 2.0, 1.0], overlapping=1))
    show(f"{name} ratio three", lambda: prim([1.0, 2.0, 1.0])(x6))
    show(f"{name} ratio batch", lambda: prim([2.0, 2.0, 2.0, 1.0])(x6))
    show(f"{name} ratio small", lambda: prim([1.0, 0.5, 2.0, 1.0])(x6))
    show(f"{name} 3-d", lambda: prim([1.0, 2.0, 2.0, 1.0])(x6[0]))
    show(f"{name} float16", lambda: prim([1.0, 2.0, 2.0, 1.0])(x6.astype(ms.float16)))
    show(f"{name} ratio too big", lambda: prim([1.0, 7.0, 2.0, 1.0])(x6))
