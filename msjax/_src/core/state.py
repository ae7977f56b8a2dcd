"""The state rule: the one place where mutable Parameters meet pure JAX functions.

A *box* is an object whose committed array lives in its `_value` slot: every `Parameter`, and the
global RNG key. JAX transforms are pure, so each msjax transform turns a call that touches boxes
into a pure function of their values with `call_with_values`. The transforms reach it through
the lifting layer (`lifting.py`: collect, lift, write back, retrace-to-settle, program lookup),
never directly; this module holds the rule those steps keep:

1. the caller *collects* the boxes the call can touch (`lifting.collect_parameters` from Cells
   and arguments; free-variable boxes a first trace reads or writes are reported back, and the
   caller traces again with them as inputs);
2. `call_with_values` runs the user's Python in a new *frame*: inside it a box's value is read
   from the frame (the transform's inputs, possibly tracers), and writes land in the frame, never
   in the live object. Frames live in a `ContextVar`, so two threads (or two asyncio tasks) each
   see their own state, and a tracer can never leak into a Parameter;
3. the transform *writes back* the final values (`write_back`) only when the whole call
   succeeded: into the enclosing frame when there is one, else into the boxes themselves.

Eager code gets the same guarantee from `transaction`: the outermost Cell call runs in a frame of
its own whose writes are committed when it returns and dropped when it raises, so a failed
training step leaves every Parameter and optimizer state as it was.

Outside any frame, storing a tracer in a box is an error: it means a raw `jax.jit`/`jax.grad`
traced code that writes a Parameter, which JAX cannot return; `msjax.functional` (or `ms.jit`)
is the way to run such code under JAX's own transforms.
"""
from __future__ import annotations

import contextlib
import contextvars

import jax

_MISSING = object()


class Frame:
    """One functionalised call's view of the boxes.

    `values` maps id(box) to the value the box has in this call (its input, then its latest
    write); `boxes` maps id(box) to the box for those. `reads` and `writes` record, in first-use
    order, the boxes read without being held here (free variables) and every box written.
    """

    __slots__ = ("parent", "values", "boxes", "reads", "writes", "local", "creations",
                 "replay", "stand_ins", "views", "held_reads")

    def __init__(self, parent, boxes=(), values=(), replay=None, held_reads=None):
        self.parent = parent
        self.boxes = {id(b): b for b in boxes}
        self.values = {id(b): v for b, v in zip(boxes, values)}
        self.reads: dict = {}
        self.writes: dict = {}
        self.local: set = set()  # boxes created inside this call: its own, never free
        self.creations: list = []  # those boxes, in creation order
        self.replay = replay  # the boxes an earlier trace created, which new creations stand for
        self.stand_ins: list = []  # (box created now, the earlier box it stands for)
        self.views = None  # id(box) -> (value before `view`, the view), made by `view`
        self.held_reads = held_reads  # a dict recording the boxes held here as read, or None

    def adopt(self, box, value) -> None:
        """`box` was created inside this call (a Cell built inside `jit`): it lives in the call
        and is neither an input nor an output of it, unless it stands for the box an earlier
        trace created at the same point (`replay`) and that box is an input: then it reads and
        writes that input, so its value lasts from one call to the next, as in MindSpore."""
        key = id(box)
        index = len(self.creations)
        self.creations.append(box)
        self.boxes[key] = box
        self.local.add(key)
        if self.replay is not None and index < len(self.replay):
            earlier = self.replay[index]
            if id(earlier) in self.values:
                self.stand_ins.append((box, earlier))
                value = self.values[id(earlier)]
        self.values[key] = value

    def settle_stand_ins(self) -> list:
        """Give each replayed box the final value of the box standing for it; the boxes created
        here and written that stand for none (`[]` when there are none)."""
        standing = set()
        for box, earlier in self.stand_ins:
            standing.add(id(box))
            if id(box) in self.writes:
                self.write(earlier, self.values[id(box)])
        return [box for box in self.creations
                if id(box) in self.writes and id(box) not in standing]

    def read(self, box):
        key = id(box)
        frame = self
        while frame is not None:
            value = frame.values.get(key, _MISSING)
            if value is not _MISSING:
                if frame.held_reads is not None:
                    frame.held_reads.setdefault(key, box)
                return value
            frame.reads.setdefault(key, box)
            frame = frame.parent
        return box._value

    def write(self, box, value) -> None:
        key = id(box)
        if key not in self.boxes:
            self.boxes[key] = box
        self.values[key] = value
        self.writes.setdefault(key, box)

    def view(self, box, value) -> None:
        """From now on `box` reads as `value` in this call (the same value seen another way: a
        sharding constraint), which is not a write: unless written later, the call's final
        value of `box` is the one it had before."""
        before = self.read(box)
        key = id(box)
        self.boxes.setdefault(key, box)
        self.values[key] = value
        if self.views is None:
            self.views = {}
        self.views[key] = (before, value)

    def final(self, box):
        """`box`'s value at the end of this call (its view taken back, see `view`)."""
        value = self.values[id(box)]
        if self.views is not None:
            before, view = self.views.get(id(box), (None, None))
            if view is value:
                return before
        return value

    def free_boxes(self, listed) -> list:
        """The boxes this call read or wrote that are not among `listed` (ids), in first-use
        order."""
        found = {k: b for k, b in self.reads.items() if k not in listed}
        for key, box in self.writes.items():
            if key not in listed and key not in self.local:
                found.setdefault(key, box)
        return list(found.values())

    def written(self) -> list:
        """(box, final value) for every box written in this call."""
        return [(box, self.values[key]) for key, box in self.writes.items()
                if key not in self.local]


# Python values a compiled program takes by value: part of its signature (its cache key,
# `lifting.flatten_args`, and its compile-cache entry).
STATIC_TYPES = (int, float, bool, str, complex, type(None), bytes)

# Bumped whenever something that selects a Cell's compiled program, other than its arguments,
# changes: a Cell's train/predict flags, the context (`set_context`: the mode). GRAPH_MODE's
# fast calls (backend/graph_call.py) were made for one value of those: they compare this
# number instead.
call_key_version = [0]


def call_key_changed() -> None:
    """Note that a compiled Cell call's key may have changed (see `call_key_version`)."""
    call_key_version[0] += 1


_FRAME: contextvars.ContextVar = contextvars.ContextVar("msjax_state_frame", default=None)
current_frame = _FRAME.get
# How many msjax traces enclose the running code (in this thread / task).
_TRACING: contextvars.ContextVar = contextvars.ContextVar("msjax_tracing_depth", default=0)
tracing_depth = _TRACING.get


# The float16/bfloat16 products (MatMul, convolution) of the program being traced, each with
# the function that computes its float32 result: {id(product): (product, function)}
_UNROUNDED: contextvars.ContextVar = contextvars.ContextVar("msjax_unrounded", default=None)


class tracing:
    """Context manager marking that msjax is tracing a program."""

    __slots__ = ("token", "unrounded")

    def __enter__(self):
        self.token = _TRACING.set(_TRACING.get() + 1)
        self.unrounded = _UNROUNDED.set({})

    def __exit__(self, *exc):
        _UNROUNDED.reset(self.unrounded)
        _TRACING.reset(self.token)
        return False


def note_unrounded(product, full):
    """Note, in the program being traced, that `product` is `full()` rounded (a MatMul's or a
    convolution's float32 result), for a BiasAdd of `product` (`unrounded`;
    ops/graph_rounding.py)."""
    products = _UNROUNDED.get()
    if products is not None:
        products[id(product)] = (product, full)


def unrounded(product):
    """The function of the float32 result `product` was rounded from (`note_unrounded`), or
    None."""
    products = _UNROUNDED.get()
    entry = products.get(id(product)) if products else None
    return entry[1] if entry is not None and entry[0] is product else None


def created(box, value):
    """The value to store in a new box's `_value`: inside a traced call the box belongs to that
    call (`Frame.adopt`) and a traced initial value stays in the call's frame."""
    frame = _FRAME.get()
    if frame is None:
        return value
    traced = isinstance(value, jax.core.Tracer)
    if traced or _TRACING.get():
        frame.adopt(box, value)
    return None if traced else value


def read(box):
    """A box's value as the running call sees it."""
    frame = _FRAME.get()
    if frame is None:
        return box._value
    return frame.read(box)


def peek(box):
    """A box's value as the running call sees it, without reporting a read to any trace (an
    op's argument checks look at its shape: under vmap a mapped Parameter's is one slice's)."""
    frame = _FRAME.get()
    while frame is not None:
        value = frame.values.get(id(box), _MISSING)
        if value is not _MISSING:
            return value
        frame = frame.parent
    return box._value


def read_all(boxes) -> list:
    frame = _FRAME.get()
    if frame is None:
        return [b._value for b in boxes]
    return [frame.read(b) for b in boxes]


def write(box, value) -> None:
    """Store `value` in `box` as the running call sees it (its frame, else the box itself)."""
    frame = _FRAME.get()
    if frame is None:
        _commit([(box, value)])
    else:
        frame.write(box, value)


def view(box, value) -> None:
    """Within the running call, `box` reads as `value`, the same value seen another way, without
    writing it (`Frame.view`). Outside any call: nothing to do."""
    frame = _FRAME.get()
    if frame is not None:
        frame.view(box, value)


def write_back(boxes, values) -> None:
    """Store the final values of a successful call (in the enclosing frame when there is one)."""
    frame = _FRAME.get()
    if frame is None:
        _commit(list(zip(boxes, values)))
        return
    for box, value in zip(boxes, values):
        frame.write(box, value)


def _commit(pairs) -> None:
    for box, value in pairs:
        if isinstance(value, jax.core.Tracer):
            name = getattr(box, "name", "the global random key")
            raise RuntimeError(
                f"msjax: Parameter '{name}' was written inside a JAX transform that msjax does not "
                f"manage (jax.jit, jax.grad, jax.vmap...): the new value is a tracer, which cannot "
                f"be stored. Use mindspore.jit / mindspore.grad, or msjax.functional(cell) to "
                f"get a pure function of the parameters for JAX's transforms.")
    for box, value in pairs:
        box._value = value


class CallRecord:
    """What `call_with_values` returns: the result, the listed boxes' final values, the free
    boxes (read or written without being listed) with the final values of those written, and
    (with `keep_created`) the boxes the call created, in order, and those of them it wrote."""

    __slots__ = ("result", "finals", "free", "written", "created", "created_written")

    def __init__(self, result, finals, free, written, created=(), created_written=()):
        self.result, self.finals, self.free, self.written = result, finals, free, written
        self.created, self.created_written = list(created), list(created_written)

    def free_written(self) -> list:
        """(box, final value) for the free boxes the call wrote."""
        free = {id(b) for b in self.free}
        return [(b, v) for b, v in self.written if id(b) in free]


def call_with_values(boxes, values, fn, *args, replay=None, keep_created=False,
                     held_reads=None, **kwargs) -> CallRecord:
    """Run `fn(*args, **kwargs)` as a pure function of the boxes' values: the one state rule.

    Inside, each box in `boxes` reads as the matching entry of `values` (possibly a tracer), other
    boxes read as the enclosing call sees them, and every write stays in this call's frame. No
    box is changed; the caller writes back the finals (`write_back`) when its whole call
    succeeded, so a failed call changes nothing and tracers never leak.

    Boxes created inside a traced call belong to it. A compiled program keeps those it writes
    (`keep_created`: the record lists them) and traces again with them among `boxes` and the
    creations of the earlier trace as `replay` (see `Frame.adopt`); any other caller gets an error.
    """
    boxes = list(boxes)
    frame = Frame(_FRAME.get(), boxes, values, replay, held_reads)
    token = _FRAME.set(frame)
    try:
        result = fn(*args, **kwargs)
    finally:
        _FRAME.reset(token)
    created_written = frame.settle_stand_ins()
    if created_written and not keep_created:
        raise created_parameter_error(created_written[0])
    finals = [frame.final(b) for b in boxes]
    free = frame.free_boxes({id(b) for b in boxes})
    return CallRecord(result, finals, free, frame.written(), frame.creations, created_written)


def created_parameter_error(box) -> RuntimeError:
    return RuntimeError(
        f"msjax: Parameter '{getattr(box, 'name', box)}' is created and then written inside a "
        f"transformed function (a Cell with BatchNorm or an Optimizer built inside grad or vmap; "
        f"inside jit, a Parameter whose initial value is computed there: a Tensor, an "
        f"initializer). msjax cannot keep its value from one call to the next: create the Cell "
        f"outside the function, or give the Parameter NumPy or Python data.")


@contextlib.contextmanager
def transaction():
    """All-or-nothing writes for the outermost eager call: the block runs in a frame whose writes
    are committed when it succeeds and dropped when it raises. Inside another frame (a nested
    call, or a trace) the block simply joins it."""
    if _FRAME.get() is not None:
        yield
        return
    frame = Frame(None)
    token = _FRAME.set(frame)
    try:
        yield
    finally:
        _FRAME.reset(token)
    _commit(frame.written())
