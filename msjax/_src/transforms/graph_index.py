"""`sequence[i]` in a compiled function, with MindSpore's graph-mode errors.

The control-flow rewrite (control_flow_rewrite.py `visit_Subscript`) turns each subscript read
of converted code into `getitem(obj, index)`. An integer index out of a tuple's, list's or
string's range raises what MindSpore's graph compiler raises (its TupleGetItem, list_getitem and
string evaluators), not Python's `tuple index out of range`; a sequence of Cells indexed by a traced
Tensor is graph mode's switch_layer (switch_layer.py); anything else is `obj[index]`.
"""
from __future__ import annotations

import jax

from msjax._src.core.tensor import Tensor


def _is_traced(data) -> bool:
    return isinstance(data, jax.core.Tracer)


def getitem(obj, index):
    """`obj[index]` in a compiled function (see the module's doc)."""
    kind = type(obj)
    if (kind is tuple or kind is list or kind is str) and type(index) is int:
        size = len(obj)
        if not -size <= index < size:
            raise out_of_range(kind, size, index)
    elif isinstance(index, Tensor) and _is_traced(index._data) and TRACED_INDEX[0] is not None:
        switched = TRACED_INDEX[0](obj, index)  # graph mode's switch_layer
        if switched is not None:
            return switched
    return obj[index]


#: `(sequence, traced index) -> the switched layers, or None`: installed by switch_layer.py
#: (which builds on control_flow, which imports this module).
TRACED_INDEX = [None]


def out_of_range(kind, size, index) -> Exception:
    """MindSpore's error for `index` out of a `kind` sequence of `size` items."""
    if kind is str:
        return RuntimeError(f"String index out of range, expect:[{-size}, {size - 1}], "
                            f"but got {index}.")
    name = "TupleGetItem" if kind is tuple else "list_getitem"
    return IndexError(f"{name} evaluator index should be in range[{-size}, {size}), "
                      f"but got {index}.")
