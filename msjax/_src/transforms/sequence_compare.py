"""`<`, `<=`, `>`, `>=` between two tuples or two lists in a compiled function, as MindSpore's
graph mode orders them (its `tuple_lt`/`list_lt` and kin: mindspore/ops/infer/sequence_less.cc,
sequence_greater.cc).

The sequences are compared pair by pair, in order, until a pair differs; each pair is checked
when it is reached, so a pair after the deciding one is never looked at:

- a Tensor on either side: TypeError, "the input element must be scalar" (MindSpore orders only
  scalars; `>` and `>=` first test equality and name its primitive, `tupel_equal`, so spelt);
- a NumPy array, or a tuple or list holding a Tensor or an array, on either side: MindSpore hands
  the whole comparison to the Python interpreter (its JIT fallback), so Python's ordering decides;
- anything else that is not a number or bool (a constant tuple, a string, None): TypeError,
  "input must be [int32, int64, float32, float64, bool]", naming it;
- two numbers: equal, the next pair; else their order is the answer.

When every pair is equal, the shorter sequence is the smaller. A tuple against a list is
Python's TypeError, as in MindSpore.
"""
from __future__ import annotations

import numpy as np

from msjax._src.core.tensor import Tensor

_OPS = {"Lt": ("lt", "lt", lambda a, b: a < b), "LtE": ("le", "le", lambda a, b: a <= b),
        "Gt": ("greater_than", None, lambda a, b: a > b),
        "GtE": ("greater_equal", None, lambda a, b: a >= b)}
_SCALARS = (bool, int, float, np.number, np.bool_)


def compare(op: str, left, right):
    """`left <op> right` (op: "Lt", "LtE", "Gt" or "GtE"), MindSpore's rule for two tuples or two
    lists, Python's for everything else."""
    name, primitive, python = _OPS[op]
    kind = type(left)
    if kind not in (tuple, list) or type(right) is not kind:
        return python(left, right)
    for a, b in zip(left, right):
        if isinstance(a, Tensor) or isinstance(b, Tensor):
            primitive = f"'{kind.__name__}_{primitive}'" if primitive else "tupel_equal"
            raise TypeError(f"For primitive {primitive}, the input element must be scalar, but "
                            f"got {_abstract(a)} and {_abstract(b)}")
        if _interpreted(a) or _interpreted(b):
            return python(left, right)  # MindSpore's JIT fallback: the interpreter compares
        for value in (a, b):
            if not isinstance(value, _SCALARS):
                raise TypeError(f"For op '{kind.__name__}_{name}' input must be [int32, int64, "
                                f"float32, float64, bool], but got {value}")
        if a != b:
            return python(a, b)
    return python(len(left), len(right))


def _interpreted(value) -> bool:
    """Whether MindSpore leaves a comparison reaching `value` to the interpreter: a NumPy array,
    or a sequence holding a Tensor or an array."""
    if isinstance(value, np.ndarray):
        return True
    return isinstance(value, (tuple, list)) and any(
        isinstance(v, Tensor) or _interpreted(v) for v in value)


def _abstract(value) -> str:
    """A value as MindSpore's messages describe it (its abstract)."""
    if isinstance(value, Tensor):
        shape = "(" + ", ".join(str(d) for d in value.shape) + ")"
        return (f"AbstractTensor(shape: {shape}, element: AbstractScalar(Type: {value.dtype}, "
                f"Value: ValueAny, Shape: NoShape), value_ptr: {hex(id(value))}, value: ValueAny)")
    if isinstance(value, (tuple, list)):
        kind = "AbstractTuple" if isinstance(value, tuple) else "AbstractList"
        elements = "".join(f"\nelement[{i}]: {_abstract(v)}, " for i, v in enumerate(value))
        return f"\n{kind}{{{elements}dynamic_len:0, is dyn arg:0}}\n"
    if isinstance(value, bool):
        return f"AbstractScalar(Type: Bool, Value: {str(value).lower()}, Shape: NoShape)"
    if isinstance(value, (int, float)):
        kind = "Int64" if isinstance(value, int) else "Float32"
        return f"AbstractScalar(Type: {kind}, Value: {value}, Shape: NoShape)"
    return f"AbstractScalar(Type: {type(value).__name__}, Value: {value!r}, Shape: NoShape)"
