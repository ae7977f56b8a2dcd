"""`mindspore.ops.add_flags`: flags for MindSpore's graph compiler, attached to a function or Cell.

MindSpore's compiler reads `_func_graph_flags` (`has_effect`, `defer_inline`, ...) from what it
compiles. msjax compiles with XLA, which reads none of them: the decorator attaches them exactly
as MindSpore does, so code that sets or inspects them runs unchanged.
"""
from __future__ import annotations


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
    """`mindspore.ops.composite.base.core(fn=None, **flags)`: `add_flags` with `core=True` added
    (MindSpore marks its compiler's core functions so), on `fn` or as a decorator.

    Example:
        >>> @core(loop_can_uroll=True)
        ... def inner(x):
        ...     return x
        >>> inner._func_graph_flags
        {'core': True, 'loop_can_uroll': True}
    """
    return add_flags(fn, core=True, **flags)
