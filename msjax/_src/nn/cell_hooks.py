"""A Cell's forward hooks: `register_forward_pre_hook` and `register_forward_hook` with
MindSpore's options (`prepend`, `with_kwargs`, `always_call`), and running them around
`construct`.

A hook table is an ordered dict `id -> hook function`; the options of each hook are kept in
side tables of ids (`_forward_pre_hook_with_kwargs`, `_forward_hook_with_kwargs`,
`_forward_hook_always_called`) that the hook's handle clears with it, as MindSpore's do.
"""
from __future__ import annotations

import itertools
import warnings
from collections import OrderedDict

from msjax._src.transforms.jit import JitFunction

_HOOK_IDS = itertools.count(1)


class HookHandle:
    """`mindspore.common.hook_handle.HookHandle`: what a `register_*_hook` returns;
    `remove()` unregisters the hook (and its options). A handle of nothing removes nothing."""

    def __init__(self, table=None, extra_tables=()):
        self._tables = () if table is None else (table, *extra_tables)
        self.handle_id = next(_HOOK_IDS) if table is not None else None

    def remove(self):
        for table in self._tables:
            table.pop(self.handle_id, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


def check_hook_fn(hook_fn):
    """MindSpore's check of a hook: callable, and not a `@jit` function."""
    if not callable(hook_fn):
        raise TypeError(f"Expected a callable hook function, but got {type(hook_fn).__name__}.")
    if isinstance(hook_fn, JitFunction):
        name = getattr(hook_fn, "__name__", type(hook_fn).__name__)
        raise TypeError(f"Decorating hook function {name} with '@jit' is not supported.")


def register_hook(table, hook_fn, prepend=False, options=()) -> HookHandle:
    """Add `hook_fn` to `table` (first when `prepend`), its id to each of `options`."""
    handle = HookHandle(table, tuple(options))
    table[handle.handle_id] = hook_fn
    if prepend:
        table.move_to_end(handle.handle_id, last=False)
    for option in options:
        option[handle.handle_id] = True
    return handle


def side_table(cell, name) -> OrderedDict:
    """The Cell's option table `name`, made on first use."""
    return cell.__dict__.setdefault(name, OrderedDict())


def run_forward_pre_hooks(cell, args, kwargs):
    """The pre hooks in order: `hook(cell, args)` may return new args (one value is made a
    1-tuple); a `with_kwargs` one, `hook(cell, args, kwargs)`, returns `(args, kwargs)`."""
    with_kwargs = cell.__dict__.get("_forward_pre_hook_with_kwargs", ())
    for hook_id, hook in list(cell._forward_pre_hooks.items()):
        if hook_id in with_kwargs:
            result = hook(cell, args, kwargs)
            if result is not None:
                if not (isinstance(result, tuple) and len(result) == 2):
                    raise RuntimeError("forward pre hook with kwargs must return None or a tuple "
                                       f"of (new_args, new_kwargs), but got {result}")
                args, kwargs = result
        else:
            result = hook(cell, args)
            if result is not None:
                args = result if isinstance(result, tuple) else (result,)
    return args, kwargs


def run_forward_hooks(cell, args, kwargs, output, called):
    """The forward hooks in order, each `hook(cell, args, output)` (or `hook(cell, args,
    kwargs, output)` with `with_kwargs`) and returning None or a new output; the ids of the
    `always_call` hooks run are added to `called`."""
    with_kwargs = cell.__dict__.get("_forward_hook_with_kwargs", ())
    always = cell.__dict__.get("_forward_hook_always_called", ())
    for hook_id, hook in list(cell._forward_hooks.items()):
        if hook_id in always:
            called.add(hook_id)
        result = (hook(cell, args, kwargs, output) if hook_id in with_kwargs
                  else hook(cell, args, output))
        if result is not None:
            output = result
    return output


def run_always_called_hooks(cell, args, kwargs, output, called):
    """After `construct` or a hook raised: the `always_call` forward hooks not run yet; an
    exception of theirs becomes a warning (the first error is the one raised)."""
    always = cell.__dict__.get("_forward_hook_always_called", ())
    with_kwargs = cell.__dict__.get("_forward_hook_with_kwargs", ())
    for hook_id, hook in list(cell._forward_hooks.items()):
        if hook_id not in always or hook_id in called:
            continue
        try:
            result = (hook(cell, args, kwargs, output) if hook_id in with_kwargs
                      else hook(cell, args, output))
            if result is not None:
                output = result
        except Exception as error:  # pylint: disable=broad-exception-caught
            warnings.warn("cell forward hook with ``always_call=True`` raised an exception that "
                          f"was silenced because another error was already raised in forward: "
                          f"{error}")
