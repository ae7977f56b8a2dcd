"""MindSpore 2.10's vmap errors for a call with nothing to map over and for `out_axes` that are
all None (a tuple of them), and the arguments with defaults a vmapped call may leave out, printed `label -> RESULT`; tests/transforms/test_vmap_axes.py runs
it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/vmap_axes_probe.py \
        | grep -- " -> " > tests/goldens/transforms/vmap_axes_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor, vmap


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


class NoInput(nn.Cell):
    def construct(self):
        return ops.ones((2,), ms.float32)


class TwoOutputs(nn.Cell):
    def construct(self, x, y):
        return x + y, x * y


x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
show("no input", lambda: vmap(NoInput())())
show("out_axes all None", lambda: vmap(TwoOutputs(), in_axes=(0, 0), out_axes=(None, None))(x, x))
show("out_axes nested None", lambda: vmap(TwoOutputs(), in_axes=(0, 0),
                                          out_axes=(None, (None, None)))(x, x))
show("out_axes one None", lambda: vmap(TwoOutputs(), in_axes=(0, 0), out_axes=(None, 0))(x, x))
show("out_axes fine", lambda: [o.shape for o in vmap(TwoOutputs(), in_axes=(0, 0),
                                                      out_axes=(1, 0))(x, x)])


def scaled_sum(a, b, scale=2):
    return (a + b) * scale


def three(a, b, c):
    return a + b + c


show("default left out", lambda: vmap(scaled_sum, (0, 0))(x, x).asnumpy().tolist())
show("default given", lambda: vmap(scaled_sum, (0, 0, None))(x, x, 3).asnumpy().tolist())
show("one too few", lambda: vmap(three, (0, 0, None))(x, x))
