"""Layers that reshape, repeat, select or combine: `nn.Unflatten`, `nn.Unfold`, `nn.Upsample`,
`nn.PixelShuffle`, `nn.PixelUnshuffle`, `nn.OneHot`, `nn.ClipByNorm`, `nn.MatMul`,
`nn.Dropout1d/2d/3d`, `nn.PReLU`, `nn.Softmax2d`, `nn.Threshold`, `nn.GLU`, `nn.FastGelu`,
`nn.LRN`, `nn.ChannelShuffle`, `nn.Tril`, `nn.Triu`, `nn.Roll`, `nn.Norm`, `nn.ReduceLogSumExp`,
`nn.Range`, and the combined `nn.Conv2dBnAct` / `nn.DenseBnAct`, with
MindSpore 2.10's arguments, attributes and checks."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.activation import LeakyReLU, get_activation
from msjax._src.nn.layers.basic import Dense
from msjax._src.nn.layers.checks import check_bool, check_positive_int, check_value_type
from msjax._src.nn.layers.conv import Conv2d
from msjax._src.nn.layers.normalization import BatchNorm1d, BatchNorm2d
from msjax._src.ops import (
    activation_ops,
    array_ops,
    image_ops,
    layer_ops,
    math_ops,
    nn_ops,
    reduce_ops,
)
from msjax._src.backend.interface import one_program
from msjax._src.ops.inner_ops import clip_by_l2_norm
from msjax._src.ops.registry import PRIMITIVES, Primitive, functional
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor


class Unflatten(Cell):
    """`nn.Unflatten(axis, unflattened_size)`: split axis `axis` into the shape
    `unflattened_size`."""

    def __init__(self, axis, unflattened_size):
        super().__init__()
        if not isinstance(axis, int) or isinstance(axis, bool):
            raise TypeError(f"For 'Unflatten', the type of 'axis' must be int, but got "
                            f"{type(axis).__name__}.")
        check_value_type("unflattended_size", unflattened_size, (list, tuple), "Unflatten")
        self.axis = axis
        self.unflattened_size = tuple(unflattened_size)

    def construct(self, input):
        axis = self.axis % input.ndim
        shape = input.shape[:axis] + self.unflattened_size + input.shape[axis + 1:]
        return array_ops.reshape(input, shape)


@functional
@one_program
def extract_image_patches(x, ksizes, strides, rates, padding):
    """MindSpore's ExtractImagePatches (NCHW): (N, kh·kw·C, out_h, out_w), the patch values
    ordered (row, column, channel) as TensorFlow's."""
    n, c = x.shape[:2]
    patches = jax.lax.conv_general_dilated_patches(
        x, ksizes, strides, padding.upper(), rhs_dilation=rates,
        dimension_numbers=("NCHW", "OIHW", "NCHW"))
    oh, ow = patches.shape[2:]
    patches = patches.reshape(n, c, ksizes[0] * ksizes[1], oh, ow).transpose(0, 2, 1, 3, 4)
    return patches.reshape(n, -1, oh, ow)


class Unfold(Cell):
    """`nn.Unfold(ksizes, strides, rates, padding='valid')`: image patches of an NCHW input,
    `ksizes`, `strides`, `rates` each [1, row, col, 1]; output (N, row·col·C, out_h, out_w)."""

    def __init__(self, ksizes, strides, rates, padding="valid"):
        super().__init__()
        for arg_name, value in (("ksize", ksizes), ("stride", strides), ("rate", rates)):
            check_value_type(f"{arg_name}s", ksizes, [tuple, list], self.cls_name)
            if len(value) != 4 or value[0] != 1 or value[3] != 1:
                raise ValueError(f"For '{self.cls_name}' the format of '{arg_name}s' must be [1, "
                                 f"{arg_name}_row, {arg_name}_col, 1], but got {value}.")
            if (not (isinstance(value[1], int) and isinstance(value[2], int))
                    or value[1] < 1 or value[2] < 1):
                raise ValueError(f"For '{self.cls_name}' the {arg_name}_row and {arg_name}_col in "
                                 f"'{arg_name}s' must be an positive integer number, but got "
                                 f"{arg_name}_row is {value[1]}, {arg_name}_col is {value[2]}")
        self._args = (tuple(ksizes[1:3]), tuple(strides[1:3]), tuple(rates[1:3]),
                      padding.lower())

    def construct(self, input_x):
        return extract_image_patches(input_x, *self._args)


class Upsample(Cell):
    """`nn.Upsample(size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None)`: `ops.interpolate` of its input."""

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None,
                 recompute_scale_factor=None):
        super().__init__()
        self.size = size
        self.scale_factor = scale_factor
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def construct(self, x):
        return image_ops.interpolate(x, self.size, self.scale_factor, self.mode,
                                     self.align_corners, self.recompute_scale_factor)


class PixelShuffle(Cell):
    """`nn.PixelShuffle(upscale_factor)`: (*, C·r², H, W) -> (*, C, H·r, W·r)."""

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def construct(self, input):
        return image_ops.pixel_shuffle(input, self.upscale_factor)


class PixelUnshuffle(Cell):
    """`nn.PixelUnshuffle(downscale_factor)`: (*, C, H·r, W·r) -> (*, C·r², H, W)."""

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def construct(self, input):
        return image_ops.pixel_unshuffle(input, self.downscale_factor)


class OneHot(Cell):
    """`nn.OneHot(axis=-1, depth=1, on_value=1.0, off_value=0.0, dtype=mstype.float32)`
    (deprecated in MindSpore for `ops.one_hot`): one-hot vectors of `depth` along `axis`."""

    def __init__(self, axis=-1, depth=1, on_value=1.0, off_value=0.0, dtype=mstype.float32):
        super().__init__()
        self._axis = axis  # MindSpore keeps it in its OneHot Primitive
        self.depth = depth
        self.dtype = dtype
        self.on_value = on_value
        self.off_value = off_value

    def construct(self, indices):
        on = array_ops.cast(Tensor(self.on_value), self.dtype)
        off = array_ops.cast(Tensor(self.off_value), self.dtype)
        return array_ops.one_hot(indices, self.depth, on, off, self._axis)


class ClipByNorm(Cell):
    """`nn.ClipByNorm(axis=None)` (deprecated in MindSpore 2.8 for `ops.clip_by_norm`):
    `construct(x, clip_norm)` scales `x` so that its L2 norm over `axis` (all axes by default)
    is at most `clip_norm`."""

    def __init__(self, axis=None):
        super().__init__()
        self._axis = axis  # MindSpore keeps it in its ClipByNorm Primitive

    def construct(self, x, clip_norm):
        axis = None if self._axis is None else (
            tuple(self._axis) if isinstance(self._axis, (list, tuple)) else self._axis)
        clip = clip_norm if isinstance(clip_norm, Tensor) else Tensor(clip_norm)
        return clip_by_l2_norm(x, clip, axis)


class MatMul(Cell):
    """`nn.MatMul(transpose_x1=False, transpose_x2=False)` (deprecated in MindSpore for
    `ops.matmul`): a broadcasting matrix product, 1-d operands as vectors."""

    def __init__(self, transpose_x1=False, transpose_x2=False):
        super().__init__()
        check_value_type("transpose_x1", transpose_x1, [bool], self.cls_name)
        check_value_type("transpose_x2", transpose_x2, [bool], self.cls_name)
        self.transpose_x1 = transpose_x1
        self.transpose_x2 = transpose_x2

    def construct(self, x1, x2):
        if self.transpose_x1 and x1.ndim > 1:
            x1 = array_ops.swapaxes(x1, -1, -2)
        if self.transpose_x2 and x2.ndim > 1:
            x2 = array_ops.swapaxes(x2, -1, -2)
        if x1.shape[-1] != x2.shape[-2 if x2.ndim > 1 else -1]:
            raise ValueError(f"For '{self.cls_name}', the input dimensions must be equal, but got "
                             f"'x1_col': {x1.shape[-1]} and 'x2_row': "
                             f"{x2.shape[-2 if x2.ndim > 1 else -1]}.")
        return math_ops.matmul(x1, x2)


class _DropoutNd(Cell):
    """Zero whole channels with probability `p` while training (and scale the rest by
    1 / (1 - p)); as in MindSpore the repr shows `p=` the keep probability."""

    _function = None

    def __init__(self, p=0.5):
        super().__init__()
        check_value_type("p", p, [float], self.cls_name)
        if p < 0 or p > 1:
            raise ValueError(f"For '{self.cls_name}', the 'p' must be a number in range [0, 1], "
                             f"but got {p}.")
        self.keep_prob = 1.0 - p

    def construct(self, x):
        if not self.training or self.keep_prob == 1:
            return x
        self._check_rank(x.ndim)
        return type(self)._function(x, 1.0 - self.keep_prob, True)

    def _check_rank(self, ndim):
        """Raise MindSpore's error for an input of a rank the layer does not take."""

    def extend_repr(self):
        return f"p={self.keep_prob}"


class Dropout1d(_DropoutNd):
    """`nn.Dropout1d(p=0.5)`: channel dropout of (N, C, L) or (C, L); its repr shows no
    argument, as MindSpore's."""

    _function = staticmethod(activation_ops.dropout1d)

    def _check_rank(self, ndim):
        if ndim not in (2, 3):
            raise ValueError(f"For dropout1d, input shape should be 2D or 3D, but got {ndim}.")

    def extend_repr(self):
        return ""


class Dropout2d(_DropoutNd):
    """`nn.Dropout2d(p=0.5)`: channel dropout of (N, C, H, W)."""

    _function = staticmethod(activation_ops.dropout2d)


class Dropout3d(_DropoutNd):
    """`nn.Dropout3d(p=0.5)`: channel dropout of (N, C, D, H, W)."""

    _function = staticmethod(activation_ops.dropout3d)

    def _check_rank(self, ndim):
        if ndim != 5:
            raise ValueError("For primitive[Dropout3D], the rank of input  must be equal to 5 , "
                             f"but got {ndim}.")


class PReLU(Cell):
    """`nn.PReLU(channel=1, w=0.25)`: max(x, 0) + w · min(x, 0), `w` per channel (axis 1), a
    Parameter named 'a'."""

    def __init__(self, channel=1, w=0.25):
        super().__init__()
        check_positive_int(channel, "channel", self.cls_name)
        if isinstance(w, (float, np.float32)):
            w = Tensor(np.full((channel,), w, np.float32))
        elif isinstance(w, list):
            if len(w) != channel:
                raise ValueError(f"For '{self.cls_name}', the length of 'w' must be equal to the "
                                 f"'channel' when the 'w' is a list, but got the length of 'w': "
                                 f"{len(w)}, the 'channel': {channel}.")
            for item in w:
                if not isinstance(item, (float, np.float32)):
                    raise ValueError(f"For '{self.cls_name}', all elements in 'w' must be float "
                                     f"when the 'w' is a list, but got {item}.")
            w = Tensor(np.array(w, np.float32))
        elif isinstance(w, Tensor):
            if w.dtype not in (mstype.float16, mstype.float32):
                raise ValueError(f"For '{self.cls_name}', the dtype of 'w' must be float16 or "
                                 f"float32 when the 'w' is a tensor, but got {w.dtype}.")
            if w.ndim != 1 or w.shape[0] != channel:
                raise ValueError(f"For '{self.cls_name}', the dimension of 'w' must be 1, and the "
                                 "elements number should be equal to the 'channel' when the 'w' is "
                                 f"a tensor, but got 'w' shape {w.shape}, the 'channel' {channel}.")
        else:
            raise TypeError(f"For '{self.cls_name}', the 'w' only supported float, list and "
                            f"tensor, but got {type(w).__name__}.")
        self.w = Parameter(w, name="a")

    def construct(self, x):
        return nn_ops.prelu(x, array_ops.cast(self.w, x.dtype))


class Softmax2d(Cell):
    """`nn.Softmax2d()`: softmax over the channel axis of (C, H, W) or (N, C, H, W), by its
    `softmax` attribute (a `Softmax` Primitive over axis -3, as MindSpore's)."""

    def __init__(self):
        super().__init__()
        self.softmax = PRIMITIVES["Softmax"](-3)

    def construct(self, x):
        if x.ndim not in (3, 4):
            raise ValueError(f"For '{self.cls_name}', the in_shape must have 3 or 4 dims, but got "
                             f"{x.ndim}.")
        return self.softmax(x)


class Threshold(Cell):
    """`nn.Threshold(threshold, value)`: x where x > threshold, else `value`."""

    def __init__(self, threshold, value):
        super().__init__()
        self.threshold = threshold
        self.value = value

    def construct(self, input_x):
        return activation_ops.threshold(input_x, self.threshold, self.value)


class GLU(Cell):
    """`nn.GLU(axis=-1)`: a · sigmoid(b) for the two halves (a, b) of the input along `axis`."""

    def __init__(self, axis=-1):
        super().__init__()
        self.dim = axis

    def construct(self, x):
        return nn_ops.glu(x, self.dim)


def _combined_activation(activation, alpha, cls_name):
    if activation == "leakyrelu":
        return LeakyReLU(alpha)
    cell = get_activation(activation) if isinstance(activation, str) else activation
    if activation is not None and not isinstance(cell, (Cell, Primitive)):
        raise TypeError(f"For '{cls_name}', the 'activation' must be str or Cell or Primitive, "
                        f"but got {type(activation).__name__}.")
    return cell


class Conv2dBnAct(Cell):
    """`nn.Conv2dBnAct(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, weight_init='normal', bias_init='zeros',
    has_bn=False, momentum=0.997, eps=1e-5, activation=None, alpha=0.2, after_fake=True)`:
    `conv`, then `batchnorm` (BatchNorm2d, with `has_bn`), then `activation`."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init="normal",
                 bias_init="zeros", has_bn=False, momentum=0.997, eps=1e-5, activation=None,
                 alpha=0.2, after_fake=True):
        super().__init__()
        self.conv = Conv2d(in_channels, out_channels, kernel_size=kernel_size, stride=stride,
                           pad_mode=pad_mode, padding=padding, dilation=dilation, group=group,
                           has_bias=has_bias, weight_init=weight_init, bias_init=bias_init)
        self.has_bn = check_bool(has_bn, "has_bn", self.cls_name)
        self.has_act = activation is not None
        self.after_fake = check_bool(after_fake, "after_fake", self.cls_name)
        if has_bn:
            self.batchnorm = BatchNorm2d(out_channels, eps, momentum)
        self.activation = _combined_activation(activation, alpha, self.cls_name)

    def construct(self, x):
        x = self.conv(x)
        if self.has_bn:
            x = self.batchnorm(x)
        if self.has_act:
            x = self.activation(x)
        return x


class DenseBnAct(Cell):
    """`nn.DenseBnAct(in_channels, out_channels, weight_init='normal', bias_init='zeros',
    has_bias=True, has_bn=False, momentum=0.9, eps=1e-5, activation=None, alpha=0.2,
    after_fake=True)`: `dense`, then `batchnorm` (BatchNorm1d, with `has_bn`), then
    `activation`."""

    def __init__(self, in_channels, out_channels, weight_init="normal", bias_init="zeros",
                 has_bias=True, has_bn=False, momentum=0.9, eps=1e-5, activation=None, alpha=0.2,
                 after_fake=True):
        super().__init__()
        self.dense = Dense(in_channels, out_channels, weight_init, bias_init, has_bias)
        self.has_bn = check_bool(has_bn, "has_bn", self.cls_name)
        self.has_act = activation is not None
        self.after_fake = check_bool(after_fake, "after_fake", self.cls_name)
        if has_bn:
            self.batchnorm = BatchNorm1d(out_channels, eps, momentum)
        self.activation = _combined_activation(activation, alpha, self.cls_name)

    def construct(self, x):
        x = self.dense(x)
        if self.has_bn:
            x = self.batchnorm(x)
        if self.has_act:
            x = self.activation(x)
        return x


class Range(Cell):
    """`nn.Range(start, limit=None, delta=1)` (deprecated in MindSpore for `ops.range`): a Cell
    returning `arange(start, limit, delta)`, float32 when any bound is a float, else int32."""

    def __init__(self, start, limit=None, delta=1):
        super().__init__()
        if delta == 0:
            raise ValueError(f"For '{self.cls_name}', the 'delta' can not be zero.")
        data = np.arange(start, limit, delta)
        self.ms_dtype = mstype.float32 if data.dtype == np.float64 else mstype.int32
        self.result_tensor = Tensor(data, dtype=self.ms_dtype)

    def construct(self):
        return self.result_tensor


class Tril(Cell):
    """`nn.Tril()` (deprecated in MindSpore for `ops.tril`): `construct(x, k=0)` keeps the lower
    triangle from diagonal `k`."""

    def construct(self, x, k=0):
        return array_ops.tril(x, k)


class Triu(Cell):
    """`nn.Triu()` (deprecated in MindSpore for `ops.triu`): `construct(x, k=0)` keeps the upper
    triangle from diagonal `k`."""

    def construct(self, x, k=0):
        return array_ops.triu(x, k)


class Roll(Cell):
    """`nn.Roll(shift, axis)` (deprecated in MindSpore for `ops.roll`): roll `x` by `shift`
    along `axis` (ints or equal-length lists)."""

    def __init__(self, shift, axis):
        super().__init__()
        check_value_type("shift", shift, [int, tuple, list], self.cls_name)
        check_value_type("axis", axis, [int, tuple, list], self.cls_name)
        self.shift = list(shift) if isinstance(shift, (list, tuple)) else [shift]
        self.axis = list(axis) if isinstance(axis, (list, tuple)) else [axis]
        if len(self.shift) != len(self.axis):
            raise ValueError(f"For '{self.cls_name}', the shape of 'shift' and the shape of 'axis' "
                             f"must be the same, but got the length of 'shift' {len(self.shift)} "
                             f"and the length of 'axis' {len(self.axis)}.")
        self.gpu = False

    def construct(self, input_x):
        return array_ops.roll(input_x, tuple(self.shift), tuple(self.axis))


class Norm(Cell):
    """`nn.Norm(axis=(), keep_dims=False)` (deprecated in MindSpore for `ops.norm`): the L2 norm
    over `axis` (every axis for ())."""

    def __init__(self, axis=(), keep_dims=False):
        super().__init__()
        check_value_type("keep_dims", keep_dims, [bool], self.cls_name)
        self.axis = axis
        self.keep_dims = keep_dims

    def construct(self, x):
        return _l2_norm(x, self.axis, self.keep_dims)

    def extend_repr(self):
        return f"axis={self.axis}, keep_dims={self.keep_dims}"


@functional
@one_program
def _l2_norm(x, axis, keep_dims):
    axes = None if axis == () else axis
    return jnp.sqrt(jnp.sum(jnp.square(x), axis=axes, keepdims=keep_dims))


class ReduceLogSumExp(Cell):
    """`nn.ReduceLogSumExp(axis, keep_dims=False)`: log Σ exp(x) over `axis`."""

    def __init__(self, axis, keep_dims=False):
        super().__init__()
        check_value_type("axis", axis, [int, list, tuple], self.cls_name)
        check_value_type("keep_dims", keep_dims, [bool], self.cls_name)
        self.axis = axis
        self._keep_dims = keep_dims  # MindSpore keeps it in its ReduceSum Primitive

    def construct(self, x):
        axis = tuple(self.axis) if isinstance(self.axis, list) else self.axis
        return reduce_ops.logsumexp(x, axis, self._keep_dims)


class FastGelu(Cell):
    """`nn.FastGelu()`: x / (1 + exp(-1.702·|x|)) · exp(0.851·(x - |x|)), by its `fast_gelu`
    attribute (a `FastGeLU` Primitive, as MindSpore's)."""

    def __init__(self):
        super().__init__()
        self.fast_gelu = PRIMITIVES["FastGeLU"]()

    def construct(self, x):
        return self.fast_gelu(x)


class LRN(Cell):
    """`nn.LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS')`:
    local response normalisation across channels."""

    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5,
                 norm_region="ACROSS_CHANNELS"):
        super().__init__()
        self._args = (depth_radius, bias, alpha, beta, norm_region)

    def construct(self, input_x):
        return layer_ops.lrn(input_x, *self._args)


class ChannelShuffle(Cell):
    """`nn.ChannelShuffle(groups)`: interleave the channels of `groups` groups."""

    def __init__(self, groups):
        super().__init__()
        if not isinstance(groups, int):
            raise TypeError(f"For ChannelShuffle, the param `groups` must be int, but got "
                            f"{type(groups)}.")
        if groups < 1:
            raise ValueError(f"For ChannelShuffle, the param `groups` must be larger than 0, but "
                             f"got {groups}.")
        self.groups = groups

    def construct(self, x):
        n, c = x.shape[0], x.shape[1]
        out = array_ops.reshape(x, (n, self.groups, c // self.groups, -1))
        return array_ops.reshape(array_ops.swapaxes(out, 1, 2), x.shape)
