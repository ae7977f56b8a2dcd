"""`sequence[i]` in a compiled function, with MindSpore's graph-mode errors.

The control-flow rewrite (control_flow_rewrite.py `visit_Subscript`) turns each subscript read
of converted code into `getitem(obj, index)`. An integer index out of a tuple's, list's or
string's range raises what MindSpore's graph compiler raises (its TupleGetItem, list_getitem and
string evaluators), not Python's `tuple index out of range`; a sequence of Cells indexed by a traced
Tensor is graph mode's switch_layer (switch_layer.py); anything else is `obj[index]`.

Assignments `name[i] = v` and `name[a:b] = v` of converted code are `name = setitem(name, i, v)`
and `name = setitem_slice(name, a, b, step, v)`: MindSpore's graph makes a list assigned at a
variable (`mutable`) index a list of variables, and one assigned a slice with a variable bound,
or a dynamic-length one, a dynamic-length list, with its errors for mixed element types.
"""
from __future__ import annotations

import jax

from msjax._src.core.state import tracing_depth
from msjax._src.core.tensor import Tensor
from msjax._src.ops.graph_values import (_List, _abstract, _is_dynamic_length,
                                         _mixed_dynamic_length, _same_abstract, _variable,
                                         mutable)


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


# -- `sequence[i] = v`, `sequence[a:b] = v` ----------------------------------------------------
def _is_variable(value) -> bool:
    """Whether `value` is a variable (`mutable`) int of the graph."""
    return isinstance(value, int) and getattr(value, "__ms_mutable__", False)


def setitem(obj, index, value):
    """`obj[index] = value` in converted code, `obj` afterwards (the rewrite rebinds the name to
    it). Inside a compiled function a constant-length list assigned at a variable (`mutable`)
    index holds variables afterwards (`ops.isconstant(a[0])` is False), once MindSpore's checks
    pass: all its items and `value` of one abstract (its list_setitem TypeErrors). Anything else
    is Python's statement, in place."""
    if (type(obj) is list or (type(obj) is _List and not _is_dynamic_length(obj))) \
            and _is_variable(index) and tracing_depth():
        _check_variable_index(obj, value)
        obj[int(index)] = value
        obj[:] = [_variable(item) for item in obj]
        return obj
    obj[index] = value
    return obj


def _check_variable_index(obj, value):
    prefix = ("For list_setitem, when the index is variable and the queue is constant length, "
              "the ")
    for position, item in enumerate(obj[1:], 1):
        if not _same_abstract(obj[0], item):
            raise TypeError(f"{prefix}sequence[0] item abstract '{_abstract(obj[0], False)}' is "
                            f"not same with the sequence[{position}] item abstract "
                            f"'{_abstract(item, False)}'.")
    if obj and not _same_abstract(obj[0], value):
        raise TypeError(f"{prefix}element within constant length sequence abstract "
                        f"'{_abstract(obj[0], False)}' is not same with the target element "
                        f"abstract '{_abstract(value, False)}'.")


def setitem_slice(obj, lower, upper, step, value):
    """`obj[lower:upper:step] = value` in converted code, `obj` afterwards. Inside a compiled
    function a list assigned a slice with a variable bound, or a dynamic-length list, or one
    assigned a dynamic-length list, becomes a dynamic-length list (a new one, the name rebound:
    MindSpore's SequenceSliceSetItem), after MindSpore's checks: each of the two lists of one
    element type (its ValueError), and their elements of one abstract (its TypeError)."""
    dynamic = (_is_variable(lower) or _is_variable(upper) or _is_variable(step)
               or _is_dynamic_length(obj) or _is_dynamic_length(value))
    if not (isinstance(obj, list) and isinstance(value, (list, tuple)) and dynamic
            and tracing_depth()):
        obj[lower:upper:step] = value
        return obj
    _mixed_dynamic_length(obj, detail=True)
    _mixed_dynamic_length(value, detail=True)
    if obj and value and not _same_abstract(obj[0], value[0]):
        raise TypeError("For SequenceSliceSetItem, the element within origin sequence abstract "
                        f"'{_abstract(obj[0], True)}' is not same with the element within "
                        f"target sequence abstract '{_abstract(value[0], True)}'.")
    items = list(obj)
    items[slice(*(None if b is None else int(b) for b in (lower, upper, step)))] = list(value)
    return mutable(items, True)

