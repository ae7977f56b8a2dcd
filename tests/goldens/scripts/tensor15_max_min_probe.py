"""MindSpore 2.10's overload resolution of `Tensor.max`/`Tensor.min` inside a Cell, in PyNative
and in graph mode: `x.max(dim, keepdim)` (values, indices) against the older `x.max(axis,
keepdims, *, initial, where, return_indices)` (the values; with `return_indices=True` the
indices too), and `Tensor.aminmax` on 0-d, 1-d and 2-d inputs. Printed `label -> RESULT`;
tests/test_tensor_methods15.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/tensor15_max_min_probe.py \
        | grep -- " -> " > tests/goldens/core/tensor15_max_min_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn, ops
from mindspore.common.api import _pynative_executor

def result_of(out):
    if isinstance(out, (tuple, list)):
        return [result_of(o) for o in out]
    if isinstance(out, Tensor):
        return (str(out.dtype), list(out.shape), np.round(out.asnumpy().astype(np.float64), 4).tolist())
    return out

def show(label, fn):
    try:
        out = fn()
        _pynative_executor.sync()
        result = result_of(out)
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")

class MaxNet(nn.Cell):
    def __init__(self, name):
        super().__init__()
        self.name = name
    def construct(self, x, *args, **kwargs):
        if self.name == "max":
            return x.max(*args, **kwargs)
        return x.min(*args, **kwargs)

class Amm(nn.Cell):
    def __init__(self, axis=None):
        super().__init__()
        self.axis = axis
    def construct(self, x, keepdims):
        return x.aminmax(axis=self.axis, keepdims=keepdims)

x = Tensor(np.array([[0., 5.], [3., 1.]]), ms.float32)
w = Tensor([False, True])
for mode, mname in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    for name in ("max", "min"):
        net = MaxNet(name)
        show(f"{mname} {name}()", lambda: net(x))
        show(f"{mname} {name}(0)", lambda: net(x, 0))
        show(f"{mname} {name}(1, True)", lambda: net(x, 1, True))
        show(f"{mname} {name}(0, False)", lambda: net(x, 0, False))
        show(f"{mname} {name}(dim=1)", lambda: net(x, dim=1))
        show(f"{mname} {name}(0, True, initial=None)", lambda: net(x, 0, True, initial=None))
        show(f"{mname} {name}(axis=0)", lambda: net(x, axis=0))
        show(f"{mname} {name}(axis=0, return_indices=True)", lambda: net(x, axis=0, return_indices=True))
        show(f"{mname} {name}(1, True, return_indices=True)", lambda: net(x, 1, True, return_indices=True))
        show(f"{mname} {name}(0, False, initial=9, where=w, return_indices=False)",
             lambda: net(x, 0, False, initial=9, where=w, return_indices=False))
        show(f"{mname} {name}((0, 1), False, initial=9, where=w)",
             lambda: net(x, (0, 1), False, initial=9, where=w, return_indices=False))
        show(f"{mname} {name}(None, False, initial=None, where=True, return_indices=False)",
             lambda: net(x, None, False, initial=None, where=True, return_indices=False))
        show(f"{mname} {name}(axis=0, where=None)", lambda: net(x, axis=0, keepdims=False, initial=9, where=None, return_indices=False))
        show(f"{mname} {name}(axis=0, initial=Tensor)", lambda: net(x, axis=0, keepdims=False, initial=w, where=w, return_indices=False))
        show(f"{mname} {name}(axis=0, return_indices=1)", lambda: net(x, axis=0, keepdims=False, initial=9, where=w, return_indices=1))
        show(f"{mname} {name}(axis=None, return_indices=True)", lambda: net(x, axis=None, return_indices=True))
    for ax in (0, None):
        for kd in (True, False):
            show(f"{mname} aminmax(0-d, axis={ax}, keepdims={kd})", lambda: Amm(ax)(Tensor(np.array(32), ms.float32), kd))
            show(f"{mname} aminmax(1-d, axis={ax}, keepdims={kd})", lambda: Amm(ax)(Tensor(np.array([3., 1., 2.]), ms.float32), kd))
            show(f"{mname} aminmax(2-d, axis={ax}, keepdims={kd})", lambda: Amm(ax)(x, kd))
    show(f"{mname} aminmax(0-d, axis=-1, keepdims=True)", lambda: Amm(-1)(Tensor(np.array(32), ms.float32), True))
    show(f"{mname} aminmax(0-d, axis=1, keepdims=True)", lambda: Amm(1)(Tensor(np.array(32), ms.float32), True))
    # (an axis out of range names ArgMinWithValue or ArgMaxWithValue, whichever of MindSpore's
    # two kernels checks first, from run to run)
    show(f"{mname} aminmax(1-d, axis=1, keepdims=True)", lambda: Amm(1)(Tensor(np.array([3., 1., 2.]), ms.float32), True))

# PyNative's gradient functions keep PyNative's choice; a `jit` function is graph mode's
ms.set_context(mode=ms.PYNATIVE_MODE)


def max_in_grad(x):
    out = x.max(0)
    print(f"pynative grad: max(0) is a tuple -> {isinstance(out, tuple)}")
    return (out[0] if isinstance(out, tuple) else out).sum()


show("pynative grad of max(0)[0].sum()", lambda: ops.grad(max_in_grad)(x))


@ms.jit
def max_in_jit(x):
    return x.max(0)


show("pynative jit max(0)", lambda: max_in_jit(x))
