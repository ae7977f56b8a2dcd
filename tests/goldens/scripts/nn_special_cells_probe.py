"""MindSpore 2.10's nn.DiGamma, nn.IGamma, nn.LGamma, nn.LBeta and nn.TimeDistributed (found
missing by tools/docstring_conformance.py): values (to 5 significant digits: MindSpore's Cells
compose their own series, msjax uses XLA's functions) and TimeDistributed's shapes and values
with a Dense of fixed weights, step by step and merged with another axis.

Prints `label -> result` lines; tests/nn/test_special_cells.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/nn_special_cells_probe.py \\
        | grep -- " -> " > tests/goldens/nn/nn_special_cells_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn


def desc(v):
    if isinstance(v, Tensor):
        values = v.asnumpy().astype(np.float64)
        return f"T[{list(v.shape)},{v.dtype}]=" + str([float(f"{x:.5g}") for x in values.reshape(-1)])
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0].rstrip()}"
    print(f"{label} -> {result}")


x = Tensor(np.array([0.5, 1.5, 2.0, 7.25, 30.0], np.float32))
y = Tensor(np.array([1.0, 0.25, 3.0, 2.5, 4.0], np.float32))
show("DiGamma", lambda: nn.DiGamma()(x))
show("LGamma", lambda: nn.LGamma()(x))
show("IGamma", lambda: nn.IGamma()(x, y))
show("LBeta", lambda: nn.LBeta()(x, y))
steps = Tensor(np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4) / 10)
dense = nn.Dense(4, 2, weight_init="ones", bias_init="zeros")
show("TimeDistributed step by step", lambda: nn.TimeDistributed(dense, time_axis=1)(steps))
show("TimeDistributed merged", lambda: nn.TimeDistributed(dense, time_axis=1, reshape_with_axis=0)(steps))
show("TimeDistributed time first", lambda: nn.TimeDistributed(dense, time_axis=0, reshape_with_axis=1)(steps))
show("TimeDistributed not a Cell", lambda: nn.TimeDistributed(3, time_axis=1))
