"""`ops.ScalarSummary`, `ImageSummary`, `TensorSummary`, `HistogramSummary`: a value recorded
from inside a network for the next `SummaryRecord.record` (MindSpore's summary operators).

A call buffers `(kind, name, value)` and returns None; `SummaryRecord.record(step)` takes what the
buffer holds, checks it and writes it (train/summary.py). As in MindSpore:
- an eager call checks nothing: a bad name or value raises at the next `record`, in MindSpore's
  words (`For "ImageSummary", the name must be valid string, ...`);
- a traced call (GRAPH_MODE, `jit`) checks its name and the value's rank at once, with MindSpore's
  graph-compiler messages (`For primitive[ImageSummary], ...`); the value is handed to the
  buffer when the program runs (`jax.debug.callback`), and a value `record` then refuses is
  named after "SummaryRecord".
"""
from __future__ import annotations

import jax
import numpy as np

from msjax._src.core import state
from msjax._src.core.tensor import Tensor
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.registry import primitive

# (kind, name, value, who is named in record's errors) for the next SummaryRecord.record: the
# value a Tensor, a NumPy array (from a compiled program) or whatever an eager call was given.
PENDING: list = []

# kind -> (rank rule of the graph compiler, its message's words)
_GRAPH_RANK = {
    "Scalar": (lambda ndim: ndim <= 1, "less than or equal to 1"),
    "Image": (lambda ndim: ndim == 4, "equal to 4"),
    "Tensor": (lambda ndim: ndim >= 1, "greater than or equal to 1"),
    "Histogram": (lambda ndim: ndim >= 1, "greater than or equal to 1"),
}


def _graph_type_name(value) -> str:
    """How MindSpore's graph compiler names a constant's type in its messages."""
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "Bool"
    if isinstance(value, int):
        return "Int64"
    if isinstance(value, float):
        return "Float32"
    if isinstance(value, str):
        return "String"
    return type(value).__name__


def _check_in_graph(kind: str, name, value) -> None:
    """The graph compiler's checks of a summary operator's inputs."""
    prim = f"primitive[{kind}Summary]"
    if not isinstance(name, str):
        raise TypeError(f"For {prim}, the input argument[name] must be a type of {{String}}, but got "
                        f"{_graph_type_name(name)}.")
    if not name:
        raise ValueError(f"For {prim}, the input argument[name] cannot be an empty string.")
    if not isinstance(value, Tensor):
        raise TypeError(f"For {prim}, the input argument[value] must be a type of {{Tensor}}, but got "
                        f"{_graph_type_name(value)}.")
    rule, words = _GRAPH_RANK[kind]
    if not rule(value.ndim):
        raise ValueError(f"For {prim}, the v rank must be {words}, but got {value.ndim}.")


def _summary(kind: str):
    def record(name, value):
        if state.tracing_depth():
            _check_in_graph(kind, name, value)
            data = value._data
            if isinstance(data, jax.core.Tracer):
                jax.debug.callback(
                    lambda v: PENDING.append((kind, name, np.asarray(v), "SummaryRecord")), data)
            else:
                PENDING.append((kind, name, np.asarray(data), "SummaryRecord"))
        else:
            PENDING.append((kind, name, value, f"{kind}Summary"))

    record.__name__ = f"_{kind.lower()}_summary"
    return record


def take_pending() -> list:
    """The buffered summaries, emptying the buffer."""
    taken = list(PENDING)
    PENDING.clear()
    return taken


ScalarSummary = primitive("ScalarSummary", _summary("Scalar"), display=shown.with_attrs(
    side_effect_io=True, channel_name="ms_scalar_summary", dyn_input_sizes=[-1, 1]))
ImageSummary = primitive("ImageSummary", _summary("Image"), display=shown.with_attrs(
    side_effect_io=True, channel_name="ms_image_summary", dyn_input_sizes=[-1, 1]))
TensorSummary = primitive("TensorSummary", _summary("Tensor"), display=shown.with_attrs(
    side_effect_io=True, channel_name="ms_tensor_summary"))
HistogramSummary = primitive("HistogramSummary", _summary("Histogram"), display=shown.with_attrs(
    side_effect_io=True, channel_name="ms_histogram_summary", dyn_input_sizes=[-1, 1]))
