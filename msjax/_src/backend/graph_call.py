"""GRAPH_MODE's fast call: a Cell called again with its last signature runs its program directly.

The compiled-call path (`compiled.CompiledFunction.call_cell`) computes a cache key, looks the
program up, reads the boxes' values, runs it, writes back and wraps the result: microseconds of
Python that a small network's call (a `jax.jit` call costs a few) notices. After a call with
concrete values, `install_fast_call` gives the Cell (`Cell._fast_call`) a function made for that
program and signature. It checks that the call would select the same program, passes the
Parameters' arrays and the input arrays to the jitted function as plain positional arguments
(JAX's C++ dispatch: no pytree, no Python in between), writes back what the program writes and
wraps the result. When a check fails it returns `MISSED` and `Cell.__call__` takes the full path,
which finds (or compiles) the program and installs a new fast call.

A fast call runs exactly what the full path would run, so it checks exactly what selects the
program, besides the program cache itself:

- `state.call_key_version` is the one it was made at: no Cell's train/predict flag set and no
  `set_context` (the mode) since (both bump it);
- it is called on the Cell it was made for (a copy made some other way than `copy` or pickle,
  which leave it out, may hold it);
- no enclosing state frame (an eager Cell call's transaction; every msjax trace runs its code
  in one): values are read from the boxes themselves and written back to them;
- as many arguments as before, each a plain Tensor holding a concrete `jax.Array` of the same
  shape and dtype (NumPy's dtypes are singletons: they are compared by identity, and an equal
  dtype that is another object costs one full-path call).

What the program was traced with stays as traced, on both paths, as in MindSpore 2.10's graph
mode: a Parameter replaced by another, or a hook registered, after the first call does not
change the compiled graph (the oracle's output is recorded in tests/goldens). A Parameter given
a value of another shape (`set_data`) is a new signature of the jitted function, which JAX
traces and compiles by itself.

The commonest call (one Tensor in, one Tensor out, no box written: inference) is a function
written for its program (`_ONE_TENSOR_SOURCE`): its constants are globals of its own and each
box's value is read by name, which costs a fraction of building the argument tuple from a list.
It calls the C++ call of the program's compiled executable, which checks the shapes and dtypes
of the input and of the boxes' values itself (a mismatch raises TypeError before anything runs,
and the call takes the full path); so a box given a value of another shape sends every call of
that Cell to the full path, which runs the jitted function for it as described above.

That call is also made the `__call__` of the Cell's class (`_install_class_call`): `net(x)` then
runs the checks and the program in the one Python frame `net(x)` opens, without
`Cell.__call__`'s `*args` tuple, its lookup of `_fast_call` (a Cell has `__getattr__`, so every
attribute lookup on it is a slow one) and the second frame. The class's `__call__` holds its
Cell weakly and serves that Cell only: any other instance, any other call (keywords, another
number of arguments) and every refused call go to `Cell.__call__`. One Cell per class has it
(the first called; another instance keeps its own fast call), never a class that defines its own
`__call__`, and the class forgets it when its Cell is freed.
"""
from __future__ import annotations

import weakref

from jax._src.array import ArrayImpl
from jax.stages import Compiled

from msjax._src.core import context, state
from msjax._src.core.tensor import Tensor

_context = context._context
_GRAPH_MODE = context.GRAPH_MODE
_call_key_version = state.call_key_version
_current_frame = state.current_frame
_tracing_depth = state.tracing_depth
MISSED = object()  # what a fast call returns when the call must take the full path
try:  # what the executable raises under jax_debug_nans/infs: the full path (jax.jit) reruns the
    # program op by op and raises FloatingPointError naming the op, as a compiled call does
    from jax._src.api_util import InternalFloatingPointError as _InternalFloatingPointError
    _REFUSED = (TypeError, ValueError, _InternalFloatingPointError)
except ImportError:  # pragma: no cover - another JAX
    _REFUSED = (TypeError, ValueError)


def install_fast_call(cell, args, compiled, program, dyn, version) -> None:
    """After `cell(*args)` ran `program` (of `compiled`, the Cell's CompiledFunction) with the
    arrays `dyn` of `args`, selected when `state.call_key_version` was `version`, make the
    Cell's next calls of that signature take a fast call."""
    if (version != _call_key_version[0] or program.call is None or program.eager
            or _context["mode"] != _GRAPH_MODE or _current_frame() is not None
            or _tracing_depth() or len(dyn) != len(args)
            or any(type(d) is not ArrayImpl for d in dyn)
            or any(type(a) is not Tensor for a in args)):
        return
    made = program.fast_call
    if made is None or made[0] != version:
        avals = tuple((d.aval.shape, d.aval.dtype) for d in dyn)
        executable_call = _executable_cpp_call(program)
        if (len(avals) == 1 and program.single and not program.written_index
                and executable_call is not None):
            made = (version, *_one_tensor_calls(cell, program, executable_call, version))
        else:
            made = (version, _general_call(id(cell), compiled, program, avals, version), None)
        program.fast_call = made
    object.__setattr__(cell, "_fast_call", made[1])
    if made[2] is not None:
        _install_class_call(type(cell), made[2])


# A program's own fast call, and the same as its Cell's class's `__call__`; `{values}` reads its
# boxes' values (box0._value, ...). `call` is the C++ call of the program's compiled executable,
# which checks every input's shape and dtype itself: inputs of another signature (or a traced
# one) raise TypeError before anything runs. `arg` is positional-only: a keyword named `arg`
# goes to `kwargs`, as `Cell.__call__` takes it.
_ONE_TENSOR_SOURCE = """
def __call__(self, arg=NOTHING, /, *args, **kwargs):
    if (self is cell_ref() and version_box[0] == version and current_frame() is None
            and type(arg) is Tensor and not args and not kwargs):
        try:
            outputs = call({values}arg._data)
        except REFUSED:
            pass
        else:
            tensor = new(Tensor)
            tensor._data = outputs[0]
            return tensor
    if arg is NOTHING:
        return cell_call(self, *args, **kwargs)
    return cell_call(self, arg, *args, **kwargs)

def fast_call(cell, args):
    if version_box[0] != version or current_frame() is not None or id(cell) != cell_id:
        return MISSED
    try:
        (arg,) = args
    except ValueError:
        return MISSED
    if type(arg) is not Tensor:
        return MISSED
    try:
        outputs = call({values}arg._data)
    except REFUSED:  # not the compiled signature (or debug_nans found one): the full path
        return MISSED
    tensor = new(Tensor)
    tensor._data = outputs[0]
    return tensor
"""
_compiled_sources: dict = {}  # number of boxes -> _ONE_TENSOR_SOURCE's code for it


def _executable_cpp_call(program):
    """The C++ call of `program`'s compiled executable (what `jax.stages.Compiled` calls through:
    a call of the compiled signature runs without Python; any other raises TypeError), when
    calls with concrete values run that executable as it is (no stacked rows); else None."""
    compiled = program.compiled
    if (program.rows is not None or program.donated or not isinstance(compiled, Compiled)
            or (program.call is not program.dispatch and program.call is not compiled)):
        return None
    try:
        call = compiled._call
        if call is None:
            call = compiled._call = compiled._executable.create_cpp_call(compiled._params)
    except AttributeError:  # pragma: no cover - a JAX whose Compiled has no C++ call
        return None
    return call


def _one_tensor_calls(cell, program, executable_call, version):
    """(fast call, class `__call__`) of a program taking one Tensor and returning one, writing
    no box: its inputs' shapes and dtypes are checked by `executable_call`
    (`_executable_cpp_call`)."""
    from msjax._src.nn.cell import Cell  # (cell.py imports this module)
    n_boxes = len(program.boxes)
    code = _compiled_sources.get(n_boxes)
    if code is None:
        source = _ONE_TENSOR_SOURCE.format(values="".join(f"box{i}._value, "
                                                          for i in range(n_boxes)))
        code = _compiled_sources[n_boxes] = compile(source, f"<msjax fast call, {n_boxes} "
                                                    "boxes>", "exec")
    namespace = {f"box{i}": box for i, box in enumerate(program.boxes)}
    cls = type(cell)

    def forget(_, forget_class_call=_forget_class_call):  # (bound now: runs at shutdown too)
        forget_class_call(cls, class_call)
    namespace.update(version_box=_call_key_version, version=version, cell_id=id(cell),
                     current_frame=_current_frame, Tensor=Tensor, call=executable_call,
                     MISSED=MISSED, REFUSED=_REFUSED, NOTHING=_NOTHING, cell_call=Cell.__call__,
                     cell_ref=weakref.ref(cell, forget), new=object.__new__,
                     __builtins__=__builtins__)
    exec(code, namespace)  # noqa: S102 - our own source, defining the two functions
    class_call = namespace["__call__"]
    class_call.__qualname__ = f"{cls.__qualname__}.__call__"
    class_call.__doc__ = Cell.__call__.__doc__
    class_call.msjax_cell = namespace["cell_ref"]
    return namespace["fast_call"], class_call


_NOTHING = object()  # a class `__call__`'s default first argument: called without arguments


def _install_class_call(cls, class_call) -> None:
    """Make `class_call` (`_one_tensor_calls`) the `__call__` of `cls`, unless `cls` has a
    `__call__` of its own, or the class `__call__` of another Cell still alive."""
    current = cls.__dict__.get("__call__")
    if current is class_call:
        return
    if current is None:
        from msjax._src.nn.cell import Cell
        inherited = cls.__call__
        if inherited is not Cell.__call__ and not hasattr(inherited, "msjax_cell"):
            return  # a __call__ defined by a base class of cls below Cell
    else:
        owner = getattr(current, "msjax_cell", None)
        if owner is None:
            return  # the class's own __call__
        alive = owner()
        if alive is not None and alive is not class_call.msjax_cell():
            return  # another Cell of this class has it: this one keeps its fast call
    type.__setattr__(cls, "__call__", class_call)


def _forget_class_call(cls, class_call) -> None:
    """The Cell of `class_call` was freed: its class no longer holds it (nor its program)."""
    if cls.__dict__.get("__call__") is class_call:
        type.__delattr__(cls, "__call__")


def _general_call(cell_id, compiled, program, avals, version):
    """The fast call of any other program: the checks, then the program's own run (reading the
    boxes, writing back those it writes, rebuilding its result)."""
    n_args, run = len(avals), compiled.run

    def fast_call(cell, args):
        if (_call_key_version[0] != version or _current_frame() is not None
                or id(cell) != cell_id or len(args) != n_args):
            return MISSED
        dyn = []
        for arg, (shape, dtype) in zip(args, avals):
            if type(arg) is not Tensor:
                return MISSED
            data = arg._data
            if type(data) is not ArrayImpl:
                return MISSED
            aval = data.aval
            if aval.shape != shape or aval.dtype is not dtype:
                return MISSED
            dyn.append(data)
        return run(program, dyn)
    return fast_call
