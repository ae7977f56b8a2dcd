"""The 3-d convolution Primitives of `mindspore.ops`: `Conv3D(out_channel, kernel_size, mode=1,
pad_mode='valid', pad=0, stride=1, dilation=1, group=1, data_format='NCDHW')(x, w)` and
`Conv3DTranspose(in_channel, out_channel, kernel_size, mode=1, pad_mode='valid', pad=0,
stride=1, dilation=1, group=1, output_padding=0, data_format='NCDHW')(x, filter)`.

Conv3D is `ops.conv3d`'s convolution (`jax.lax.conv_general_dilated`); Conv3DTranspose is its
gradient with respect to the input (weight [in_channel, out_channel / group, kd, kh, kw]), with
output size per axis, `k'` the dilated kernel: `in·stride` ('same'), `in·stride + max(k' -
stride, 0)` ('valid'), `in·stride - pad_head - pad_tail + k' - stride + output_padding` ('pad'). Both differentiate through JAX. Attributes,
repr, constructor checks and call errors are MindSpore 2.10's
(tests/goldens/ops/new_ops_probe.out).
"""
from __future__ import annotations

import numpy as np

from msjax._src.core import checkparam as validator
from msjax._src.core import dtype as mstype
from msjax._src.ops.nn_ops import check_conv_input, conv_backprop_input, conv_nd
from msjax._src.ops.registry import PRIMITIVES, Primitive, functional

_CONV_TYPES = (np.dtype(np.float16), np.dtype(np.float32))


def check_3d_int_or_tuple(arg_name, arg_value, prim_name, ret_five=False, greater_zero=True,
                          third_one=False, pad_value=1):
    """MindSpore's `_check_3d_int_or_tuple` (5-element tuples not allowed): an int or a 3-tuple
    of ints, as a 3-tuple or (`ret_five`) a 5-tuple led by two `pad_value`s."""
    def fail(value):
        raise ValueError(f"For '{prim_name}', the parameter '{arg_name}' must be an positive "
                         f"integer or a tuple of three positive integer, but got {value}")

    validator.check_value_type(arg_name, arg_value, (int, tuple), prim_name)
    if not isinstance(arg_value, int) and len(arg_value) != 3:
        fail(arg_value)
    triple = (arg_value,) * 3 if isinstance(arg_value, int) else tuple(arg_value)
    value = (pad_value, pad_value) + triple if ret_five else triple
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or (
                item <= 0 if greater_zero else item < 0):
            fail(value)
    if third_one and value[-3] != 1:
        raise ValueError(f"For '{prim_name}', the depth of parameter '{arg_name}' must be 1, but "
                         f"got {value[-3]}.")
    return value


def _six_pads(prim, pad, pad_mode):
    """The checked pad list of Conv3D/Conv3DTranspose, and the checked, lower-cased pad_mode."""
    name = prim.name
    validator.check_value_type("pad", pad, (int, tuple), name)
    validator.check_value_type("pad_mode", pad_mode, [str], name)
    pads = (pad,) * 6 if isinstance(pad, int) else tuple(pad)
    if len(pads) != 6:
        raise ValueError(f"For '{name}', attr 'pad' must be an positive int number or a tuple of "
                         f"six positive int numbers, but got {pad}.")
    mode = validator.check_string(pad_mode.lower(), ["valid", "same", "pad"], "pad_mode", name)
    if mode != "pad" and pads != (0,) * 6:
        raise ValueError(f"For '{name}', the 'pad' must be zero or (0, 0, 0, 0, 0, 0) when "
                         f"'pad_mode' is not \"pad\", but got 'pad' is {pad} and 'pad_mode' is "
                         f"{pad_mode}.")
    if mode == "pad":
        for item in pads:
            validator.check_non_negative_int(item, "pad item", name)
    return pads, mode


def _check_group(prim, group, out_channel):
    validator.check_value_type("group", group, (int,), prim.name)
    validator.check_int_range(group, 1, out_channel, validator.INC_BOTH, "group", prim.name)
    if out_channel % group != 0:
        raise ValueError("The argument 'group' should be divisible by 'out_channel'")


class Conv3D(Primitive):
    """`mindspore.ops.Conv3D`: see the module doc."""

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
                 dilation=1, group=1, data_format="NCDHW"):
        super().__init__("Conv3D")
        name = self.name
        for key, value in (("out_channel", out_channel), ("kernel_size", kernel_size),
                           ("mode", mode), ("pad_mode", pad_mode), ("pad", pad),
                           ("stride", stride), ("dilation", dilation), ("group", group),
                           ("data_format", data_format)):
            self.add_prim_attr(key, value)
        self.init_prim_io_names(inputs=["x", "w"], outputs=["output"])
        self.add_prim_attr("kernel_size", check_3d_int_or_tuple("kernel_size", kernel_size, name))
        self.add_prim_attr("strides", check_3d_int_or_tuple("stride", stride, name,
                                                            ret_five=True))
        self.add_prim_attr("dilations", check_3d_int_or_tuple("dilation", dilation, name,
                                                              ret_five=True))
        pads, mode_name = _six_pads(self, pad, pad_mode)
        self.add_prim_attr("pad_mode", mode_name)
        self.add_prim_attr("pad", pads)
        self.add_prim_attr("mode", validator.check_equal_int(mode, 1, "mode", name))
        self.add_prim_attr("data_format", validator.check_string(data_format, ["NCDHW"],
                                                                 "data_format", name))
        validator.check_positive_int(out_channel, "out_channel", name)
        _check_group(self, group, out_channel)
        self.add_prim_attr("groups", group)
        self.add_prim_attr("offset_x", 0)

    def __call__(self, x, w):
        return _conv3d(x, w, self.out_channel, self.kernel_size, self.pad_mode, self.pad,
                       self.strides[2:], self.dilations[2:], self.group)


@functional
def _conv3d(x, w, out_channel, kernel_size, pad_mode, pads, stride, dilation, group):
    check_conv_input(x, w, group, 3)
    for axis in range(3):
        if w.shape[2 + axis] != kernel_size[axis]:
            raise ValueError(f"For 'Conv3D', 'w_shape[{2 + axis}]' must be equal to "
                             f"'kernel_size[{axis}]', but got 'w_shape[{2 + axis}]': "
                             f"{w.shape[2 + axis]}, 'kernel_size[{axis}]': {kernel_size[axis]}.")
    if w.shape[0] != out_channel:
        raise ValueError(f"For 'Conv3D', 'w_shape[0]' must be equal to 'out_channel', but got "
                         f"'w_shape[0]': {w.shape[0]}, 'out_channel': {out_channel}.")
    return conv_nd(x, w, stride, pad_mode, pads, dilation, group, 3)


class Conv3DTranspose(Primitive):
    """`mindspore.ops.Conv3DTranspose`: see the module doc."""

    def __init__(self, in_channel, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0,
                 stride=1, dilation=1, group=1, output_padding=0, data_format="NCDHW"):
        super().__init__("Conv3DTranspose")
        name = self.name
        for key, value in (("in_channel", in_channel), ("out_channel", out_channel),
                           ("kernel_size", kernel_size), ("mode", mode), ("pad_mode", pad_mode),
                           ("pad", pad), ("stride", stride), ("dilation", dilation),
                           ("group", group), ("output_padding", output_padding),
                           ("data_format", data_format)):
            self.add_prim_attr(key, value)
        self.init_prim_io_names(inputs=["x", "filter"], outputs=["output"])
        validator.check_positive_int(in_channel, "in_channel", name)
        validator.check_positive_int(out_channel, "out_channel", name)
        kernel = check_3d_int_or_tuple("kernel_size", kernel_size, name)
        self.add_prim_attr("kernel_size", kernel)
        strides = check_3d_int_or_tuple("stride", stride, name, ret_five=True)
        self.add_prim_attr("strides", strides)
        dilations = check_3d_int_or_tuple("dilation", dilation, name, ret_five=True,
                                          third_one=True)
        self.add_prim_attr("dilations", dilations)
        pads, mode_name = _six_pads(self, pad, pad_mode)
        self.add_prim_attr("pad_mode", mode_name)
        self.add_prim_attr("pad_list", pads)
        self.add_prim_attr("mode", validator.check_equal_int(mode, 1, "mode", name))
        _check_group(self, group, out_channel)
        self.add_prim_attr("groups", group)
        self.add_prim_attr("data_format", validator.check_string(data_format, ["NCDHW"], "format",
                                                                 name))
        padding = check_3d_int_or_tuple("output_padding", output_padding, name, ret_five=True,
                                        greater_zero=False, pad_value=0)
        if mode_name != "pad" and padding[2:] != (0, 0, 0):
            raise ValueError(f"For '{name}', the 'output_padding' must be zero or (0, 0, 0) when "
                             f"'pad_mode' is not \"pad\", but got 'output_padding' is "
                             f"{output_padding} and 'pad_mode' is {pad_mode}.")
        self.add_prim_attr("output_padding", padding)
        label = "The product of height, width and depth of {} belonging [1, {}]"
        validator.check_int_range(int(np.prod(kernel)), 1, 343, validator.INC_BOTH,
                                  label.format("kernel_size", 343), name)
        validator.check_int_range(int(np.prod(strides[2:])), 1, 343, validator.INC_BOTH,
                                  label.format("stride", 343), name)
        validator.check_int_range(strides[3] * strides[4], 1, 256, validator.INC_BOTH,
                                  label.format("stride", 256), name)
        for axis, (letter, gap) in enumerate((("d", " "), ("h", ""), ("w", ""))):
            validator.check_int_range(
                padding[2 + axis], 0, max(dilations[2 + axis], strides[2 + axis]),
                validator.INC_LEFT, f"output_padding_{letter} belonging [0, max(stride_{letter},"
                                    f"{gap}dilation_{letter}))", name)

    def __call__(self, x, filter):  # noqa: A002 - MindSpore's input name
        return _conv3d_transpose(x, filter, self.out_channel, self.kernel_size, self.pad_mode,
                                 self.pad_list, self.strides[2:], self.dilations[2:], self.group,
                                 self.output_padding[2:])


@functional
def _conv3d_transpose(x, w, out_channel, kernel_size, pad_mode, pads, stride, dilation, group,
                      output_padding):
    name = "Conv3DTranspose"
    if x.dtype != w.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    if x.dtype not in _CONV_TYPES:
        raise TypeError(f"For primitive[{name}], the input argument[x] must be a type of "
                        f"{{Tensor[Float16], Tensor[Float32]}}, but got "
                        f"Tensor[{mstype.from_numpy(x.dtype)}].")
    size = [x.shape[0], out_channel] if x.ndim == 5 else []
    for axis in range(3):
        length, step = x.shape[-3 + axis], stride[axis]
        span = dilation[axis] * (kernel_size[axis] - 1) + 1
        if pad_mode == "same":
            size.append(length * step)
        elif pad_mode == "valid":
            size.append(length * step + max(span - step, 0))
        else:
            size.append(length * step - pads[2 * axis] - pads[2 * axis + 1] + span - step
                        + output_padding[axis])
    padding = pads if pad_mode == "pad" else 0
    return conv_backprop_input(x, w, tuple(size), stride, pad_mode, padding, dilation, group, 3)


PRIMITIVES["Conv3D"] = Conv3D  # classes of their own: listed by hand
PRIMITIVES["Conv3DTranspose"] = Conv3DTranspose


def conv3d_transpose(inputs, weight, pad_mode="valid", padding=0, stride=1, dilation=1, group=1,
                     output_padding=0):
    """`ops.conv3d_transpose`: `Conv3DTranspose` with the channels and kernel size of `weight`
    (in_channel, out_channel / group, kD, kH, kW), called on `inputs`."""
    prim = Conv3DTranspose(weight.shape[0], weight.shape[1] * group, tuple(weight.shape[2:]),
                           mode=1, pad_mode=pad_mode, pad=padding, stride=stride,
                           dilation=dilation, group=group, output_padding=output_padding)
    return prim(inputs, weight)
