"""`mindspore.nn.grad.Jvp` and `Vjp`: MindSpore's deprecated Cells over `ops.jvp` / `ops.vjp`
(transforms/forward_mode.py), taking the vector as the last argument."""
from __future__ import annotations

from msjax._src.nn.cell import Cell
from msjax._src.transforms import forward_mode
from msjax._src.transforms import grad as reverse


class Jvp(Cell):
    """`nn.grad.Jvp(fn)(*inputs, v)`: `(fn(*inputs), J·v)` (deprecated in MindSpore for
    `ops.jvp`)."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = args[:-1], args[-1]
        return forward_mode.jvp(self.fn, inputs if len(inputs) > 1 else inputs[0], v)


class Vjp(Cell):
    """`nn.grad.Vjp(fn)(*inputs, v)`: `(fn(*inputs), vᵀ·J)`, the gradient a Tensor for one
    input and a tuple for several (deprecated in MindSpore for `ops.vjp`)."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = args[:-1], args[-1]
        output = self.fn(*inputs)
        if isinstance(v, tuple) != isinstance(output, tuple):  # MindSpore's jit construct's
            raise TypeError("Type Join Failed: Abstract type AbstractTuple cannot join with "
                            "AbstractTensor.")
        grad_op = reverse.GradOperation(get_all=len(inputs) > 1, sens_param=True)
        return output, grad_op(self.fn)(*inputs, v)
