"""State functionalisation: the one place where mutable Parameters meet pure JAX functions.

A *box* is an object whose current array lives in its `_value` slot: every `Parameter`, and the
global RNG key. JAX transforms are pure, so each msjax transform

1. *collects* the boxes a call can touch (`collect_parameters` from Cells and arguments, plus the
   free-variable boxes a first trace reads, recorded by `recording_reads`);
2. *swaps* their values for the transform's inputs, runs the user's Python and reads the final
   values (`run_with_values`), always restoring what was there before;
3. *writes back* the final values only when the whole call succeeded (`write_back`).

Eager code gets the same guarantee from `transaction`: the outermost Cell call journals the old
value of every box written during the call and restores them all if the call raises, so a
failed training step leaves every Parameter and optimizer state as it was.
"""
from __future__ import annotations

import contextlib

# Active read recorders, innermost last: dicts id(box) -> box, in first-read order.
_readers: list[dict] = []
# Active write journals, outermost first: dicts id(box) -> (box, value before the first write).
_journals: list[dict] = []


def note_read(box) -> None:
    """Called by a box on every read while a recorder is active."""
    for reader in _readers:
        reader.setdefault(id(box), box)


def note_write(box) -> None:
    """Called by a box before every write while a transaction is active."""
    journal = _journals[0]
    if id(box) not in journal:
        journal[id(box)] = (box, box._value)


def reading() -> bool:
    return bool(_readers)


def journaling() -> bool:
    return bool(_journals)


@contextlib.contextmanager
def recording_reads():
    """Record every box read inside the block; yields the (ordered) dict of boxes read."""
    reader: dict = {}
    _readers.append(reader)
    try:
        yield reader
    finally:
        _readers.remove(reader)


@contextlib.contextmanager
def transaction():
    """All-or-nothing writes for the outermost call: on an exception every box written inside
    the block gets back the value it had before; nested transactions join the outer one."""
    if _journals:
        yield
        return
    journal: dict = {}
    _journals.append(journal)
    try:
        yield
    except BaseException:
        for box, value in journal.values():
            box._value = value
        raise
    finally:
        _journals.pop()


def run_with_values(boxes, values, fn, *args, **kwargs):
    """Run `fn(*args, **kwargs)` with each box holding the matching value (possibly a tracer).

    Returns `(result, finals, strays)`: the boxes' final values, and `(box, final value)` for each
    box outside `boxes` that the call wrote (a free variable the caller did not know of).
    Whatever happens, every box, listed or stray, gets back the value it held before, so tracers
    never leak out of a transform and a failed call changes nothing.
    """
    saved = [box._value for box in boxes]
    for box, value in zip(boxes, values):
        box._value = value
    outer_journals = list(_journals)
    journal: dict = {}
    _journals[:] = [journal]  # writes inside are this call's business, recorded here
    try:
        result = fn(*args, **kwargs)
        finals = [box._value for box in boxes]
        listed = {id(box) for box in boxes}
        strays = [(box, box._value) for key, (box, _) in journal.items() if key not in listed]
    finally:
        _journals[:] = outer_journals
        for box, before in journal.values():
            box._value = before
        for box, value in zip(boxes, saved):
            box._value = value
    return result, finals, strays


def write_back(boxes, values) -> None:
    """Store the final values of a successful call; journaled for an enclosing transaction."""
    for box, value in zip(boxes, values):
        if box._value is not value:
            if _journals:
                note_write(box)
            box._value = value


def current_values(boxes) -> list:
    return [box._value for box in boxes]


def collect_parameters(*roots) -> list:
    """The Parameters reachable from Cells, Parameters and containers in `roots`, deduplicated by
    identity, in a deterministic order (each Cell's `parameters_and_names` order)."""
    from msjax._src.parameter import Parameter
    from msjax._src.nn.cell import Cell
    found: dict = {}

    def visit(obj, depth=0):
        if isinstance(obj, Parameter):
            found.setdefault(id(obj), obj)
        elif isinstance(obj, Cell):
            for _, param in obj.parameters_and_names():
                found.setdefault(id(param), param)
        elif isinstance(obj, (tuple, list)) and depth < 4:
            for item in obj:
                visit(item, depth + 1)
        elif hasattr(type(obj), "_state_roots") and depth < 4:  # e.g. grad's function
            for item in obj._state_roots():
                visit(item, depth + 1)
        elif isinstance(obj, dict) and depth < 4:
            for item in obj.values():
                visit(item, depth + 1)

    for root in roots:
        visit(root)
    return list(found.values())
