"""Integer inputs under differentiation, and the ops that read them as indices.

MindSpore differentiates an integer input and returns an integer gradient (3 for `x * w` at
an Int32 `x`, its graph-mode tutorial's ForwardNet); JAX gives integers no tangent, so msjax's
grad engine (transforms/grad.py) hands the function a Float32 copy of such an input. An op that
reads the input as an index (`IndexAdd`'s `indices`, the index of a gather) needs it back as
the integer it is; MindSpore's gradient of an index is zero, which is what an integer's
conversion gives. The engine records each copy here, for the duration of its call, and an op
that takes indices reads them through `as_index`. A compiled call (a GRAPH_MODE Cell) passes the
record on: a recorded copy is part of its cache key, and its trace's tracer is recorded too.
"""
from __future__ import annotations

import contextlib
import contextvars

import numpy as np

# id(float copy) -> (the copy, its integer dtype); the copy is kept so that its id stays its own
_COPIES: contextvars.ContextVar[dict] = contextvars.ContextVar("integer_input_copies",
                                                               default={})


@contextlib.contextmanager
def differentiated_as_float(copies):
    """Record `copies`, pairs (Float32 array standing for an integer input, its dtype), while
    the function under differentiation runs."""
    recorded = dict(_COPIES.get())
    recorded.update((id(array), (array, np.dtype(dtype))) for array, dtype in copies)
    token = _COPIES.set(recorded)
    try:
        yield
    finally:
        _COPIES.reset(token)


def recording() -> bool:
    """Whether a differentiated function runs with integer inputs' copies recorded."""
    return bool(_COPIES.get())


def carry(array, dtype) -> None:
    """Record `array` (the tracer a compiled program's trace gives for a recorded copy,
    `lifting.rebuild_args`) as standing for `dtype` too, for the rest of the recording call."""
    copies = _COPIES.get()
    if copies:  # (never the shared empty default)
        copies[id(array)] = (array, np.dtype(dtype))


def integer_dtype(array):
    """The integer dtype `array` stands for, where it is the Float32 copy of a differentiated
    integer input; None otherwise."""
    entry = _COPIES.get().get(id(array))
    return entry[1] if entry is not None and entry[0] is array else None


def as_index(array):
    """`array` as an op reads its indices: a differentiated integer input's Float32 copy as the
    integer it stands for (its gradient through the index is zero, as MindSpore's is); anything
    else unchanged."""
    dtype = integer_dtype(array)
    return array if dtype is None else array.astype(dtype)


# The ops that move or repeat their input's elements without computing new values: reshaped,
# tiled, transposed or broadcast, a copy still stands for the integers it was (an index built
# as `indices.reshape(2, 1)` is read as integers too).
REARRANGING = frozenset((
    "reshape", "tile", "transpose", "permute", "expand_dims", "unsqueeze", "squeeze", "flatten",
    "broadcast_to", "view", "swapaxes", "moveaxis", "movedim", "repeat_elements",
    "repeat_interleave", "flip", "narrow", "t", "getitem"))


def carried(name, array, result):
    """`result` of the rearranging op `name` on `array`, recorded as the integer copy `array`
    is, where `array` is one (the caller checks `recording()` first); `result` itself."""
    dtype = integer_dtype(array) if name in REARRANGING else None
    if dtype is not None and getattr(result, "dtype", None) == array.dtype:
        carry(result, dtype)
    return result
