"""Graph mode's Python fallback (MindSpore's `jit_syntax_level` LAX, the default).

MindSpore 2.x compiles a `jit` function's tensor computation into a graph and runs everything
else as Python: built-ins and NumPy on constants fold while compiling, Python values (numbers,
strings, lists, dicts, None, dtypes, NumPy arrays) may be returned, and the program's outputs keep
those Python values as they are. msjax does the same on JAX:

- While a program is traced, operations whose inputs are all constants run at once
  (`jax.ensure_compile_time_eval`), so a Tensor made from constants has a value that `asnumpy()`,
  `float()`, `len()`, `max()`... can read, exactly as MindSpore folds them.
- A traced program's result is split into its arrays (the program's outputs) and its Python
  values (kept with the program and put back into every call's result): `flatten_result`. A
  Python number chosen by a tensor condition is an output, returned as a Python number.
- Where a traced tensor's value is turned into a Python value at run time (`x.asnumpy()`,
  `float(x)`, `list(x.asnumpy())` of an argument), the function runs eagerly instead, with one
  `GraphFallbackWarning` naming the line (control_flow.fall_back): the result is MindSpore's.
- `print` of traced values prints at run time, in the format of MindSpore's graph `Print`.
- `str()`, `repr()`, `format()` (so `str.format`, `%`, f-strings) of a traced Tensor need its
  value (core/tensor.py `_value_to_print`): a Tensor made from constants shows its folded values,
  any other makes the function run eagerly, as MindSpore formats it at run time.
- The syntax level (`syntax_level`): a GRAPH_MODE Cell's graph takes its JitConfig's
  `jit_syntax_level`, else the context's; a `jit` function is LAX, or STRICT with
  `fullgraph=True` (it does not read the context; a function captured from bytecode or by
  tracing stays LAX); `MS_DEV_JIT_SYNTAX_LEVEL` in the process
  environment (0 STRICT, 1 COMPATIBLE, 2 LAX) overrides both. Under STRICT and COMPATIBLE
  `asnumpy` of a traced tensor raises MindSpore's AttributeError instead of running eagerly;
  under STRICT a returned dict is the tuple of its values (nested ones too).
"""
from __future__ import annotations

import builtins
import contextlib
import contextvars
import os
import re
import types

import jax
import numpy as np

from msjax._src.core import context, tensor_hooks
from msjax._src.core.lifting import is_cell
from msjax._src.core.result_nodes import InsertionOrdered, MergedNumber
from msjax._src.core.state import tracing_depth
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.core.tensor_repr import graph_print_constant, scalar_text, tensor_graph_print
from msjax._src.ops.graph_values import mutable
from msjax._src.ops.host_ops import graph_print_items
from msjax._src.transforms.graph_floats import (graph_abs, graph_dict, graph_divmod,
                                                graph_float_of, graph_list, graph_pow,
                                                graph_sum, graph_tuple)


# In a trace that folds constants, the errors deferred until its end (see `deferred_errors`).
_DEFERRED: contextvars.ContextVar = contextvars.ContextVar("msjax_deferred", default=None)


def deferred_errors():
    """None, or in a trace folding constants the list where code that needs a traced value
    may put JAX's error and go on tracing: the trace then raises the first at its end, and the
    function runs eagerly (graph_joined_str.py: the program's f-strings of run-time values)."""
    return _DEFERRED.get()


@contextlib.contextmanager
def fold_constants():
    """Operations on constants run at once (MindSpore folds them while compiling); operations on
    the program's inputs are staged as usual. Errors deferred in the block are raised at its
    end (`deferred_errors`)."""
    deferred = []
    token = _DEFERRED.set(deferred)
    try:
        with jax.ensure_compile_time_eval():
            try:
                yield
            except Exception:
                if deferred:
                    raise deferred[0] from None
                raise
        if deferred:
            raise deferred[0]
    finally:
        _DEFERRED.reset(token)


# What tracing raises when Python needs a tensor's value.
NEEDS_VALUE = (jax.errors.ConcretizationTypeError, jax.errors.TracerArrayConversionError,
               jax.errors.TracerIntegerConversionError, jax.errors.NonConcreteBooleanIndexError)


@contextlib.contextmanager
def traced_at(configured):
    """The block traces a graph-mode program configured at syntax level `configured` (None: no
    graph-mode program), which the environment overrides (`syntax_level`)."""
    token = _LEVEL.set(None if configured is None else syntax_level(configured))
    try:
        yield
    finally:
        _LEVEL.reset(token)


def run_folding_when_needed(record, graph_mode, run):
    """`run()`, the body of a program's trace (`record`: its program.TraceRecord); when Python
    needed a tensor's value and this is a graph-mode program, again with constants folded
    (remembered in `record.fold`, which the program's later traces keep): the value is then there
    when the tensor was made from constants, and when it was not, the error stands (and the
    function falls back to running eagerly, control_flow.fall_back). Below the LAX syntax level
    (`traced_at`) the program's own `asnumpy()` of a traced tensor raises MindSpore's
    AttributeError instead (`_raised_by_asnumpy`; an op needing its inputs' values falls back).

    Folding only when needed keeps every other program as it was traced before: its constants
    embedded in the program, so its executable serialises whole (compile_cache.py).
    """
    token = _IN_GRAPH.set(graph_mode)
    try:
        if graph_mode and not record.fold:
            try:
                return run()
            except NEEDS_VALUE as error:
                if (_LEVEL.get() not in (None, context.LAX)
                        and isinstance(error, jax.errors.TracerArrayConversionError)
                        and _read_by_program(error)):
                    raise _strict_error(error) from None
                record.fold = True
        if not record.fold:
            return run()
        with fold_constants():
            return run()
    finally:
        _IN_GRAPH.reset(token)


_IN_GRAPH: contextvars.ContextVar = contextvars.ContextVar("msjax_in_graph", default=False)
in_graph = _IN_GRAPH.get  # whether a graph-mode program (jit, GRAPH_MODE) is being traced
tensor_hooks.IN_GRAPH[0] = in_graph  # a Parameter's register_hook is refused there

# The syntax level of the graph-mode program being traced (None: none is).
_LEVEL: contextvars.ContextVar = contextvars.ContextVar("msjax_syntax_level", default=None)
_LEVEL_VARIABLE = "MS_DEV_JIT_SYNTAX_LEVEL"


def syntax_level(configured=context.LAX) -> int:
    """The syntax level a graph is compiled at: `MS_DEV_JIT_SYNTAX_LEVEL` of the process
    environment where set (MindSpore reads it with C's getenv: `context.process_environ`), else
    `configured`. A value other than 0, 1 or 2 raises MindSpore's RuntimeError."""
    value = context.process_environ(_LEVEL_VARIABLE)
    if not value:
        return configured
    if value not in ("0", "1", "2"):
        raise RuntimeError(f"JIT syntax level should be a number and from 0 to 2, but got "
                           f"{value}")
    return int(value)


def strict() -> bool:
    """Whether graph mode's syntax level is STRICT: the level of the program being traced, or
    outside one the environment's (a GRAPH_MODE gradient taken from Python, grad.py)."""
    level = _LEVEL.get()
    return (syntax_level() if level is None else level) == context.STRICT


def cell_syntax_level(cell) -> int:
    """The syntax level a GRAPH_MODE Cell's graph is configured at: its JitConfig's
    `jit_syntax_level` (`Cell.set_jit_config`), else the context's `jit_syntax_level`."""
    name = cell.__dict__.get("_jit_config_dict", {}).get("jit_syntax_level", "")
    if name:
        return {"STRICT": context.STRICT, "COMPATIBLE": context.COMPATIBLE,
                "LAX": context.LAX}[name]
    return context.get_context("jit_syntax_level")


_VALUE_READERS = (Tensor.asnumpy.__code__, Tensor.__array__.__code__)
_MSJAX_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _read_by_program(error) -> bool:
    """Whether the traced tensor's value that `error` (JAX's TracerArrayConversionError) could
    not give was asked for by the program's own code (its `x.asnumpy()`, `np.array(x)`), which
    MindSpore refuses below LAX, rather than by an msjax op whose result's shape depends on the
    values (`bincount`, `unique`, `masked_select`), which MindSpore's graph compiles as a
    dynamic-shape kernel at every syntax level and msjax runs eagerly."""
    caller = None
    frame = error.__traceback__
    while frame is not None:
        code = frame.tb_frame.f_code
        if code in _VALUE_READERS:
            return caller is not None and not caller.startswith(_MSJAX_DIR + os.sep)
        caller = code.co_filename
        frame = frame.tb_next
    return False


def _strict_error(error):
    """MindSpore's error for `asnumpy()` of a traced tensor under STRICT (`error` is JAX's)."""
    found = re.search(r"shape ([a-z0-9]+)\[", str(error))
    dtype = _wrap(np.zeros((), found.group(1))).dtype if found else "?"
    return AttributeError(
        f"In JIT strict mode, cannot get attributes asnumpy or the Tensor[{dtype}] object has "
        "no attribute: 'asnumpy'. You can use os.environ['MS_DEV_JIT_SYNTAX_LEVEL'] = '2' to "
        "enable the JIT lax mode to support the current syntax.")


# -- a traced result: its arrays, and its Python values ------------------------------------------
_ITERATORS = {range: tuple, zip: tuple, enumerate: tuple, map: tuple, filter: list,
              type({}.keys()): tuple, type({}.values()): tuple, type({}.items()): tuple}
_GENERATOR = type(x for x in ())


def _is_merged_number(tensor) -> bool:
    """A Tensor holding a traced Python number: 0-d and weakly typed (a Tensor's own arrays are
    strongly typed; a Python number promoted by control_flow's merge is not)."""
    data = tensor._data
    if not isinstance(data, jax.core.Tracer) or data.ndim:
        return False
    return jax.typeof(data).weak_type


def _as_graph_value(value, finals):
    """`value` as MindSpore's graph returns it: iterators as tuples (a `filter` or a generator
    as a list), dicts in insertion order (under STRICT the tuple of their values), NumPy scalars as Python scalars, Parameters as their
    values at the end of the call (`finals`: id -> value)."""
    kind = type(value)
    if kind is tuple or kind is list:
        return kind(_as_graph_value(v, finals) for v in value)
    if kind is dict:
        if strict():  # STRICT graphs return a dict as the tuple of its values
            return tuple(_as_graph_value(v, finals) for v in value.values())
        return InsertionOrdered((k, _as_graph_value(v, finals)) for k, v in value.items())
    if isinstance(value, np.generic):
        return value.item()
    if kind in _ITERATORS:
        return _ITERATORS[kind](_as_graph_value(v, finals) for v in value)
    if kind is _GENERATOR:
        return [_as_graph_value(v, finals) for v in value]
    if isinstance(value, Tensor):
        if id(value) in finals:  # a Parameter returned: its value after the call's writes
            return _wrap(finals[id(value)])
        if _is_merged_number(value):
            return MergedNumber(value._data)
    return value


def _is_array(leaf) -> bool:
    return isinstance(leaf, (jax.Array, jax.core.Tracer))


_MAX_NESTING = 6  # MindSpore's limit on the list and tuple levels of a graph's result


def _contains_tensor(value) -> bool:
    if isinstance(value, Tensor):
        return True
    items = value.values() if isinstance(value, dict) else value
    return isinstance(value, (tuple, list, dict)) and any(_contains_tensor(v) for v in items)


def check_nesting(value, depth=0) -> None:
    """MindSpore's RuntimeError for a graph's result with an item inside more than 6 nested
    lists or tuples (an empty one that deep is allowed; a dict's values count from 0 again).
    The message says 'List nesting' when that innermost sequence holds a Tensor (a sequence
    the graph builds), 'List, tuple and dict nesting' when it is a constant."""
    if isinstance(value, dict):
        for item in value.values():
            check_nesting(item, 0)
    elif isinstance(value, (tuple, list)):
        if depth == _MAX_NESTING and value:
            kind = "List" if _contains_tensor(value) else "List, tuple and dict"
            raise RuntimeError(f"{kind} nesting is not allowed more than {_MAX_NESTING} levels.")
        for item in value:
            check_nesting(item, depth + 1)


def flatten_result(result, boxes=(), finals=()):
    """`(arrays, tree, constants)`: the traced result's array leaves (the program's outputs), its
    structure, and its Python values as `(leaf position, value)` pairs kept with the program.

    Parameters in `result` stand for their values after the call (`boxes` and their `finals`).
    """
    check_nesting(result)
    final_of = {id(box): final for box, final in zip(boxes, finals)}
    leaves, tree = jax.tree_util.tree_flatten(_as_graph_value(result, final_of))
    arrays, constants = [], []
    for position, leaf in enumerate(leaves):
        if _is_array(leaf):
            arrays.append(leaf)
        else:
            constants.append((position, leaf))
    return arrays, tree, tuple(constants)


def unflatten_result(tree, arrays, constants):
    """The call's result: the program's `arrays` with the Python `constants` put back."""
    if not constants:
        return jax.tree_util.tree_unflatten(tree, arrays)
    leaves = list(arrays)
    for position, value in constants:
        leaves.insert(position, value)
    return jax.tree_util.tree_unflatten(tree, leaves)


# -- built-ins that differ in graph mode -------------------------------------------------------
def graph_map(function, *sequences):
    """`map` in graph mode: a list when the first sequence is a list, else a tuple."""
    kind = list if sequences and type(sequences[0]) is list else tuple
    return kind(builtins.map(function, *sequences))


def _python_scalar(value):
    """A one-element NumPy array as the scalar MindSpore's `float()`/`int()`/`bool()` read from
    it (NumPy 2 refuses arrays of one or more dimensions there)."""
    if isinstance(value, np.ndarray) and value.ndim and value.size == 1:
        return value.reshape(())
    return value


def graph_float(value=0.0):
    """`float` in graph mode: of an int, a bool or a Tensor, a float the graph computes (float32
    when returned: graph_floats.py); of a float, that float."""
    return graph_float_of(value, float(_python_scalar(value)))


def graph_int(value=0, *base):
    return int(_python_scalar(value), *base)


def graph_bool(value=False):
    return bool(_python_scalar(value))


def graph_str(value=""):
    """`str` in graph mode: a Tensor as the text of its values (MindSpore: `'[10]'`)."""
    if isinstance(value, Tensor):
        return str(value.asnumpy())  # a traced Tensor: folded when made from constants
    return str(value)


def _print_value(value) -> str:
    """One argument as MindSpore's graph `Print` shows it (core/tensor_repr.py)."""
    if isinstance(value, Tensor):
        value = value._data
    if isinstance(value, (jax.Array, np.ndarray, np.generic)):
        array = np.asarray(value)
        return tensor_graph_print(array, str(_wrap(array).dtype))
    return graph_print_constant(value)


_SHOWN_CONSTANT_ELEMENTS = 30  # a constant Tensor this size or larger shows no values


def tensor_text(array) -> str:
    """A Tensor made from constants as MindSpore's C++ writes it into an f-string of a compiled
    function: `Tensor(shape=[2], dtype=Int64, value=[1 2])` (graph `Print`'s layout), a 0-d one
    with its value after `value=`, and one of 30 or more elements as `value=[...]`."""
    array = np.asarray(array)
    dtype = str(_wrap(array).dtype)
    if array.ndim == 0:
        return f"Tensor(shape=[], dtype={dtype}, value={scalar_text(array, dtype)})"
    if array.size >= _SHOWN_CONSTANT_ELEMENTS:
        return f"Tensor(shape={list(array.shape)}, dtype={dtype}, value=[...])"
    return tensor_graph_print(array, dtype)


def graph_print(*values, sep=" ", end="\n", file=None, flush=False):
    """`print` inside a compiled function: each argument on its own line in the format of
    MindSpore's graph `Print`; when an argument is traced, printed each time the program runs."""
    leaves, tree = jax.tree_util.tree_flatten(values)
    traced = [i for i, leaf in enumerate(leaves) if isinstance(leaf, jax.core.Tracer)]
    if not tracing_depth() and not traced:  # (a backward pass JAX traces has tracers too)
        return builtins.print(*values, sep=sep, end=end, file=file, flush=flush)
    if not traced:
        for value in graph_print_items(values):
            builtins.print(_print_value(value), file=file, flush=True)
        return None

    def show(*arrays):
        filled = list(leaves)
        for i, array in zip(traced, arrays):
            filled[i] = array
        for value in graph_print_items(jax.tree_util.tree_unflatten(tree, filled)):
            builtins.print(_print_value(value), file=file, flush=True)

    jax.debug.callback(show, *[leaves[i] for i in traced], ordered=True)
    return None


def _class_info(value) -> bool:
    return isinstance(value, type) or (isinstance(value, tuple)
                                       and all(_class_info(v) for v in value))


def graph_isinstance(obj, class_info):
    """`isinstance` inside a compiled function: MindSpore's graph compiler takes a type or a
    (nested) tuple of types only, and checks all of it before comparing (no union `int | str`,
    no list, no instance anywhere in the tuple)."""
    if not tracing_depth():
        return builtins.isinstance(obj, class_info)
    if not _class_info(class_info):
        raise TypeError("isinstance() arg 2 must be a type or tuple of types.")
    return builtins.isinstance(obj, class_info)


def graph_str_format(bound):
    """`str.format` of the string `bound.__self__` inside a compiled function. MindSpore's graph
    compiler runs it as a Python primitive, whose arguments must be values its graph holds: a Cell
    is not one (it is a dead node there), so a Cell argument is MindSpore's TypeError, or as a
    keyword its RuntimeError; a Cell's attributes and `type(cell)` are values and format."""
    def format_(*args, **kwargs):
        if tracing_depth():
            if any(is_cell(a) for a in args):
                raise TypeError("Unsupported parameter type for python primitive, the parameter "
                                "value is DeadNode")
            if any(is_cell(v) for v in kwargs.values()):
                raise RuntimeError("ValueProblem(DeadNode) can't be converted to abstract.")
        return bound(*args, **kwargs)
    return format_


def formatted(value):
    """A value an f-string formats inside a compiled function (`f"{value}"`): a Cell or a
    function shows as the dead node it is in MindSpore's graph ("DeadNode"); any other value as
    itself."""
    dead = is_cell(value) or isinstance(value, (types.FunctionType, types.MethodType))
    return "DeadNode" if tracing_depth() and dead else value


def graph_len(obj):
    """`len(obj)` in a compiled function: the length of a dynamic-length `mutable` sequence is
    a variable of the graph (`ops.isconstant` is False for it), as in MindSpore; any other
    length is the constant Python `len` gives. A 0-D Tensor has none (graph mode's ArrayLen
    message ends with a full stop, PyNative's does not)."""
    if isinstance(obj, Tensor) and obj.ndim == 0:
        raise TypeError("Not support len of a 0-D tensor.")
    size = len(obj)
    if getattr(obj, "__ms_dynamic_len__", False):
        return mutable(size)
    return size


def _range_bound_text(bound) -> str:
    """A Tensor given to `range` as MindSpore's make_range message describes it: a constant
    one with its address and values, a traced one without."""
    shape = "(" + ", ".join(str(d) for d in bound.shape) + ")"
    text = (f"AbstractTensor(shape: {shape}, element: AbstractScalar(Type: {bound.dtype}, "
            "Value: ValueAny, Shape: NoShape)")
    data = bound._data
    if isinstance(data, jax.core.Tracer):
        data = data.to_concrete_value()  # (a Tensor made from constants inside the function)
    if data is None:
        return text + ", value: ValueAny)"
    values = np.array2string(np.asarray(data), separator=" ")
    return (text + f", value_ptr: {hex(id(bound))}, value: Tensor(shape={list(bound.shape)}, "
            f"dtype={bound.dtype}, value={values}))")


def graph_range(*args):
    """`range(...)` in a compiled function other than as a `for` loop's iterable (which
    control_flow.range_ takes): MindSpore's graph makes it a tuple, of dynamic length with
    variable items when a bound is a variable (`mutable`) int; a Tensor bound is make_range's
    TypeError."""
    for position, bound in enumerate(args):
        if isinstance(bound, Tensor):
            raise TypeError(f"For 'make_range', the {position}th input should be a int scalar "
                            f"but got {_range_bound_text(bound)}")
    items = tuple(range(*args))
    if any(getattr(bound, "__ms_mutable__", False) for bound in args):
        return mutable(items, True)
    return items


def graph_builtin(fn):
    """The graph-mode form of the built-in function or method `fn` (`fn` when it has none)."""
    special = GRAPH_BUILTINS.get(id(fn))
    if special is not None:
        return special
    if type(getattr(fn, "__self__", None)) is str and fn.__name__ == "format":
        return graph_str_format(fn)
    return fn


GRAPH_BUILTINS = {id(builtins.map): graph_map, id(builtins.print): graph_print,
                  id(builtins.isinstance): graph_isinstance,
                  id(builtins.float): graph_float, id(builtins.int): graph_int,
                  id(builtins.bool): graph_bool, id(builtins.str): graph_str,
                  id(builtins.sum): graph_sum, id(builtins.pow): graph_pow,
                  id(builtins.divmod): graph_divmod, id(builtins.abs): graph_abs,
                  id(builtins.list): graph_list, id(builtins.tuple): graph_tuple,
                  id(builtins.dict): graph_dict,
                  id(builtins.len): graph_len, id(builtins.range): graph_range}
