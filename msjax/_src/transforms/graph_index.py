"""`sequence[i]` in a compiled function, with MindSpore's graph-mode errors.

The control-flow rewrite (control_flow_rewrite.py `visit_Subscript`) turns each subscript read
of converted code into `getitem(obj, index)`. An integer index out of a tuple's, list's or
string's range raises what MindSpore's graph compiler raises (its TupleGetItem, list_getitem and
string evaluators), not Python's `tuple index out of range`; anything else is `obj[index]`.
"""
from __future__ import annotations


def getitem(obj, index):
    """`obj[index]` in a compiled function (see the module's doc)."""
    kind = type(obj)
    if (kind is tuple or kind is list or kind is str) and type(index) is int:
        size = len(obj)
        if not -size <= index < size:
            raise out_of_range(kind, size, index)
    return obj[index]


def out_of_range(kind, size, index) -> Exception:
    """MindSpore's error for `index` out of a `kind` sequence of `size` items."""
    if kind is str:
        return RuntimeError(f"String index out of range, expect:[{-size}, {size - 1}], "
                            f"but got {index}.")
    name = "TupleGetItem" if kind is tuple else "list_getitem"
    return IndexError(f"{name} evaluator index should be in range[{-size}, {size}), "
                      f"but got {index}.")
