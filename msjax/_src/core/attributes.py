"""Attribute writes inside a compiled function: carried from one call to the next, as in MindSpore.

In GRAPH_MODE (and under `mindspore.jit`), MindSpore keeps what a compiled method assigns to an
attribute (`self.a = self.a + 1`, `self.p = self.p + x`, `obj.n = ...` on an object it closes
over): after the call the object holds the new value, and the next call reads it. A compiled
program is traced once, so msjax carries such writes as the program's state (docs/
architecture.md, "State: the lifting layer"):

- **recording**: while a compiled program is traced, `recording()` notes every attribute write:
  a Cell reports its own (`note_write`, from `Cell.__setattr__`; a Cell built during the trace
  reports its creation, `note_created`, and its writes are its own), and the other objects the
  function can reach (its owner, the objects among its arguments, those it closes over or names
  as globals, those a Cell holds: `holders`) are compared with a snapshot of their attributes.
  When the trace ends every recorded attribute is put back as it was, so a trace (or a failed
  call) changes no object; the program writes the new values back after a call that succeeded.
- **a Tensor attribute** written by the trace becomes a box of the program (`AttributeBox`): an
  input and an output, like a Parameter or a buffer, whose value is read from the object when
  the program runs and written back to it after. While the program is traced the attribute holds
  the traced input (`swapped_in`), so the code reads it as it reads any attribute.
- **any other attribute** written (an int, a float, a tuple, a string, None, a new attribute) is
  an output of the program: its final value (the traced arrays as outputs, Python values kept
  with the program) is set on the object after each call; its value before the call is part of
  what selects the program (`guard_key`): a call that finds another value runs (traces) the
  program of that value, as MindSpore compiles a graph per value of a constant.

- **a list attribute changed in place** (`self.z[0] = x`, `self.z.append(v)`, on a list the
  user's Cell or object holds, nested lists too): the graph works on the list's values, the
  object keeps its list as it was (MindSpore's graph mode holds such a list as a constant). Its
  contents are put back when the trace ends (`Recording.finish`), so no traced value is left in
  the user's list.

Only compiled programs record (`transforms/compiled.py`); eager code (PyNative) is plain Python.
"""
from __future__ import annotations

import contextvars
import types
import weakref

import jax

from msjax._src.core import state
from msjax._src.core.parameter import Parameter
from msjax._src.core.state import STATIC_TYPES
from msjax._src.core.tensor import Tensor, _wrap

MISSING = object()  # an attribute the object did not have
TENSOR_KIND = ("Tensor",)  # the guard key of any Tensor value: its shape is the program's input


class AttributeBox:
    """A Tensor attribute `obj.name` that a compiled program writes, as one of its state boxes:
    `_value` is the Tensor's array, read from the object and written back to it (a Tensor)."""

    __slots__ = ("obj", "attribute", "__weakref__")

    def __init__(self, obj, attribute):
        self.obj, self.attribute = obj, attribute

    @property
    def name(self) -> str:
        return f"{type(self.obj).__name__}.{self.attribute}"

    @property
    def _value(self):
        value = self.obj.__dict__.get(self.attribute)
        if not isinstance(value, Tensor):
            raise TypeError(f"msjax: the attribute '{self.attribute}' of {type(self.obj).__name__} "
                            f"that a compiled call writes holds {type(value).__name__}, not the "
                            "Tensor it held when the program was compiled.")
        return value._data

    @_value.setter
    def _value(self, array):
        setattr(self.obj, self.attribute, _wrap(array))

    def __repr__(self):
        return f"AttributeBox({self.name})"


# One box per attribute, so that nested programs writing it meet in the same frame entry.
_BOXES: weakref.WeakValueDictionary = weakref.WeakValueDictionary()


def attribute_box(obj, name) -> AttributeBox:
    """The box of the attribute `obj.name` (the same box for every program)."""
    key = (id(obj), name)
    box = _BOXES.get(key)
    if box is None or box.obj is not obj:
        box = _BOXES[key] = AttributeBox(obj, name)
    return box


def guard_key(value):
    """What of an attribute's value selects a program: a Python constant's type and value, any
    Tensor the same (its shape and dtype are the program's input), another object's type (a
    dict or an object the call assigns anew each time must not select a new program each time;
    what the trace read of it stays as traced, as any attribute a compiled call reads)."""
    kind = type(value)
    if value is MISSING:
        return MISSING
    if kind in STATIC_TYPES:
        return (kind, value)
    if kind is tuple or kind is list:
        return (kind, tuple(guard_key(v) for v in value))
    if isinstance(value, Tensor) and not isinstance(value, Parameter):
        return TENSOR_KIND
    return ("object", kind)


def current_keys(guard) -> tuple:
    """The guard keys of the guarded attributes' values now (`guard`: (obj, name, key) rows)."""
    return tuple(guard_key(obj.__dict__.get(name, MISSING)) for obj, name, _ in guard)


# -- recording ------------------------------------------------------------------------------
class Recording:
    """The attribute writes of one trace: `(obj, name) -> value before` in first-write order."""

    __slots__ = ("writes", "created", "snapshots", "skip", "lists")

    def __init__(self, holders, skip, list_holders=()):
        self.writes: dict = {}
        self.created: set = set()
        self.skip = skip  # ids of (obj, name) the trace carries as boxes: not recorded
        self.snapshots = [(obj, dict(obj.__dict__)) for obj in holders]
        self.lists = _list_contents(list_holders)

    def note(self, obj, name) -> None:
        key = (id(obj), name)
        if key in self.writes or key in self.skip or id(obj) in self.created:
            return
        self.writes[key] = (obj, name, obj.__dict__.get(name, MISSING))

    def finish(self) -> list:
        """`(obj, name, before, final)` per attribute written, each put back as it was (and
        each list attribute's contents)."""
        for held, contents in self.lists:
            held[:] = contents
        for obj, before in self.snapshots:
            now = obj.__dict__
            for name, value in list(now.items()):
                if before.get(name, MISSING) is not value:
                    self.note_before(obj, name, before.get(name, MISSING))
            for name in before:
                if name not in now:
                    self.note_before(obj, name, before[name])
        written = []
        for obj, name, before in self.writes.values():
            final = obj.__dict__.get(name, MISSING)
            if final is before:
                continue
            put_back(obj, name, before)
            written.append((obj, name, before, final))
        return written

    def detached(self, value):
        """`value` (a trace's result) with each list attribute in it (`lists`) a copy, so that
        putting the lists back leaves the result as the trace made it."""
        kind = type(value)
        if kind is list or kind is tuple:
            items = [self.detached(v) for v in value]
            if kind is list and any(held is value for held, _ in self.lists):
                return items
            return value if all(a is b for a, b in zip(items, value)) else kind(items)
        if kind is dict:
            items = {k: self.detached(v) for k, v in value.items()}
            return value if all(items[k] is v for k, v in value.items()) else items
        return value

    def note_before(self, obj, name, before) -> None:
        key = (id(obj), name)
        if key not in self.writes and key not in self.skip:
            self.writes[key] = (obj, name, before)


def _list_contents(objects) -> list:
    """`(list, copy of its items)` for each list attribute of `objects` and each list nested in
    one (the lists a trace may change in place)."""
    found: dict = {}
    pending = [v for obj in objects for v in obj.__dict__.values() if type(v) is list]
    while pending:
        held = pending.pop()
        if id(held) not in found:
            found[id(held)] = (held, list(held))
            pending.extend(v for v in held if type(v) is list)
    return list(found.values())


def put_back(obj, name, value) -> None:
    """`obj.name` as it was (`MISSING`: absent), without the object's own `__setattr__`."""
    if value is MISSING:
        obj.__dict__.pop(name, None)
    else:
        obj.__dict__[name] = value


_RECORDING: contextvars.ContextVar = contextvars.ContextVar("msjax_attribute_writes",
                                                            default=None)


def note_write(obj, name) -> None:
    """`obj.name` is about to be assigned (a Cell's `__setattr__`): recorded in a trace."""
    recording = _RECORDING.get()
    if recording is not None:
        recording.note(obj, name)


def note_created(obj) -> None:
    """`obj` is being created: its attribute writes in this trace are its own."""
    recording = _RECORDING.get()
    if recording is not None:
        recording.created.add(id(obj))


class recording:
    """Within the block, attribute writes are recorded (`Recording`); `written` then lists them
    (`Recording.finish`), each attribute put back as it was."""

    __slots__ = ("record", "token", "written")

    def __init__(self, holders=(), skip=(), list_holders=()):
        self.record = Recording(holders, skip, list_holders)
        self.written = []

    def __enter__(self):
        self.token = _RECORDING.set(self.record)
        return self

    def __exit__(self, *exc):
        _RECORDING.reset(self.token)
        self.written = self.record.finish()
        return False


# -- the objects whose attributes a function can write --------------------------------------
_NOT_HOLDERS = (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType,
                types.MethodType, Tensor, jax.Array)


# Objects of these packages' classes keep their own state (msjax's compiled functions cache
# programs in attributes, for one): only the user's objects are watched.
_LIBRARY_PACKAGES = frozenset(("builtins", "functools", "msjax", "mindspore", "jax", "jaxlib",
                               "numpy", "logging", "typing", "collections", "types"))


def is_holder(obj) -> bool:
    """Whether `obj` is an object of a user's class whose attributes a compiled call can write."""
    return (hasattr(obj, "__dict__") and not isinstance(obj, _NOT_HOLDERS)
            and (type(obj).__module__ or "").partition(".")[0] not in _LIBRARY_PACKAGES)


def holders(roots) -> list:
    """The objects of `roots` whose attributes a call may write, with the objects Cells among
    them hold (`_attribute_holders()`, the protocol a Cell implements), deduplicated."""
    found: dict = {}
    for root in roots:
        own = getattr(type(root), "_attribute_holders", None)
        if own is not None:  # a Cell: its own attributes it reports itself (note_write)
            for obj in own(root):
                found.setdefault(id(obj), obj)
        elif is_holder(root):
            found.setdefault(id(root), root)
    return list(found.values())


def _users(obj) -> bool:
    return (type(obj).__module__ or "").partition(".")[0] not in _LIBRARY_PACKAGES


def list_holders(roots) -> list:
    """The objects whose list attributes a trace from `roots` must leave as they were: the
    user's Cells among `roots` with their sub-Cells, and the `holders`."""
    found: dict = {}
    for root in roots:
        if getattr(type(root), "_attribute_holders", None) is not None:  # a Cell
            for _, cell in root.cells_and_names():
                if _users(cell):
                    found.setdefault(id(cell), cell)
    for obj in holders(roots):
        found.setdefault(id(obj), obj)
    return list(found.values())


def captured(fn) -> list:
    """The objects `fn` closes over or names as globals (the owner of a bound method first)."""
    owner = getattr(fn, "__self__", None)
    fn = getattr(fn, "__func__", fn)
    found = [] if owner is None else [owner]
    found += [cell.cell_contents for cell in getattr(fn, "__closure__", None) or ()
              if _filled(cell)]
    code, namespace = getattr(fn, "__code__", None), getattr(fn, "__globals__", None)
    if code is not None and namespace is not None:
        found += [namespace[n] for n in code.co_names if n in namespace]
    return found


def _filled(cell) -> bool:
    try:
        cell.cell_contents
    except ValueError:  # a free variable not assigned yet
        return False
    return True


# -- swapping a box's traced value in ------------------------------------------------------------
def swapped_in(boxes, read):
    """Put each AttributeBox's value as the call sees it (`read(box)`, a tracer in a trace) in
    its attribute; `(box, Tensor put in, value before)` per box, for `swapped_out`."""
    swaps = []
    for box in boxes:
        if type(box) is AttributeBox:
            tensor = _wrap(read(box))
            obj, name = box.obj, box.attribute
            before = obj.__dict__.get(name, MISSING)
            obj.__dict__[name] = tensor
            swaps.append((box, tensor, before))
    return swaps


def swapped_out(swaps, write=None) -> None:
    """The attributes of `swapped_in` put back; with `write` (the call succeeded),
    `write(box, array)` for each the call assigned a Tensor (its final value). An attribute
    assigned something else is an error."""
    finals = []
    for box, tensor, before in swaps:
        obj, name = box.obj, box.attribute
        finals.append(obj.__dict__.get(name, MISSING))
        put_back(obj, name, before)
    if write is None:
        return
    for (box, tensor, _), final in zip(swaps, finals):
        obj, name = box.obj, box.attribute
        if final is tensor:
            continue
        if isinstance(final, Tensor) and not isinstance(final, Parameter):
            write(box, final._data)
            continue
        raise TypeError(
            f"msjax: a compiled call assigns {type(final).__name__} to the attribute "
            f"'{name}' of {type(obj).__name__}, which holds a Tensor: assign a Tensor, or keep "
            "such an attribute out of compiled code.")


# -- a compiled program's trace, carrying attributes ----------------------------------------------
class Carried:
    """What `carrying` learned from a trace: the attributes it wrote, `(obj, name, before,
    final)` each (those carried as boxes left out)."""

    __slots__ = ("written",)

    def __init__(self):
        self.written = []


def carrying(fn, boxes, roots):
    """`(traced, carried)`: `fn` run with the AttributeBoxes among `boxes` holding their values
    as the call sees them (`swapped_in`), their final values written to the call's frame, and
    every other attribute write of the objects `roots` reach recorded (`recording`) into
    `carried.written`; every attribute is as it was when `traced` returns or raises."""
    carried = Carried()
    skip = {(id(b.obj), b.attribute) for b in boxes if type(b) is AttributeBox}

    def traced(*args, **kwargs):
        swaps = swapped_in(boxes, state.read)
        try:
            with recording(holders(roots), skip, list_holders(roots)) as record:
                result = record.record.detached(fn(*args, **kwargs))
        except BaseException:
            swapped_out(swaps)
            raise
        swapped_out(swaps, state.write)
        carried.written = record.written
        return result
    return traced, carried


def classify(written, boxes):
    """`(new_boxes, guard, outputs)` of a trace's attribute writes (`Carried.written`): the
    Tensor attributes it wrote a Tensor to become boxes (`attribute_box`, inputs of the next
    trace); every other one is guarded by its value before (`guard_key`) and written back
    (`outputs`: `(obj, name, final)`). The AttributeBoxes among `boxes` are guarded too (their
    attribute must still hold a Tensor)."""
    new_boxes, guard, outputs = [], [], []
    for box in boxes:
        if type(box) is AttributeBox:
            guard.append((box.obj, box.attribute, TENSOR_KIND))
    for obj, name, before, final in written:
        if _plain_tensor(before) and _plain_tensor(final):
            new_boxes.append(attribute_box(obj, name))
            continue
        guard.append((obj, name, guard_key(before)))
        outputs.append((obj, name, final))
    return new_boxes, guard, outputs


def _plain_tensor(value) -> bool:
    return isinstance(value, Tensor) and not isinstance(value, Parameter)


def write_attribute(obj, name, value) -> None:
    """A call's final value of `obj.name` written back (through the object's `__setattr__`, so a
    Cell files it as it files any assignment; `MISSING`: deleted)."""
    if value is MISSING:
        obj.__dict__.pop(name, None)
    else:
        setattr(obj, name, value)


# -- an inner transform (grad inside a compiled call) ------------------------------------------
def recording_now() -> bool:
    """Whether a compiled program's trace is recording attribute writes."""
    return _RECORDING.get() is not None


class Outputs:
    """The final values of the attributes a call wrote, as outputs of a JAX transform: their
    arrays (`arrays`, returned by the transform) and what rebuilds them (`write`)."""

    __slots__ = ("targets", "tree", "constants", "count")

    def __init__(self, written=()):
        """`written`: `(obj, name, final)` per attribute. `self.arrays_of(written)` are the
        arrays that stand for the finals' array leaves."""
        self.targets = [(obj, name) for obj, name, _ in written]
        leaves, self.tree = jax.tree_util.tree_flatten([final for _, _, final in written])
        self.constants = tuple((i, leaf) for i, leaf in enumerate(leaves)
                               if not isinstance(leaf, jax.Array))
        self.count = len(leaves) - len(self.constants)

    @staticmethod
    def arrays_of(written) -> list:
        leaves = jax.tree_util.tree_leaves([final for _, _, final in written])
        return [leaf for leaf in leaves if isinstance(leaf, jax.Array)]

    def write(self, arrays) -> None:
        """Set the attributes to their final values, `arrays` standing for their arrays."""
        if not self.targets:
            return
        leaves = list(arrays)
        for position, value in self.constants:
            leaves.insert(position, value)
        finals = jax.tree_util.tree_unflatten(self.tree, leaves)
        for (obj, name), final in zip(self.targets, finals):
            write_attribute(obj, name, final)


class TransformWrites:
    """The attribute writes of a call made inside another JAX transform (jax.vjp in grad): the
    call's final values leave the transform as arrays (`arrays`, among its auxiliary outputs)
    and are set on the objects after it (`outputs.write`), where the enclosing trace records
    them."""

    __slots__ = ("outputs", "arrays")

    def __init__(self):
        self.outputs, self.arrays = Outputs(), []

    def call(self, roots, fn, *args, **kwargs):
        """`fn(*args, **kwargs)` with its attribute writes taken (each attribute put back)."""
        with recording(holders(roots)) as record:
            result = fn(*args, **kwargs)
        finals = [(obj, name, final) for obj, name, _, final in record.written]
        self.outputs, self.arrays = Outputs(finals), Outputs.arrays_of(finals)
        return result
