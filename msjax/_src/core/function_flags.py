"""`mindspore.ops.add_flags`: flags for MindSpore's graph compiler, attached to a function or Cell.

MindSpore's compiler reads `_func_graph_flags` (`has_effect`, `defer_inline`, ...) from what it
compiles. msjax compiles with XLA, which reads none of them: the decorator attaches them exactly
as MindSpore does, so code that sets or inspects them runs unchanged.
"""
from __future__ import annotations

import inspect

from msjax._src.core import lifting


def add_flags(fn=None, **flags):
    """`mindspore.ops.add_flags(fn=None, **flags)`: update `fn._func_graph_flags` (a dict, made
    on first use) with `flags` and return `fn`; without `fn`, a decorator doing so.

    Example:
        >>> @add_flags(has_effect=True)
        ... def step(x):
        ...     return x
        >>> step._func_graph_flags
        {'has_effect': True}
    """

    def deco(target):
        flags_dict = getattr(target, "_func_graph_flags", None)
        if flags_dict is None:
            target._func_graph_flags = flags_dict = {}
        flags_dict.update(flags)
        return target

    return deco if fn is None else deco(fn)


def core(fn=None, **flags):
    """`mindspore.ops.composite.base.core(fn=None, **flags)`: mark `fn` a core graph of
    MindSpore's compiler: `fn._func_graph_flags` becomes `{'core': True, **flags}` (replacing any
    flags it had, as MindSpore's); without `fn`, a decorator doing so. msjax's compilation reads
    no flags."""

    def deco(target):
        target._func_graph_flags = {"core": True, **flags}
        return target

    return deco if fn is None else deco(fn)


def _no_recursive(callable_obj):
    """`mindspore.common.api._no_recursive(callable_obj)`: tell MindSpore's compiler to skip its
    check for recursive calls in a Cell class, a function or a method: sets the flag
    `no_recursive` (`add_flags`) and returns `callable_obj`. msjax's tracing makes no such check;
    the flag is kept for code that reads it. Anything else is MindSpore's TypeError."""
    if not (lifting.is_cell_class(callable_obj) or inspect.ismethod(callable_obj)
            or inspect.isfunction(callable_obj)):
        raise TypeError(f"Decorator no_recursive is used for callable object, but got "
                        f"{callable_obj}.")
    return add_flags(callable_obj, no_recursive=True)
