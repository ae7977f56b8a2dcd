"""`nn.BiDense`: the bilinear dense layer, `y = x1ᵀ A x2 + b` (`ops.bidense`)."""
from __future__ import annotations

import math

from msjax._src.core import dtype as mstype
from msjax._src.core.initializer import Uniform, initializer
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.checks import check_bool, check_is_tensor, check_positive_int
from msjax._src.ops import layer_ops
from msjax._src.ops.adapters import check_same_dtype
from msjax._src.ops.registry import unwrap


class BiDense(Cell):
    """`nn.BiDense(in1_channels, in2_channels, out_channels, weight_init=None, bias_init=None,
    has_bias=True, dtype=mstype.float32)`: `y[..., k] = x1 · weight[k] · x2 + bias[k]` over the
    inputs' last axes (all other axes must agree).

    `weight` is [out_channels, in1_channels, in2_channels] and `bias` [out_channels], both
    initialised with `Uniform(1 / sqrt(in1_channels))` unless given. Checks and messages are
    MindSpore 2.10's (tests/goldens/nn/new_layers_probe.out).
    """

    def __init__(self, in1_channels, in2_channels, out_channels, weight_init=None,
                 bias_init=None, has_bias=True, dtype=mstype.float32):
        super().__init__()
        check_positive_int(in1_channels, "in1_channels", self.cls_name)
        self.in_channels = check_positive_int(in2_channels, "in2_channels", self.cls_name)
        self.out_channels = check_positive_int(out_channels, "out_channels", self.cls_name)
        self.has_bias = check_bool(has_bias, "has_bias", self.cls_name)
        self.in1_channels, self.in2_channels = in1_channels, in2_channels
        bound = 1 / math.sqrt(in1_channels)
        if weight_init is None:
            weight_init = Uniform(bound)
        if isinstance(weight_init, Tensor) and weight_init.shape != (out_channels, in1_channels,
                                                                      in2_channels):
            raise ValueError(
                f"For '{self.cls_name}', weight init shape error. The ndim of 'weight_init' must "
                f"be equal to 3, the first dim must be equal to 'out_channels', the second dim "
                f"must be equal to 'in1_channels', and the third dim must be equal to "
                f"'in2_channels'. But got 'weight_init': {weight_init}, 'out_channels': "
                f"{out_channels}, 'in_channels': {in1_channels}, 'in2_channels': {in2_channels}")
        self.weight = Parameter(initializer(weight_init, (out_channels, in1_channels,
                                                          in2_channels), dtype=dtype), "weight")
        if has_bias:
            if bias_init is None:
                bias_init = Uniform(bound)
            if isinstance(bias_init, Tensor) and bias_init.shape != (out_channels,):
                raise ValueError(
                    f"For '{self.cls_name}', bias init shape error. The ndim of 'bias_init' "
                    f"should be equal to 1, and the first dim must be equal to 'out_channels'. "
                    f"But got 'bias_init': {bias_init}, 'out_channels': {out_channels}.")
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype=dtype),
                                  name="bias")

    def construct(self, input1, input2):
        check_is_tensor("input1", input1, self.cls_name)
        check_is_tensor("input2", input2, self.cls_name)
        prefix = f"For '{self.cls_name}', the"
        for tensor, name, channels in ((input1, "input1", self.in1_channels),
                                       (input2, "input2", self.in2_channels)):
            if tensor.shape[-1] != channels:
                raise ValueError(f"{prefix} last dimension of '{name}' must be same as "
                                 f"'{name[:2]}{name[-1]}_channels', but got {tensor.shape[-1]} "
                                 f"of '{name}' and {channels} of '{name[:2]}{name[-1]}_channels'")
        if input1.shape[:-1] != input2.shape[:-1]:
            raise ValueError(f"{prefix} dimensions except the last of 'input1' must be same as "
                             f"'input2', but got {input1.shape} of 'input1' and {input2.shape} of "
                             f"'input2'")
        # MindSpore multiplies input1 by the weight with MatMul, which takes one dtype
        check_same_dtype("MatMul", unwrap(input1), unwrap(self.weight))
        return layer_ops.bidense(input1, input2, self.weight,
                                 self.bias if self.has_bias else None)

    def extend_repr(self):
        s = (f"in1_channels={self.in1_channels}, in2_channels={self.in2_channels}, "
             f"output_channels={self.out_channels}")
        if self.has_bias:
            s += f", has_bias={self.has_bias}"
        return s
