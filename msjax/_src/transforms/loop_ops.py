"""`ops.WhileLoop`, `ops.ForiLoop` and `ops.Scan`: MindSpore's loop Primitives.

A loop whose condition is a Python value runs as Python (inside `jit` too: it is unrolled, as
MindSpore's `unroll=True`); one whose condition is a traced Tensor becomes `lax.while_loop`
through the same machinery as a converted `while` statement (control_flow.while_stmt), so the
carried values keep their types, shapes and dtypes, with MindSpore's join errors otherwise.
`Scan` walks a Python tuple or list (or `length` steps with `xs=None`) and returns
`(carry, [outputs])`.
"""
from __future__ import annotations

import inspect

import jax

from msjax._src.backend.interface import reverse_order
from msjax._src.core.tensor import Tensor
from msjax._src.ops.registry import Primitive
from msjax._src.transforms import control_flow


def _check_function(op: str, name: str, value) -> None:
    if not (inspect.isfunction(value) or inspect.ismethod(value)):
        raise TypeError(f"For '{op}', the type of '{name}' should be one of '['function', "
                        f"'method']', but got type '{type(value).__name__}'.")


def _check_bound(name: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, Tensor)):
        raise TypeError(f"For 'ForiLoop', the type of '{name}' should be one of '['int', "
                        f"'Tensor']', but got type '{type(value).__name__}'.")


def _check_not_higher_order(unroll, values) -> None:
    """MindSpore keeps a loop op with `unroll=False` in the graph and differentiates it once:
    a second-order gradient through it is refused."""
    if unroll is False:
        arrays = jax.tree_util.tree_leaves(values)  # (a Tensor's leaf is its array)
        if reverse_order(arrays) > 1:
            raise RuntimeError("Higher-order differentiation is not supported for the current "
                               "scenario, reason: Loop op with unroll set as false is not allow "
                               "do higher order grad")


def _line_of(function) -> int:
    code = getattr(function, "__code__", None)
    return code.co_firstlineno if code is not None else 0


class WhileLoop(Primitive):
    """`ops.WhileLoop()(cond_func, loop_func, init_val)`: `val = loop_func(val)` while
    `cond_func(val)`, from `init_val`; the last value."""

    def __init__(self):
        super().__init__("WhileLoop")

    def __call__(self, cond_func, loop_func, init_val):
        _check_function("WhileLoop", "cond_func", cond_func)
        _check_function("WhileLoop", "loop_func", loop_func)

        def test(value):
            return cond_func(value)

        def body(value):
            return (loop_func(value),)

        (result,) = control_flow.while_stmt(test, body, (init_val,), ("init_val",),
                                            _line_of(loop_func), None)
        return result


class ForiLoop(Primitive):
    """`ops.ForiLoop()(lower, upper, loop_func, init_val, unroll=True)`:
    `val = loop_func(i, val)` for `i` from `lower` up to `upper` (exclusive); the last value.
    `unroll` is MindSpore's compilation choice: the values are the same either way, but a loop
    kept (`unroll=False`) refuses a second-order gradient, as MindSpore's does."""

    def __init__(self):
        super().__init__("ForiLoop")

    def __call__(self, lower, upper, loop_func, init_val, unroll=True):
        _check_bound("lower", lower)
        _check_bound("upper", upper)
        _check_function("ForiLoop", "loop_func", loop_func)
        _check_not_higher_order(unroll, (lower, upper, init_val))

        def test(index, value):
            return index < upper

        def body(index, value):
            return index + 1, loop_func(index, value)

        _, result = control_flow.while_stmt(test, body, (lower, init_val), ("lower", "init_val"),
                                            _line_of(loop_func), None)
        return result


class Scan(Primitive):
    """`ops.Scan()(loop_func, init, xs, length=None, unroll=True)`: `carry, y = loop_func(carry,
    x)` for each `x` of the tuple or list `xs` (or `length` times with `x = None` when `xs` is
    None), from `carry = init`; returns `(carry, [y, ...])`."""

    def __init__(self):
        super().__init__("Scan")

    def __call__(self, loop_func, init, xs, length=None, unroll=True):
        _check_function("Scan", "loop_func", loop_func)
        _check_not_higher_order(unroll, (init, xs))
        if xs is None:
            if isinstance(length, bool) or not isinstance(length, int):
                raise TypeError(f"For `Scan` op, when the argument [xs] is None, the argument "
                                f"[length] should be an int, but got: {type(length).__name__}")
            xs = [None] * length
        elif not isinstance(xs, (tuple, list)):
            raise TypeError(f"For `Scan` op, expect abstract of argument [xs] to be "
                            f"AbstractTuple, AbstractList or AbstractNone, but got: "
                            f"{type(xs).__name__}")
        carry, ys = init, []
        for x in xs:
            carry, y = loop_func(carry, x)
            ys.append(y)
        return carry, ys
