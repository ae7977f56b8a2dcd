"""MindSpore 2.10's ops.xlogy / Tensor.xlogy / ops.Xlogy on the CPU: `x * log(y)` as it stands
(x = 0 with y zero, negative, infinite or NaN gives NaN, 0 * log(tiny) gives -0.0), two Bool
Tensors computed in Float32, integers refused by the kernel; the gradient `log(y)` for x (0
where x is 0 and y is not positive) and `x / y` for y, in both modes. Printed `label -> RESULT`;
tests/ops/test_xlogy_kernel.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/xlogy_kernel_probe.py \\
        | grep -- " -> " > tests/goldens/ops/xlogy_kernel_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops


def show(label, f):
    try:
        r = f()
        if isinstance(r, tuple):
            result = " | ".join(f"{t.dtype} {t.asnumpy().tolist()}" for t in r)
        else:
            result = f"{r.dtype} {r.asnumpy().tolist()}"
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


x = Tensor(np.array([0, 0, 1, 0, 0, np.nan, 2, 0, -1, 0, 1e-30, 0, 0, -0.0], np.float32))
y = Tensor(np.array([0, 1, 0, np.inf, np.nan, 0, -1, -1, 0, 1e-30, 1e-30, 0.5, -np.inf, 0],
                    np.float32))
show("ops.xlogy float32", lambda: ops.xlogy(x, y))
show("Tensor.xlogy float32", lambda: x.xlogy(y))
show("ops.Xlogy float32", lambda: ops.Xlogy()(x, y))
show("ops.xlogy float64", lambda: ops.xlogy(x.astype(ms.float64), y.astype(ms.float64)))
show("ops.xlogy float16", lambda: ops.xlogy(x.astype(ms.float16), y.astype(ms.float16)))
show("ops.xlogy scalar other", lambda: ops.xlogy(Tensor(np.array([0.0, 2.0], np.float32)), 0.0))
show("ops.xlogy broadcast", lambda: ops.xlogy(Tensor(np.array([[0.0], [2.0]], np.float32)),
                                              Tensor(np.array([0.0, 3.0], np.float32))))
show("ops.xlogy int32", lambda: ops.xlogy(Tensor(np.array([0, 2], np.int32)),
                                          Tensor(np.array([0, 3], np.int32))))
show("ops.xlogy int32 float32", lambda: ops.xlogy(Tensor(np.array([1, 2], np.int32)),
                                                  Tensor(np.array([1.0, 2.0], np.float32))))
show("ops.xlogy bool", lambda: ops.xlogy(Tensor(np.array([True, False, True])),
                                         Tensor(np.array([True, True, False]))))
gx = Tensor(np.array([0, 0, 1, 0, 0, 2, -1, 0, 0, 0, 0, -0.0], np.float32))
gy = Tensor(np.array([-1, 0, -1, np.inf, 2, 0, 0, np.nan, 0.5, -np.inf, -0.0, 0], np.float32))


def summed(a, b):
    return ops.xlogy(a, b).sum()


def tripled(a, b):
    return (ops.Xlogy()(a, b) * 3).sum()


def broadcast(a, b):
    return ops.xlogy(a, b).sum()


for name, mode in (("pynative", ms.PYNATIVE_MODE), ("graph", ms.GRAPH_MODE)):
    ms.set_context(mode=mode)
    show(f"{name} grad xlogy", lambda: ms.grad(summed, grad_position=(0, 1))(gx, gy))
    show(f"{name} grad Xlogy x3", lambda: ms.grad(tripled, grad_position=(0, 1))(gx, gy))
    show(f"{name} grad broadcast", lambda: ms.grad(broadcast, grad_position=(0, 1))(
        Tensor(np.array([[0.0], [2.0]], np.float32)), Tensor(np.array([1.0, 3.0], np.float32))))
