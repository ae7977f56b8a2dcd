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

A fast call belongs to its Cell (an instance attribute that `Cell.__call__` calls first), never
to its class: a Cell class's `__call__` is the one it defines or inherits, whatever was called.
Without JAX's private fast paths (`jax_private.ENABLED` False) there is no executable C++ call:
every fast call is the general one, which runs the jitted function (public `jax.jit` dispatch).
"""
from __future__ import annotations

import jax

from msjax._src.backend import jax_private
from msjax._src.core import context, state, x64
from msjax._src.core.tensor import Tensor

_context = context._context
_GRAPH_MODE = context.GRAPH_MODE
_call_key_version = state.call_key_version
_current_frame = state.current_frame
_tracing_depth = state.tracing_depth
MISSED = object()  # what a fast call returns when the call must take the full path
# What the executable raises under jax_debug_nans/infs: the full path (jax.jit) reruns the program
# op by op and raises FloatingPointError naming the op, as a compiled call does.
_REFUSED = (TypeError, ValueError, jax_private.INTERNAL_FLOATING_POINT_ERROR)
_ARRAY_IMPL = jax_private.ARRAY_IMPL
_Tracer = jax.core.Tracer
_swap_x64, _restore_x64 = x64.swap_and_restore()


def _concrete(data) -> bool:
    """Whether `data` is a concrete JAX array (not a tracer, not NumPy)."""
    if type(data) is _ARRAY_IMPL:
        return True
    return isinstance(data, jax.Array) and not isinstance(data, _Tracer)


def install_fast_call(cell, args, compiled, program, dyn, version) -> None:
    """After `cell(*args)` ran `program` (of `compiled`, the Cell's CompiledFunction) with the
    arrays `dyn` of `args`, selected when `state.call_key_version` was `version`, make the
    Cell's next calls of that signature take a fast call."""
    if (version != _call_key_version[0] or program.call is None or program.eager
            or _context["mode"] != _GRAPH_MODE or _current_frame() is not None
            or _tracing_depth() or len(dyn) != len(args)
            or not all(_concrete(d) for d in dyn)
            or any(type(a) is not Tensor for a in args)):
        return
    made = program.fast_call
    if made is None or made[0] != version or made[1] != id(cell):
        avals = tuple((d.aval.shape, d.aval.dtype) for d in dyn)
        executable_call = _executable_cpp_call(program)
        if (len(avals) == 1 and program.single and not program.written_index
                and not program.checked and executable_call is not None):
            call = _one_tensor_call(id(cell), program, executable_call, version)
        else:
            call = _general_call(id(cell), compiled, program, avals, version)
        made = program.fast_call = (version, id(cell), call)
    object.__setattr__(cell, "_fast_call", made[2])


# A program's own fast call; `{values}` reads its boxes' values (box0._value, ...). `call` is the
# C++ call of the program's compiled executable, which checks every input's shape and dtype
# itself: inputs of another signature (or a traced one) raise TypeError before anything runs.
_ONE_TENSOR_SOURCE = """
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
    """The C++ call of `program`'s compiled executable (a call of the compiled signature runs
    without Python; any other raises TypeError), when calls with concrete values run that
    executable as it is (no stacked rows) and JAX's private fast paths are on; else None."""
    compiled = program.compiled
    if (program.rows is not None or program.donated
            or (program.call is not program.dispatch and program.call is not compiled)):
        return None
    return jax_private.executable_cpp_call(compiled)


def _one_tensor_call(cell_id, program, executable_call, version):
    """The fast call of a program taking one Tensor and returning one, writing no box: its
    inputs' shapes and dtypes are checked by `executable_call` (`_executable_cpp_call`)."""
    n_boxes = len(program.boxes)
    code = _compiled_sources.get(n_boxes)
    if code is None:
        source = _ONE_TENSOR_SOURCE.format(values="".join(f"box{i}._value, "
                                                          for i in range(n_boxes)))
        code = _compiled_sources[n_boxes] = compile(source, f"<msjax fast call, {n_boxes} "
                                                    "boxes>", "exec")
    namespace = {f"box{i}": box for i, box in enumerate(program.boxes)}
    namespace.update(version_box=_call_key_version, version=version, cell_id=cell_id,
                     current_frame=_current_frame, Tensor=Tensor, call=executable_call,
                     MISSED=MISSED, REFUSED=_REFUSED, new=object.__new__,
                     __builtins__=__builtins__)
    exec(code, namespace)  # noqa: S102 - our own source, defining the function
    return namespace["fast_call"]


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
            if type(data) is not _ARRAY_IMPL and not _concrete(data):
                return MISSED
            aval = data.aval
            if aval.shape != shape or aval.dtype is not dtype:
                return MISSED
            dyn.append(data)
        previous = _swap_x64(True)  # the run may trace again (index checks): MindSpore's dtypes
        try:
            return run(program, dyn)
        finally:
            _restore_x64(previous)
    return fast_call
