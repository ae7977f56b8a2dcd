"""The lifting layer: a call that touches state boxes, made a pure function of their values.

`state.py` holds the rule (a call's view of the boxes is a `Frame` in a `ContextVar`; writes
stay in it until the call succeeded). This module holds the steps every transform takes around
that rule, written once; jit/GRAPH_MODE, grad, vmap, pmap, control flow, lazy_inline, amp, dataset
sink, export and `msjax.functional` all call these and none repeats one:

- **collect** (`collect_parameters`): the Parameters reachable from some roots, in a fixed
  order. Roots are Parameters, tuples, lists, dicts and objects whose type takes part in the
  state protocol: `_state_parameters()` gives an object's own Parameters in order (a Cell:
  nn/cell.py implements it), `_state_roots()` the objects holding them (jit's and grad's
  functions). core knows no Cell: this protocol is the one registry of what holds state.
- **lift** (`lift(fn, roots, boxes) -> (pure, lifted)`): `pure(values, *args)` runs `fn(*args)`
  with each box reading its entry of `values` (possibly tracers) and returns a `CallRecord` (the
  result, the boxes' final values, the free boxes the call read or wrote); `lifted` holds the
  boxes, reads their current values and writes finals back. In the manner of Flax NNX's
  `split`/`merge`: the boxes are the graph, their values the state passed through JAX.
- **write back** (`write_back`, `write_written`): the final values of a call that succeeded,
  into the enclosing frame when there is one, else into the boxes (`write_written`: one entry
  per box, `None` for a box the call did not write).
- **settle** (`settle`, `grown`, `MAX_TRACES`): a trace that finds free boxes (a global Cell's
  Parameters, the random key) is traced again with them as inputs, at most `MAX_TRACES` times.
- **look up** (`Programs`, `flatten_args`): one bounded program cache per compiled function,
  keyed by MindSpore's cache rule (shapes and dtypes of arrays, values of Python scalars,
  identities of objects, a Cell's phase).
- **stack** (`stack_states`, `unstack_writes`): an ensemble's members (a CellList under vmap,
  lazy_inline's blocks) pass their matching boxes' values stacked on a new leading axis, and get
  their rows back.

It imports nothing of msjax outside core/: every layer above uses it.
"""
from __future__ import annotations

import contextlib
import contextvars
import functools

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core.program_cache import ProgramCache
from msjax._src.core import integer_inputs, state
from msjax._src.core.parameter import Parameter
from msjax._src.core.state import STATIC_TYPES, CallRecord
from msjax._src.core.tensor import INITIALIZERS, Tensor, _wrap
from msjax._src.core.tensor_hooks import HOOKS

__all__ = ["CallRecord", "Lifted", "MAX_TRACES", "Programs", "Unsettled", "argument_hooks",
           "changed", "collect_parameters", "flatten_args", "grown", "lift", "read_values",
           "rebuild_args", "retrace_error", "settle", "stack_states", "unstack_writes",
           "write_back", "write_written"]


# -- collect ------------------------------------------------------------------------------------
def is_cell(obj) -> bool:
    """Whether `obj` is a Cell: whether it implements the state protocol's `_state_parameters`.
    The layers below nn (core, backend, transforms) know a Cell by this, never by its class."""
    return hasattr(type(obj), "_state_parameters")


def is_cell_class(cls) -> bool:
    """Whether `cls` is a Cell class (`is_cell` of its instances)."""
    return isinstance(cls, type) and hasattr(cls, "_state_parameters")


def collect_parameters(*roots) -> list:
    """The Parameters reachable from `roots`, deduplicated by identity, in a deterministic order
    (each Cell's `parameters_and_names` order). Containers are searched 4 levels deep."""
    found: dict = {}

    def visit(obj, depth=0):
        if isinstance(obj, Parameter):
            found.setdefault(id(obj), obj)
            return
        kind = type(obj)
        own = getattr(kind, "_state_parameters", None)
        if own is not None:  # a Cell
            for param in own(obj):
                found.setdefault(id(param), param)
        elif depth >= 4:
            return
        elif isinstance(obj, (tuple, list)):
            for item in obj:
                visit(item, depth + 1)
        elif hasattr(kind, "_state_roots"):  # e.g. grad's function
            for item in obj._state_roots():
                visit(item, depth + 1)
        elif isinstance(obj, dict):
            for item in obj.values():
                visit(item, depth + 1)

    for root in roots:
        visit(root)
    return list(found.values())


# -- lift and write back ------------------------------------------------------------------------
read_values = state.read_all  # the boxes' values as the running call sees them
# Store the final values of a call that succeeded, one per box: in the enclosing frame when there
# is one, else in the boxes (a tracer there is an error: see `state.py`).
write_back = state.write_back


def write_written(boxes, written) -> None:
    """`write_back` of the boxes a call wrote: `written` has one entry per box, None for a box
    the call did not write (which is left alone)."""
    pairs = [(b, v) for b, v in zip(boxes, written) if v is not None]
    state.write_back([b for b, _ in pairs], [v for _, v in pairs])


def changed(finals, inputs) -> list:
    """Per box: its final value where the call changed it (it is not the input), else None."""
    return [f if f is not v else None for f, v in zip(finals, inputs)]


class Lifted:
    """The state half of a lifted function (`lift`): its boxes, in input order."""

    __slots__ = ("boxes",)

    def __init__(self, boxes):
        self.boxes = boxes

    def values(self) -> list:
        """The boxes' values now, as the running call sees them: the inputs of a pure call."""
        return read_values(self.boxes)

    def write_back(self, finals, inputs=None) -> None:
        """Store `finals` (one per box; None: not written) after the call succeeded; with
        `inputs`, only the boxes whose final value is not their input."""
        write_written(self.boxes, finals if inputs is None else changed(finals, inputs))


def lift(fn, roots=(), boxes=(), *, replay=None, keep_created=False, held_reads=None):
    """`(pure, lifted)`: `fn` as a pure function of the values of its state boxes.

    The boxes are the Parameters collected from `roots` (`collect_parameters`), then `boxes`
    (Parameters, the random key) not among them, in that order. `pure(values, *args, **kwargs)`
    runs `fn(*args, **kwargs)` with each box reading its entry of `values` (possibly tracers) and
    every write kept in the call's frame; it changes no box and returns the `state.CallRecord`.
    Boxes the call reads or writes without being listed are its free boxes (`record.free`): they
    read as the enclosing call sees them. `lifted` (`Lifted`) reads the boxes' current values and
    writes finals back, which a caller does only when its whole call succeeded.

    `held_reads`, a dict, records the listed boxes the call reads (id -> box, in first-read
    order). `replay` and `keep_created` are for compiled programs, which keep the Parameters a trace
    creates and writes (`state.Frame.adopt`); any other caller gets an error for those.

        pure, lifted = lift(net, roots=[net])
        record = pure(lifted.values(), x)      # under jax.jit, jax.vjp, lax.scan...
        lifted.write_back(record.finals)       # when everything succeeded
    """
    listed = collect_parameters(*roots) if roots else []
    if boxes:
        ids = {id(b) for b in listed}
        listed += [b for b in boxes if id(b) not in ids] if ids else list(boxes)

    def pure(values, *args, **kwargs) -> CallRecord:
        call = functools.partial(fn, **kwargs) if kwargs else fn  # no clash with our keywords
        return state.call_with_values(listed, values, call, *args, replay=replay,
                                      keep_created=keep_created, held_reads=held_reads)

    return pure, Lifted(listed)


# -- settle -------------------------------------------------------------------------------------
# A trace that finds new free boxes is traced again with them as inputs; each round adds at least
# one box, so this many rounds mean the function keeps creating state it reads from outside.
MAX_TRACES = 16


class Unsettled:
    """What a trace given to `settle` returns when it must run again: the boxes it found."""

    __slots__ = ("found",)

    def __init__(self, found=()):
        self.found = list(found)


def settle(trace, error, limit=MAX_TRACES):
    """`trace()` run until it returns anything but an `Unsettled`, which is returned; after
    `limit` runs, `error(found)` is raised with the boxes the last run found.

    The trace grows its own inputs (`grown`) before it returns `Unsettled`: free boxes become
    inputs of the next trace."""
    outcome = Unsettled()
    for _ in range(limit):
        outcome = trace()
        if type(outcome) is not Unsettled:
            return outcome
    raise error(outcome.found)


def grown(boxes, found) -> list:
    """`boxes` followed by the boxes of `found` not among them (by identity), in order, each
    once."""
    new, seen = list(boxes), {id(b) for b in boxes}
    for b in found:
        if id(b) not in seen:
            seen.add(id(b))
            new.append(b)
    return new


def retrace_error(name, found) -> RuntimeError:
    """The error of a compiled function whose traces never settle (see `MAX_TRACES`)."""
    names = ", ".join(getattr(b, "name", "the random key") for b in found[:5])
    return RuntimeError(
        f"msjax: compiling '{name}' did not settle after {MAX_TRACES} traces: every trace found "
        f"new Parameters it uses without being given them ({names}). Create Parameters and "
        f"Cells outside the compiled function, or pass them to it as arguments.")


# -- look up: MindSpore's cache rule --------------------------------------------------------------
_TENSOR, _ARRAY, _BOX, _OBJECT, _SEQ, _DICT, _CONST_TENSOR = range(7)


def flatten_args(args, dyn: list, objs: list):
    """A hashable key of `args` (MindSpore's cache key), collecting array leaves into `dyn` and
    objects passed by identity (Parameters, Cells, functions) into `objs`."""
    t = type(args)
    if t is Tensor:
        data = args._data
        dyn.append(data)
        if "const_arg" in args.__dict__ and args.const_arg:  # (`set_const_arg`: rebuilt so)
            return (_CONST_TENSOR, data.shape, data.dtype)
        if integer_inputs.recording() and integer_inputs.integer_dtype(data) is not None:
            # a differentiated integer input's copy: traced as one (core/integer_inputs.py)
            return (_TENSOR, data.shape, data.dtype, integer_inputs.integer_dtype(data))
        return (_TENSOR, data.shape, data.dtype)
    if t in STATIC_TYPES:
        return (t, args)
    if t is tuple or t is list:
        return (_SEQ, t, tuple(flatten_args(a, dyn, objs) for a in args))
    if isinstance(args, Parameter):
        objs.append(args)
        return (_BOX, id(args))
    if isinstance(args, Tensor):  # (one made with `init=` is initialised now, as in MindSpore)
        data = INITIALIZERS.values_of(args)
        dyn.append(data)
        return (_TENSOR, data.shape, data.dtype)
    if isinstance(args, (jax.Array, np.ndarray, np.generic)):
        dyn.append(args)
        return (_ARRAY, np.shape(args), args.dtype)
    if t is dict:
        return (_DICT, tuple(args.keys()), tuple(flatten_args(v, dyn, objs)
                                                 for v in args.values()))
    objs.append(args)
    phase = getattr(args, "_phase", None)
    training = getattr(args, "training", None) if phase is not None else None
    return (_OBJECT, id(args), phase, training)


def argument_hooks(args):
    """The `register_hook` hooks of the Tensors among `args` (core/tensor_hooks.py), as a
    compiled program takes them when it is made: one entry per array leaf, in `flatten_args`'
    order (a copy of its Tensor's table, or None), or None when no argument has a hook.

    As MindSpore 2.10's graph mode does, the program keeps them: a hook registered or removed
    later, or another Tensor of the same signature, is compiled with the first call's hooks."""
    found = []

    def visit(value):
        if isinstance(value, Tensor) and not isinstance(value, Parameter):
            table = value.__dict__.get(HOOKS)
            found.append(dict(table) if table else None)
        elif isinstance(value, (jax.Array, np.ndarray, np.generic)):
            found.append(None)
        elif type(value) in (tuple, list):
            for item in value:
                visit(item)
        elif type(value) is dict:
            for item in value.values():
                visit(item)

    visit(args)
    return found if any(found) else None


def rebuild_args(key, dyn_iter, objs_iter, hooks_iter=None):
    """The arguments described by `key`, with array leaves taken from `dyn_iter` (tracers) and,
    when `hooks_iter` is given (`argument_hooks`' entries), each Tensor with its hooks (a copy:
    a hook the trace registers stays in the trace)."""
    kind = key[0]
    if kind == _TENSOR or kind == _CONST_TENSOR:
        tensor = _wrap(next(dyn_iter))
        if len(key) > 3:  # a differentiated integer input's copy (`flatten_args`)
            integer_inputs.carry(tensor._data, key[3])
        table = next(hooks_iter) if hooks_iter is not None else None
        if table:
            tensor.__dict__[HOOKS] = dict(table)
        if kind == _CONST_TENSOR:  # a graph constant inside the trace too (grad skips it)
            tensor.__dict__["const_arg"] = True
        return tensor
    if kind == _ARRAY:
        if hooks_iter is not None:
            next(hooks_iter)
        return next(dyn_iter)
    if kind == _SEQ:
        items = [rebuild_args(k, dyn_iter, objs_iter, hooks_iter) for k in key[2]]
        return items if key[1] is list else tuple(items)
    if kind == _DICT:
        return {k: rebuild_args(v, dyn_iter, objs_iter, hooks_iter)
                for k, v in zip(key[1], key[2])}
    if kind in (_BOX, _OBJECT):
        return next(objs_iter)
    return key[1]


# Set while a `grad` runs its function again after JAX refused to differentiate one of its
# loops in reverse mode (transforms/grad.py): every converted loop carrying a float value then
# runs as Python (transforms/control_flow.py), and the compiled functions it calls are traced
# again for it, as programs of their own (`Programs`), not taken from the first run's.
_LOOPS_AS_PYTHON: contextvars.ContextVar = contextvars.ContextVar(
    "msjax_differentiated_loops_as_python", default=False)
loops_as_python = _LOOPS_AS_PYTHON.get
_LOOPS_AS_PYTHON_KEY = object()


@contextlib.contextmanager
def differentiated_loops_as_python():
    """While in it, converted loops carrying float values run as Python (see `loops_as_python`)."""
    token = _LOOPS_AS_PYTHON.set(True)
    try:
        yield
    finally:
        _LOOPS_AS_PYTHON.reset(token)


class Programs(ProgramCache):
    """One compiled function's programs by call signature (MindSpore's cache key,
    `flatten_args`, and whether loops run as Python: `loops_as_python`): bounded, least
    recently used first out, a program's objects held weakly (program_cache.py). Programs are
    anything with an `objs` slot."""

    def find(self, args, make):
        """`(program, dyn)`: the program of `args`' signature and the arrays of `args`. On a
        miss, `make(key, objs, dyn, args)` makes it (and may raise: nothing is kept then)."""
        dyn, objs = [], []
        key = flatten_args(args, dyn, objs)
        entry = _entry(key)
        program = self.get(entry)
        if program is None:
            program = make(key, objs, dyn, args)
            self[entry] = program
        return program, dyn

    def program_of(self, args):
        """The program of `args`' signature, made by an earlier `find`."""
        return self[_entry(flatten_args(args, [], []))]


def _entry(key):
    """`Programs`' entry for the signature `key`: a program made while loops run as Python
    (`loops_as_python`) is another program than the one made otherwise."""
    return (_LOOPS_AS_PYTHON_KEY, key) if _LOOPS_AS_PYTHON.get() else key


# -- stack: ensembles ---------------------------------------------------------------------------
def stack_states(members) -> list:
    """Per position, the values of the members' boxes there stacked on a new leading axis.
    `members` holds one list of boxes per member, matching in order, shape and dtype."""
    return [jnp.stack([state.read(boxes[j]) for boxes in members])
            for j in range(len(members[0]))]


def unstack_writes(members, stacked) -> tuple[list, list]:
    """`(boxes, values)` to write back for the stacked finals `stacked` (one per position; None:
    not written): each member's box at a written position with its row."""
    boxes, values = [], []
    for j, value in enumerate(stacked):
        if value is None:
            continue
        for member, member_boxes in enumerate(members):
            boxes.append(member_boxes[j])
            values.append(value[member])
    return boxes, values
