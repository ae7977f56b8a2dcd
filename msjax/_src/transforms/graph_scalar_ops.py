"""Python-number division in a compiled function, with MindSpore's graph-mode errors.

The control-flow rewrite (control_flow_rewrite.py `visit_BinOp`) turns `a / b`, `a // b` and
`a % b` of converted code into `binary(op, a, b)` (graph_floats.py), which divides by
`divide(op, a, b)`. MindSpore's graph compiler evaluates Python
numbers itself: a zero divisor raises ValueError ("The divisor could not be zero...", "Cannot
perform modulo operation on zero."), not Python's ZeroDivisionError. Anything else, a Tensor
among the operands included (`x / 0` is `inf`), is Python's operator.
"""
from __future__ import annotations

import operator

_NUMBERS = (int, float)  # (bool is an int; so is a `mutable` int)
_OPERATORS = {"Div": operator.truediv, "FloorDiv": operator.floordiv, "Mod": operator.mod}


def divide(op: str, left, right):
    """`left <op> right` in a compiled function (see the module's doc); `op` is the AST
    operator's name."""
    if isinstance(right, _NUMBERS) and isinstance(left, _NUMBERS) and right == 0:
        if op == "Mod":
            raise ValueError("Cannot perform modulo operation on zero.")
        raise ValueError("The divisor could not be zero. But the divisor is zero now.")
    return _OPERATORS[op](left, right)
