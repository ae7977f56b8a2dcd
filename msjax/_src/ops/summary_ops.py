"""`ops.ScalarSummary`: a value recorded from inside a network for the next
`SummaryRecord.record` (MindSpore's summary operators).

A call buffers `(name, value)` and returns None; `SummaryRecord.record(step)` takes what the
buffer holds and writes it (train/summary.py), checking the names there, as MindSpore does. In a
compiled call the value is handed to the buffer when the program runs (`jax.debug.callback`).
"""
from __future__ import annotations

import jax
import numpy as np

from msjax._src.core.tensor import Tensor
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.registry import primitive

# (summary kind, name, value as a NumPy array) for the next SummaryRecord.record
PENDING: list = []


def _scalar_summary(name, value):
    data = value._data if isinstance(value, Tensor) else value
    if isinstance(data, jax.core.Tracer):
        jax.debug.callback(lambda v: PENDING.append(("Scalar", name, np.asarray(v))), data)
    else:
        PENDING.append(("Scalar", name, np.asarray(data)))


def take_pending() -> list:
    """The buffered summaries, emptying the buffer."""
    taken = list(PENDING)
    PENDING.clear()
    return taken


ScalarSummary = primitive("ScalarSummary", _scalar_summary, display=shown.with_attrs(
    side_effect_io=True, channel_name="ms_scalar_summary", dyn_input_sizes=[-1, 1]))
