"""`mindspore.nn.grad.Jvp` and `Vjp`: MindSpore's deprecated Cells over `ops.jvp` / `ops.vjp`
(transforms/forward_mode.py), taking the vector as the last argument."""
from __future__ import annotations

import inspect

from msjax._src.core.tensor import Tensor
from msjax._src.nn.cell import Cell
from msjax._src.transforms import forward_mode
from msjax._src.transforms import grad as reverse


def _check_arity(fn, inputs, vectors=0) -> None:
    """MindSpore's TypeError when `fn` cannot take `inputs` (positionally). `vectors`: how many
    more parameters (and arguments) the graph MindSpore compiles has: Vjp's takes the vector
    too, Jvp's does not."""
    try:
        signature = inspect.signature(fn.construct if isinstance(fn, Cell) else fn)
    except (TypeError, ValueError):
        return
    try:
        signature.bind(*inputs)
    except TypeError:
        raise TypeError("The parameters number of the function is "
                        f"{len(signature.parameters) + vectors}, but the number of provided "
                        f"arguments is {len(inputs) + vectors}.") from None


def _join_with(value, expected: str) -> str:
    """MindSpore's reason why `value` does not join with the gradient's abstract `expected`."""
    scalar = {bool: "Bool", int: "Int64", float: "Float32"}.get(type(value))
    if scalar is not None:
        return f"dtype1 = {scalar}, dtype2 = Any."
    kind = {tuple: "AbstractTuple", list: "AbstractList", Tensor: "AbstractTensor"}.get(
        type(value) if not isinstance(value, Tensor) else Tensor,
        f"Abstract{type(value).__name__.capitalize()}")
    return f"Abstract type {kind} cannot join with {expected}."


class Jvp(Cell):
    """`nn.grad.Jvp(fn)(*inputs, v)`: `(fn(*inputs), J·v)` (deprecated in MindSpore for
    `ops.jvp`)."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = args[:-1], (args[-1] if args else None)
        _check_arity(self.fn, inputs)
        if len(inputs) == 1:  # MindSpore differentiates a Tensor gradient along v: a Tensor
            if not isinstance(v, Tensor):
                raise TypeError(f"Type Join Failed: {_join_with(v, 'AbstractTensor')}")
            return forward_mode.jvp(self.fn, inputs[0], v)
        if not isinstance(v, tuple):  # ... and a tuple of them along a tuple
            raise TypeError(f"Type Join Failed: {_join_with(v, 'AbstractTuple')}")
        if len(v) < len(inputs):
            raise IndexError(f"TupleGetItem evaluator index should be in range[-{len(v)}, "
                             f"{len(v)}), but got {len(v)}.")
        return forward_mode.jvp(self.fn, inputs, v[:len(inputs)])  # extra vectors: unused


class Vjp(Cell):
    """`nn.grad.Vjp(fn)(*inputs, v)`: `(fn(*inputs), vᵀ·J)`, the gradient a Tensor for one
    input and a tuple for several (deprecated in MindSpore for `ops.vjp`)."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = args[:-1], args[-1]
        _check_arity(self.fn, inputs, vectors=1)
        output = self.fn(*inputs)
        if isinstance(v, tuple) != isinstance(output, tuple):  # MindSpore's jit construct's
            raise TypeError("Type Join Failed: Abstract type AbstractTuple cannot join with "
                            "AbstractTensor.")
        grad_op = reverse.GradOperation(get_all=len(inputs) > 1, sens_param=True)
        return output, grad_op(self.fn)(*inputs, v)
