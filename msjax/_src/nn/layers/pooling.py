"""`nn.MaxPool1d/2d/3d`, `nn.AvgPool1d/2d/3d` (NCHW, or without the batch axis) and the adaptive
pooling layers `nn.AdaptiveAvgPool1d/2d/3d`, `nn.AdaptiveMaxPool1d/2d/3d`; `nn.FractionalMaxPool2d/3d`."""
from __future__ import annotations

from msjax._src.core import context
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.checks import check_int, check_string, check_value_type
from msjax._src.ops import array_ops, fractional_pool_ops, nn_ops, pooling_ops, reduce_ops
from msjax._src.backend.interface import one_program
from msjax._src.ops.registry import functional

max_pool_nd_tensor = functional(one_program(nn_ops.max_pool_nd))
max_pool_argmax_nd_tensor = functional(nn_ops.max_pool_argmax_nd)
avg_pool_nd_tensor = functional(one_program(nn_ops.avg_pool_nd))
avg_pool_kernel_tensor = functional(one_program(nn_ops.avg_pool_kernel))


def _check_tuple_length(value, arg_name, length, cls_name):
    if len(value) != length:
        raise ValueError(f"For {cls_name}, the length of {arg_name} must be equal to {length}, "
                         f"but got {len(value)}.")
    return value


def _check_non_negative_ints(values, arg_name, cls_name):
    for value in values:
        check_int(value, 0, f"{arg_name}", cls_name, strict=False)


def _maxpool_padding(padding, cls_name):
    """MindSpore's MaxPool2d padding as a 3-d (depth, height, width) tuple."""
    check_value_type("padding", padding, (int, tuple, list), cls_name)
    if isinstance(padding, int):
        return (0, padding, padding)
    _check_non_negative_ints(padding, "padding", cls_name)
    if len(padding) == 1:
        return (0,) + tuple(padding) * 2
    if len(padding) != 2:
        raise ValueError(f"For {cls_name}, the length of padding must equal to 2, but got "
                         f"{len(padding)}.")
    return (0,) + tuple(padding)


def _avgpool_padding(padding, cls_name, nd=2):
    """MindSpore's average-pooling `padding` of an `nd`-d layer as AvgPool3D's 6-tuple (front,
    back, top, bottom, left, right): an int, or 1 or `nd` ints, each padding both sides."""
    check_value_type("padding", padding, (int, tuple, list), cls_name)
    if isinstance(padding, int):
        return (0, 0) * (3 - nd) + (padding,) * nd * 2
    _check_non_negative_ints(padding, "padding", cls_name)
    if len(padding) == nd:
        return (0, 0) * (3 - nd) + tuple(padding[i // 2] for i in range(nd * 2))
    if len(padding) == 1:
        return (0, 0) * (3 - nd) + tuple(padding) * nd * 2
    raise ValueError(f"For {cls_name}, the padding must be a int or tuple/list contains 1 or {nd} "
                     f"int, but got tuple/list with length:{len(padding)}.")


def _dilation_3d(dilation, cls_name):
    if isinstance(dilation, int):
        return dilation
    if isinstance(dilation, tuple):
        if len(dilation) == 1:
            return dilation[0]
        if len(dilation) == 2:
            return (1,) + dilation
        raise ValueError(f"For {cls_name}, the length of 'dilation' must be 1 or 2, but got "
                         f"{len(dilation)}.")
    raise ValueError(f"For {cls_name}, the 'dilation' must be int or tuple, but got "
                     f"{type(dilation)}.")


class _PoolNd(Cell):
    """Checks and repr shared by the pooling layers; `pad_mode` is kept upper-case."""

    def __init__(self, kernel_size, stride, pad_mode, data_format="NCHW"):
        super().__init__()
        name = self.cls_name
        check_value_type("pad_mode", pad_mode, [str], name)
        self.pad_mode = check_string(pad_mode.upper(), ["VALID", "SAME", "PAD"], "pad_mode", name)
        self.format = check_string(data_format, ["NCHW", "NHWC"], "format", name)
        if self.format == "NHWC":
            target = context.get_context("device_target")
            if target != "GPU":
                raise ValueError(f"For '{name}, the 'NHWC' format only support in GPU target, but "
                                 f"got device target {target}.")
        self.kernel_size = self._int_or_tuple("kernel_size", kernel_size)
        self.stride = self._int_or_tuple("stride", stride)

    def _int_or_tuple(self, arg_name, value):
        check_value_type(arg_name, value, [int, tuple], self.cls_name)
        message = (f"For '{self.cls_name}', the '{arg_name}' must be an positive int number or a "
                   f"tuple, but got {value}")
        items = (value,) if isinstance(value, int) else value
        if not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in items):
            raise ValueError(message)
        return value[0] if isinstance(value, tuple) and len(value) == 1 else value

    def _spatial(self, value, arg_name):
        if isinstance(value, tuple):
            return _check_tuple_length(value, arg_name, 2, self.cls_name)
        return value

    def _check_channels_last(self, pad_mode):
        """MindSpore pools NHWC with its MaxPool/AvgPool kernels only; its 'pad' forms (and the
        arguments that need them) are channels-first kernels."""
        if self.format == "NHWC":
            raise ValueError(f"For '{self.cls_name}', data_format 'NHWC' needs pad_mode 'valid' "
                             f"or 'same' and the other arguments at their defaults, but got "
                             f"pad_mode '{pad_mode}'; give the input channels first (NCHW).")

    def extend_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}"


class MaxPool2d(_PoolNd):
    """`nn.MaxPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False, data_format='NCHW')`.

    `padding`, `dilation`, `return_indices` and `ceil_mode` need pad_mode 'pad'; with
    `return_indices` the result is `(output, argmax)`, argmax a flat Int64 index into each H·W plane.
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1,
                 return_indices=False, ceil_mode=False, data_format="NCHW"):
        super().__init__(kernel_size, stride, pad_mode, data_format)
        self.return_indices = return_indices
        if pad_mode.upper() == "PAD":
            self._check_channels_last(pad_mode)
            self.use_pad = True
            self._kernel = self._spatial(self.kernel_size, "kernel_size")
            self._stride = self._spatial(self.stride, "stride")
            self.padding = _maxpool_padding(padding, self.cls_name)
            dilation = _dilation_3d(dilation, self.cls_name)
            self._dilation = dilation[1:] if isinstance(dilation, tuple) else dilation
            self._ceil_mode = ceil_mode
        else:
            self.use_pad = False
            if padding != 0 or dilation != 1 or return_indices or ceil_mode:
                raise ValueError("For MaxPool2d, the parameter 'padding', 'dilation', "
                                 "'return_indices', 'ceil_mode' can not be set to non-default value "
                                 f"when pad_mode is not 'pad', but got pad_mode:{pad_mode}.")
            self.max_pool = nn_ops.MaxPool(kernel_size=self.kernel_size, strides=self.stride,
                                           pad_mode=self.pad_mode, data_format=self.format)

    def construct(self, x):
        if self.use_pad:
            nn_ops.check_argmax3d_pads(2, self._kernel, self.padding[1:])
            return nn_ops.max_pool2d(x, self._kernel, self._stride, self.padding[1:],
                                     self._dilation, self.return_indices, self._ceil_mode)
        return _batched(self.max_pool, x)


class AvgPool2d(_PoolNd):
    """`nn.AvgPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None, data_format='NCHW')`.

    'same' averages over the cells inside the input; 'pad' (explicit `padding`) counts the padded
    cells unless `count_include_pad=False`; `divisor_override` replaces the divisor.
    """

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None, data_format="NCHW"):
        super().__init__(kernel_size, stride, pad_mode, data_format)
        name = self.cls_name
        if (pad_mode.upper() == "PAD" or padding != 0 or ceil_mode or not count_include_pad
                or divisor_override is not None):
            self._check_channels_last(pad_mode)
            self.is_expand = True
            if divisor_override is not None and divisor_override <= 0:
                raise ValueError(f"For '{name}', the 'divisor_override' must be > 0, but got "
                                 f"{divisor_override}.")
            pads = _avgpool_padding(padding, name)
            if pad_mode.upper() != "PAD" and any(pads):
                raise ValueError("For 'AvgPool3D', the 'pad' must be zero or (0, 0, 0, 0, 0, 0) "
                                 f"when 'pad_mode' is not \"PAD\", but got 'pad' is {pads} and "
                                 f"'pad_mode' is {pad_mode}.")
            kernel = self._spatial(self.kernel_size, "kernel_size")
            stride = self._spatial(self.stride, "stride")
            kernel = (1,) + kernel if isinstance(kernel, tuple) else (1, kernel, kernel)
            stride = (1,) + stride if isinstance(stride, tuple) else (1, stride, stride)
            self.avg_pool = nn_ops.AvgPool3D(
                kernel_size=kernel, strides=stride, pad_mode=pad_mode, pad=pads,
                ceil_mode=ceil_mode, count_include_pad=count_include_pad,
                divisor_override=0 if divisor_override is None else divisor_override)
        else:
            self.is_expand = False
            self.avg_pool = nn_ops.AvgPool(kernel_size=self.kernel_size, strides=self.stride,
                                           pad_mode=self.pad_mode, data_format=self.format)

    def construct(self, x):
        if self.is_expand:
            return array_ops.squeeze(_batched(self.avg_pool, array_ops.expand_dims(x, -3), 5), -3)
        return _batched(self.avg_pool, x)


def _batched(pool, x, rank=4):
    """`pool` (a Primitive taking inputs of `rank`, a batch first) of `x`, which may lack the
    batch axis (an image (C, H, W): MindSpore's layers add the axis for the Primitive and take
    it off again)."""
    if x.ndim == rank - 1:
        return array_ops.squeeze(pool(array_ops.expand_dims(x, 0)), 0)
    return pool(x)


def _one_d_check(x, cls_name):
    if x.ndim != 3:
        raise ValueError(f"For '{cls_name}', the input must has 3 dim, but got {x.ndim}")


class MaxPool1d(_PoolNd):
    """`nn.MaxPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False)`: input (N, C, L) or (C, L). `padding`, `dilation`,
    `return_indices`, `ceil_mode` need pad_mode 'pad'."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1,
                 return_indices=False, ceil_mode=False):
        super().__init__(kernel_size, stride, pad_mode)
        check_int(kernel_size, 1, "kernel_size", self.cls_name, strict=False)
        check_int(stride, 1, "stride", self.cls_name, strict=False)
        self.kernel_size = (1, kernel_size)
        self.stride = (1, stride)
        self.return_indices = return_indices
        if pad_mode.upper() == "PAD":
            self.use_pad = True
            self.kernel_size = (1, 1, kernel_size)
            self.stride = (1, 1, stride)
            check_value_type("padding", padding, (int, tuple, list), self.cls_name)
            pad = padding if isinstance(padding, int) else padding[0]
            self.padding = (0, 0, pad)
            self._dilation = dilation if isinstance(dilation, int) else dilation[-1]
            self._ceil_mode = ceil_mode
        else:
            self.use_pad = False
            if padding != 0 or dilation != 1 or return_indices or ceil_mode:
                raise ValueError("For MaxPool1d, the parameter 'padding', 'dilation', "
                                 "'return_indices', 'ceil_mode' can not be set to non-default value "
                                 f"when pad_mode is not 'pad', but got pad_mode:{pad_mode}.")

    def construct(self, x):
        unbatched = x.ndim == 2
        if unbatched:
            x = array_ops.expand_dims(x, 0)
        if self.use_pad:
            nn_ops.check_argmax3d_pads(1, self.kernel_size[-1], self.padding[-1])
            out = nn_ops.max_pool2d(array_ops.expand_dims(x, 2), (1, self.kernel_size[-1]),
                                    (1, self.stride[-1]), (0, self.padding[-1]),
                                    (1, self._dilation), self.return_indices, self._ceil_mode)
            out = (tuple(array_ops.squeeze(o, 2) for o in out) if self.return_indices
                   else array_ops.squeeze(out, 2))
        else:
            _one_d_check(x, self.cls_name)
            out = max_pool_nd_tensor(x, 1, self.kernel_size[-1], self.stride[-1], self.pad_mode)
        if unbatched:
            out = (tuple(array_ops.squeeze(o, 0) for o in out) if isinstance(out, tuple)
                   else array_ops.squeeze(out, 0))
        return out


class AvgPool1d(_PoolNd):
    """`nn.AvgPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True)`: input (N, C, L) or (C, L)."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True):
        super().__init__(kernel_size, stride, pad_mode)
        check_int(self.kernel_size, 1, "kernel_size", self.cls_name, strict=False)
        check_int(self.stride, 1, "stride", self.cls_name, strict=False)
        self._padding = padding if isinstance(padding, int) else padding[0]
        self._ceil_mode = ceil_mode
        self._count_include_pad = count_include_pad
        if pad_mode.upper() == "PAD" or padding != 0 or ceil_mode or not count_include_pad:
            self.is_expand_3d = True
        else:
            self.is_expand_3d = False
            self.kernel_size = (1, self.kernel_size)
            self.stride = (1, self.stride)

    def construct(self, x):
        unbatched = x.ndim == 2
        if unbatched:
            x = array_ops.expand_dims(x, 0)
        if self.is_expand_3d:
            out = avg_pool_nd_tensor(x, 1, self.kernel_size, self.stride, self.pad_mode,
                                            self._padding, self._ceil_mode,
                                            self._count_include_pad)
        else:
            _one_d_check(x, self.cls_name)
            out = _avg_pool1d_unpadded(x, self.kernel_size[-1], self.stride[-1], self.pad_mode)
        return array_ops.squeeze(out, 0) if unbatched else out


def _avg_pool1d_unpadded(x, kernel_size, stride, pad_mode):
    """nn.AvgPool1d without explicit padding, on (N, C, L): when no second window starts inside
    the input (L - kernel_size < stride) MindSpore slices out the first window and averages it,
    in 'same' mode too (one output; a Slice error when L < kernel_size); otherwise it runs its
    AvgPool kernel."""
    batch, channels, width = x.shape
    if width - kernel_size < stride:
        window = array_ops.Slice()(x, (0, 0, 0), (batch, channels, kernel_size))
        return reduce_ops.mean(window, 2, keep_dims=True)
    return avg_pool_kernel_tensor(x, 1, kernel_size, stride, pad_mode)


class MaxPool3d(_PoolNd):
    """`nn.MaxPool3d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False)`: input (N, C, D, H, W) or (C, D, H, W)."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1,
                 return_indices=False, ceil_mode=False):
        super().__init__(kernel_size, stride, pad_mode)
        self.return_indices = return_indices
        if (dilation != 1 or return_indices) and pad_mode.upper() != "PAD":
            raise ValueError(f"For {self.cls_name}, the pad_mode must be 'pad' when dilation is "
                             f"not 1 or return_indices is True, but got pad_mode:{pad_mode}.")
        self.only_pad = dilation != 1
        self._padding = padding
        self._dilation = dilation
        self._ceil_mode = ceil_mode

    def construct(self, x):
        unbatched = x.ndim == 4
        if unbatched:
            x = array_ops.expand_dims(x, 0)
        if self.return_indices or self.only_pad:  # MindSpore's MaxPool3DWithArgmax
            nn_ops.check_argmax3d_pads(3, self.kernel_size, self._padding)
        elif self.pad_mode == "PAD":  # its MaxPool3D
            nn_ops.check_max_pool3d_pads(self.kernel_size, self._padding)
        if self.return_indices:
            out = max_pool_argmax_nd_tensor(x, 3, self.kernel_size, self.stride, self.pad_mode,
                                            self._padding, self._dilation, self._ceil_mode)
            return tuple(array_ops.squeeze(o, 0) for o in out) if unbatched else out
        out = max_pool_nd_tensor(x, 3, self.kernel_size, self.stride, self.pad_mode,
                                        self._padding, self._dilation, self._ceil_mode)
        return array_ops.squeeze(out, 0) if unbatched else out


class AvgPool3d(_PoolNd):
    """`nn.AvgPool3d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None)`: input (N, C, D, H, W) or (C, D, H, W)."""

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None):
        super().__init__(kernel_size, stride, pad_mode)
        padding = _avgpool_padding(padding, self.cls_name, 3)
        if divisor_override is not None and divisor_override <= 0:
            raise ValueError(f"For '{self.cls_name}', the 'divisor_override' must be > 0, but got "
                             f"{divisor_override}.")
        self.avg_pool = nn_ops.AvgPool3D(
            self.kernel_size, self.stride, pad_mode, padding, ceil_mode, count_include_pad,
            0 if divisor_override is None else divisor_override)

    def construct(self, x):
        return _batched(self.avg_pool, x, 5)


class _AdaptivePool(Cell):
    """An adaptive pooling layer over `ops.<function>`: output cell i of an axis of length n
    covers the inputs [floor(i·n/out), ceil((i+1)·n/out))."""

    _function = None
    _keeps_output_size = True  # MindSpore's 2-d average / 3-d layers hold it in a Primitive

    def __init__(self, output_size, return_indices=None):
        super().__init__()
        if self._keeps_output_size:
            self.output_size = output_size
        self._size = output_size
        if return_indices is not None:
            self.return_indices = return_indices

    def construct(self, input):
        if hasattr(self, "return_indices"):
            return type(self)._function(input, self._size, self.return_indices)
        return type(self)._function(input, self._size)


class AdaptiveAvgPool1d(_AdaptivePool):
    """`nn.AdaptiveAvgPool1d(output_size)`: input (N, C, L); L divisible by `output_size`."""

    _function = staticmethod(pooling_ops.adaptive_avg_pool1d)

    def __init__(self, output_size):
        check_value_type("output_size", output_size, [int], "AdaptiveAvgPool1d")
        check_int(output_size, 1, "output_size", "AdaptiveAvgPool1d", strict=False)
        super().__init__(output_size)


class AdaptiveAvgPool2d(_AdaptivePool):
    """`nn.AdaptiveAvgPool2d(output_size)`: `output_size` an int, or (H, W) with None keeping
    an axis."""

    _function = staticmethod(nn_ops.adaptive_avg_pool2d)
    _keeps_output_size = False

    def __init__(self, output_size):
        super().__init__(output_size)


class AdaptiveAvgPool3d(_AdaptivePool):
    """`nn.AdaptiveAvgPool3d(output_size)`: over the last three axes."""

    _function = staticmethod(pooling_ops.adaptive_avg_pool3d)
    _keeps_output_size = False

    def __init__(self, output_size):
        super().__init__(output_size)


class AdaptiveMaxPool1d(_AdaptivePool):
    """`nn.AdaptiveMaxPool1d(output_size)`: input (N, C, L); L divisible by `output_size`."""

    _function = staticmethod(pooling_ops.adaptive_max_pool1d)

    def __init__(self, output_size):
        check_value_type("output_size", output_size, [int], "AdaptiveMaxPool1d")
        check_int(output_size, 1, "output_size", "AdaptiveMaxPool1d", strict=False)
        super().__init__(output_size)


class AdaptiveMaxPool2d(_AdaptivePool):
    """`nn.AdaptiveMaxPool2d(output_size, return_indices=False)`: with `return_indices`,
    (output, flat Int64 index of each maximum in its H·W plane)."""

    _function = staticmethod(pooling_ops.adaptive_max_pool2d)

    def __init__(self, output_size, return_indices=False):
        super().__init__(output_size, return_indices)


class AdaptiveMaxPool3d(_AdaptivePool):
    """`nn.AdaptiveMaxPool3d(output_size, return_indices=False)`."""

    _function = staticmethod(pooling_ops.adaptive_max_pool3d)
    _keeps_output_size = False

    def __init__(self, output_size, return_indices=False):
        super().__init__(output_size, return_indices)


class _MaxUnpoolNd(Cell):
    """`nn.MaxUnpool{1,2,3}d(kernel_size, stride=None, padding=0)`: `construct(x, indices,
    output_size=None)` scatters each value of a max-pooling output to its flat index over the
    last `_ND` axes (`ops.max_unpool{1,2,3}d`)."""

    _ND = 2

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = kernel_size if stride is None else stride
        self.padding = padding

    def construct(self, x, indices, output_size=None):
        name = type(self).__name__
        if output_size is not None:
            if not isinstance(output_size, tuple):
                raise ValueError(f"For {name}, output_size must be tuple, but type "
                                 f"{type(output_size)}.")
            if not output_size:
                raise ValueError(f"For {name}, the length of output_size must be positive, "
                                 "but got 0.")
        if self._ND == 2:  # MindSpore's ops.max_unpool2d, with MaxUnpool2D's checks
            return pooling_ops.ops_max_unpool2d(x, indices, self.kernel_size, self.stride,
                                                self.padding, output_size)
        return pooling_ops._unpool_tensor(x, indices, self._ND, self.kernel_size, self.stride,
                                          self.padding, output_size)


class MaxUnpool1d(_MaxUnpoolNd):
    _ND = 1


class MaxUnpool2d(_MaxUnpoolNd):
    _ND = 2


class MaxUnpool3d(_MaxUnpoolNd):
    _ND = 3


class _LPPoolNd(Cell):
    """`nn.LPPool{1,2}d(norm_type, kernel_size, stride=None, ceil_mode=False)`: the power-mean
    pooling `ops.lp_pool{1,2}d` over the last one or two axes."""

    _OP = "lp_pool1d"

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def construct(self, x):
        if isinstance(self.norm_type, bool) or not isinstance(self.norm_type, (int, float)):
            raise TypeError(f"For {self._OP}, the type of 'norm_type' must be float or int, but "
                            f"got {type(self.norm_type)}")
        return getattr(pooling_ops, self._OP)(x, self.norm_type, self.kernel_size, self.stride,
                                              self.ceil_mode)


class LPPool1d(_LPPoolNd):
    _OP = "lp_pool1d"


class LPPool2d(_LPPoolNd):
    _OP = "lp_pool2d"


class FractionalMaxPool2d(Cell):
    """`nn.FractionalMaxPool2d(kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None)`: `ops.fractional_max_pool2d` of its input
    (ops/fractional_pool_ops.py); without `_random_samples` each call draws new ones."""

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                 _random_samples=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.output_size = output_size
        self.output_ratio = output_ratio
        self.return_indices = return_indices
        self._random_samples = _random_samples

    def construct(self, input):
        return fractional_pool_ops.fractional_max_pool2d(
            input, self.kernel_size, self.output_size, self.output_ratio, self.return_indices,
            self._random_samples)


class FractionalMaxPool3d(FractionalMaxPool2d):
    """`nn.FractionalMaxPool3d(kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None)`: `ops.fractional_max_pool3d` of its (N, C, D,
    H, W) or (C, D, H, W) input; without `_random_samples` each call draws new ones."""

    def construct(self, input):
        return fractional_pool_ops.fractional_max_pool3d(
            input, self.kernel_size, self.output_size, self.output_ratio, self.return_indices,
            self._random_samples)
