"""`nn.Conv1d/2d/3d` and `nn.Conv1dTranspose/Conv2dTranspose/Conv3dTranspose` (NCHW), with
MindSpore's defaults: pad_mode 'same', has_bias False, weight `HeUniform(math.sqrt(5))`, bias `Uniform(1 / sqrt(fan_in))`."""
from __future__ import annotations

import math

from msjax._src.core import context
from msjax._src.core import dtype as mstype
from msjax._src.core.initializer import HeUniform, Uniform, _calculate_fan_in_and_fan_out, initializer
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.checks import (
    check_bool,
    check_int,
    check_positive_int,
    check_string,
    check_value_type,
)
from msjax._src.core.amp_strategy import LOW_DTYPE
from msjax._src.ops import array_ops, dtype_rules, nn_ops
from msjax._src.ops.input_rules import check_inputs
from msjax._src.ops.primitives import BiasAdd, Conv2D
from msjax._src.parallel.strategy_sharding import strategies_set
from msjax._src.ops.registry import functional
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor

_PAD_MODES = ["valid", "same", "pad"]


def _twice(value):
    return (value, value) if isinstance(value, int) else tuple(value)


def _check_data_format(data_format, cls_name):
    check_string(data_format, ["NCHW", "NHWC", "NCDHW"], "format", cls_name)
    if data_format == "NHWC":
        target = context.get_context("device_target")
        if target != "GPU":
            raise ValueError(f"For '{cls_name}', the \"NHWC\" format only support in GPU target, "
                             f"but got the 'format' is {data_format} and the platform is {target}.")
        if cls_name != "Conv2d":
            raise ValueError(f"For '{cls_name}', the 'NHWC' format is only supported for Conv2d, "
                             "but got 'data_format' NHWC; give the input channels first "
                             "('NCHW').")
    return data_format


def _check_pad_mode(pad_mode, padding, prim_name):
    """The checks of MindSpore's Conv2D/Conv2DTranspose Primitive on pad_mode and pad."""
    mode = pad_mode.lower() if isinstance(pad_mode, str) else pad_mode
    check_string(mode, _PAD_MODES, "pad_mode", prim_name)
    pads = (padding,) * 4 if isinstance(padding, int) else tuple(padding)
    if mode != "pad" and any(pads):
        raise ValueError(f"For '{prim_name}', the 'pad' must be zero when 'pad_mode' is not 'pad', "
                         f"but got 'pad': {padding} and 'pad_mode': {pad_mode}.")
    return mode


class _Conv(Cell):
    """The Parameters, checks and repr shared by the convolution layers."""

    def __init__(self, in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation,
                 group, has_bias, weight_init, bias_init, data_format="NCHW", transposed=False,
                 dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        self.in_channels = check_positive_int(in_channels, "in_channels", name)
        self.out_channels = check_positive_int(out_channels, "out_channels", name)
        self.kernel_size = kernel_size
        self.stride = stride
        self.pad_mode = pad_mode
        self.data_format = _check_data_format(data_format, name)
        if isinstance(padding, int):
            check_int(padding, 0, "padding", name, strict=False)
        elif isinstance(padding, tuple):
            for pad in padding:
                check_int(pad, 0, "padding item", name, strict=False)
        else:
            raise TypeError(f"For '{name}', the type of 'padding' must be int or tuple(int), "
                            f"but got {type(padding).__name__}.")
        self.padding = padding
        self.dilation = dilation
        self.group = check_positive_int(group, "group", None)
        self.has_bias = has_bias
        for item in kernel_size:
            check_positive_int(item, "kernel_size item", name)
        for item in stride:
            check_positive_int(item, "stride item", name)
        for item in dilation:
            check_positive_int(item, "dilation item", name)
        if in_channels % group != 0:
            raise ValueError(f"For '{name}', the attr 'in_channels' must be divisible by attr "
                             f"'group', but got 'in_channels': {in_channels} and 'group': {group}.")
        if out_channels % group != 0:
            raise ValueError(f"For '{name}', the 'out_channels' must be divisible by attr 'group', "
                             f"but got 'out_channels': {out_channels} and 'group': {group}.")
        if transposed:
            shape = [in_channels, out_channels // group, *kernel_size]
        elif self.data_format == "NHWC":  # MindSpore's GPU layout: (O, kH, kW, I / group)
            shape = [out_channels, *kernel_size, in_channels // group]
        else:
            shape = [out_channels, in_channels // group, *kernel_size]
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight_init = weight_init
        self.weight = Parameter(initializer(weight_init, shape, dtype), name="weight")
        self.bias_init = bias_init
        if check_bool(has_bias, "has_bias", name):
            if bias_init is None:
                fan_in, _ = _calculate_fan_in_and_fan_out(shape)
                self.bias_init = Uniform(1 / math.sqrt(fan_in)) if fan_in != 0 else "zeros"
            self.bias = Parameter(initializer(self.bias_init, [out_channels], dtype), name="bias")
        else:
            self.bias = None

    def extend_repr(self):
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, "
                f"padding={self.padding}, dilation={self.dilation}, group={self.group}, "
                f"has_bias={self.has_bias}, weight_init={self.weight_init}, "
                f"bias_init={self.bias_init}, format={self.data_format}")


def _check_group(group, in_channels, out_channels, cls_name):
    check_positive_int(group, "group", cls_name)
    if not (in_channels % group == 0 and out_channels % group == 0):
        raise ValueError("The argument 'group' should be divisible by 'in_channels' and "
                         f"'out_channels', but got group:{group}, in_channels:{in_channels}, "
                         f"out_channels:{out_channels}.")


def _check_input_dtype(x, weight):
    """MindSpore's Conv2D TypeError for an input whose dtype is not the weight's, the weight
    shown as the Parameter it is (`name:[w]:Ref[Tensor[Float16]].`); under mixed precision
    'auto' the conv op casts both first, as MindSpore's does."""
    if type(x) is Tensor and x._data.dtype != weight._data.dtype and LOW_DTYPE.get() is None:
        check_inputs(dtype_rules.RULES["Conv2D"], x, weight)


def _conv2d_primitives(layer, data_format):
    """The `conv2d` (a `Conv2D` Primitive of the layer's settings) and `bias_add` attributes
    MindSpore's Conv2d and Conv1d compute with; subclasses call them (MindCV's weight-standardised
    `StdConv2d` does `self.conv2d(x, w)`)."""
    conv = Conv2D(out_channel=layer.out_channels, kernel_size=layer.kernel_size, mode=1,
                  pad_mode=layer._mode, pad=layer.padding, stride=layer.stride,
                  dilation=layer.dilation, group=layer.group, data_format=data_format)
    return conv, BiasAdd(data_format=data_format)


class Conv2d(_Conv):
    """`nn.Conv2d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, data_format='NCHW',
    dtype=mstype.float32)`.

    `weight` is [out_channels, in_channels / group, kh, kw]. `padding` (pad_mode 'pad' only) is an
    int or (top, bottom, left, right).
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
                 data_format="NCHW", dtype=mstype.float32):
        self._dilation = dilation
        _check_group(group, in_channels, out_channels, type(self).__name__)
        super().__init__(in_channels, out_channels, _twice(kernel_size), _twice(stride), pad_mode,
                         padding, _twice(dilation), group, has_bias, weight_init, bias_init,
                         data_format, dtype=dtype)
        self._mode = _check_pad_mode(pad_mode, padding, "Conv2D")
        self.conv2d, self.bias_add = _conv2d_primitives(self, self.data_format)

    def construct(self, x):
        # the same computation as `self.bias_add(self.conv2d(x, w), b)`, in one op: in PyNative
        # mode two Primitive calls cost ~2.5x the time of one conv2d (measured in s18)
        _check_input_dtype(x, self.weight)
        if strategies_set(self.conv2d, self.bias_add):  # `conv.conv2d.shard(...)` acts
            out = self.conv2d(x, self.weight)
            return self.bias_add(out, self.bias) if self.has_bias else out
        conv = nn_ops.conv2d_nhwc if self.data_format == "NHWC" else nn_ops.conv2d
        return conv(x, self.weight, self.bias if self.has_bias else None, self.stride,
                    self._mode, self.padding, self.dilation, self.group)


class Conv1d(_Conv):
    """`nn.Conv1d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, dtype=mstype.float32)`.

    As in MindSpore, it is a Conv2d over a height-1 image: `weight` is [out, in / group, 1, k] and
    `kernel_size`, `stride`, `dilation` print as (1, k), ...
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
                 dtype=mstype.float32):
        name = type(self).__name__
        for arg, value in (("kernel_size", kernel_size), ("stride", stride), ("padding", padding),
                           ("dilation", dilation)):
            check_value_type(arg, value, [int], name)
        check_int(kernel_size, 1, "kernel_size", name, strict=False)
        check_int(stride, 1, "stride", name, strict=False)
        check_int(padding, 0, "padding", name, strict=False)
        check_int(dilation, 1, "dilation", name, strict=False)
        _check_group(group, in_channels, out_channels, name)
        if isinstance(weight_init, Tensor):
            if weight_init.ndim != 3:
                raise ValueError(f"For '{name}', the 'weight_init_shape' must be equal to 3, but "
                                 f"got {weight_init.ndim}.")
            weight_init = array_ops.expand_dims(weight_init, 2)
        super().__init__(in_channels, out_channels, (1, kernel_size), (1, stride), pad_mode,
                         padding, (1, dilation), group, has_bias, weight_init, bias_init,
                         dtype=dtype)
        self.padding = (0, 0, padding, padding)
        check_string(pad_mode, _PAD_MODES, "pad_mode", name)
        self._mode = _check_pad_mode(pad_mode, self.padding, "Conv2D")
        self.conv2d, self.bias_add = _conv2d_primitives(self, "NCHW")

    def construct(self, x):
        _check_input_dtype(x, self.weight)
        x = array_ops.expand_dims(x, 2)  # (as Conv2d: one op for the attributes' two)
        output = nn_ops.conv2d(x, self.weight, self.bias if self.has_bias else None, self.stride,
                               self._mode, self.padding, self.dilation, self.group)
        return array_ops.squeeze(output, 2)


def _deconv_output_length(pad_mode, input_length, kernel, stride, dilation, padding):
    """The output length of a transposed convolution (MindSpore's `_deconv_output_length`)."""
    span = kernel + (kernel - 1) * (dilation - 1)
    if pad_mode == "valid":
        return input_length * stride + max(span - stride, 0)
    if pad_mode == "same":
        return input_length * stride
    return input_length * stride - padding + span - stride


class Conv2dTranspose(_Conv):
    """`nn.Conv2dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, output_padding=0, dilation=1, group=1, has_bias=False, weight_init=None,
    bias_init=None, dtype=mstype.float32)`: the gradient of a Conv2d with respect to its input.

    `weight` is [in_channels, out_channels / group, kh, kw]. Output size: 'same' in·stride; 'valid'
    in·stride + max(k' - stride, 0); 'pad' in·stride - (pad_top + pad_bottom) + k' - stride, with k'
    the dilated kernel. As in MindSpore, `output_padding` (pad_mode 'pad' only) appends that many
    zero rows and columns to the result.
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, output_padding=0, dilation=1, group=1, has_bias=False,
                 weight_init=None, bias_init=None, dtype=mstype.float32):
        name = type(self).__name__
        check_value_type("padding", padding, (int, tuple), name)
        if isinstance(padding, tuple) and len(padding) != 4:
            raise ValueError(f"For '{name}', the 'padding size' must be int and must = 4, but got "
                             f"'{len(padding)}' with type 'int'.")
        check_value_type("output_padding", output_padding, (int, tuple), name)
        if isinstance(output_padding, tuple) and len(output_padding) != 2:
            raise ValueError(f"For '{name}', the 'output_padding size' must be int and must = 2, "
                             f"but got '{len(output_padding)}' with type 'int'.")
        super().__init__(in_channels, out_channels, _twice(kernel_size), _twice(stride), pad_mode,
                         padding, _twice(dilation), group, has_bias, weight_init, bias_init,
                         transposed=True, dtype=dtype)
        check_string(pad_mode, _PAD_MODES, "pad_mode", name)
        self._mode = _check_pad_mode(pad_mode, padding, "Conv2DTranspose")
        self.is_valid = self.pad_mode == "valid"
        self.is_same = self.pad_mode == "same"
        self.is_pad = self.pad_mode == "pad"
        self.output_padding = output_padding
        pads = (self.padding,) * 4 if isinstance(self.padding, int) else self.padding
        self.padding_top, self.padding_bottom, self.padding_left, self.padding_right = pads
        self.conv2d_transpose = nn_ops.Conv2DTranspose(
            out_channel=in_channels, kernel_size=self.kernel_size, mode=1, pad_mode=self._mode,
            pad=padding, stride=self.stride, dilation=self.dilation, group=group)

    def _check_output_padding(self):
        op_h, op_w = _twice(self.output_padding)
        for axis, value, dims in ((0, op_h, "h"), (1, op_w, "w")):
            if value < 0 or value >= max(self.dilation[axis], self.stride[axis]):
                if isinstance(self.output_padding, tuple):
                    raise ValueError(f"output_padding[{axis}] must be in range of [0, "
                                     f"max(stride_{dims}, dilation_{dims})).")
                raise ValueError("output_padding must be in range of [0, max(stride_h, "
                                 "dilation_h)).")
        if not self.is_pad and (op_h > 0 or op_w > 0):
            raise ValueError("when output_padding is not zero, pad_mode must be 'pad'")
        return op_h, op_w

    def construct(self, x):
        n, _, h, w = x.shape
        h_out = _deconv_output_length(self._mode, h, self.kernel_size[0], self.stride[0],
                                      self.dilation[0], self.padding_top + self.padding_bottom)
        w_out = _deconv_output_length(self._mode, w, self.kernel_size[1], self.stride[1],
                                      self.dilation[1], self.padding_left + self.padding_right)
        out = self.conv2d_transpose(x, self.weight, (n, self.out_channels, h_out, w_out))
        if self.has_bias:
            out = nn_ops.bias_add(out, self.bias)
        if self.output_padding == 0:
            return out
        op_h, op_w = self._check_output_padding()
        return array_ops.pad(out, (0, op_w, 0, op_h))


def _triple(value, arg_name, cls_name, greater_zero=True):
    """MindSpore's `_check_3d_int_or_tuple`: an int or a 3-tuple of ints, as a 3-tuple."""
    check_value_type(arg_name, value, (int, tuple), cls_name)
    values = (value,) * 3 if isinstance(value, int) else tuple(value)
    if len(values) != 3:
        raise ValueError(f"For '{cls_name}', the length of '{arg_name}' must be 3, but got "
                         f"{len(values)}.")
    for item in values:
        if not isinstance(item, int) or (item <= 0 if greater_zero else item < 0):
            relation = "positive" if greater_zero else "non-negative"
            raise ValueError(f"For '{cls_name}', the '{arg_name}' must be {relation} int or a "
                             f"tuple of 3 {relation} ints, but got {value}.")
    return values


def _six_pads(padding, cls_name):
    check_value_type("padding", padding, (int, tuple), cls_name)
    if isinstance(padding, tuple) and len(padding) != 6:
        raise ValueError(f"For '{cls_name}', the 'padding size' must be int and must = 6, but got "
                         f"'{len(padding)}' with type 'int'.")
    return (padding,) * 6 if isinstance(padding, int) else padding


class Conv3d(_Conv):
    """`nn.Conv3d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same', padding=0,
    dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, data_format='NCDHW',
    dtype=mstype.float32)`: input (N, C, D, H, W), `weight` [out, in / group, kd, kh, kw];
    `padding` (pad_mode 'pad') an int or (front, back, top, bottom, left, right)."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
                 data_format="NCDHW", dtype=mstype.float32):
        name = type(self).__name__
        if not (in_channels % group == 0 and out_channels % group == 0):
            raise ValueError("The argument 'group' should be divisible by 'in_channels' and "
                             "'out_channels'")
        kernel_size = _triple(kernel_size, "kernel_size", name)
        stride = _triple(stride, "stride", name)
        dilation = _triple(dilation, "dilation", name)
        pads = _six_pads(padding, name)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                         dilation, group, has_bias, weight_init, bias_init, data_format,
                         dtype=dtype)
        self._mode = _check_pad_mode(pad_mode, pads, "Conv3D")
        self._pads = pads

    def construct(self, x):
        return nn_ops.conv3d(x, self.weight, self.bias if self.has_bias else None, self.stride,
                             self._mode, self._pads, self.dilation, self.group)


class Conv3dTranspose(_Conv):
    """`nn.Conv3dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, output_padding=0, has_bias=False, weight_init=None,
    bias_init=None, data_format='NCDHW', dtype=mstype.float32)`: the gradient of a Conv3d with
    respect to its input; `weight` [in, out / group, kd, kh, kw]. `output_padding` (pad_mode
    'pad') lengthens each output axis at its end."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, output_padding=0, has_bias=False,
                 weight_init=None, bias_init=None, data_format="NCDHW", dtype=mstype.float32):
        name = type(self).__name__
        if not (in_channels % group == 0 and out_channels % group == 0):
            raise ValueError("The argument 'group' should be divisible by 'in_channels' and "
                             "'out_channels'")
        kernel_size = _triple(kernel_size, "kernel_size", name)
        stride = _triple(stride, "stride", name)
        dilation = _triple(dilation, "dilation", name)
        pads = _six_pads(padding, name)
        self.output_padding = _triple(output_padding, "output_padding", name, greater_zero=False)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                         dilation, group, has_bias, weight_init, bias_init, data_format,
                         transposed=True, dtype=dtype)
        self._mode = _check_pad_mode(pad_mode, pads, "Conv3DTranspose")
        self._pads = pads

    def construct(self, x):
        n = x.shape[0]
        size = [n, self.out_channels]
        for axis in range(3):
            length = _deconv_output_length(
                self._mode, x.shape[2 + axis], self.kernel_size[axis], self.stride[axis],
                self.dilation[axis], self._pads[2 * axis] + self._pads[2 * axis + 1])
            size.append(length + self.output_padding[axis])
        out = _conv_transpose(x, self.weight, tuple(size), self.stride, self._mode, self._pads,
                              self.dilation, self.group, 3)
        if self.has_bias:
            out = nn_ops.bias_add(out, self.bias)
        return out


@functional
def _conv_transpose(x, weight, size, stride, pad_mode, pads, dilation, group, nd):
    pairs = pads if pad_mode == "pad" else 0
    return nn_ops.conv_backprop_input(x, weight, size, stride, pad_mode, pairs, dilation, group,
                                      nd)


class Conv1dTranspose(_Conv):
    """`nn.Conv1dTranspose(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
    dtype=mstype.float32)`: as in MindSpore, a Conv2dTranspose over a height-1 image; `weight` is
    [in, out / group, 1, k]."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
                 dtype=mstype.float32):
        name = type(self).__name__
        for arg, value in (("kernel_size", kernel_size), ("stride", stride), ("padding", padding),
                           ("dilation", dilation)):
            check_value_type(arg, value, [int], name)
        check_int(kernel_size, 1, "kernel_size", name, strict=False)
        check_int(stride, 1, "stride", name, strict=False)
        check_int(padding, 0, "padding", name, strict=False)
        check_int(dilation, 1, "dilation", name, strict=False)
        if isinstance(weight_init, Tensor):
            if weight_init.ndim != 3:
                raise ValueError(f"For '{name}', the 'weight_init_shape' must be equal to 3, but "
                                 f"got {weight_init.ndim}.")
            weight_init = array_ops.expand_dims(weight_init, 2)
        super().__init__(in_channels, out_channels, (1, kernel_size), (1, stride), pad_mode,
                         padding, (1, dilation), group, has_bias, weight_init, bias_init,
                         transposed=True, dtype=dtype)
        self.padding = (0, 0, padding, padding)
        self.in_channels = in_channels
        self.out_channels = out_channels
        check_string(pad_mode, _PAD_MODES, "pad_mode", name)
        self.is_valid = self.pad_mode == "valid"
        self.is_same = self.pad_mode == "same"
        self.is_pad = self.pad_mode == "pad"
        self._mode = pad_mode

    def construct(self, x):
        if x.ndim != 3:
            raise ValueError(f"For '{self.cls_name}', the dimension of input must be 3d, but got "
                             f"{x.ndim}.")
        x = array_ops.expand_dims(x, 2)
        n, _, _, w = x.shape
        w_out = _deconv_output_length(self._mode, w, self.kernel_size[1], self.stride[1],
                                      self.dilation[1], 2 * self.padding[2])
        out = _conv_transpose(x, self.weight, (n, self.out_channels, 1, w_out), self.stride,
                              self._mode, self.padding, self.dilation, self.group, 2)
        if self.has_bias:
            out = nn_ops.bias_add(out, self.bias)
        return array_ops.squeeze(out, 2)
