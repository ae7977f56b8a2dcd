"""`Cell.state_dict` / `Cell.load_state_dict`: MindSpore 2.10's PyTorch-style state dicts.

`state_dict` is an OrderedDict of each Cell's buffers and Parameters by dotted name (the
Parameters themselves, as in MindSpore). `load_state_dict` checks every key and shape first and
only then assigns, so a refused call leaves every Parameter and buffer as it was (MindSpore may
have assigned part of the dict before raising); its errors and its return value are MindSpore's.
"""
from __future__ import annotations

import collections
from collections import OrderedDict

import numpy as np

from msjax._src.core.tensor import Tensor


class _IncompatibleKeys(collections.namedtuple("_IncompatibleKeys",
                                               ["missing_keys", "unexpected_keys"])):
    """What `load_state_dict` did not match (MindSpore's and PyTorch's `_IncompatibleKeys`)."""

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


def _own_entries(member, dotted):
    """(dotted name, owning Cell, local name, value, is_parameter) of one Cell's Parameters,
    then its buffers."""
    for name, param in member._params.items():
        if param is not None:
            yield dotted + name, member, name, param, True
    for name, buffer in member._buffers.items():
        if buffer is not None and name not in member.__dict__.get("_non_persistent", ()):
            yield dotted + name, member, name, buffer, False


def _entries(cell, prefix):
    """Each Cell's entries (`_own_entries`), as MindSpore orders them."""
    for cell_name, member in cell.cells_and_names():
        yield from _own_entries(member, prefix + (cell_name + "." if cell_name else ""))


EXTRA_STATE_KEY = "_extra_state"


def has_extra_state(member) -> bool:
    """Whether the Cell's class defines `get_extra_state` (the base Cell's refuses the call)."""
    from_class = getattr(type(member), "get_extra_state", None)
    return from_class is not None and getattr(from_class, "__qualname__", "") != (
        "Cell.get_extra_state")


def _hooks(member, table):
    """The hooks `Cell.register_*state_dict*_hook` put in the Cell's table `table`."""
    return list(member.__dict__.get(table, {}).values())


def _cells(cell, prefix):
    """(Cell, its dotted prefix) of `cell` and its sub-Cells."""
    for cell_name, member in cell.cells_and_names():
        yield member, prefix + (cell_name + "." if cell_name else "")


def state_dict(cell, destination=None, prefix="", keep_vars=False):
    """The state dict; each Cell's pre hooks `hook(cell, prefix, keep_vars)` run before it is
    read and its hooks `hook(cell, state_dict, prefix, local_metadata)` after (the sub-Cells'
    first), as in MindSpore; a hook that returns a dict replaces the result."""
    destination = OrderedDict() if destination is None else destination
    cells = list(_cells(cell, prefix))
    for member, dotted in cells:
        for hook in _hooks(member, "_state_dict_pre_hooks"):
            hook(member, dotted, keep_vars)
    for member, dotted in cells:  # each Cell's entries, then its extra state (MindSpore's)
        for key, _, _, value, _ in _own_entries(member, dotted):
            destination[key] = value
        if has_extra_state(member):
            destination[dotted + EXTRA_STATE_KEY] = member.get_extra_state()
    for member, dotted in reversed(cells):
        for hook in _hooks(member, "_state_dict_hooks"):
            result = hook(member, destination, dotted, {})
            if result is not None:
                destination = result
    return destination


def _as_array(value):
    if isinstance(value, Tensor):
        return value.asnumpy()
    return np.asarray(value)


def load_state_dict(cell, state, strict=True):
    if not isinstance(state, collections.abc.Mapping):
        raise TypeError(f"Expected state_dict to be dict-like, got {type(state)}.")
    # pre hooks first: `hook(cell, state_dict, prefix, local_metadata, strict, missing_keys,
    # unexpected_keys, error_msgs)`, with `strict` True and the lists empty (MindSpore's); what
    # they add to the lists counts
    missing, unexpected, errors = [], [], []
    for member, dotted in _cells(cell, ""):
        for hook in _hooks(member, "_load_state_dict_pre_hooks"):
            hook(member, state, dotted, {}, True, missing, unexpected, errors)
    entries = {key: rest for key, *rest in _entries(cell, "")}
    extra = {dotted + EXTRA_STATE_KEY: member for member, dotted in _cells(cell, "")
             if has_extra_state(member)}
    missing += [k for k in [*entries, *extra] if k not in state]
    unexpected += [k for k in state if k not in entries and k not in extra]
    if strict and unexpected:
        errors.append("Unexpected key(s) in state_dict: "
                      + ", ".join(f'"{k}"' for k in unexpected) + ". ")
    if strict and missing:
        errors.append("Missing key(s) in state_dict: " + ", ".join(f'"{k}"' for k in missing)
                      + ". ")
    arrays = {}
    for key, (_, _, current, _) in entries.items():
        if key not in state:
            continue
        arrays[key] = _as_array(state[key])
        if tuple(arrays[key].shape) != tuple(current.shape):
            errors.append(f"size mismatch for {key}: copying a param with shape "
                          f"{tuple(arrays[key].shape)} from checkpoint, the shape in current "
                          f"model is {tuple(current.shape)}.")
    if errors:
        raise RuntimeError(f"Error(s) in loading state_dict for {type(cell).__name__}:\n\t"
                           + "\n\t".join(errors))
    for key, array in arrays.items():
        owner, name, current, is_parameter = entries[key]
        value = Tensor(array.astype(np.dtype(current.asnumpy().dtype)))
        if is_parameter:
            current.set_data(value)
        else:
            owner._buffers[name] = value
    for key, member in extra.items():
        if key in state:
            member.set_extra_state(state[key])
    incompatible = _IncompatibleKeys(missing, unexpected)
    for member, _ in _cells(cell, ""):
        for hook in _hooks(member, "_load_state_dict_post_hooks"):
            hook(member, incompatible)
    return incompatible
