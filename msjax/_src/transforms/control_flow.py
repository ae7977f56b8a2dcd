"""Graph-mode control flow: Python `if`/`while`/`for` on tensor values inside compiled code.

MindSpore's graph mode compiles Python control flow whose condition is a tensor. msjax does it the
AutoGraph way: `convert(fn)` rewrites the function's source (`inspect.getsource`, so files and
notebook cells both work; `control_flow_rewrite.py`) into calls of the runtime helpers below,
which run plain Python when the condition is a Python value and `lax.cond` / `lax.while_loop`
when it is traced (under `vmap` a per-element condition becomes a per-element select). File name
and line numbers are kept, so tracebacks point at the user's code. The compiled-call path traces
`traceable(fn)`; `mindspore.jit` and GRAPH_MODE Cells fall back with `fall_back`. Converted:

- `if`/`elif`/`else`, `a if c else b`, `and`/`or`/`not`, chained comparisons `a < b < c`;
- `while`; `for` over anything iterable (unrolled, as MindSpore does: a tensor iterates its first
  axis) and over `range(n)` with a tensor `n` (a `lax.while_loop`; MindSpore refuses it);
- `break`, `continue`, `return` anywhere (they become flags guarding the statements after them);
- functions, methods and Cells called from converted code, when they are the user's own code.

Variables a block assigns are its carried state: branch and loop bodies become functions of them.
A variable a tensor `if` defines in one branch only is MindSpore's UnboundLocalError when read;
branches giving it different dtypes are MindSpore's TypeError; a scalar and a tensor broadcast.
Boxes (Parameters, the RNG key) written in a traced body (`ops.assign`) are carried as well.

What cannot be converted (no source, generators, `global`/`nonlocal`/`del` in a block, a jump out
of `try`) runs as traced Python; a tracer-to-bool error then makes the jit path run the call
eagerly, op by op, with a `GraphFallbackWarning` naming the line (`fall_back`).
"""
from __future__ import annotations

import contextlib
import contextvars
import copy
import dis
import functools
import inspect
import linecache
import os
import re
import sys
import sysconfig
import threading
import traceback
import types
import warnings
import weakref

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from msjax._src.backend.interface import differentiated, private_paths
from msjax._src.core import dtype as _mstype
from msjax._src.core import integer_inputs, lifting, state, tensor_hooks
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import PLAIN_TENSOR_TYPES, Tensor, _wrap
from msjax._src.ops.graph_values import _List, _Tuple
from msjax._src.transforms import call_depth, inplace_writes, tracing_depth
from msjax._src.transforms.control_flow_rewrite import NotConvertible, rewrite
from msjax._src.transforms.graph_fallback import formatted  # f"{value}" in converted code
from msjax._src.transforms.graph_fallback import graph_builtin
from msjax._src.transforms import graph_floats
from msjax._src.transforms.graph_floats import (  # arithmetic, lists, dicts in converted code
    attribute, augmented, binary, created, negative)
from msjax._src.transforms.inplace_writes import InPlaceWrites
from msjax._src.transforms.graph_forbidden import FORBIDDEN, check_call
from msjax._src.transforms.graph_index import getitem, setitem, setitem_slice  # `a[i]`, `a[i] = v`
from msjax._src.transforms.graph_methods import graph_method, read_attribute  # `obj.attr`
from msjax._src.transforms.graph_scoping import (  # `del` and `self.x[i] = v` in converted code
    check_member_subscript, refuse_statement)
from msjax._src.transforms.graph_joined_str import joined_str  # f-strings in converted code
from msjax._src.transforms.sequence_compare import compare  # `a < b` in converted code

_PASSES = 6  # traces of one lax.cond / while_loop before giving up (normally 1, at most ~3)


class GraphFallbackWarning(UserWarning):
    """A compiled function could not be compiled and runs eagerly (op by op)."""


class UnconvertibleControlFlowError(TypeError):
    """A block that can only run as Python met a tensor condition."""


class DynamicJoinError(UnconvertibleControlFlowError):
    """The branches of a tensor condition give a variable values XLA cannot join but MindSpore
    can (tensors of different shapes: a dynamic shape; None and a value): the function runs
    eagerly (`fall_back`), where the branch taken gives its own value, as in MindSpore."""

    def __init__(self, message):
        super().__init__(message)
        self.reason = message.split("\n", 1)[0]


# -- values ------------------------------------------------------------------------------------
class Undefined:
    """A variable without a value on this path; using it raises `error(message)`. `like` is the
    record of its value on the paths that define it."""

    __slots__ = ("error", "like", "message", "name")
    is_msjax_undefined = True  # (how an op's error path tells it: ops/registry.py)

    def __init__(self, name, message=None, error=UnboundLocalError, like=None):
        self.name, self.error, self.like = name, error, like
        self.message = message or (f"cannot access local variable '{name}' where it is not "
                                    "associated with a value")

    def fail(self, *args, **kwargs):
        raise self.error(self.message + _use_site())

    def __getattr__(self, attr):
        self.fail()

    def __repr__(self):
        return f"<msjax undefined '{self.name}'>"


for _op in ("bool", "len", "iter", "getitem", "call", "neg", "pos", "abs", "invert", "int",
            "float", "index", "array", "jax_array", "lt", "le", "gt", "ge", "add", "sub", "mul",
            "truediv", "floordiv", "mod", "pow", "matmul", "and", "or", "xor", "eq", "ne"):
    setattr(Undefined, f"__{_op}__", Undefined.fail)
    setattr(Undefined, f"__r{_op}__", Undefined.fail)

def _use_site() -> str:
    """Where the user's code used an undefined variable (the innermost frame outside msjax,
    JAX and the standard library): its function's first line and the line of the use, as
    MindSpore's graph-mode errors show them."""
    frame = sys._getframe(2)
    while frame is not None and _ours(frame.f_code.co_filename):
        frame = frame.f_back
    if frame is None:
        return ""
    filename, first, line = frame.f_code.co_filename, frame.f_code.co_firstlineno, frame.f_lineno
    return "".join(f"\n\n# In file {filename}:{n}\n{linecache.getline(filename, n).rstrip()}"
                   for n in dict.fromkeys((first, line)))


UNDEFINED_RETURN = Undefined("return value")
_TENSOR, _ARRAY = object(), object()  # markers of the dynamic leaves in a record
_PROMOTABLE = (bool, int, float, complex, np.generic, np.ndarray, Parameter)
_COMPARABLE = (bool, int, float, complex, str, bytes, type(None))


def _is_traced(x) -> bool:
    return isinstance(x._data if isinstance(x, Tensor) else x, jax.core.Tracer)


def _data(x):
    return x._data if isinstance(x, Tensor) else jnp.asarray(x)


def _to_pred(value, where):
    """A traced condition as a scalar bool (MindSpore's rule: a tensor of one element)."""
    data = _data(value)
    if data.size != 1:
        raise ValueError("Only tensor which shape is () or (1,) can be converted to bool, but got "
                         f"tensor shape is ({', '.join(map(str, data.shape))})\n"
                         f"(msjax: the condition at {where})")
    data = jnp.reshape(data, ())
    return data if data.dtype == jnp.bool_ else data != 0


def _rebox(values):
    """Fresh Tensor boxes and containers, so a traced branch cannot mutate the caller's."""
    return jax.tree_util.tree_map(lambda t: _wrap(t._data) if type(t) in PLAIN_TENSOR_TYPES else t, values,
                                  is_leaf=lambda t: isinstance(t, Tensor))


class _Spec:
    """How one carried variable crosses lax control flow, refined when a trace shows a need:
    `promote` Python numbers to arrays, `casts` {leaf: (shape, dtype)}, `fill` an undefined value
    with zeros like `like`, or `poison` it (an Undefined with the reason)."""

    def __init__(self):
        self.promote, self.casts, self.like, self.poison = False, {}, None, None

    def copy(self):
        new = copy.copy(self)
        new.casts = dict(self.casts)
        return new


def _is_undefined(record) -> bool:
    return len(record[1]) == 1 and isinstance(record[1][0], Undefined)


def _split(value, spec):
    """(arrays, record) of a variable; the record is (treedef, leaves with _TENSOR/_ARRAY markers
    for the arrays, avals of the arrays)."""
    if spec.poison is not None:
        return [], None
    if spec.like is not None and isinstance(value, Undefined):
        value = _zeros_like(spec.like)
    leaves, treedef = jax.tree_util.tree_flatten(
        value, is_leaf=lambda v: isinstance(v, (Tensor, Undefined)))
    arrays, statics, avals = [], [], []
    for i, leaf in enumerate(leaves):
        raw = isinstance(leaf, jax.Array)
        if raw or type(leaf) in PLAIN_TENSOR_TYPES or (spec.promote and isinstance(leaf, _PROMOTABLE)):
            array = _data(leaf)
            shape, dtype = spec.casts.get(i, (None, None))
            array = array if dtype is None else array.astype(dtype)
            if shape is not None and _broadcasts(array.shape, shape):
                array = jnp.broadcast_to(array, shape)
            aval = jax.typeof(array)
            arrays.append(array)
            statics.append(_ARRAY if raw else _TENSOR)
            avals.append((aval.shape, aval.dtype, aval.weak_type))
        else:
            statics.append(leaf)
    return arrays, (treedef, tuple(statics), tuple(avals))


def _broadcasts(shape, to) -> bool:
    return len(shape) <= len(to) and all(a in (1, b) for a, b in zip(shape[::-1], to[::-1]))


def _merge(arrays, record, spec):
    if spec.poison is not None:
        return spec.poison
    arrays = iter(arrays)
    return record[0].unflatten([_wrap(next(arrays)) if s is _TENSOR else next(arrays)
                                if s is _ARRAY else s for s in record[1]])


def _zeros_like(record):
    avals = iter(record[2])
    return _merge([jnp.zeros(*next(avals)[:2]) for s in record[1] if s in (_TENSOR, _ARRAY)],
                  record, _Spec())


class _Shown(str):
    __repr__ = str.__str__


def _describe(record) -> str:
    if record is None or _is_undefined(record):
        return "not defined"
    avals = iter(record[2])
    return repr(record[0].unflatten([s if s not in (_TENSOR, _ARRAY) else _Shown(
        f"Tensor(shape={list((a := next(avals))[0])}, dtype={a[1]})") for s in record[1]]))


def _same(a, b) -> bool:
    return a is b or (type(a) is type(b) and type(a) in _COMPARABLE and a == b)


_NONE_TREE = jax.tree_util.tree_structure(None)
# Whether a traced loop body is being traced: its conds broadcast as the loop's carry does.
_IN_LOOP: contextvars.ContextVar = contextvars.ContextVar("msjax_in_traced_loop", default=False)
_SCALARS = (bool, int, float, complex, np.generic)


def _abstract(value) -> str:
    """MindSpore's abstract type name of a leaf or a tree, as its join errors name them."""
    if value is _TENSOR or value is _ARRAY or isinstance(value, (Tensor, np.ndarray)):
        return "AbstractTensor"
    if isinstance(value, _SCALARS):
        return "AbstractScalar"
    if isinstance(value, jax.tree_util.PyTreeDef):
        kind = value.node_data()[0] if value.num_nodes > 1 or value.num_leaves == 0 else None
        return {tuple: "AbstractTuple", list: "AbstractList", dict: "AbstractDictionary",
                type(None): "AbstractNone"}.get(kind, "AbstractTensor")
    return f"Abstract{type(value).__name__.capitalize()}"


def _leaf_difference(x, y, flag=False):
    """None when leaves x and y of one variable's records merge as they are; "promote" when
    they do once Python numbers become arrays; else ("mismatch", MindSpore's reason). A `flag`
    (msjax's own break/continue/return flags) is a number or a bool tensor: always promoted."""
    if _same(x, y):
        return None
    tensor_like = (lambda v: v is _TENSOR or v is _ARRAY or isinstance(v, (np.ndarray, Parameter)))
    if flag or (tensor_like(x) and tensor_like(y)):
        numeric = (lambda v: tensor_like(v) or isinstance(v, _PROMOTABLE))
        return "promote" if numeric(x) and numeric(y) else (
            "mismatch", "type", f"Abstract type {_abstract(x)} cannot join with {_abstract(y)}.")
    if isinstance(x, _SCALARS) and isinstance(y, _SCALARS):
        if type(x) is type(y):  # one type, different values: a variable scalar
            return "promote"
        return ("mismatch", "dtype", f"dtype1 = {_scalar_type(x)}, dtype2 = {_scalar_type(y)}.")
    return ("mismatch", "type",
            f"Abstract type {_abstract(x)} cannot join with {_abstract(y)}.")


def _ms_dtype(np_dtype) -> str:
    return str(_mstype.from_numpy(np_dtype))


def _scalar_type(value) -> str:
    return {bool: "Bool", int: "Int64", float: "Float32", complex: "Complex64"}.get(
        type(value), type(value).__name__)


def _join_reason(a, b, flag) -> str:
    """MindSpore's `Type Join Failed: ...` reason for records a and b that do not join."""
    diff = _difference(a, b, False, flag)
    return diff[2] if isinstance(diff, tuple) and diff[0] == "mismatch" else ""


def _difference(a, b, loop=False, flag=False):
    """What keeps records a and b of one variable from merging: None, "undefined", "promote",
    ("cast", {leaf: (shape, dtype)}), ("mismatch", what, MindSpore's reason) or ("dynamic",
    what): values MindSpore joins and XLA cannot (tensors of different shapes after a tensor
    `if`, None and a value), which run eagerly."""
    if _is_undefined(a) or _is_undefined(b):
        return None if _is_undefined(a) and _is_undefined(b) else "undefined"
    if a[0] != b[0]:
        if not loop and _NONE_TREE in (a[0], b[0]):
            return ("dynamic", "None")
        if a[0].num_leaves == b[0].num_leaves == 1:  # one leaf each: compare the leaves
            return _leaf_difference(a[1][0], b[1][0], flag) or ("mismatch", "type", "")
        return ("mismatch", "type",
                f"Abstract type {_abstract(a[0])} cannot join with {_abstract(b[0])}.")
    if not all(_same(x, y) for x, y in zip(a[1], b[1])):
        diffs = [_leaf_difference(x, y, flag) for x, y in zip(a[1], b[1])]
        mismatch = next((d for d in diffs if d not in (None, "promote")), None)
        return mismatch or "promote"
    casts, leaves = {}, [i for i, s in enumerate(a[1]) if s in (_TENSOR, _ARRAY)]
    for leaf, (sa, da, wa), (sb, db, wb) in zip(leaves, a[2], b[2]):
        shape = dtype = None
        if sa != sb:
            if not loop and not _IN_LOOP.get():  # MindSpore: a dynamic shape, the taken
                return ("dynamic", "shape")  # branch's value (in a loop: its carry's rule)
            # an accumulator started as a scalar: broadcast it (MindSpore: dynamic)
            if not (_broadcasts(sa, sb) or _broadcasts(sb, sa)):
                return ("mismatch", "shape", "")
            shape = sb if _broadcasts(sa, sb) else sa
        if da != db:  # a weakly typed side (a Python number) takes the other's dtype
            if not (wa or wb or _float_copy_spread(da, db)):
                return ("mismatch", "dtype", f"dtype1 = {_ms_dtype(da)}, dtype2 = {_ms_dtype(db)}.")
            dtype = db if wa and not wb else da if wb and not wa else jnp.promote_types(da, db)
        if shape or dtype:
            casts[leaf] = (shape, dtype)
    return ("cast", casts) if casts else None


def _float_copy_spread(da, db) -> bool:
    """Whether an integer and a floating dtype meet where a differentiated integer input's
    Float32 copy (integer_inputs.py) has spread into a value MindSpore keeps integer: they join
    in the floating dtype, as the copy stands for the integer."""
    if not integer_inputs.recording():
        return False
    kinds = {jnp.dtype(da).kind, jnp.dtype(db).kind}
    return kinds in ({"i", "f"}, {"u", "f"})


_RETURN_VALUE = re.compile(r"_msjax_return_\d+_value$")
_RETURN_FLAG = re.compile(r"_msjax_return_\d+$")


def _code_lines(code) -> set:
    """The source lines of a code object and of the functions defined in it."""
    lines = {line for _, _, line in code.co_lines() if line is not None}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            lines |= _code_lines(const)
    return lines


def _source_lines(code, name) -> str:
    """MindSpore's join errors show where each branch gives the variable its value: the lines
    of `code` (a converted block, or for a return value the whole converted function) that
    assign `name` (or return), as `In file F:L` and the line."""
    if _RETURN_VALUE.match(name):
        wanted = re.compile(r"\s*return\b")
    else:
        wanted = re.compile(rf"\s*[\w\s,()\[\]*.]*\b{re.escape(name)}\b[\w\s,()\[\]*.]*"
                            r"(?:[-+*/%@&|^]|//|\*\*|>>|<<)?=(?!=)")
    shown, lines = [], sorted(_code_lines(code))
    for line in lines:
        text = linecache.getline(code.co_filename, line).rstrip()
        if wanted.match(text):
            shown.append(f"In file {code.co_filename}:{line}\n{_enclosing_header(code, line, text)}"
                         f"{text}")
    return "\n".join(shown)


def _enclosing_header(code, line, text) -> str:
    """The `if`/`else`/loop line that `text` (line `line`) is a statement of, and a newline;
    or nothing at the function's own level (MindSpore's traces show the branch's `if`)."""
    indent = len(text) - len(text.lstrip())
    for number in range(line - 1, code.co_firstlineno - 1, -1):
        header = linecache.getline(code.co_filename, number).rstrip()
        stripped = header.lstrip()
        if stripped and not stripped.startswith("#") and len(header) - len(stripped) < indent:
            if re.match(r"(if|elif|else|while|for)\b", stripped):
                return header + "\n"
            return ""
    return ""


def _join_message(name, a, b, where, reason, sources):
    """MindSpore's TypeError for branches it cannot join: its first lines, msjax's account of
    the two values, and where each branch gives the value (`sources`: the branch functions,
    the `if`'s line and the converted function's code)."""
    message = ("Cannot join the return values of different branches, perhaps you need to make "
               "them equal.\n")
    if reason:
        message += f"Type Join Failed: {reason}\n"
    message += (f"(msjax: at {where}, '{name}' is {_describe(a)} in the true branch and "
                f"{_describe(b)} in the false branch)")
    if sources is not None:
        true_fn, false_fn, line, outer = sources
        if _RETURN_VALUE.match(name) and outer is not None:
            message += f"\nthe function's returns:\n{_source_lines(outer, name)}"
        else:
            message += (f"\ntrue branch:\n{_source_lines(true_fn.__code__, name)}\n"
                        f", false branch:\n{_source_lines(false_fn.__code__, name)}")
        filename = true_fn.__code__.co_filename
        message += f"\n\n# In file {filename}:{line}\n{linecache.getline(filename, line).rstrip()}"
    return message


def _dynamic_length_changes(before, after) -> bool:
    """Whether a loop's carry is a dynamic-length `mutable` sequence whose length an iteration
    changes (MindSpore's graph carries such a sequence; a JAX loop carries fixed shapes)."""
    if before is None or after is None or _is_undefined(before) or _is_undefined(after):
        return False
    kinds = []
    for record in (before, after):
        treedef = record[0]
        if not isinstance(treedef, jax.tree_util.PyTreeDef) or treedef.num_nodes < 2:
            return False
        kind, aux = treedef.node_data()
        kinds.append((kind, aux))
    (kind, aux), (other, _) = kinds
    dynamic = kind in (_List, _Tuple) and isinstance(aux, tuple) and len(aux) == 3 and aux[2]
    return bool(dynamic) and other is kind and before[0].num_leaves != after[0].num_leaves


def _reconcile(before, after, specs, names, where, loop, sources=None):
    """New specs that let `before`'s and `after`'s records of each variable merge (a cond's two
    branches; a loop's carry before and after an iteration), or None if they already do.
    `sources`: a cond's two branch functions and its line, for the errors' messages."""
    specs, changed = [s.copy() for s in specs], False
    returned = [not loop and any(_RETURN_FLAG.match(n) and r is not None and r[1] == (True,)
                                 for n, r in zip(names, records)) for records in (before, after)]
    for name, spec, a, b in zip(names, specs, before, after):
        if spec.poison is not None:
            continue
        if loop and _is_undefined(a) and _is_undefined(b) and b[1][0].like is not None:
            b = b[1][0].like  # defined on some path through the body
        # a loop's carry may grow from a Python number to a tensor (an accumulator started at
        # 0): msjax promotes it, where MindSpore's graph refuses the join
        flag = loop or (name.startswith("_msjax_") and not _RETURN_VALUE.match(name))
        diff = _difference(a, b, loop, flag)
        if diff is None:
            continue
        changed = True
        if diff == "promote" and not spec.promote:
            spec.promote = True
        elif diff[0] == "dynamic":
            message = (f"msjax: at {where}, the branches of a tensor condition give '{name}' "
                       f"{_describe(a)} and {_describe(b)}, which one compiled program cannot "
                       "return (MindSpore: a dynamic shape or type)")
            if name.startswith("<"):
                raise DynamicJoinError(message)
            spec.poison = Undefined(name, message, DynamicJoinError)
        elif diff[0] == "cast" and not diff[1].items() <= spec.casts.items():
            spec.casts.update(diff[1])
        elif diff == "undefined" and (_is_undefined(a) if loop else name.startswith("_msjax_")
                                      or returned[_is_undefined(b)]):
            # carried, zeros where not yet assigned (or where the branch returned: the
            # statements after it, guarded by its return flag, never read the zeros)
            spec.like = b if _is_undefined(a) else a
        elif diff == "undefined":
            missing, present = ("true", "false") if _is_undefined(a) else ("false", "true")
            spec.poison = Undefined(name, (
                f"The local variable '{name}' is not defined in {missing} branch, but defined "
                f"in {present} branch.\n(msjax: the tensor condition at {where})"),
                like=b if _is_undefined(a) else a)
        elif loop and diff[:2] == ("mismatch", "shape"):
            raise ValueError(
                f"msjax: the loop at {where} runs on a tensor condition, so each variable it "
                f"changes must keep its type, shape and dtype, but '{name}' is {_describe(a)} "
                f"before an iteration and {_describe(b)} after it.")
        elif loop and _dynamic_length_changes(a, b):
            error = UnconvertibleControlFlowError(
                f"msjax: {where}: the loop changes the length of the dynamic-length sequence "
                f"'{name}'")
            error.reason = (f"the loop on a tensor changes the length of the dynamic-length "
                            f"sequence '{name}', which one compiled program cannot carry")
            raise error
        elif loop:  # MindSpore names the value after an iteration first
            raise TypeError(
                "Cannot join the return values of different branches, perhaps you need to make "
                f"them equal.\nType Join Failed: {_join_reason(b, a, flag)}\n"
                f"(msjax: the loop at {where} runs on a tensor condition, so each variable it "
                f"changes must keep its type, shape and dtype, but '{name}' is {_describe(a)} "
                f"before an iteration and {_describe(b)} after it.)")
        else:
            # MindSpore names the earlier value first: a branch that keeps the variable as it
            # came in (an `if` without `else`, a return's guard) holds the earlier one
            keeps = sources is not None and not any(
                i.opname in ("STORE_FAST", "STORE_DEREF") and i.argval == name
                for i in dis.get_instructions(sources[1].__code__))
            message = _join_message(name, a, b, where,
                                    _join_reason(b, a, flag) if keeps else _join_reason(a, b, flag),
                                    sources)
            if name.startswith("<"):
                raise TypeError(message)
            spec.poison = Undefined(name, message, TypeError)
    return specs if changed else None


# -- boxes (Parameters, the RNG key) written inside traced bodies ------------------------------
def _run_isolated(fn, args, boxes=(), values=()):
    """fn(*args) as a pure function of `boxes` holding `values` (the lifting layer); returns
    (result, {id(box): (box, final value)} for every box it wrote)."""
    call = lifting.lift(fn, boxes=boxes)[0](values, *args)
    return call.result, {id(box): (box, value) for box, value in call.written}


def _grown(boxes, *writes) -> list:
    """`boxes` and the boxes of `writes` (`_run_isolated`'s) not among them: the carried boxes
    of the next trace."""
    return lifting.grown(boxes, [b for w in writes for b, _ in w.values()])


def _unsettled(what, where):
    """The error of a block whose traces do not settle (see `lifting.settle`)."""
    return lambda found: RuntimeError(f"msjax: the {what} at {where} did not settle; please "
                                      "report it.")


# -- lax.cond and lax.while_loop over carried variables ----------------------------------------
def _cond(pred, branches, names, where, sources=None, writes=None):
    """`lax.cond` of two zero-argument branches returning one value per name, traced again
    (`lifting.settle`) while the branches disagree on a variable or write new boxes, or new
    Tensors in place (`writes`, an `inplace_writes.InPlaceWrites`)."""
    writes = writes or InPlaceWrites({})
    carried = [[_Spec() for _ in names], [], []]  # the specs, boxes and Tensors of the next trace

    def trace():
        specs, boxes, tensors = carried
        records = [None, None]

        def make(k, specs=specs, boxes=boxes, tensors=tensors, records=records):
            def branch():
                def run():
                    values, box_writes = _run_isolated(branches[k], ())
                    return [_split(v, s) for v, s in zip(values, specs)], box_writes
                (split, box_writes), written = writes.run(run)
                records[k] = ([r for _, r in split], box_writes, written)
                return ([a for a, _ in split], [box_writes[id(b)][1] if id(b) in box_writes
                                                else state.read(b) for b in boxes],
                        inplace_writes.carried_values(tensors, written))
            return branch

        try:
            out, error = lax.cond(pred, make(0), make(1)), None
        except TypeError as exc:  # the branches' outputs differ: reconcile, trace again
            if None in records:
                raise
            out, error = None, exc
        grown = _grown(boxes, records[0][1], records[1][1])
        more = inplace_writes.found(tensors, records[0][2], records[1][2])
        new_specs = _reconcile(records[0][0], records[1][0], specs, names, where, False,
                               sources)
        if new_specs is None and len(grown) == len(boxes) and len(more) == len(tensors):
            if error is not None:
                raise error
            arrays, box_values, tensor_values = out
            lifting.write_back(boxes, box_values)
            for t, value in zip(tensors, tensor_values):
                t._data = value
            return tuple(_merge(a, r, s) for a, r, s in zip(arrays, records[0][0], specs))
        carried[:] = new_specs or specs, grown, more
        return lifting.Unsettled(grown[len(boxes):])

    return lifting.settle(trace, _unsettled("control flow", where), _PASSES)


class _Retry(Exception):
    pass


def _check_reverse_differentiable(values, where):
    """A loop of unknown length cannot be differentiated in reverse mode by JAX (MindSpore's
    graphs can): one carrying a float value that a `grad` differentiates runs as Python (the
    eager fallback, where each iteration is differentiated as it runs). Which values a `grad`
    differentiates only JAX's private tracer classes show; with public JAX only, the `grad`
    runs its function again when JAX refuses such a loop, with every float loop taken as
    differentiated (`lifting.differentiated_loops_as_python`)."""
    floats = [v._data for v in values if isinstance(v, Tensor)
              and jnp.issubdtype(v._data.dtype, jnp.inexact)]
    if not floats:
        return
    if lifting.loops_as_python() or (private_paths()
                                  and differentiated(floats, reverse_only=True)):
        raise _reverse_mode_error(where)


def refuses_reverse_loop(error: BaseException) -> bool:
    """Whether `error` is JAX's refusal to differentiate a `lax.while_loop` in reverse mode,
    raised while a `grad` that is not already running its loops as Python differentiates."""
    return (isinstance(error, ValueError) and _JAX_REVERSE_LOOP in str(error)
            and not lifting.loops_as_python())


def _reverse_mode_error(where):
    error = UnconvertibleControlFlowError(
        f"msjax: {where}: the loop's values are differentiated (JAX cannot differentiate "
        "a loop of unknown length in reverse mode)")
    error.reason = ("the loop's values are differentiated, and JAX cannot differentiate a "
                    "loop of unknown length in reverse mode")
    return error


_JAX_REVERSE_LOOP = "Reverse-mode differentiation does not work for lax.while_loop"


def _while(test_fn, body_fn, values, names, where, writes=None):
    """`lax.while_loop` over the carried variables, the boxes the body writes and the Tensors it
    writes in place (`writes`), traced again (`lifting.settle`) while an iteration changes a
    variable's type or writes new boxes or Tensors."""
    _check_reverse_differentiable(values, where)
    writes = writes or InPlaceWrites({})
    carried = [[_Spec() for _ in names], [], []]  # the specs, boxes and Tensors of the next trace

    def trace():
        specs, boxes, tensors = carried
        split = [_split(v, s) for v, s in zip(values, specs)]
        records = [r for _, r in split]
        if integer_inputs.recording():  # an integer carry may have become a float one
            _check_reverse_differentiable(
                [_wrap(a) for a in jax.tree_util.tree_leaves([a for a, _ in split])], where)

        def merged(arrays, specs=specs, records=records):
            return tuple(_merge(a, r, s) for a, r, s in zip(arrays, records, specs))

        def cond_fun(carry, boxes=boxes, tensors=tensors, merged=merged):
            test = writes.run(lambda: _run_isolated(test_fn, merged(carry[0]), boxes, carry[1])[0],
                              tensors, carry[2])[0]
            return _to_pred(test, where)

        def body_fun(carry, specs=specs, boxes=boxes, tensors=tensors, merged=merged,
                     records=records):
            def run():
                out, box_writes = _run_isolated(body_fn, merged(carry[0]), boxes, carry[1])
                return [_split(v, s) for v, s in zip(out, specs)], box_writes
            (out_split, box_writes), written = writes.run(run, tensors, carry[2])
            new_specs = _reconcile(records, [r for _, r in out_split], specs, names, where, True)
            grown = _grown(boxes, box_writes)
            more = inplace_writes.found(tensors, written)
            if new_specs is not None or len(grown) > len(boxes) or len(more) > len(tensors):
                raise _Retry(new_specs or specs, grown, more)
            return ([a for a, _ in out_split],
                    [box_writes.get(id(b), (b, v))[1] for b, v in zip(boxes, carry[1])],
                    inplace_writes.carried_values(
                        tensors, {**{id(t): (t, v) for t, v in zip(tensors, carry[2])}, **written}))

        token = _IN_LOOP.set(True)
        try:
            arrays, box_values, tensor_values = lax.while_loop(
                cond_fun, body_fun, ([a for a, _ in split], lifting.read_values(boxes),
                                     [t._data for t in tensors]))
        except _Retry as retry:
            carried[:] = retry.args
            return lifting.Unsettled(retry.args[1][len(boxes):])
        except ValueError as error:  # (JAX's, when a grad differentiates the loop)
            if _JAX_REVERSE_LOOP in str(error):
                raise _reverse_mode_error(where) from None
            raise
        finally:
            _IN_LOOP.reset(token)
        lifting.write_back(boxes, box_values)
        for t, value in zip(tensors, tensor_values):
            t._data = value
        return merged(arrays)

    return lifting.settle(trace, _unsettled("loop", where), _PASSES)


# -- the helpers converted code calls ----------------------------------------------------------
def read(local_vars, names):
    """The current values of `names` (Undefined for those without one)."""
    return tuple(local_vars[n] if n in local_vars else Undefined(n) for n in names)


def _traced_at(fn, line, kind, unsafe) -> str:
    """Where a block runs on a traced condition; raises if it cannot be compiled."""
    where = f"{fn.__code__.co_filename}:{line}"
    if unsafe:
        error = UnconvertibleControlFlowError(f"msjax: {where}: the `{kind}` {unsafe} and its "
                                              "condition is a tensor, which cannot be compiled")
        error.reason = str(error).split(": ", 2)[-1]
        raise error
    return where


def attribute_stores(local_vars, pairs, reason):
    """`reason` unless every `name.attr` a block assigns is a Parameter of the Cell `name` (then
    the assignment is the Parameter's, carried by the compiled branch like any Parameter write)."""
    for name, attr in pairs:
        params = getattr(local_vars.get(name), "__dict__", {}).get("_params")
        if not params or params.get(attr) is None:
            return reason
    return None


def read_global(namespace, name):
    """The global `name` for a function that rebinds it locally (control_flow_rewrite)."""
    if name in namespace:
        return namespace[name]
    return Undefined(name, f"The name '{name}' is not defined, or not supported in graph mode.",
                     NameError)


def assign_global(namespace, name, value, augmented, line):
    """`global name; name = value` (or `name op= value`) in converted code. Eagerly it assigns.
    While tracing it leaves the global as it was, as MindSpore 2.10's graph mode does, except an
    augmented assignment to a global Tensor, which MindSpore applies to the Tensor in place: that
    function runs eagerly (control_flow.fall_back), where the assignment happens."""
    if not tracing_depth():
        namespace[name] = value
    elif augmented and isinstance(namespace.get(name), Tensor):
        error = UnconvertibleControlFlowError(f"line {line}: an augmented assignment to the "
                                              f"global Tensor '{name}'")
        error.reason = (f"an augmented assignment to the global Tensor '{name}' updates it, "
                        "which runs as Python")
        raise error


# How deep one `if` on a tensor condition may be traced inside its own branches (a function
# recursing on it): a compiled program traces both branches, so recursion that only a tensor's
# value ends never ends while tracing (MindSpore compiles a recursive graph).
_MAX_TRACED_RECURSION = 16
_traced_ifs = threading.local()


def if_stmt(test, true_fn, false_fn, values, names, line, unsafe):
    if not _is_traced(test):
        return true_fn(*values) if test else false_fn(*values)
    where = _traced_at(true_fn, line, "if", unsafe)
    active = _traced_ifs.__dict__.setdefault("depths", {})
    if active.get(where, 0) >= _MAX_TRACED_RECURSION:
        error = UnconvertibleControlFlowError(f"msjax: {where}: the `if` is traced inside its own "
                                              "branch again and again")
        error.reason = ("the function calls itself under an `if` on a tensor, a recursion only "
                        "the tensor's value ends, which cannot be compiled")
        raise error
    caller = sys._getframe(1)
    writes = InPlaceWrites(caller.f_locals, names)
    active[where] = active.get(where, 0) + 1
    try:
        return _cond(_to_pred(test, where), (lambda: true_fn(*writes.rebox(values, _rebox)),
                                             lambda: false_fn(*writes.rebox(values, _rebox))),
                     names, where, (true_fn, false_fn, line, caller.f_code), writes)
    finally:
        active[where] -= 1


def while_stmt(test_fn, body_fn, values, names, line, unsafe):
    while True:
        test = test_fn(*values)
        if _is_traced(test):
            where = _traced_at(body_fn, line, "while", unsafe)
            return _while(test_fn, body_fn, values, names, where,
                          InPlaceWrites(sys._getframe(1).f_locals, names))
        if not test:
            return values
        values = body_fn(*values)


class _TracedRange:
    def __init__(self, *args):
        bounds = (0, args[0], 1) if len(args) == 1 else (*args, 1)[:3]
        dtype = jnp.result_type(*[_data(a) for a in bounds if _is_traced(a)])
        self.start, self.stop, self.step = (_data(a).astype(dtype) for a in bounds)


def range_(range_fn, *args):
    """`range(...)` as a `for` loop's iterable: a traced range when a bound is traced.

    MindSpore's graph refuses any Tensor bound (make_range's TypeError, naming the line);
    msjax refuses those that are not one integer (`range(x)` of a (2, 3) float Tensor) and
    loops over a traced integer bound (docs/migration.md)."""
    if range_fn is range:
        _check_range_bounds(args, sys._getframe(1))
    if range_fn is range and any(_is_traced(a) for a in args):
        return _TracedRange(*args)
    return range_fn(*args)


def _check_range_bounds(args, frame) -> None:
    """MindSpore's make_range TypeError for a bound that is a Tensor of more than one element or
    of a non-integer dtype, with the line of `frame` (the converted code's, the user's lines)."""
    for position, bound in enumerate(args):
        if not isinstance(bound, Tensor):
            continue
        if bound.size != 1 or bound.dtype not in _mstype.int_type + _mstype.uint_type:
            shape = "(" + ", ".join(map(str, bound.shape)) + ")"
            filename, line = frame.f_code.co_filename, frame.f_lineno
            raise TypeError(
                f"For 'make_range', the {position}th input should be a int scalar but got "
                f"AbstractTensor(shape: {shape}, element: AbstractScalar(Type: {bound.dtype}, "
                f"Value: ValueAny, Shape: NoShape), value: ValueAny)\n\n"
                f"# 0 In file {filename}:{line}\n{linecache.getline(filename, line).rstrip()}\n")


def for_stmt(iterable, extra_test, body_fn, values, names, line, unsafe):
    if isinstance(iterable, _TracedRange):
        where, r = _traced_at(body_fn, line, "for", unsafe), iterable

        def test(i, *vals):
            going = _wrap(jnp.where(r.step > 0, i._data < r.stop, i._data > r.stop))
            return going if extra_test is None else _and(going, extra_test(*vals))

        def body(i, *vals):
            return (_wrap(i._data + r.step), *body_fn(i, *vals))

        writes = InPlaceWrites(sys._getframe(1).f_locals, names)
        names = ("<loop index>", *names)
        return _while(test, body, (_wrap(r.start), *values), names, where, writes)[1:]
    frame, iterations = sys._getframe(1), 0
    for item in iterable:
        call_depth.check_iteration(frame, iterations)
        iterations += 1
        going = True if extra_test is None else extra_test(*values)
        if _is_traced(going):  # after a traced break: the rest of the loop is conditional
            where = _traced_at(body_fn, line, "for", unsafe)
            writes = InPlaceWrites(sys._getframe(1).f_locals, names)
            values = _cond(_to_pred(going, where), (
                lambda item=item, values=values: body_fn(item, *writes.rebox(values, _rebox)),
                lambda values=values: writes.rebox(values, _rebox)), names, where, None, writes)
        elif not going:
            break
        else:
            values = body_fn(item, *values)
    call_depth.loop_finished(frame, iterations)
    return values


def if_exp(test, true_thunk, false_thunk, line):
    if not _is_traced(test):
        return true_thunk() if test else false_thunk()
    where = _traced_at(true_thunk, line, "if", None)
    return _cond(_to_pred(test, where), (lambda: (true_thunk(),), lambda: (false_thunk(),)),
                 ("<expression>",), where)[0]


def _select(pred_value, if_true, if_false):
    for v in (if_true, if_false):
        if not isinstance(v, (Tensor, jax.Array, *_PROMOTABLE)):
            raise TypeError("msjax: `and`/`or` on a tensor condition needs tensors or numbers, "
                            f"but got {type(v).__name__}.")
    return _wrap(jnp.where(_to_pred(pred_value, "and/or"), _data(if_true), _data(if_false)))


def _and(a, b):
    return (b if a else a) if not _is_traced(a) else _select(a, b, a)


def and_(a_thunk, b_thunk):
    a = a_thunk()
    return (b_thunk() if a else a) if not _is_traced(a) else _select(a, b_thunk(), a)


def or_(a_thunk, b_thunk):
    a = a_thunk()
    return (a if a else b_thunk()) if not _is_traced(a) else _select(a, a, b_thunk())


def not_(value):
    if not _is_traced(value):
        return not value
    _to_pred(value, "not")  # MindSpore's one-element check; the shape is kept
    return _wrap(jnp.logical_not(_data(value)))


def guard(*flags):
    """`not (flag or ...)`: whether the statements after a break/continue/return still run."""
    if not any(_is_traced(f) for f in flags):
        return not any(flags)
    return _wrap(~functools.reduce(jnp.logical_or, [_to_pred(f, "guard") for f in flags]))


_COMPARE = {"Eq": lambda a, b: a == b, "NotEq": lambda a, b: a != b,
            "Lt": lambda a, b: compare("Lt", a, b), "LtE": lambda a, b: compare("LtE", a, b),
            "Gt": lambda a, b: compare("Gt", a, b), "GtE": lambda a, b: compare("GtE", a, b),
            "Is": lambda a, b: a is b, "IsNot": lambda a, b: a is not b,
            "In": lambda a, b: contains(a, b), "NotIn": lambda a, b: not_contains(a, b)}


def interpreted(value):
    """A read of an attribute the compiled method assigns (control_flow_rewrite
    `_interpret_assigned_attributes`): MindSpore's graph mode holds it as a Python object, outside
    the graph's differentiation, so a traced Tensor read from it carries no gradient. A Parameter
    (assigned through `set_data`) is no such object and reads as itself."""
    if type(value) in PLAIN_TENSOR_TYPES and _is_traced(value):
        return _wrap(lax.stop_gradient(value._data))
    return value


def contains(item, container):
    """`item in container` in a compiled function. A Tensor in a list or tuple is looked for as
    MindSpore's graph mode does: among the container's Tensors of its shape, by value (all
    elements equal), other elements skipped; the answer is a Bool Tensor. Otherwise Python's
    `in`."""
    if isinstance(item, Tensor) and isinstance(container, (list, tuple)):
        found = jnp.asarray(False)
        for element in container:
            if isinstance(element, Tensor) and tuple(element.shape) == tuple(item.shape):
                found = found | jnp.all(_data(element) == _data(item))
        return _wrap(found)
    return item in container


def not_contains(item, container):
    """`item not in container` in a compiled function (see `contains`)."""
    found = contains(item, container)
    return _wrap(~found._data) if isinstance(found, Tensor) else not found


def compare_chain(left, *pairs):
    """`a < b < c`: each comparison and-ed with the next, each operand evaluated once."""
    result = None
    for op, thunk in pairs:
        right = thunk()
        value = _COMPARE[op](left, right)
        result = value if result is None else _and(result, value)
        if not _is_traced(result) and not result:
            return result
        left = right
    return result


def checked(value):
    """A returned value: returning a variable without a value is an error, as reading it is."""
    for leaf in jax.tree_util.tree_leaves(value, is_leaf=lambda v: isinstance(v, Undefined)):
        if isinstance(leaf, Undefined):
            leaf.fail()
    return value


def final_return(done, value, may_fall_off):
    if not _is_traced(done):
        return checked(value) if done else None
    if may_fall_off and checked(value) is not None:  # MindSpore returns None or the value, as
        # the condition is at run time: one compiled program cannot, so the function runs eagerly
        raise DynamicJoinError("msjax: this function returns a value on some paths and None (by "
                               "reaching its end) on others, chosen by a tensor condition")
    return value


# -- what converted code calls: the user's functions, methods, Cells and grad functions ---------
_OURS = tuple(os.path.dirname(m.__file__) + os.sep for m in (jax, np, sys.modules["msjax"]))
_STDLIB = os.path.dirname(contextlib.__file__) + os.sep
@functools.lru_cache(maxsize=1)
def _libraries() -> tuple:
    """Installed packages' folders (sysconfig.get_paths costs ~30 ms: asked on first use)."""
    return tuple({sysconfig.get_paths()[k] + os.sep for k in ("purelib", "platlib")})
_cache: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _ours(filename) -> bool:
    """Code never converted: msjax, JAX, NumPy and the standard library."""
    return filename.startswith(_OURS) or (filename.startswith(_STDLIB)
                                          and not filename.startswith(_libraries()))


def call(fn):
    """The callable converted code calls for `fn`: converted when it is the user's own code."""
    if id(fn) in FORBIDDEN:  # an API MindSpore's graph mode refuses (graph_forbidden.py)
        check_call(fn)
    kind = type(fn)
    if kind is types.BuiltinFunctionType or kind is type:
        # graph mode's map, print, str.format (graph_fallback.py), list.insert (graph_methods.py)
        return graph_method(fn) or graph_builtin(fn)
    if kind is types.FunctionType:
        if fn.__code__.co_filename.startswith(_libraries()):
            return fn
        call_depth.check_call()
        converted = convert(fn)
        return fn if converted is fn else _keywords_checked(converted, fn)
    if kind is types.MethodType and type(fn.__func__) is types.FunctionType:
        function = fn.__func__
        if id(function) in FORBIDDEN:  # a method MindSpore's graph mode refuses
            check_call(fn)
        filename = function.__code__.co_filename
        if filename.startswith(_libraries()) or _ours(filename):
            return fn
        converted = call(function)  # (counted as a call there)
        if not isinstance(fn.__self__, type) and not _binds_self(function):
            return converted  # MindSpore's graph mode: see _binds_self
        return fn if converted is function else types.MethodType(converted, fn.__self__)
    if _NAMESPACES.get() and id(fn) in _NAMESPACES.get():
        raise ValueError("The object is not callable. Please check code.")
    if lifting.is_cell(fn):
        call_depth.check_call()
        construct = getattr(type(fn), "construct", None)
        if isinstance(construct, types.FunctionType):
            return _keywords_checked(traceable(fn), construct)
    return fn if kind in (types.BuiltinFunctionType, type) else traceable(fn)


def _keywords_checked(callee, function):
    """`callee` (the user's `function`, converted, or a Cell whose `construct` it is), raising
    MindSpore's graph-mode RuntimeError for a keyword argument `function` does not take."""
    def checked(*args, **kwargs):
        try:
            return callee(*args, **kwargs)
        except TypeError:
            unexpected = _unexpected_keyword(function, kwargs) if kwargs else None
            if unexpected is None:
                raise
            raise RuntimeError(f"Got an unexpected keyword argument '{unexpected}'") from None
    return checked


def _unexpected_keyword(function, kwargs):
    """The first keyword of `kwargs` that `function`'s parameters do not name, or None."""
    code = function.__code__
    if code.co_flags & inspect.CO_VARKEYWORDS:
        return None
    named = code.co_varnames[code.co_posonlyargcount:code.co_argcount + code.co_kwonlyargcount]
    return next((name for name in kwargs if name not in named), None)


def _binds_self(function) -> bool:
    """Whether MindSpore's graph mode binds the object to a method's first parameter: only when
    that parameter is named `self`. A method `def func(x, y)` called as `self.func(a, b)` in a
    compiled construct is called as the plain function `func(a, b)` (the debug tutorial's mindir
    page; tests/goldens/scripts/graph_method_binding_probe.py); PyNative binds as Python does."""
    code = function.__code__
    return code.co_argcount > 0 and code.co_varnames[0] == "self"


class graph_context:  # noqa: N801 - named as the helper converted code calls
    """`with manager:` in converted code: the manager's `__enter__` and `__exit__` run as
    converted code too (MindSpore compiles them with the function: an error inside `__exit__`
    is graph mode's, e.g. graph_scalar_ops' ValueError for a division by zero). As in
    MindSpore's graph, what a user's `__exit__` returns suppresses no error of the block (a
    library's manager, `contextlib.suppress`, keeps Python's rule)."""

    __slots__ = ("manager",)

    def __init__(self, manager):
        self.manager = manager

    def __enter__(self):
        return call(type(self.manager).__enter__)(self.manager)

    def __exit__(self, *exc_info):
        exit_ = type(self.manager).__exit__
        converted = call(exit_)
        suppress = converted(self.manager, *exc_info)
        return suppress if converted is exit_ else False


# The ids of the objects a compiled call sees as their class's namespace, not as a value:
# MindSpore's graph mode parses the `self` of a jit method called from Python (`obj.f(x)`,
# `Cls.f(obj, x)`) so, and `self(...)` then raises. See `JitFunction.namespace_self`.
_NAMESPACES: contextvars.ContextVar = contextvars.ContextVar("msjax_namespaces", default=())


@contextlib.contextmanager
def as_namespace(obj):
    """Within the block, converted code calling `obj` raises MindSpore's "not callable"."""
    token = _NAMESPACES.set((*_NAMESPACES.get(), id(obj)))
    try:
        yield
    finally:
        _NAMESPACES.reset(token)


def traceable(fn):
    """What a compiled program traces for `fn`: its converted version (for a Cell, its converted
    `construct`; for a grad function, the converted function it differentiates)."""
    if isinstance(fn, (types.FunctionType, types.MethodType)):
        return convert(fn)
    if lifting.is_cell(fn):
        construct = getattr(type(fn), "construct", None)
        if isinstance(construct, types.FunctionType) and convert(construct) is not construct:
            return functools.partial(_call_cell_converted, fn)
    elif getattr(type(fn), "traces_fn", False) and traceable(fn.fn) is not fn.fn:  # grad's
        fn = copy.copy(fn)
        fn.fn = traceable(fn.fn)
    return fn


def _call_cell_converted(cell, *args, **kwargs):
    with converted_construct(cell):
        return cell(*args, **kwargs)


@contextlib.contextmanager
def converted_construct(cell):
    """While tracing, the cell's `construct` is its converted version."""
    construct = getattr(type(cell), "construct", None)
    if (not tracing_depth() or not isinstance(construct, types.FunctionType)
            or "construct" in cell.__dict__ or convert(construct) is construct):
        yield
        return
    cell.__dict__["construct"] = types.MethodType(convert(construct), cell)
    try:
        yield
    finally:
        cell.__dict__.pop("construct", None)


# -- the eager fallback ------------------------------------------------------------------------
class SignatureRunsEagerly(Exception):
    """Raised by a compiled call whose signature already fell back to eager execution."""


FALLBACK_ERRORS = (jax.errors.ConcretizationTypeError, jax.errors.TracerIntegerConversionError,
                   jax.errors.TracerArrayConversionError, jax.errors.NonConcreteBooleanIndexError,
                   UnconvertibleControlFlowError,
                   SignatureRunsEagerly)


def fall_back(compiled, error, args):
    """Run `compiled`'s function eagerly for `args`, after a FALLBACK_ERRORS `error` (tracing
    needed a tensor's value as a Python bool, int or value), all-or-nothing like a PyNative Cell
    call, with graph mode's built-ins (graph_fallback.py) as the compiled function has them.

    Only this call signature falls back: it warns once, naming the line, and its later calls run
    eagerly; any other signature is compiled (and warns again if it cannot be). Inside an
    enclosing trace the error propagates instead: the outermost compiled call falls back.
    """
    if tracing_depth():
        raise error
    program = compiled.program_of(args)
    if not isinstance(error, SignatureRunsEagerly):
        program.eager = True
        warnings.warn(_fallback_message(compiled.name, error), GraphFallbackWarning,
                      stacklevel=3)
    with state.transaction(), graph_floats.recording() as computed_floats:
        result = convert(compiled.fn)(*args)  # graph built-ins (graph_fallback.py), run eagerly
    return graph_floats.returned(result, computed_floats, numpy_scalars=False)  # as the graph


def _fallback_message(name, error) -> str:
    frames = [f for f in traceback.extract_tb(error.__traceback__)
              if not _ours(f.filename) and not f.filename.startswith("<frozen")]
    where = f"{frames[-1].filename}:{frames[-1].lineno}: `{frames[-1].line}`" if frames else "?"
    why = (error.reason if isinstance(error, UnconvertibleControlFlowError) else
           "a tensor value is used as a Python integer"
           if isinstance(error, jax.errors.TracerIntegerConversionError) else
           "a tensor's value is turned into a Python value at run time (asnumpy(), float(), "
           "list()...)" if isinstance(error, jax.errors.TracerArrayConversionError) else
           "a result's shape depends on a tensor's values (a boolean mask selects elements: "
           "masked_select, x[mask])"
           if isinstance(error, jax.errors.NonConcreteBooleanIndexError) else
           "a Python condition needs a tensor's value, and msjax could not convert it")
    return (f"msjax: '{name}' could not be compiled and runs eagerly (op by op) for this call "
            f"signature: {where}: {why}. msjax compiles `if`/`while`/`for` statements on "
            "tensors (or use ops.select).")


# -- converting functions --------------------------------------------------------------------
def convert(fn):
    """`fn` with its control flow converted to the helpers above (cached per function object);
    `fn` itself when it has no source or cannot be converted."""
    if isinstance(fn, types.MethodType):
        converted = convert(fn.__func__)
        return fn if converted is fn.__func__ else types.MethodType(converted, fn.__self__)
    if type(fn) is not types.FunctionType or _ours(fn.__code__.co_filename):
        return fn
    converted = _cache.get(fn, _cache)
    if converted is _cache:
        try:
            converted = rewrite(fn, sys.modules[__name__])
        except (NotConvertible, OSError, TypeError, SyntaxError, IndexError):
            converted = None  # `fn` itself (a value referring to the weak key would keep it)
        _cache[fn] = converted
        if converted is not None:
            call_depth.register_converted(converted.__code__)
    return fn if converted is None else converted


tensor_hooks.TRACED_HOOK[0] = convert  # a Tensor hook run on a traced gradient, converted too
