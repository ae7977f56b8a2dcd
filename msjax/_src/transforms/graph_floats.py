"""The Python floats a compiled function returns, as MindSpore 2.10's graph returns them.

MindSpore's graph holds a Python float as a float32 scalar. One it takes from Python unchanged (a
literal, an argument, a global, an attribute of an object that is no Cell, what a Python function
such as `math.sqrt` or `round` returns) also keeps its Python value, and comes back as that
float64 when it is within 1e-6 of its float32 value and larger in magnitude than float64's
epsilon (2.22e-16): `1.1`, `math.pi`, `0.1` come back as they are, `123.6`, `1e-30`, `3.4e38`
and `1e40` as float32 (`123.5999984741211`, ..., `inf`). One the graph computes has only its
float32 value: arithmetic (`-x`, `a + b`, `a += b`, `/`, `//`, `%`, `**`), `sum`, `pow`,
`divmod`, `abs` of a negative float, `float` of an int or a bool, and the read of a Cell's float
attribute (`self.f`). What only selects a value (`max`, `min`, `+x`, `abs` of a positive float,
`float` of a float, a subscript, a variable, a container) passes it on as it is.
(tests/goldens/scripts/graph_float_*_probe.py.)

The graph computes in float32, on the float32 values of its operands: `sum([1.1, 2.2])` is
`3.3000001907348633`, not `3.3` rounded (`3.299999952316284`). A float64 Tensor's `item()` is a
float64 scalar, which comes back as it is; arithmetic with one is float64, on the float32
values of the other operands (`x.item() * 1.1` is `123.6 * 1.100000023841858`).

A list or a dict the graph did not make (an argument, a global, `tensor.tolist()`) comes back as
the object itself, its floats untouched; one it makes (a display `[a, b]`, `{k: v}`, a
comprehension, `list(...)`, `dict(...)`, `a + b`, `a * n`) has its floats returned by the rule.
Tuples are always the graph's.

msjax computes with Python's floats throughout (a float handed to a Tensor or an op is the one
Python computed); only the floats a compiled call returns are MindSpore's. The source rewrite
(control_flow_rewrite.py) runs the arithmetic of converted code through `binary`, `augmented`
and `negative` (and graph_fallback.py the built-ins through the `graph_*` forms here), its
list and dict displays through `created`, its attribute reads through `attribute`: while a
graph-mode program is traced (`recording`), each float they compute from Python numbers is a
float object of its own, marked with the value MindSpore's graph computes for it (a NumPy
float32 or float64), and each list or dict they make is noted. The program's result is then
`returned`: a marked float as its graph value, any other float by the rule above.
"""
from __future__ import annotations

import builtins
import contextlib
import contextvars
import functools
import operator
import sys
import types

import numpy as np

from msjax._src.core.lifting import is_cell
from msjax._src.core.tensor import Tensor
from msjax._src.ops.graph_values import _Float, _Int, _variable, as_sequence
from msjax._src.transforms.graph_scalar_ops import divide

_RECORDING: contextvars.ContextVar = contextvars.ContextVar("msjax_graph_floats", default=None)
_KEEPS_WITHIN = 1e-6  # a float64 this close to its float32 value comes back as it is
_SMALLEST_KEPT = sys.float_info.epsilon  # ... when its magnitude is above this
_NUMBERS = frozenset({int, float, bool})  # Python numbers the graph holds as scalars
# the AST operator's name: (Python's operator, the graph's operation on NumPy scalars)
_OPERATORS = {"Add": (operator.add, np.add), "Sub": (operator.sub, np.subtract),
              "Mult": (operator.mul, np.multiply), "Div": (None, np.true_divide),
              "FloorDiv": (None, np.floor_divide), "Mod": (None, np.mod),
              "Pow": (operator.pow, np.power)}
_DIVISIONS = {"Div": operator.truediv, "FloorDiv": operator.floordiv, "Mod": operator.mod}
_IN_PLACE = {"Add": operator.iadd, "Sub": operator.isub, "Mult": operator.imul,
             "Div": operator.itruediv, "FloorDiv": operator.ifloordiv, "Mod": operator.imod,
             "Pow": operator.ipow}


class Recording:
    """What a graph-mode program's trace computed: `floats`, id -> (a float its graph computed,
    the graph's value of it), and `containers`, id -> a list or dict it made (each kept alive,
    so that no other object takes its id while it is in use)."""

    def __init__(self):
        self.floats: dict = {}
        self.containers: dict = {}


@contextlib.contextmanager
def recording():
    """While a graph-mode program is traced (or run eagerly by graph mode's fallback)."""
    record = Recording()
    token = _RECORDING.set(record)
    try:
        yield record
    finally:
        _RECORDING.reset(token)


def _graph_values(operands, record):
    """The values the graph holds for the Python numbers `operands`: a marked float its graph
    value, any other float its float32 value, an int the float type of the others (float32
    when none is float64)."""
    values = []
    for number in operands:
        entry = record.floats.get(id(number))
        values.append(entry[1] if entry is not None else
                      np.float32(number) if type(number) is float else number)
    wide = any(type(v) is np.float64 for v in values)
    kind = np.float64 if wide else np.float32
    return [kind(v) if type(v) in (int, bool) else v for v in values]


def _marked(result, record, graph_value):
    """`result` as a float object of its own (a literal Python shares among code, `0.1 + 0.2`
    folded by Python's compiler, stays unmarked) marked with `graph_value`."""
    result = -(-result)  # a new float object: the same bits, nan and -0.0 included
    record.floats[id(result)] = (result, graph_value)
    return result


def _computed(result, graph_operation, *operands):
    """`result`, computed by Python from `operands`, marked with `graph_operation` of their
    graph values when it is a float computed from Python numbers while a graph is traced."""
    record = _RECORDING.get()
    if record is None or type(result) is not float or not all(
            type(o) in _NUMBERS for o in operands):
        return result
    with np.errstate(all="ignore"):
        value = graph_operation(*_graph_values(operands, record))
    return _marked(result, record, value)


def _made(result, *operands):
    """A list or dict `result` the graph made (not one of `operands` updated in place)."""
    record = _RECORDING.get()
    if (record is not None and type(result) in (list, dict)
            and not any(result is o for o in operands)):
        record.containers[id(result)] = result
    return result


def created(container):
    """A list or dict display or comprehension in converted code: one the graph made."""
    return _made(container)


_IDENTITIES = {"Mult": 1, "Add": 0}  # operands MindSpore's arithmetic simplification drops


def _variable_scalar(value) -> bool:
    """Whether `value` is a `mutable` int or float (a variable scalar of the graph)."""
    return type(value) in (_Int, _Float) and getattr(value, "__ms_mutable__", False)


def _plain(value):
    """A variable scalar's plain Python value; any other value as it is."""
    return int(value) if type(value) is _Int else float(value) if type(value) is _Float else value


def _variable_result(result):
    """An int or float computed from a variable scalar: a variable too (`ops.isconstant` is
    False for `mutable(2) % 3`, as in MindSpore's graph), keeping the value its graph computes."""
    marked = _variable(result)
    record = _RECORDING.get()
    entry = None if record is None else record.floats.get(id(result))
    if entry is not None and marked is not result:
        record.floats[id(marked)] = (marked, entry[1])
    return marked


def binary(op: str, left, right):
    """`left <op> right` in converted code (`op` the AST operator's name): Python's result (a
    division as graph_scalar_ops.divide has it), a float among them marked (see the module).
    With a variable scalar operand an int or float result is a variable."""
    if _variable_scalar(left) or _variable_scalar(right):
        identity = _IDENTITIES.get(op)
        for variable, other in ((left, right), (right, left)):
            if type(other) is int and other == identity and _variable_scalar(variable):
                return variable  # MindSpore's graph simplifies `x * 1`, `x + 0` to `x`
        return _variable_result(binary(op, _plain(left), _plain(right)))
    python, graph = _OPERATORS.get(op, (None, None))
    if graph is None:  # `@`, `<<`, `&`...: no float the graph computes
        return _PYTHON_BINARY[op](left, right)
    result = python(left, right) if python is not None else divide(op, left, right)
    if type(result) is float:
        return _computed(result, graph, left, right)
    return _made(result, left, right)  # `[1.1] + [2.2]`, `[1.1] * 2`


def augmented(op: str, target, value):
    """`target <op>= value` of a variable in converted code: `target`'s new value (in place
    where its type updates in place), a float among them marked. A Tensor updated by a tuple or
    list is the operator's new Tensor (`t += (1, 2)` is `t + (1, 2)`, broadcast), as in
    MindSpore's graph; outside one its in-place method refuses a sequence. With a variable
    scalar operand an int or float result is a variable."""
    if _variable_scalar(target) or _variable_scalar(value):
        return _variable_result(augmented(op, _plain(target), _plain(value)))
    if type(value) in (tuple, list) and isinstance(target, Tensor):
        python, _ = _OPERATORS.get(op, (None, None))
        return (python or _PYTHON_BINARY.get(op) or _DIVISIONS[op])(target, value)
    in_place = _IN_PLACE.get(op)
    if in_place is None:
        return _PYTHON_IN_PLACE[op](target, value)
    if op in ("Div", "FloorDiv", "Mod") and type(target) in _NUMBERS:
        result = divide(op, target, value)  # graph mode's errors for a zero divisor
    else:
        result = in_place(target, value)
    if type(result) is float:
        return _computed(result, _OPERATORS[op][1], target, value)
    return _made(result, target, value)


def negative(operand):
    """`-operand` in converted code (a variable of a variable scalar)."""
    if _variable_scalar(operand):
        return _variable_result(negative(_plain(operand)))
    return _computed(-operand, np.negative, operand)


def attribute(owner, value):
    """`owner.name`'s `value` read in converted code: a Cell's float attribute is one the graph
    holds without its Python value, a float64 Tensor's `item` gives a float64 scalar; anything
    else as it is."""
    kind = type(value)
    if kind is float:
        return _computed(value, np.float32, value) if is_cell(owner) else value
    if (kind is types.MethodType and isinstance(owner, Tensor) and value.__self__ is owner
            and value.__name__ == "item" and _RECORDING.get() is not None):
        return functools.partial(_item, value)
    return value


def _item(method, *args, **kwargs):
    result = method(*args, **kwargs)
    record = _RECORDING.get()
    if record is None or type(result) is not float:
        return result
    width = np.float64 if method.__self__.dtype.itemsize == 8 else np.float32  # (its values)
    return _marked(result, record, width(result))


def graph_float_of(value, result):
    """`float(value)` in graph mode, `result` Python's: of an int, a bool or a Tensor, a float
    the graph computes in float32; of a float, that float."""
    if type(value) in (int, bool):
        return _computed(result, np.float32, value)
    if isinstance(value, Tensor):
        return _computed(result, np.float32, result)
    return result


def graph_list(*args):
    """`list` in graph mode: a list the graph makes (of a dynamic-length sequence, one of
    dynamic length: graph_values.as_sequence)."""
    if len(args) == 1:
        return _made(as_sequence(builtins.list, args[0]))
    return _made(builtins.list(*args))


def graph_tuple(*args):
    """`tuple` in graph mode: of a dynamic-length sequence, one of dynamic length
    (graph_values.as_sequence)."""
    if len(args) == 1:
        return as_sequence(builtins.tuple, args[0])
    return builtins.tuple(*args)


def graph_dict(*args, **kwargs):
    """`dict` in graph mode: a dict the graph makes."""
    return _made(builtins.dict(*args, **kwargs))


def graph_sum(iterable, /, start=0):
    """`sum` in graph mode: the graph adds one item after the other."""
    items = builtins.list(iterable)
    result = builtins.sum(items, start)
    record = _RECORDING.get()
    if record is None or type(result) is not float or not all(
            type(v) in _NUMBERS for v in (start, *items)):
        return result
    with np.errstate(all="ignore"):
        total, *rest = _graph_values((start, *items), record)
        for item in rest:
            total = np.add(total, item)
    return _marked(result, record, total)


def graph_pow(base, exp, mod=None):
    """`pow` in graph mode (with `mod`: Python's)."""
    if mod is not None:
        return builtins.pow(base, exp, mod)
    return _computed(builtins.pow(base, exp), np.power, base, exp)


def graph_divmod(a, b):
    """`divmod` in graph mode: floats the graph computes."""
    quotient, remainder = builtins.divmod(a, b)
    return (_computed(quotient, np.floor_divide, a, b), _computed(remainder, np.mod, a, b))


def graph_abs(value):
    """`abs` in graph mode: a positive float as it is, any other negated by the graph."""
    if type(value) is float and value > 0:
        return value
    return _computed(builtins.abs(value), np.abs, value)


_PYTHON_BINARY = {"MatMult": operator.matmul, "LShift": operator.lshift,
                  "RShift": operator.rshift, "BitOr": operator.or_, "BitXor": operator.xor,
                  "BitAnd": operator.and_}
_PYTHON_IN_PLACE = {"MatMult": operator.imatmul, "LShift": operator.ilshift,
                    "RShift": operator.irshift, "BitOr": operator.ior, "BitXor": operator.ixor,
                    "BitAnd": operator.iand}


def _returned_float(value: float, record) -> float:
    entry = record.floats.get(id(value))
    if entry is not None:
        return float(entry[1])
    with np.errstate(over="ignore"):
        single = float(np.float32(value))
    if abs(value) > _SMALLEST_KEPT and abs(value - single) < _KEEPS_WITHIN:
        return value
    return single


def _returned_variable(value, record):
    """A variable scalar the compiled function made (`mutable(1.1)`, `mutable(7) / 3`) as
    MindSpore's graph returns it: a plain int or float (one the function was given comes back
    as it is), a float by the module's rule."""
    if type(value) is _Int:
        return int(value)
    entry = record.floats.get(id(value))
    return float(entry[1]) if entry is not None else _returned_float(float(value), record)


def returned(result, record, numpy_scalars=True):
    """A compiled function's `result` as MindSpore's graph returns it: its floats, and those of
    its tuples and of the lists and dicts the graph made, by the module's rule (with
    `numpy_scalars`, a NumPy float scalar as a Python float first: a compiled program returns
    it as one; a function the fallback runs returns it as it is); a container holding no float
    to change is returned itself, anything else as it is."""
    kind = type(result)
    if (kind is _Float or kind is _Int) and getattr(result, "__ms_graph_made__", False):
        return _returned_variable(result, record)  # (a variable the function made)
    if kind is float:
        return _returned_float(result, record)
    if numpy_scalars and isinstance(result, np.floating):
        return _returned_float(result.item(), record)
    if kind is tuple or (kind is list and id(result) in record.containers):
        values = [returned(v, record, numpy_scalars) for v in result]
        changed = any(new is not old for new, old in zip(values, result))
        return kind(values) if changed else result
    if kind is dict and id(result) in record.containers:
        values = {k: returned(v, record, numpy_scalars) for k, v in result.items()}
        changed = any(values[k] is not v for k, v in result.items())
        return values if changed else result
    return result
