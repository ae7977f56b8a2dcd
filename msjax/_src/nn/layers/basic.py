"""`nn.Dense`, `nn.Flatten`, `nn.Dropout`, `nn.Identity` and `nn.L1Regularizer`."""
from __future__ import annotations

import math

from msjax._src.core import dtype as mstype
from msjax._src.core import log
from msjax._src.core.initializer import HeUniform, Uniform, initializer
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.activation import get_activation
from msjax._src.nn.layers.checks import check_bool, check_positive_int, check_value_type
from msjax._src.ops import array_ops, host_ops, math_ops, nn_ops
from msjax._src.ops.adapters import check_matmul_dims, check_same_dtype
from msjax._src.ops.primitives import BiasAdd, MatMul
from msjax._src.ops.registry import Primitive
from msjax._src.parallel.strategy_sharding import strategies_set
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor


class Dense(Cell):
    """`nn.Dense(in_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
    activation=None, dtype=mstype.float32)`: `activation(x @ weight.T + bias)` over the last axis.

    `weight` is [out_channels, in_channels], initialised with `HeUniform(math.sqrt(5))`; `bias` with
    `Uniform(1 / math.sqrt(in_channels))`. `activation` is a name ('relu', ...), a Cell or a Primitive.
    """

    def __init__(self, in_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
                 activation=None, dtype=mstype.float32):
        super().__init__()
        self.in_channels = check_positive_int(in_channels, "in_channels", self.cls_name)
        self.out_channels = check_positive_int(out_channels, "out_channels", self.cls_name)
        self.has_bias = check_bool(has_bias, "has_bias", self.cls_name)
        if isinstance(weight_init, Tensor) and (
                weight_init.ndim != 2 or weight_init.shape[0] != out_channels
                or weight_init.shape[1] != in_channels):
            raise ValueError(f"For '{self.cls_name}', weight init shape error. The ndim of "
                             "'weight_init' must be equal to 2, and the first dim must be equal to "
                             "'out_channels', and the second dim must be equal to 'in_channels'. "
                             f"But got 'weight_init': {weight_init}, 'out_channels': "
                             f"{out_channels}, 'in_channels': {in_channels}.")
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels], dtype),
                                name="weight")
        self.bias = None
        if self.has_bias:
            if isinstance(bias_init, Tensor) and (bias_init.ndim != 1
                                                  or bias_init.shape[0] != out_channels):
                raise ValueError(f"For '{self.cls_name}', bias init shape error. The ndim of "
                                 "'bias_init' must be equal to 1, and the first dim must be equal "
                                 f"to 'out_channels'. But got 'bias_init': {bias_init}, "
                                 f"'out_channels': {out_channels}.")
            if bias_init is None:
                bias_init = Uniform(scale=1 / math.sqrt(in_channels))
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")
            self.bias_add = BiasAdd()
        self.matmul = MatMul(transpose_b=True)  # MindSpore's Primitives (`dense.matmul.shard`)
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if activation is not None and not isinstance(self.activation, (Cell, Primitive)):
            raise TypeError(f"For '{self.cls_name}', the 'activation' must be str or Cell or "
                            f"Primitive, but got {type(activation).__name__}.")
        self.activation_flag = self.activation is not None

    def construct(self, x):
        if not isinstance(x, Tensor):  # MindSpore's Dense reads the input's shape first
            raise TypeError("For primitive[Shape], the input argument must be Tensor, but got "
                            f"{type(x)}.")
        weight = self.weight._data
        check_same_dtype("MatMul", x._data, weight)
        check_matmul_dims(x._data, weight, transpose_b=True)
        if strategies_set(self.matmul, self.bias_add if self.has_bias else None):
            return self._construct_by_primitives(x)
        x = nn_ops.dense_layer(x, self.weight, self.bias if self.has_bias else None)
        if self.activation_flag:
            x = self.activation(x)
        return x

    def _construct_by_primitives(self, x):
        """MindSpore's computation, Primitive by Primitive (the input as rows, MatMul, BiasAdd,
        the activation, the input's leading shape back), so that strategies given to
        `self.matmul` and `self.bias_add` act; the values are those of the fused path."""
        shape = x.shape
        if len(shape) != 2:
            x = array_ops.reshape(x, (-1, shape[-1]))
        x = self.matmul(x, self.weight)
        if self.has_bias:
            x = self.bias_add(x, self.bias)
        if self.activation_flag:
            x = self.activation(x)
        if len(shape) != 2:
            x = array_ops.reshape(x, shape[:-1] + (x.shape[-1],))
        return x

    def extend_repr(self):
        s = f"input_channels={self.in_channels}, output_channels={self.out_channels}"
        if self.has_bias:
            s += f", has_bias={self.has_bias}"
        if self.activation_flag:
            s += f", activation={self.activation}"
        return s


class Flatten(Cell):
    """`nn.Flatten(start_dim=1, end_dim=-1)`: merge the axes from `start_dim` to `end_dim`."""

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    @staticmethod
    def check_axis_valid(axis, ndim):
        if axis < -ndim or axis >= ndim:
            raise ValueError("'start_dim' or 'end_dim' out of range.")

    def construct(self, x):
        ndim = x.ndim if x.ndim != 0 else 1
        self.check_axis_valid(self.start_dim, ndim)
        self.check_axis_valid(self.end_dim, ndim)
        return array_ops.flatten(x, start_dim=self.start_dim, end_dim=self.end_dim)


class Dropout(Cell):
    """`nn.Dropout(keep_prob=0.5, p=None, dtype=mstype.float32)`: while training, zero each element
    with probability `p` (or `1 - keep_prob` when `p` is None) and scale the rest by 1 / (1 - p).

    The mask is drawn from msjax's global key. Outside training (`set_train(False)`, the default)
    the input is returned unchanged.
    """

    def __init__(self, keep_prob=0.5, p=None, dtype=mstype.float32):
        super().__init__()
        if p is None:
            check_value_type("keep_prob", keep_prob, [float], self.cls_name)
            if keep_prob <= 0 or keep_prob > 1:
                raise ValueError(f"For '{self.cls_name}', the 'keep_prob' must be a number in range "
                                 f"(0, 1], but got {keep_prob}.")
            self._rate = 1.0 - keep_prob
        else:
            check_value_type("p", p, [float, int], self.cls_name)
            if p < 0 or p >= 1:
                raise ValueError(f"For '{self.cls_name}', the 'p' must be a number in range [0, 1), "
                                 f"but got {p}.")
            self._rate = float(p)
        self.p = p
        self.keep_prob = keep_prob

    def construct(self, x):
        if not self.training or self.keep_prob == 1 or self.p == 0:
            return x
        return nn_ops.dropout(x, p=self._rate, training=True)

    def extend_repr(self):
        if self.p is None:
            return f"keep_prob={self.keep_prob}"
        return f"p={self.p}"


class Identity(Cell):
    """`nn.Identity(*args, **kwargs)`: returns its input."""

    def __init__(self, *args, **kwargs):
        super().__init__()

    def construct(self, input):
        return input


class Linear(Dense):
    """`nn.Linear(in_features, out_features, bias=True, weight_init=None, bias_init=None,
    dtype=None)`: `x @ weight.T + bias`, as `nn.Dense` with PyTorch's argument names (weight
    `HeUniform(√5)`, bias `Uniform(1/√in_features)`)."""

    def __init__(self, in_features, out_features, bias=True, weight_init=None, bias_init=None,
                 dtype=None):
        if isinstance(weight_init, Tensor) and (
                weight_init.ndim != 2 or weight_init.shape[0] != out_features
                or weight_init.shape[1] != in_features):
            raise ValueError(f"For 'Linear', weight init shape error. The ndim of 'weight_init' "
                             "must be equal to 2, and the first dim must be equal to "
                             "'out_features', and the second dim must be equal to 'in_features'. "
                             f"But got 'weight_init': {weight_init}, 'out_features': "
                             f"{out_features}, 'in_features': {in_features}.")
        check_positive_int(in_features, "in_features", "Linear")
        check_positive_int(out_features, "out_features", "Linear")
        check_bool(bias, "has_bias", "Linear")
        super().__init__(in_features, out_features, weight_init, bias_init, bias,
                         dtype=mstype.float32 if dtype is None else dtype)
        self.in_features = in_features
        self.out_features = out_features
        del self.in_channels, self.out_channels, self.activation, self.activation_flag

    def construct(self, x):
        return nn_ops.dense(x, self.weight, self.bias if self.has_bias else None)

    def extend_repr(self):
        s = f"input_features={self.in_features}, output_features={self.out_features}"
        if self.has_bias:
            s += f", has_bias={self.has_bias}"
        return s


# The dtypes MindSpore's `number_type` check names, in its order.
_NUMBER_TYPES = ("mindspore.int8, mindspore.int16, mindspore.int32, mindspore.int64, "
                 "mindspore.uint8, mindspore.uint16, mindspore.uint32, mindspore.uint64, "
                 "mindspore.float16, mindspore.float32, mindspore.float64, mindspore.bfloat16, "
                 "mindspore.complex64, mindspore.complex128, mindspore.int4, "
                 "mindspore.float8_e4m3fn, mindspore.float8_e5m2, mindspore.hifloat8")


class L1Regularizer(Cell):
    """`nn.L1Regularizer(scale)` (deprecated since MindSpore 2.8: `ops.norm(w, ord=1)`):
    `scale * sum(abs(weights))`, a scalar in the wider of float32 and the weights' dtype.
    `scale` is an int or float > 0, not inf or nan (MindSpore's checks and messages)."""

    def __init__(self, scale):
        _warn_deprecated_once("L1Regularizer", "2.8.0", "ops.norm")
        super().__init__()
        check_value_type("scale", scale, [int, float], self.cls_name)
        if scale <= 0:
            raise ValueError(f"For '{self.cls_name}', the 'scale' must be greater than 0, but got "
                             f"{scale}.")
        if math.isinf(scale) or math.isnan(scale):
            raise ValueError(f"For '{self.cls_name}', the 'scale' can not be INF or NAN, but got "
                             f"{scale}.")
        self.scale = Tensor(scale, dtype=mstype.float32)

    def construct(self, weights):
        if host_ops.DType()(weights) == mstype.bool_:  # (MindSpore's ops.dtype: Tensors only)
            raise TypeError(f"The 'weights' doesn't support 'Bool' and expect to receive "
                            f"({_NUMBER_TYPES}).")
        return self.scale * math_ops.abs(weights).sum()


_DEPRECATED_SHOWN = set()


def _warn_deprecated_once(name, version, substitute):
    """MindSpore's deprecation warning, logged once per name and version."""
    if (name, version) not in _DEPRECATED_SHOWN:
        _DEPRECATED_SHOWN.add((name, version))
        log.warning(f"'{name}' is deprecated from version {version} and will be removed in a "
                    f"future version, use '{substitute}' instead.")
