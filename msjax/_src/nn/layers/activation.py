"""Activation Cells of `mindspore.nn` (ReLU, GELU, Softmax, ...) and `get_activation`.

Each calls its op from the op table; none has parameters, and none has an `extend_repr`
(MindSpore prints `ReLU()`, `Softmax()`, whatever the arguments). Where MindSpore's Cell holds
its Primitive as an attribute (`nn.Softmax(1).softmax`, a `Softmax` with `axis == (1,)`;
`nn.ReLU().relu`), msjax's holds the same Primitive and calls it.
"""
from __future__ import annotations

from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.checks import check_bool, check_value_type
from msjax._src.ops import activation_ops, math_ops, nn_ops
from msjax._src.ops.registry import PRIMITIVES


class ReLU(Cell):
    """`nn.ReLU()`: max(x, 0)."""

    def __init__(self):
        super().__init__()
        self.relu = PRIMITIVES["ReLU"]()

    def construct(self, input):
        return self.relu(input)


class ReLU6(Cell):
    """`nn.ReLU6()`: min(max(x, 0), 6)."""

    def __init__(self):
        super().__init__()
        self.relu6 = PRIMITIVES["ReLU6"]()

    def construct(self, x):
        return self.relu6(x)


class LeakyReLU(Cell):
    """`nn.LeakyReLU(alpha=0.2)`: x where x >= 0, else alpha·x."""

    def __init__(self, alpha=0.2):
        super().__init__()
        self.alpha = alpha

    def construct(self, x):
        return nn_ops.leaky_relu(x, self.alpha)


class ELU(Cell):
    """`nn.ELU(alpha=1.0)`."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.elu = PRIMITIVES["Elu"](alpha)

    def construct(self, x):
        return self.elu(x)


class CELU(Cell):
    """`nn.CELU(alpha=1.0)`."""

    def __init__(self, alpha=1.0):
        super().__init__()
        self.celu = PRIMITIVES["CeLU"](alpha)

    def construct(self, x):
        return self.celu(x)


class SeLU(Cell):
    """`nn.SeLU()`."""

    def __init__(self):
        super().__init__()
        self.selu = PRIMITIVES["SeLU"]()

    def construct(self, input_x):
        return self.selu(input_x)


class GELU(Cell):
    """`nn.GELU(approximate=True)`: the tanh approximation by default, the exact erf form with
    `approximate=False` (stored as `self.approximate`, 'tanh' or 'none')."""

    def __init__(self, approximate=True):
        super().__init__()
        check_bool(approximate, "approximate", self.cls_name)
        self.approximate = "tanh" if approximate else "none"

    def construct(self, x):
        return nn_ops.gelu(x, approximate=self.approximate)


class Sigmoid(Cell):
    """`nn.Sigmoid()`."""

    def __init__(self):
        super().__init__()
        self.sigmoid = PRIMITIVES["Sigmoid"]()

    def construct(self, x):
        return self.sigmoid(x)


class Tanh(Cell):
    """`nn.Tanh()`."""

    def __init__(self):
        super().__init__()
        self.tanh = PRIMITIVES["Tanh"]()

    def construct(self, x):
        return self.tanh(x)


class SiLU(Cell):
    """`nn.SiLU()`: x·sigmoid(x)."""

    def construct(self, x):
        return nn_ops.silu(x)


class HSwish(Cell):
    """`nn.HSwish()`: x·relu6(x + 3) / 6."""

    def __init__(self):
        super().__init__()
        self.hswish = PRIMITIVES["HSwish"]()

    def construct(self, input):
        return self.hswish(input)


class HSigmoid(Cell):
    """`nn.HSigmoid()`: relu6(x + 3) / 6."""

    def __init__(self):
        super().__init__()
        self.hsigmoid = PRIMITIVES["HSigmoid"]()

    def construct(self, input):
        return self.hsigmoid(input)


class Softsign(Cell):
    """`nn.Softsign()`: x / (1 + |x|)."""

    def __init__(self):
        super().__init__()
        self.softsign = PRIMITIVES["Softsign"]()

    def construct(self, x):
        return self.softsign(x)


class Mish(Cell):
    """`nn.Mish()`: x·tanh(softplus(x))."""

    def __init__(self):
        super().__init__()
        self.mish = PRIMITIVES["Mish"]()

    def construct(self, input):
        return self.mish(input)


class LogSigmoid(Cell):
    """`nn.LogSigmoid()`."""

    def construct(self, input):
        return nn_ops.logsigmoid(input)


class RReLU(Cell):
    """`nn.RReLU(lower=1/8, upper=1/3)`: negative inputs scaled by a slope drawn uniformly from
    [lower, upper] at every call (in training and in evaluation alike, as MindSpore's), from
    msjax's random key."""

    def __init__(self, lower=1 / 8, upper=1 / 3):
        super().__init__()
        check_value_type("upper", upper, [float, int], self.cls_name)
        check_value_type("lower", lower, [float, int], self.cls_name)
        if lower > upper:
            raise ValueError(f"For {self.cls_name}, the value of 'upper' must be greater than or "
                             f"equal to 'lower', but got upper: {upper}, lower: {lower}. ")
        self.lower = Tensor(lower, dtype=mstype.float32)
        self.upper = Tensor(upper, dtype=mstype.float32)
        self._bounds = (float(lower), float(upper))

    def construct(self, x):
        if not isinstance(x, Tensor):
            raise TypeError(f"For 'rrelu', the input must be a Tensor, but got {type(x)}.")
        return activation_ops.rrelu(x, *self._bounds)


class Tanhshrink(Cell):
    """`nn.Tanhshrink()`: x - tanh(x)."""

    def construct(self, input):
        return nn_ops.tanhshrink(input)


class Hardtanh(Cell):
    """`nn.Hardtanh(min_val=-1.0, max_val=1.0)`: x clipped to [min_val, max_val]."""

    def __init__(self, min_val=-1.0, max_val=1.0):
        super().__init__()
        self.min_val = min_val
        self.max_val = max_val

    def construct(self, input):
        return nn_ops.hardtanh(input, self.min_val, self.max_val)


class SoftShrink(Cell):
    """`nn.SoftShrink(lambd=0.5)`."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.softshrink = PRIMITIVES["SoftShrink"](lambd)

    def construct(self, input):
        return self.softshrink(input)


class HShrink(Cell):
    """`nn.HShrink(lambd=0.5)`."""

    def __init__(self, lambd=0.5):
        super().__init__()
        self.hshrink = PRIMITIVES["HShrink"](lambd)

    def construct(self, input):
        return self.hshrink(input)


class Softmax(Cell):
    """`nn.Softmax(axis=-1)`."""

    def __init__(self, axis=-1):
        super().__init__()
        self.softmax = PRIMITIVES["Softmax"](axis)

    def construct(self, input):
        return self.softmax(input)


class Softmin(Cell):
    """`nn.Softmin(axis=-1)`: softmax(-x)."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def construct(self, x):
        return nn_ops.softmin(x, self.axis)


class LogSoftmax(Cell):
    """`nn.LogSoftmax(axis=-1)`."""

    def __init__(self, axis=-1):
        super().__init__()
        self.log_softmax = PRIMITIVES["LogSoftmax"](axis)

    def construct(self, x):
        return self.log_softmax(x)


_ACTIVATIONS = {
    "softmin": Softmin, "softmax": Softmax, "logsoftmax": LogSoftmax, "relu": ReLU,
    "relu6": ReLU6, "silu": SiLU, "tanh": Tanh, "tanhshrink": Tanhshrink, "hardtanh": Hardtanh,
    "gelu": GELU, "elu": ELU, "sigmoid": Sigmoid, "softsign": Softsign, "leakyrelu": LeakyReLU,
    "hswish": HSwish, "hsigmoid": HSigmoid, "logsigmoid": LogSigmoid, "softshrink": SoftShrink,
    "hshrink": HShrink, "mish": Mish,
}
# MindSpore's table, in its order (its KeyError lists these names).
_MINDSPORE_NAMES = ["softmin", "softmax", "softmax2d", "logsoftmax", "logsoftmaxExt", "relu",
                    "relu6", "rrelu", "silu", "tanh", "tanhshrink", "hardtanh", "gelu", "fast_gelu",
                    "elu", "sigmoid", "softsign", "prelu", "preluExt", "leakyrelu", "hswish",
                    "hsigmoid", "logsigmoid", "softshrink", "hshrink", "threshold", "mish"]


def get_activation(name, prim_name=None):
    """`nn.get_activation(name, prim_name=None)`: a new activation Cell from its name ('relu',
    'gelu', 'leakyrelu', ...), or None for None."""
    if name is None:
        return None
    prefix = f"For '{prim_name}', the" if prim_name else "The"
    if name not in _MINDSPORE_NAMES:
        raise KeyError(f"{prefix} 'name' must be in {_MINDSPORE_NAMES}, but got {name}.")
    if name not in _ACTIVATIONS:
        raise NotImplementedError(f"msjax: the activation '{name}' of nn.get_activation is not "
                                  f"implemented yet; available: {sorted(_ACTIVATIONS)}.")
    return _ACTIVATIONS[name]()
