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
(tests/goldens/scripts/graph_float_results_probe.py and graph_float_rule_probe.py.)

The graph computes in float32, on the float32 values of its operands: `sum([1.1, 2.2])` is
`3.3000001907348633`, not `3.3` rounded (`3.299999952316284`).

msjax computes with Python's floats throughout (a float handed to a Tensor or an op is the one
Python computed); only the floats a compiled call returns are MindSpore's. The source rewrite
(control_flow_rewrite.py) runs the arithmetic of converted code through `binary`, `augmented`
and `negative` (and graph_fallback.py the built-ins through the `graph_*` forms here): while a
graph-mode program is traced (`recording`), each float they compute from Python numbers is a
float object of its own, marked with the float32 value MindSpore's graph computes for it. The
program's returned floats are then `returned` by the rule above: a marked one as its float32
value, any other by its value.
"""
from __future__ import annotations

import builtins
import contextlib
import contextvars
import operator
import sys

import numpy as np

from msjax._src.core.lifting import is_cell
from msjax._src.transforms.graph_scalar_ops import divide

_RECORDING: contextvars.ContextVar = contextvars.ContextVar("msjax_graph_floats", default=None)
_KEEPS_WITHIN = 1e-6  # a float64 this close to its float32 value comes back as it is
_SMALLEST_KEPT = sys.float_info.epsilon  # ... when its magnitude is above this
_NUMBERS = frozenset({int, float, bool})  # Python numbers the graph holds as scalars
# the AST operator's name: (Python's operator, the graph's float32 operation)
_OPERATORS = {"Add": (operator.add, np.add), "Sub": (operator.sub, np.subtract),
              "Mult": (operator.mul, np.multiply), "Div": (None, np.true_divide),
              "FloorDiv": (None, np.floor_divide), "Mod": (None, np.mod),
              "Pow": (operator.pow, np.power)}
_IN_PLACE = {"Add": operator.iadd, "Sub": operator.isub, "Mult": operator.imul,
             "Div": operator.itruediv, "FloorDiv": operator.ifloordiv, "Mod": operator.imod,
             "Pow": operator.ipow}


@contextlib.contextmanager
def recording():
    """While a graph-mode program is traced: the floats its graph computes are marked (a dict
    id -> (the float, its float32 value), which keeps each alive so that no other float takes
    its id while it is in use)."""
    marks: dict = {}
    token = _RECORDING.set(marks)
    try:
        yield marks
    finally:
        _RECORDING.reset(token)


def _graph_value(number, marks):
    """The float32 value the graph holds for the Python number `number`."""
    entry = marks.get(id(number))
    return entry[1] if entry is not None else np.float32(number)


def _marked(result, marks, graph_value):
    """`result` as a float object of its own (a literal Python shares among code, `0.1 + 0.2`
    folded by Python's compiler, stays unmarked) marked with `graph_value`."""
    result = -(-result)  # a new float object: the same bits, nan and -0.0 included
    marks[id(result)] = (result, graph_value)
    return result


def _computed(result, graph_operation, *operands):
    """`result`, computed by Python from `operands`, marked with `graph_operation` of their
    float32 values when it is a float computed from Python numbers while a graph is traced."""
    marks = _RECORDING.get()
    if marks is None or type(result) is not float or not all(
            type(o) in _NUMBERS for o in operands):
        return result
    with np.errstate(all="ignore"):
        value = graph_operation(*(_graph_value(o, marks) for o in operands))
    return _marked(result, marks, np.float32(value))


def binary(op: str, left, right):
    """`left <op> right` in converted code (`op` the AST operator's name): Python's result (a
    division as graph_scalar_ops.divide has it), a float among them marked (see the module)."""
    python, graph = _OPERATORS.get(op, (None, None))
    if graph is None:  # `@`, `<<`, `&`...: no float the graph computes
        return _PYTHON_BINARY[op](left, right)
    result = python(left, right) if python is not None else divide(op, left, right)
    return _computed(result, graph, left, right)


def augmented(op: str, target, value):
    """`target <op>= value` of a variable in converted code: `target`'s new value (in place
    where its type updates in place), a float among them marked."""
    in_place = _IN_PLACE.get(op)
    if in_place is None:
        return _PYTHON_IN_PLACE[op](target, value)
    if op in ("Div", "FloorDiv", "Mod") and type(target) in _NUMBERS:
        result = divide(op, target, value)  # graph mode's errors for a zero divisor
    else:
        result = in_place(target, value)
    return _computed(result, _OPERATORS[op][1], target, value)


def negative(operand):
    """`-operand` in converted code."""
    return _computed(-operand, np.negative, operand)


def attribute(owner, value):
    """`owner.name`'s `value` read in converted code: a Cell's float attribute is one the graph
    holds without its Python value; anything else as it is."""
    if type(value) is float and is_cell(owner):
        return _computed(value, np.float32, value)
    return value


def graph_float_of(value, result):
    """`float(value)` in graph mode, `result` Python's: of an int or a bool, a float the graph
    computes; of a float, that float."""
    return _computed(result, np.float32, value) if type(value) in (int, bool) else result


def graph_sum(iterable, /, start=0):
    """`sum` in graph mode: the graph adds in float32."""
    items = list(iterable)
    result = builtins.sum(items, start)
    marks = _RECORDING.get()
    if marks is None or type(result) is not float or not all(
            type(v) in _NUMBERS for v in (start, *items)):
        return result
    with np.errstate(all="ignore"):
        total = _graph_value(start, marks)
        for item in items:
            total = np.float32(total + _graph_value(item, marks))
    return _marked(result, marks, total)


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


def returned(value, marks):
    """A returned leaf as MindSpore returns it: a float by the module's rule, anything else as
    it is."""
    if type(value) is not float:
        return value
    entry = marks.get(id(value))
    if entry is not None:
        return float(entry[1])
    with np.errstate(over="ignore"):
        single = float(np.float32(value))
    if abs(value) > _SMALLEST_KEPT and abs(value - single) < _KEEPS_WITHIN:
        return value
    return single


def returned_structure(result, marks):
    """`returned` applied to the floats of `result` and of its tuples, lists and dicts (a
    function run eagerly by graph mode's fallback: its result is built by Python)."""
    kind = type(result)
    if kind is float:
        return returned(result, marks)
    if kind is tuple or kind is list:
        values = [returned_structure(v, marks) for v in result]
        changed = any(new is not old for new, old in zip(values, result))
        return kind(values) if changed else result  # (the object itself when nothing changed)
    if kind is dict:
        values = {k: returned_structure(v, marks) for k, v in result.items()}
        changed = any(values[k] is not v for k, v in result.items())
        return values if changed else result
    return result
