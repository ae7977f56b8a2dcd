"""MindSpore's special-function Cells `nn.DiGamma`, `nn.IGamma`, `nn.LGamma` and `nn.LBeta`,
over msjax's ops (XLA's functions: correct to float32 rounding, where MindSpore's Cells compose
their own series and differ in the last digits, e.g. `nn.LGamma()(2.0)` is -1.19e-07 there), and
`nn.TimeDistributed`, which applies a layer to every time step."""
from __future__ import annotations

from msjax._src.nn.cell import Cell
from msjax._src.ops import array_ops, math_ops
from msjax._src.ops.registry import Primitive


class DiGamma(Cell):
    """`nn.DiGamma()`: the derivative of lgamma, elementwise."""

    def construct(self, x):
        return math_ops.digamma(x)


class IGamma(Cell):
    """`nn.IGamma()`: the regularised lower incomplete gamma function P(a, x)."""

    def construct(self, a, x):
        return math_ops.igamma(a, x)


class LGamma(Cell):
    """`nn.LGamma()`: log |Γ(x)|, elementwise."""

    def construct(self, x):
        return math_ops.lgamma(x)


class LBeta(Cell):
    """`nn.LBeta()`: log |B(x, y)| = lgamma(x) + lgamma(y) - lgamma(x + y); its LGamma is a
    child Cell, as MindSpore's (its repr shows it)."""

    def __init__(self):
        super().__init__()
        self.lgamma = LGamma()

    def construct(self, x, y):
        return self.lgamma(x) + self.lgamma(y) - self.lgamma(x + y)


class TimeDistributed(Cell):
    """`nn.TimeDistributed(layer, time_axis, reshape_with_axis=None)`: `layer` applied to every
    step along `time_axis`: step by step (the results stacked on `time_axis`), or, with
    `reshape_with_axis`, once to the input with that axis and the time axis merged."""

    def __init__(self, layer, time_axis, reshape_with_axis=None):
        super().__init__()
        if not isinstance(layer, (Cell, Primitive)):
            raise TypeError(f"For 'TimeDistributed', the 'layer' must be Cell or Primitive "
                            f"instance, but got type: {type(layer).__name__}.")
        self.layer = layer
        self.time_axis = time_axis
        self.reshape_with_axis = reshape_with_axis

    def construct(self, inputs):
        time_axis = self.time_axis % inputs.ndim
        if self.reshape_with_axis is None:
            steps = array_ops.unstack(inputs, time_axis)
            return array_ops.stack([self.layer(step) for step in steps], time_axis)
        other = self.reshape_with_axis % inputs.ndim
        rest = [a for a in range(inputs.ndim) if a not in (time_axis, other)]
        moved = array_ops.transpose(inputs, (other, time_axis, *rest))
        outer, steps = inputs.shape[other], inputs.shape[time_axis]
        merged = array_ops.reshape(moved, (outer * steps,) + tuple(moved.shape[2:]))
        result = self.layer(merged)
        result = array_ops.reshape(result, (outer, steps) + tuple(result.shape[1:]))
        if time_axis < other:
            result = array_ops.moveaxis(result, 1, 0)
        return result
