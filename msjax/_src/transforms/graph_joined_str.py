"""f-strings in a compiled function, as MindSpore's graph mode formats them (its `JoinedStr`).

The control-flow rewrite (control_flow_rewrite.py) turns each f-string of converted code into
`joined_str(site, part, ...)`: a literal part is a `str`, a formatted value a 1-tuple. MindSpore
ignores the conversions (`!r`) and format specs (`:.3f`) of an f-string in a compiled function.

- When a formatted value holds a traced Tensor (an argument, a Parameter, a value computed from
  them), MindSpore formats the whole string at run time: each value's `str`. msjax needs the
  value for that: the function runs eagerly (control_flow.fall_back), and the f-string's site is
  remembered as one of run-time values.
- Otherwise every value is a constant of the graph and MindSpore writes it as its C++ does: a
  Tensor made from constants as `Tensor(shape=[2], dtype=Int64, value=[1 2])`, a NumPy array as
  `PythonObject(type: <class 'numpy.ndarray'>, value: [1 2])`, a NumPy scalar as its number,
  `True` as `true`, a float as C's `%g` (`1/3` is `0.333333`), tuples and lists with their items
  so written (a string unquoted, a 1-tuple as `(2)`), a dict's keys quoted, an object of a
  user's class as `PythonObject(type: <class '...'>, value: str(obj))`.
"""
from __future__ import annotations

import jax
import numpy as np

from msjax._src.core.tensor import Tensor
from msjax._src.transforms.graph_fallback import NEEDS_VALUE, deferred_errors, tensor_text

# The sites of the f-strings found formatting a traced value: when the function then runs
# eagerly, they keep the run-time format.
_RUN_TIME_SITES: set = set()


def joined_str(site, *parts) -> str:
    """The text of an f-string of a compiled function (see the module's doc)."""
    if site not in _RUN_TIME_SITES and not any(
            _is_traced(part[0]) for part in parts if type(part) is tuple):
        return "".join(part if type(part) is str else constant_text(part[0]) for part in parts)
    deferred = deferred_errors()
    if deferred is None:  # eagerly, or a trace that has not folded its constants yet
        return _run_time_text(parts)
    # A trace folding constants: a value still traced is an input's (graph_fallback.py). The
    # trace goes on, to find the program's other run-time f-strings, then runs eagerly.
    _RUN_TIME_SITES.add(site)
    try:
        return _run_time_text(parts)
    except NEEDS_VALUE as error:
        deferred.append(error)
        return ""


def _run_time_text(parts) -> str:
    return "".join(part if type(part) is str else str(part[0]) for part in parts)


def _is_traced(value) -> bool:
    return any(isinstance(leaf, jax.core.Tracer) for leaf in jax.tree_util.tree_leaves(value))


def constant_text(value) -> str:
    """A constant of a compiled function as MindSpore's graph writes it in an f-string."""
    if isinstance(value, str):
        return value
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "%g" % value
    if isinstance(value, Tensor):
        return tensor_text(value._data)
    if isinstance(value, tuple):
        return "(" + ", ".join(map(constant_text, value)) + ")"
    if isinstance(value, list):
        return "[" + ", ".join(map(constant_text, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key!r}: {constant_text(item)}"
                               for key, item in value.items()) + "}"
    if isinstance(value, np.ndarray) or _user_object(value):
        return f"PythonObject(type: {type(value)}, value: {value})"
    return str(value)


def _user_object(value) -> bool:
    """An instance of a user's plain class (not a function, Cell or other callable, nor one of
    Python's, NumPy's or msjax's own types, which keep their `str`)."""
    module = type(value).__module__ or ""
    return (not callable(value) and not isinstance(value, type)
            and module.split(".")[0] not in ("builtins", "numpy", "msjax", "mindspore", "jax"))
