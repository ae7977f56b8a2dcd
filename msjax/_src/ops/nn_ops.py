"""Neural-network functions of `mindspore.ops`: activations, softmax, convolution, pooling."""
from __future__ import annotations

import functools
import inspect

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.ops.adapters import scalar_like, to_float_if_int
from msjax._src.ops.amp_auto import inputs_cast
from msjax._src.ops import graph_rounding
from msjax._src.ops.graph_rounding import (add_bias, add_bias_once, bias_rounded_once,
                                            fused_rounding, graph_rounds_once, note_product)
from msjax._src.ops.batch_norm_train import batch_norm_train, normalize_channels
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops import softmax_math
from msjax._src.backend.interface import eager_jit, hashable, one_program
from msjax._src.ops.registry import functional, op, primitive, tensor_op
from msjax._src.ops.reduce_ops import argmax_index
from msjax._src.ops.random_ops import keep_mask
from msjax._src.ops.state_ops import assign
from msjax._src.ops.window_max import lowest_value as _lowest, window_max
from msjax._src.core.random import next_key, seeded_key
from msjax._src.core.tensor import _wrap
from msjax._src.core import context, op_precision
from msjax._src.core import dtype as mstype


# -- activations -------------------------------------------------------------------------------
# The activations networks use most, as eager programs: stored in msjax's eager program cache,
# so a later process loads them without tracing (and e.g. hard-swish, four primitives, compiles
# once); inside a trace they are the jax functions themselves. An op that is its program alone
# names it (`program=`), and its Tensor-level function calls the program's dispatch itself.
_relu_program = eager_jit(jax.nn.relu, inline_in_traces=True)


@jax.custom_jvp
def _relu6(x):
    """min(max(x, 0), 6), whose slope is MindSpore's: 1 on (0, 6], 6 included (JAX's is 0
    there)."""
    return jnp.minimum(jnp.maximum(x, 0), 6).astype(x.dtype)


_relu6.defjvps(lambda tangent, _, x: jnp.where((x > 0) & (x <= 6), tangent,
                                                jnp.zeros_like(tangent)))
_relu6_program = eager_jit(_relu6, inline_in_traces=True)
_silu_program = eager_jit(jax.nn.silu, inline_in_traces=True)


def _wide(x):
    """Float16 and BFloat16 widened to Float32: MindSpore's HSwish and HSigmoid kernels compute
    in Float32 and round once (hardsigmoid(2.0) is 0.8335 in Float16, not 0.833)."""
    return x.astype(jnp.promote_types(x.dtype, jnp.float32)) if x.dtype.itemsize < 4 else x


@jax.custom_jvp
def _hard_swish(x):
    """MindSpore's HSwish: 0 for x <= -3, x for x >= 3, x * (x + 3) / 6 between (so 0.0 below
    -3, not -0.0, and the division last, rounding as MindSpore's); its slope is MindSpore's
    HSwishGrad: (2x + 3) / 6 on [-3, 3], both ends included (-0.5 at -3 and 1.5 at 3, where
    JAX's is 0 and 1)."""
    wide = _wide(x)
    return jnp.where(wide <= -3, 0, jnp.where(wide >= 3, wide, wide * (wide + 3) / 6)
                     ).astype(x.dtype)


_hard_swish.defjvps(lambda tangent, _, x: tangent * jnp.where(
    x < -3, 0, jnp.where(x > 3, 1, (2 * x + 3) / 6)).astype(tangent.dtype))


@jax.custom_jvp
def _hard_sigmoid(x):
    """MindSpore's HSigmoid: 0 for x <= -3, 1 for x >= 3, (x + 3) / 6 between; its slope 1/6
    strictly inside (-3, 3)."""
    wide = _wide(x)
    return jnp.where(wide <= -3, 0, jnp.where(wide >= 3, 1, (wide + 3) / 6)).astype(x.dtype)


_hard_sigmoid.defjvps(lambda tangent, _, x: tangent * jnp.where(  # (the slope in tangent's dtype:
    (x > -3) & (x < 3), jnp.full_like(tangent, 1 / 6), jnp.zeros_like(tangent)))  # no f64)


def _leaky_relu(x, alpha):
    """x where x > 0, alpha * x below; the slope at 0 is (1 + alpha) / 2 as MindSpore's (its
    LeakyReLU is max(x, alpha * x), whose gradient halves a tie; JAX's leaky_relu takes 1)."""
    slope = jnp.where(x > 0, 1, jnp.where(x < 0, alpha, (1 + alpha) / 2)).astype(x.dtype)
    return x * slope
_hardswish_program = eager_jit(_hard_swish, inline_in_traces=True)
_hardsigmoid_program = eager_jit(_hard_sigmoid, inline_in_traces=True)


@op(primitive="ReLU", tensor_method=True)
def relu(input, inplace=False):
    return _relu_program(input)


@op(primitive="ReLU6", program=_relu6_program)
def relu6(x):
    return _relu6_program(x)


@op(tensor_method=True)
@one_program  # erf-based GELU is six primitives: one program for an eager call
def gelu(input, approximate="none"):
    return jax.nn.gelu(input, approximate=approximate == "tanh")


@op(tensor_method=True, program=_silu_program)
def silu(input):
    return _silu_program(input)


@op(primitive="Mish")
def mish(x):
    return x * jnp.tanh(jax.nn.softplus(x))


@jax.jit  # one program, as jax.nn.elu
def _elu(x, alpha):
    """`jax.nn.elu(x, alpha)` with its zero in x's dtype (jax.nn.elu passes a Python 0.0 to
    `where`: a float64 value while msjax's 64-bit types are on, core/x64.py)."""
    positive = x > 0
    return jnp.where(positive, x, alpha * jnp.expm1(jnp.where(positive, scalar_like(0.0, x), x)))


_SELU_ALPHA, _SELU_SCALE = 1.6732632423543772848170429916717, 1.0507009873554804934193349852946


@jax.jit
def _selu(x):
    """`jax.nn.selu(x)` from `_elu`, its constants in x's dtype."""
    return scalar_like(_SELU_SCALE, x) * _elu(x, scalar_like(_SELU_ALPHA, x))


@op()
def elu(input_x, alpha=1.0):
    return _elu(input_x, scalar_like(alpha, input_x))


@op()
def celu(x, alpha=1.0):
    return jax.nn.celu(x, scalar_like(alpha, x))


@op(primitive="SeLU")
def selu(input_x):
    return _selu(input_x)


@op()
def leaky_relu(input, alpha=0.2):
    return _leaky_relu(input, scalar_like(alpha, input))


def _check_prelu_weight(x, weight):
    """MindSpore's PReLU: a 1-d weight of one value or one per channel (axis 1; a 0-d or 1-d
    input has one channel)."""
    if weight.ndim != 1:
        raise ValueError("The dimension of 'weight' must be 1" if weight.ndim == 0 else
                         "The dimension of 'weight' must be less than or equal to 1")
    channels = x.shape[1] if x.ndim >= 2 else 1
    if weight.size not in (1, channels):
        raise ValueError("For 'Prelu', the length of 'weight' must be equal to number of "
                         f"channels: {channels}, but got [const vector]{{{weight.size}}}.")


@op(primitive="PReLU")
def prelu(input, weight):
    x = input
    _check_prelu_weight(x, weight)
    if weight.size == 1:
        return jnp.where(x >= 0, x, weight.reshape(()) * x)
    return jnp.where(x >= 0, x, weight.reshape((-1,) + (1,) * (x.ndim - 2)) * x)


@op(primitive="Softplus")
def softplus(input, beta=1, threshold=20):
    scaled = input * beta
    return jnp.where(scaled > threshold, input, jax.nn.softplus(scaled) / beta)


@op(primitive="Softsign")
def softsign(x):
    return jax.nn.soft_sign(x)


@op(primitive="HSwish", tensor_method=True, program=_hardswish_program)
def hardswish(input):
    return _hardswish_program(input)


@op(primitive="HSigmoid", program=_hardsigmoid_program)
def hardsigmoid(input):
    return _hardsigmoid_program(input)


@op()
def hardtanh(input, min_val=-1.0, max_val=1.0):
    return jnp.clip(input, scalar_like(min_val, input), scalar_like(max_val, input))


@op()
def hardshrink(input, lambd=0.5):
    return jnp.where(jnp.abs(input) > lambd, input, 0)


@op()
def softshrink(input, lambd=0.5):
    return jnp.where(input > lambd, input - lambd, jnp.where(input < -lambd, input + lambd, 0))


@op()
def tanhshrink(input):
    return input - jnp.tanh(input)


@op()
def logsigmoid(x):
    return jax.nn.log_sigmoid(x)


@op()
def glu(x, axis=-1):
    return jax.nn.glu(x, axis)


@op(tensor_method=True)
def softmax(input, axis=-1, *, dtype=None):
    _check_softmax_axis("Softmax", axis, input.ndim)
    x = input if dtype is None else input.astype(np.dtype(str(dtype).lower()))
    return _softmax_program(to_float_if_int(x), axis=hashable(axis))


@op(tensor_method=True)
def log_softmax(logits, axis=-1):
    _check_softmax_axis("LogSoftmax", axis, logits.ndim)
    return _log_softmax_program(logits, axis=hashable(axis))


# Five primitives each (max, subtract, exp, sum, divide): one program for an eager call.
_softmax_program = eager_jit(softmax_math.softmax, static_argnames="axis")
_log_softmax_program = eager_jit(jax.nn.log_softmax, static_argnames="axis")


def _check_softmax_axis(primitive, axis, ndim):
    rank = max(ndim, 1)
    for a in (axis,) if isinstance(axis, int) else axis:
        if not -rank <= a < rank:
            raise ValueError(f"For primitive[{primitive}], the axis must be in [{-rank},{rank}), "
                             f"but got {a}.")


@op()
def softmin(x, axis=-1, *, dtype=None):
    return softmax_math.softmax(-x, hashable(axis))


@op()
def bias_add(input_x, bias):
    """`ops.bias_add`: add `bias` along the channel axis 1 (NCHW)."""
    return _bias_add_primitive(input_x, bias, "NCHW")


# -- channels-last (NHWC) forms, MindSpore's GPU target's --------------------------------------
_FORMATS_2D = ["NCHW", "NHWC"]


def check_format(name, data_format, formats=_FORMATS_2D):
    """MindSpore's check of a Primitive's `data_format` given as a string attribute."""
    if not (isinstance(data_format, str) and data_format in formats):
        raise ValueError(f"For '{name}', the 'format' must be str and must be in '{formats}', but "
                         f"got '{data_format}'.")
    return data_format


def check_format_enum(name, data_format, formats=("NCHW", "NHWC", "NCDHW")):
    """MindSpore's check of a `data_format` it converts to its Format enum (BiasAdd, AvgPool,
    BatchNorm)."""
    if not (isinstance(data_format, str) and data_format in formats):
        raise ValueError(f"Failed to convert the value \"{data_format}\" of input 'data_format' "
                         f"of '{name}' to enum.")
    return data_format


def check_nhwc_target(name, data_format, the="the "):
    """MindSpore computes NHWC convolutions and max pooling on its GPU target only; other targets
    refuse them when the Primitive is built (msjax: whatever JAX device runs the program)."""
    target = context.get_context("device_target")
    if data_format == "NHWC" and target != "GPU":
        raise ValueError(f"For '{name}', the 'NHWC' format is only supported in GPU target, but "
                         f"got the 'data_format' is NHWC and {the}platform is {target}.")


def to_channels_first(x):
    """(N, *spatial, C) -> (N, C, *spatial)."""
    return jnp.transpose(x, (0, x.ndim - 1) + tuple(range(1, x.ndim - 1)))


def to_channels_last(x):
    """(N, C, *spatial) -> (N, *spatial, C)."""
    return jnp.transpose(x, (0,) + tuple(range(2, x.ndim)) + (1,))


def channels_last_form(fn):
    """`fn` of a channels-first input, applied to a channels-last one: the layout changes around
    it are transposes that XLA's layout assignment folds into its neighbours."""
    def channels_last(x, *args, **kwargs):
        return to_channels_last(fn(to_channels_first(x), *args, **kwargs))
    return channels_last


def channels_axis(data_format, ndim):
    """The channel axis of a `data_format` input of rank `ndim`: the last for NHWC, else 1 (0 for
    a vector)."""
    return ndim - 1 if data_format == "NHWC" else min(1, ndim - 1)


def _bias_add_primitive(x, bias, data_format):
    """`ops.BiasAdd(data_format)(x, bias)`: `bias` added along the channel axis, 1 (NCHW, NCDHW)
    or the last (NHWC), with MindSpore's shape checks."""
    x_shape, b_shape = tuple(x.shape), tuple(bias.shape)
    if data_format == "NCDHW" and len(x_shape) != 5:
        raise ValueError(f"For 'BiasAdd', NCDHW format only supports 5-D input on CPU, but got a "
                         f"{len(x_shape)}-D input.")
    axis = channels_axis(data_format, len(x_shape))
    if len(b_shape) != 1 or not x_shape or b_shape[0] != x_shape[axis]:
        code = {"NCHW": 0, "NHWC": 1, "NCDHW": 4}[data_format]
        raise ValueError(
            f"For 'BiasAdd', bias[0] shape should be equal to input_x[{axis}] shape when "
            f"data_format is {code}, but got bias shape: .[const vector]"
            f"{{{', '.join(map(str, b_shape))}}}, input_shape: [const vector]"
            f"{{{', '.join(map(str, x_shape))}}}.")
    shape = [1] * len(x_shape)
    shape[axis] = -1
    return graph_rounding.bias_add(x, bias.reshape(shape))


# -- convolution and pooling -------------------------------------------------------------------
def _pair(v, n=2):
    return (v,) * n if isinstance(v, int) else tuple(v)


def conv_nd(input, weight, stride, pad_mode, padding, dilation, groups, nd, channels_last=False,
            preferred_element_type=None):
    """N-d convolution in NC... layout with MindSpore's pad_mode ('same', 'valid', 'pad'), or
    with `channels_last` in N...C layout with an O...I kernel (MindSpore's NHWC); its result in
    `preferred_element_type` if given (XLA's dtype for the sums, rounded to it once)."""
    stride, dilation = _pair(stride, nd), _pair(dilation, nd)
    if pad_mode == "same":
        pads = "SAME"
    elif pad_mode == "valid":
        pads = "VALID"
    else:
        p = _pair(padding, nd if isinstance(padding, int) else len(padding))
        pads = [(p[i], p[i]) for i in range(nd)] if len(p) == nd else \
            [(p[2 * i], p[2 * i + 1]) for i in range(nd)]
    spatial = "DHW"[-nd:] if nd > 1 else "W"
    dims = (("N" + spatial + "C", "O" + spatial + "I", "N" + spatial + "C") if channels_last
            else ("NC" + spatial, "OI" + spatial, "NC" + spatial))
    return jax.lax.conv_general_dilated(input, weight, stride, pads, rhs_dilation=dilation,
                                        dimension_numbers=dims, feature_group_count=groups,
                                        precision=op_precision.conv_precision(),
                                        preferred_element_type=preferred_element_type)


def _conv_and_bias(input, weight, bias, stride, pad_mode, padding, dilation, groups, nd,
                   channels_last=False, once=False):
    """The convolution and its bias; `once`: the bias taken before rounding
    (`graph_rounds_once`), and without a bias the float32 result."""
    out = conv_nd(input, weight, stride, pad_mode, padding, dilation, groups, nd, channels_last,
                  jnp.float32 if once else None)
    if bias is None:
        return out
    bias = bias.reshape((1,) * (nd + 1) + (-1,) if channels_last else (1, -1) + (1,) * nd)
    return add_bias_once(out, bias, input.dtype) if once else add_bias(out, bias)


# One compiled program per convolution (layout changes, convolution, bias), so an eager call
# compiles and dispatches once per shape; inside a user's trace it is inlined.
_conv_program = eager_jit(_conv_and_bias, static_argnames=("stride", "pad_mode", "padding",
                                                          "dilation", "groups", "nd",
                                                          "channels_last", "once"))


def check_conv_input(input, weight, groups, nd, name=None, channels_last=False):
    """MindSpore's errors for a convolution's input of the wrong rank or number of channels
    (Conv2D's channel error is a RuntimeError, Conv3D's a ValueError; recorded by
    tests/goldens/scripts/setitem_checks_probe.py), before XLA sees the shapes."""
    name = name or ("Conv3D" if nd == 3 else "Conv2D")
    if input.ndim != nd + 2:
        raise ValueError(f"For primitive[{name}], the x shape size must be equal to {nd + 2}, "
                         f"but got {input.ndim}.")
    channels = input.shape[-1] if channels_last else input.shape[1]
    weight_channels = weight.shape[-1] if channels_last else weight.shape[1]
    if channels != weight_channels * groups:
        error = ValueError if nd == 3 else RuntimeError
        raise error(f"For '{name}', 'C_in' of input 'x' shape divide by parameter 'group' must be "
                    f"equal to 'C_in' of input 'weight' shape: {weight_channels}, but got 'C_in' "
                    f"of input 'x' shape: {channels}, and 'group': {groups}.")


def _conv(input, weight, bias, stride, pad_mode, padding, dilation, groups, nd,
          channels_last=False, fused=True):
    """A convolution and its bias: MindSpore's Conv2D/Conv3D Primitive and BiasAdd after it
    (`fused`: rounded once in a compiled graph, ops/graph_rounding.py), or with `fused` False
    one kernel that takes the bias (mint's), rounded twice as the Dense kernel is."""
    check_conv_input(input, weight, groups, nd, channels_last=channels_last)

    def conv(once=False):
        return _conv_program(input, weight, bias, stride=hashable(stride), pad_mode=pad_mode,
                             padding=hashable(padding), dilation=hashable(dilation),
                             groups=groups, nd=nd, channels_last=channels_last, once=once)
    if not (fused and graph_rounds_once(input)):
        return conv()
    if bias is not None:
        return fused_rounding(lambda: conv(True), conv)
    out = conv()  # the Conv2D/Conv3D Primitive: a BiasAdd after it may take its float32 result
    note_product(out, lambda: conv(True))
    return out


def _conv2d_nhwc(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1,
                 groups=1):
    """MindSpore's NHWC convolution (its GPU target's): input (N, H, W, C), weight
    (O, kH, kW, C/groups), output (N, H', W', O); the arguments are conv2d's."""
    return _conv(input, weight, bias, stride, pad_mode, padding, dilation, groups, 2, True)


conv2d_nhwc = functional(_conv2d_nhwc)  # of Tensors (Conv2D and nn.Conv2d with data_format NHWC)


@op()
def conv2d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, pad_mode, padding, dilation, groups, 2)


@op()
def conv1d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, pad_mode, padding, dilation, groups, 1)


@op()
def conv3d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, pad_mode, padding, dilation, groups, 3)


def _conv_one_kernel(input, weight, bias, stride, pad_mode, padding, dilation, groups, nd):
    return _conv(input, weight, bias, stride, pad_mode, padding, dilation, groups, nd,
                 fused=False)


# mint's convolutions, of Tensors: one kernel with the bias (Conv2DExt and its kin), which
# MindSpore's CPU build lacks; rounded as its one-kernel Dense is, twice
conv_one_kernel = functional(_conv_one_kernel)


# MindSpore's pooling, one implementation for every form (max_pool2d/avg_pool2d, the MaxPool/AvgPool
# Primitives, AvgPool3D): pad_mode 'same' (TF's split, low side gets the smaller half), 'valid',
# or 'pad' with explicit padding; ceil_mode windows may hang past the padded input.
def _tuple_arg(value, n):
    if isinstance(value, int):
        return (value,) * n
    value = tuple(value)
    return value * n if len(value) == 1 else value


def _explicit_pads(padding, nd):
    """A padding argument as (low, high) per spatial axis: an int, nd ints, or 2·nd ints."""
    p = _tuple_arg(padding, nd)
    if len(p) == nd:
        return [(v, v) for v in p]
    return [(p[2 * i], p[2 * i + 1]) for i in range(nd)]


def _window(size, kernel, stride, dilation, pad_mode, pads, ceil_mode):
    """((low, high) padding, extra high cells a ceil-mode window covers) of one spatial axis."""
    span = (kernel - 1) * dilation + 1
    if pad_mode == "same":
        out = -(-size // stride)
        needed = max(0, (out - 1) * stride + span - size)
        return (needed // 2, needed - needed // 2), 0
    lo, hi = pads if pad_mode == "pad" else (0, 0)
    reach = size + lo + hi - span
    if ceil_mode:
        out = -(-reach // stride) + 1
        if (out - 1) * stride >= size + lo:
            out -= 1
    else:
        out = reach // stride + 1
    return (lo, hi), max(0, (out - 1) * stride + span - (size + lo + hi))


def _pool_setup(x, nd, kernel_size, stride, dilation, pad_mode, padding, ceil_mode):
    kernel = _tuple_arg(kernel_size, nd)
    stride = _tuple_arg(kernel_size if stride is None else stride, nd)
    dilation = _tuple_arg(dilation, nd)
    pad_mode = pad_mode.lower()
    explicit = _explicit_pads(padding, nd)
    geometry = [_window(x.shape[x.ndim - nd + i], kernel[i], stride[i], dilation[i], pad_mode,
                        explicit[i], ceil_mode) for i in range(nd)]
    return kernel, stride, dilation, geometry


def _spatial_3d(value, nd, fill):
    """A kernel size (`fill` 1) or per-axis padding (`fill` 0) of `nd` spatial axes as the
    (depth, height, width) MindSpore's 3-d pooling kernels see."""
    return (fill,) * (3 - nd) + _tuple_arg(value, nd)


def _const_vector(values):
    return "[const vector]{" + ", ".join(str(v) for v in values) + "}"


def check_argmax3d_pads(nd, kernel_size, padding):
    """MindSpore's MaxPool3DWithArgmax kernel (nn.MaxPool1d/2d in 'pad' mode, nn.MaxPool3d
    with a dilation or indices, ops.max_pool3d): each pad at most half its kernel size."""
    kernel, pads = _spatial_3d(kernel_size, nd, 1), _spatial_3d(padding, nd, 0)
    if any(2 * p > k for p, k in zip(pads, kernel)):
        raise ValueError("For Maxpool3DWithArgmax, pads should be less equal to the half of "
                         f"ksize, but got ksize is[{_const_vector(kernel)}], pads "
                         f"is[{_const_vector(pads)}].")


def check_argmax_v2_pads(kernel_size, padding):
    """MindSpore's MaxPoolWithArgmaxV2 kernel (ops.max_pool2d): each pad at most half its kernel
    size."""
    kernel, pads = _tuple_arg(kernel_size, 2), _tuple_arg(padding, 2)
    if any(2 * p > k for p, k in zip(pads, kernel)):
        raise ValueError("It is required that the `pads` is no more than half of the "
                         f"`kernel_size`, but gets pads{pads} and kernel_size{kernel}.")


def check_max_pool3d_pads(kernel_size, padding):
    """MindSpore's MaxPool3D kernel (nn.MaxPool3d in 'pad' mode): the two pads of each axis
    sum to at most its kernel size, depth first."""
    kernel, pads = _tuple_arg(kernel_size, 3), _explicit_pads(padding, 3)
    for (lo, hi), k, (sides, axis) in zip(pads, kernel, (("head and tail", "depth"),
                                                          ("top and bottom", "height"),
                                                          ("left and right", "width"))):
        if lo + hi > k:
            raise ValueError(f"For 'MaxPool3D', the summation of padding on {sides} must be "
                             f"smaller than, or equal to the kernel size on {axis}, but got "
                             f"padding: [{lo}, {hi}], kernel_{axis[0]}: {k}.")


def _check_avg_pool3d_pads(nd, kernel, geometry):
    """MindSpore's AvgPool3D kernel (every average pooling with explicit padding): the two pads
    of each axis sum to at most its kernel size."""
    pads = ((0, 0),) * (3 - nd) + tuple(pad for pad, _ in geometry)
    kernel = _spatial_3d(kernel, nd, 1)
    if any(lo + hi > k for (lo, hi), k in zip(pads, kernel)):
        shown = ",".join(str(v) for pair in pads for v in pair)
        raise ValueError("For 'AvgPool3D the sum of the pads in the two directions should be "
                         "less than or equal to the corresponding kernel size, but got pads: "
                         f"({shown}) and kernel: {kernel}")


@one_program  # eagerly a program kept in msjax's eager program cache
def max_pool_nd(x, nd, kernel_size, stride=None, pad_mode="valid", padding=0, dilation=1,
                ceil_mode=False):
    """Max pooling over the last `nd` axes.

    A batched channels-first input (N, C, *spatial) is pooled channels-last: transposed to
    (N, *spatial, C), pooled, transposed back. The values and gradients are the same (the window
    visits its cells in the same order); XLA's layout assignment then folds the transposes into
    the neighbouring channels-last convolutions instead of storing a channels-first copy of the
    activation forward and backward. Measured (benchmarks/models.py --steady resnet18_224,
    2-core CPU, load 0.3-1.4, interleaved in one process): msjax step 0.816/0.823 s ->
    0.748/0.765 s, msjax/JAX 1.05-1.06 -> 0.98-1.01. `window_max` differentiates a dilated
    window, which JAX's own rule does not.
    """
    kernel, stride, dilation, geometry = _pool_setup(x, nd, kernel_size, stride, dilation,
                                                     pad_mode, padding, ceil_mode)
    window_pads = [(lo, hi + extra) for (lo, hi), extra in geometry]
    if x.ndim == nd + 2:
        to_last = (0,) + tuple(range(2, nd + 2)) + (1,)
        pooled = window_max(jnp.transpose(x, to_last), (1,) + kernel + (1,),
                            (1,) + stride + (1,), [(0, 0)] + window_pads + [(0, 0)],
                            (1,) + dilation + (1,))
        return jnp.transpose(pooled, tuple(int(a) for a in np.argsort(to_last)))
    lead = (1,) * (x.ndim - nd)
    pads = [(0, 0)] * len(lead) + window_pads
    return window_max(x, lead + kernel, lead + stride, pads, lead + dilation)


def max_pool_argmax_2d(x, kernel_size, stride=None, pad_mode="valid", padding=0, dilation=1,
                       ceil_mode=False):
    """Max pooling over the last two axes with the argmax as a flat index into each H·W plane."""
    return max_pool_argmax_nd(x, 2, kernel_size, stride, pad_mode, padding, dilation, ceil_mode)


def max_pool_argmax_nd(x, nd, kernel_size, stride=None, pad_mode="valid", padding=0,
                       dilation=1, ceil_mode=False):
    """Max pooling over the last `nd` axes with the argmax as a flat index into each pooled
    plane (H·W, or D·H·W)."""
    hashable = [tuple(v) if isinstance(v, list) else v
                for v in (kernel_size, stride, pad_mode, padding, dilation, ceil_mode)]
    return _max_pool_argmax_nd(x, nd, *hashable)


@functools.partial(jax.jit, static_argnums=(1, 2, 3, 4, 5, 6, 7))
def _max_pool_argmax_nd(x, nd, kernel_size, stride, pad_mode, padding, dilation, ceil_mode):
    # One compiled program (it gathers every window), so an eager call dispatches once.
    kernel, stride, dilation, geometry = _pool_setup(x, nd, kernel_size, stride, dilation,
                                                     pad_mode, padding, ceil_mode)
    sizes = x.shape[x.ndim - nd:]
    positions, valid = [], []
    for axis, ((lo, hi), extra) in enumerate(geometry):
        span = (kernel[axis] - 1) * dilation[axis] + 1
        out = (sizes[axis] + lo + hi + extra - span) // stride[axis] + 1
        pos = (np.arange(out)[:, None] * stride[axis] - lo
               + np.arange(kernel[axis])[None, :] * dilation[axis])
        positions.append(pos)
        valid.append((pos >= 0) & (pos < sizes[axis]))

    def spread(table, axis):
        """An (out, kernel) table of `axis` shaped (o_1..o_nd, k_1..k_nd) for broadcasting."""
        shape = [1] * (2 * nd)
        shape[axis], shape[nd + axis] = table.shape
        return table.reshape(shape)

    index = tuple(spread(np.clip(pos, 0, size - 1), axis)
                  for axis, (pos, size) in enumerate(zip(positions, sizes)))
    patches = x[(Ellipsis, *index)]
    mask = functools.reduce(np.logical_and, [spread(v, axis) for axis, v in enumerate(valid)])
    patches = jnp.where(mask, patches, _lowest(x.dtype))
    flat = patches.reshape(patches.shape[:x.ndim - nd + nd] + (-1,))
    best = argmax_index(flat, -1)
    picked = jnp.unravel_index(best, kernel)  # the kernel offset of the maximum, per axis
    flat_index = 0
    for axis, pos in enumerate(positions):
        outs = np.arange(pos.shape[0]).reshape([-1 if a == axis else 1 for a in range(nd)])
        flat_index = flat_index * sizes[axis] + jnp.asarray(pos)[outs, picked[axis]]
    return jnp.max(flat, axis=-1), flat_index.astype(np.int64)


@one_program  # eagerly one program (a window sum, a divisor and a division)
def avg_pool_nd(x, nd, kernel_size, stride=None, pad_mode="valid", padding=0, ceil_mode=False,
                count_include_pad=True, divisor_override=None):
    """Average pooling over the last `nd` axes, as MindSpore's AvgPool3D kernel computes it. The
    divisor is `divisor_override` when given, else the window's cells inside the input
    (`count_include_pad=False`), else its cells inside the padded input: the 'same' padding and
    the explicit `padding` are both counted (cells added only by `ceil_mode` never are)."""
    kernel, stride, _, geometry = _pool_setup(x, nd, kernel_size, stride, 1, pad_mode, padding,
                                              ceil_mode)
    if pad_mode.lower() == "pad":
        _check_avg_pool3d_pads(nd, kernel, geometry)
    lead = (1,) * (x.ndim - nd)
    pads = [(lo, hi + extra) for (lo, hi), extra in geometry]
    zero = np.array(0, x.dtype)
    total = jax.lax.reduce_window(x, zero, jax.lax.add, lead + kernel, lead + stride,
                                  [(0, 0)] * len(lead) + pads)
    if divisor_override:
        return total / jnp.array(divisor_override, x.dtype)
    ones = jnp.ones(x.shape[x.ndim - nd:], x.dtype)
    if count_include_pad:
        ones = jnp.pad(ones, [pad for pad, _ in geometry], constant_values=1)
        pads = [(0, extra) for _, extra in geometry]
    counts = jax.lax.reduce_window(ones, zero, jax.lax.add, kernel, stride, pads)
    return total / counts


def avg_pool_kernel(x, nd, kernel_size, stride, pad_mode):
    """MindSpore's AvgPool kernel (the AvgPool Primitive, and nn.AvgPool1d/2d without explicit
    padding): 'same' averages over the window's cells inside the input, never the padding."""
    return avg_pool_nd(x, nd, kernel_size, stride, pad_mode, count_include_pad=False)


@op()
def max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
               ceil_mode=False):
    check_argmax_v2_pads(kernel_size, padding)
    if return_indices:
        return max_pool_argmax_2d(x, kernel_size, stride, "pad", padding, dilation, ceil_mode)
    return max_pool_nd(x, 2, kernel_size, stride, "pad", padding, dilation, ceil_mode)


@op()
def avg_pool2d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=0):
    return avg_pool_nd(input_x, 2, kernel_size, stride, "pad", padding, ceil_mode,
                       count_include_pad, divisor_override)


def _pool_primitive(pool, x, kernel_size, strides, pad_mode, data_format):
    if data_format == "NHWC":
        return channels_last_form(pool)(x, 2, kernel_size, strides, pad_mode)
    return pool(x, 2, kernel_size, strides, pad_mode)


def _check_max_pool(arguments):
    check_format("MaxPool", arguments["data_format"])
    check_nhwc_target("MaxPool", arguments["data_format"])


MaxPool = primitive(
    "MaxPool", functional(lambda x, kernel_size, strides, pad_mode, data_format:
                          _pool_primitive(max_pool_nd, x, kernel_size, strides, pad_mode,
                                          data_format)),
    kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW", display=shown.max_pool(2),
    check=_check_max_pool)
# MindSpore's CPU kernel fails on an NHWC AvgPool (a RuntimeError when called); its GPU target
# computes it, as msjax does on every device.
AvgPool = primitive(
    "AvgPool", functional(lambda x, kernel_size, strides, pad_mode, data_format:
                          _pool_primitive(avg_pool_kernel, x, kernel_size, strides, pad_mode,
                                          data_format)),
    kernel_size=1, strides=1, pad_mode="VALID", data_format="NCHW", display=shown.avg_pool,
    check=lambda arguments: check_format_enum("AvgPool", arguments["data_format"]))
AvgPool3D = primitive(
    "AvgPool3D", functional(lambda x, kernel_size, strides, pad_mode, pad, ceil_mode,
                            count_include_pad, divisor_override, data_format:
                            avg_pool_nd(x, 3, kernel_size, strides, pad_mode, pad, ceil_mode,
                                        count_include_pad, divisor_override)),
    kernel_size=1, strides=1, pad_mode="valid", pad=0, ceil_mode=False, count_include_pad=True,
    divisor_override=0, data_format="NCDHW", display=shown.avg_pool_3d)


@op()
@one_program  # a slice and a mean per output cell: one program for an eager call
def adaptive_avg_pool2d(input, output_size):
    h, w = input.shape[-2:]
    oh, ow = _pair(output_size)
    oh, ow = oh or h, ow or w
    rows = [input[..., (i * h) // oh:-(-(i + 1) * h // oh), :] for i in range(oh)]
    out = [[r[..., (j * w) // ow:-(-(j + 1) * w // ow)].mean(axis=(-2, -1)) for j in range(ow)]
           for r in rows]
    return jnp.stack([jnp.stack(r, -1) for r in out], -2)


# -- dropout and normalisation -----------------------------------------------------------------
@op()
def dropout(input, p=0.5, training=True, seed=None):
    if not training or p == 0:
        return input
    keep = keep_mask(seeded_key(seed, "dropout"), 1.0 - p, input.shape)
    return jnp.where(keep, input / (1.0 - p), 0).astype(input.dtype)


def layer_norm_with_stats(x, axes, eps, weight=None, bias=None):
    """Layer normalisation of `x` over its trailing `axes`, formulated the way XLA fuses well:
    `(y, mean, variance)`; eagerly one program (`_layer_norm_program`). See `_layer_norm`."""
    return _layer_norm_program(x, weight, bias, axes=tuple(axes), eps=float(eps))


def _layer_norm(x, weight, bias, axes, eps):
    """`layer_norm_with_stats`: layer normalisation of `x` over its trailing `axes`.

    As Flax's LayerNorm (`flax.linen.normalization`): the mean and the mean of squares in one
    pass (variance = E[x²] - E[x]², clipped at 0), the square taken before the means, and
    `rsqrt(variance + eps)` multiplied by the scale before it meets `x - mean`. The textbook
    two-pass `(x - mean) * rsqrt(var + eps) * gamma + beta` (what msjax had) made XLA's CPU
    backend fuse the backward pass through every LayerNorm of a transformer into kernels of
    200-800 instructions: ViT-tiny's compiled training step held 47.6k fused instructions
    against 16.5k now, and compiled in 35 s against 13 s (issue 16). Unlike Flax, the squares
    are taken of `x` shifted by its first element along `axes` (held constant for the gradient,
    which the variance's shift invariance leaves exact), so that E[x²] - E[x]² does not cancel
    when the mean is large against the spread: the values stay MindSpore's
    two-pass ones to float32 rounding. Statistics are computed in at least float32; `weight`
    and `bias` broadcast against the trailing axes of `x`. The output has the dtype `x`,
    `weight` and `bias` promote to; the mean and variance come back with the reduced axes
    kept, in `x`'s dtype.
    """
    stats_dtype = jnp.promote_types(x.dtype, jnp.float32)
    wide = x.astype(stats_dtype)
    first = tuple(slice(0, 1) if axis in axes else slice(None) for axis in range(x.ndim))
    shift = jax.lax.stop_gradient(wide[first])
    # The square before the mean: this program order (Flax's) decides how the gradients
    # reaching `x` are summed; with the mean first XLA fuses the backward pass into giant
    # kernels again.
    squares = jax.lax.square(wide - shift)
    mean, mean_of_squares = jnp.mean(wide, axes), jnp.mean(squares, axes)
    kept = tuple(1 if axis in axes else size for axis, size in enumerate(x.shape))
    mean = mean.reshape(kept)
    shifted_mean = mean - shift
    variance = jnp.maximum(0.0, mean_of_squares.reshape(kept) - jax.lax.square(shifted_mean))
    multiplier = jax.lax.rsqrt(variance + eps)
    if weight is not None:
        multiplier = multiplier * weight.reshape((1,) * (x.ndim - weight.ndim) + weight.shape)
    out = (wide - mean) * multiplier
    if bias is not None:
        out = out + bias.reshape((1,) * (x.ndim - bias.ndim) + bias.shape)
    out_dtype = jnp.result_type(*(a for a in (x, weight, bias) if a is not None))
    return out.astype(out_dtype), mean.astype(x.dtype), variance.astype(x.dtype)


# A dozen primitives: one program for an eager call; inside a trace the function itself (the
# formulation above is what the enclosing program's fusion was tuned for).
_layer_norm_program = eager_jit(_layer_norm, static_argnames=("axes", "eps"),
                                inline_in_traces=True)


@op()
def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    axes = tuple(range(input.ndim - len(tuple(normalized_shape)), input.ndim))
    return layer_norm_with_stats(input, axes, eps, weight, bias)[0]


@functional
def normalize(input, p=2.0, dim=1, eps=1e-12):
    """L2 (or p-norm) normalisation along `dim` (a helper, not a `mindspore.ops` name)."""
    norm = jnp.linalg.norm(input, ord=p, axis=dim, keepdims=True)
    return input / jnp.maximum(norm, eps)


@op()
def pdist(input, p=2.0):
    n = input.shape[0]
    dist = _p_distance(input[:, None, :] - input[None, :, :], p)
    rows, cols = np.triu_indices(n, 1)
    return dist[rows, cols]


@op()
def cdist(x1, x2, p=2.0):
    """`ops.cdist(x1, x2, p=2.0)`: the p-norm distance of each row of `x1` to each row of `x2`
    (batched over leading axes), MindSpore's p = 0 (the count of differing coordinates) and
    p = inf (the largest difference) included (tests/goldens/ops/cdist.out)."""
    if p < 0:
        raise ValueError(f"For Primitive[Cdist], p must be a non-negative value, but got \n{p:g}.")
    return _p_distance(x1[..., :, None, :] - x2[..., None, :, :], p)


def _p_distance(diff, p):
    """The p-norm of `diff` over its last axis, with MindSpore's gradient: zero where the
    distance is zero, and for p = inf the sign of every coordinate at the largest difference
    (ties each get all of it)."""
    size = jnp.where(diff == 0, 0, jnp.abs(diff))  # (the slope of |0| is 0 here, not JAX's 1)
    if p == 0:
        return jnp.sum(size != 0, -1).astype(diff.dtype)
    if p == float("inf"):
        top = jax.lax.stop_gradient(jnp.max(size, -1))
        at_top = (size == top[..., None]) & (top[..., None] > 0)
        return top + jnp.sum(jnp.where(at_top, size - jax.lax.stop_gradient(size), 0), -1)
    if p == 1:
        return jnp.sum(size, -1)
    zero = size == 0
    total = jnp.sum(jnp.where(zero, 0, jnp.where(zero, 1, size) ** p), -1)
    empty = total == 0
    return jnp.where(empty, 0, jnp.where(empty, 1, total) ** (1.0 / p)).astype(diff.dtype)


@op()
def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    dot = jnp.sum(x1 * x2, axis=dim)
    n1 = jnp.linalg.norm(x1, axis=dim)
    n2 = jnp.linalg.norm(x2, axis=dim)
    return dot / jnp.maximum(n1 * n2, eps)


# -- dense, transposed convolution, batch normalisation ----------------------------------------
@op(primitive="Dense")
def dense(input, weight, bias=None):
    """`ops.dense` (`ops.Dense()(input, weight, bias)`): `input @ weight.T + bias` over the last
    axis (weight is [out, in], or [in]: then the last axis is contracted away). One kernel: a
    float16 result is rounded before its bias is added, in compiled graphs too."""
    _check_dense(input, weight)
    return _dense_program(input, weight, bias)


def _dense_layer(input, weight, bias=None):
    """nn.Dense's MatMul and BiasAdd: `dense`, rounded once in a compiled graph
    (`bias_rounded_once`)."""
    _check_dense(input, weight)
    if bias_rounded_once(input, bias):
        return fused_rounding(lambda: _dense_program(input, weight, bias, once=True),
                              lambda: _dense_program(input, weight, bias))
    return _dense_program(input, weight, bias)


# of Tensors, cast by mixed precision "auto" as `dense` is
dense_layer = functional(_dense_layer, inputs_cast(("dense", "Dense")))


def _check_dense(input, weight):
    if input.ndim and weight.ndim and input.shape[-1] != weight.shape[-1]:
        raise ValueError(f"For 'MatMul' the input dimensions must be equal, but got 'x1_col': "
                         f"{input.shape[-1]} and 'x2_row': {weight.shape[-1]}.")


def _dense_and_bias(input, weight, bias, once=False):
    """`input @ weight.T + bias`; `once`: the bias taken before rounding."""
    weight = weight if weight.ndim < 2 else jnp.swapaxes(weight, -1, -2)
    if once:
        return add_bias_once(jnp.matmul(input, weight, preferred_element_type=jnp.float32),
                             bias, input.dtype)
    out = jnp.matmul(input, weight)
    return out if bias is None else add_bias(out, bias)


# One compiled program (transpose, matmul, bias), so an eager call compiles and dispatches once
# per shape instead of three times; inside a user's trace it is inlined.
_dense_program = eager_jit(_dense_and_bias, static_argnames=("once",))


def conv_backprop_input(dout, weight, input_size, stride, pad_mode, padding, dilation, groups, nd):
    """The gradient of `conv_nd` with respect to an input of shape `input_size`: MindSpore's
    Conv2DBackpropInput and Conv2DTranspose (weight [C_dout, C_out/groups, *kernel])."""
    if dout.ndim != nd + 2:
        raise ValueError(f"For primitive[Conv{nd}DTranspose], the x shape size must be equal to "
                         f"{nd + 2}, but got {dout.ndim}.")
    if dout.shape[1] != weight.shape[0]:
        # MindSpore's message for Conv3DTranspose; Conv2DTranspose fails in oneDNN there, with
        # a RuntimeError that names no shape.
        error = ValueError if nd == 3 else RuntimeError
        raise error(f"For primitive[Conv{nd}DTranspose], the filter's batch, input x's channel "
                    f"must be equal to {dout.shape[1]}, but got {weight.shape[0]}.")

    def transposed(dout, weight):
        def forward(x):
            return conv_nd(x, weight, stride, pad_mode, padding, dilation, groups, nd)
        _, pullback = jax.vjp(forward, jnp.zeros(tuple(input_size), dout.dtype))
        return pullback(dout)[0]
    out = transposed(dout, weight)
    if graph_rounds_once(dout):  # for a BiasAdd after it: float16 operands' products are exact
        note_product(out, lambda: transposed(dout.astype(jnp.float32),  # in float32
                                             weight.astype(jnp.float32)))
    return out


@op()
def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1):
    """`ops.conv_transpose2d`: out = (in - 1)·stride - 2·padding + dilation·(k - 1) +
    output_padding + 1 along each spatial axis."""
    stride, padding = _pair(stride), _pair(padding)
    output_padding, dilation = _pair(output_padding), _pair(dilation)
    spatial = tuple((input.shape[-2 + i] - 1) * stride[i] - 2 * padding[i]
                    + dilation[i] * (weight.shape[2 + i] - 1) + output_padding[i] + 1
                    for i in range(2))
    batched = input if input.ndim == 4 else input[None]
    size = (batched.shape[0], weight.shape[1] * groups) + spatial
    out = conv_backprop_input(batched, weight, size, stride, "pad", padding, dilation, groups, 2)
    if bias is not None:
        out = add_bias(out, bias.reshape(1, -1, 1, 1))
    return out if input.ndim == 4 else out[0]


def _conv2d_backprop_input(dout, weight, input_size, out_channel, kernel_size, pad_mode, pad,
                           pad_list, mode, stride, dilation, group, data_format):
    if data_format == "NHWC":  # dout (N, H, W, C), weight (O, kH, kW, I), input_size NHWC
        n, h, w, c = (int(v) for v in input_size)
        return to_channels_last(conv_backprop_input(
            to_channels_first(dout), to_channels_first(weight), (n, c, h, w),
            _pair(stride)[-2:], pad_mode.lower(), pad, _pair(dilation)[-2:], group, 2))
    return conv_backprop_input(dout, weight, input_size, _pair(stride)[-2:], pad_mode.lower(),
                               pad, _pair(dilation)[-2:], group, 2)


def _check_conv_transpose(name):
    def check(arguments):
        check_format(name, arguments["data_format"])
        check_nhwc_target(name, arguments["data_format"])
    return check


_CONV_TRANSPOSE_ATTRS = {"out_channel": inspect.Parameter.empty,
                         "kernel_size": inspect.Parameter.empty, "pad_mode": "valid", "pad": 0,
                         "pad_list": None, "mode": 1, "stride": 1, "dilation": 1, "group": 1,
                         "data_format": "NCHW"}
Conv2DBackpropInput = primitive("Conv2DBackpropInput", functional(_conv2d_backprop_input),
                                display=shown.conv_transpose,
                                check=_check_conv_transpose("Conv2DBackpropInput"),
                                **_CONV_TRANSPOSE_ATTRS)
Conv2DTranspose = primitive("Conv2DTranspose", functional(_conv2d_backprop_input),
                            display=shown.conv_transpose,
                            check=_check_conv_transpose("Conv2DTranspose"),
                            **_CONV_TRANSPOSE_ATTRS)


def check_batch_norm(x, scale, bias, mean, variance, axis=1):
    """MindSpore's BatchNorm checks (the Primitive, ops.batch_norm and the nn BatchNorm layers),
    on jax arrays, shapes first: x of rank 2 to 4, a scale of x's channel count (along `axis`)
    and a bias of the scale's shape, then a Float16 or Float32 x. msjax also needs the running
    mean and variance of the scale's shape (docs/migration.md)."""
    if not 2 <= x.ndim <= 4:
        raise ValueError("For primitive[BatchNorm], the rank of images must be in [2,4], but got "
                         f"{x.ndim}.")
    channels = x.shape[axis]
    if scale.shape[0] != channels:
        raise ValueError("For BatchNorm, scale.shape[0] should be equal to input_x's channel "
                         f"dimension: {channels}, bug got scale.shape[0]: {scale.shape[0]}.")
    if bias.shape != scale.shape:
        shown = ["[" + "".join(f"{d}," for d in a.shape) + "]" for a in (scale, bias)]
        raise ValueError(f"For primitive[BatchNorm], the scale and bias: {shown[0]} must be equal "
                         f"to {shown[1]}")
    if mean.shape != scale.shape or variance.shape != scale.shape:
        raise ValueError("For BatchNorm, msjax needs the running mean and variance of the "
                         f"scale's shape {scale.shape}, but got {mean.shape} and "
                         f"{variance.shape}.")
    if x.dtype not in (np.float16, np.float32):
        raise TypeError("For primitive[BatchNorm], the input argument[input_x] must be a type of "
                        "{Tensor[Float16], Tensor[Float32]}, but got "
                        f"Tensor[{mstype.from_numpy(x.dtype)}].")


@tensor_op()
def batch_norm(input_x, running_mean, running_var, weight, bias, training=False, momentum=0.1,
               eps=1e-5):
    """`ops.batch_norm`: normalise over every axis but 1 (channels).

    Training normalises with the batch statistics and updates the running ones in place with
    `ops.assign`: `running = (1 - momentum) * running + momentum * batch` (the variance stored is
    the unbiased one). Otherwise the running statistics are used. Differentiated by msjax's
    `grad`/`value_and_grad`, training mode uses BatchNorm's gradient written out
    (`batch_norm_train`), which a compiled step runs with fewer kernels; the values are the same.
    """
    return _wrap(batch_norm_along(input_x._data, running_mean, running_var, weight._data,
                                  bias._data, training, momentum, eps, axis=1))


def batch_norm_along(x, running_mean, running_var, weight, bias, training, momentum, eps, axis):
    """`ops.batch_norm` along the channel `axis` of the jax array x (the last for MindSpore's
    NHWC layers, computed in place without moving the channels); the running statistics are
    Parameters (or Tensors), updated in training as `ops.batch_norm` says."""
    check_batch_norm(x, weight, bias, running_mean._data, running_var._data, axis)
    if not training:
        return normalize_channels(x, running_mean._data, running_var._data, weight, bias,
                                  eps=eps, axis=axis)
    out, mean, var = batch_norm_train(x, weight, bias, eps, axis)
    update_running_statistics(running_mean, running_var, mean, var, x.size // x.shape[axis],
                              momentum, write=assign)
    return out


def update_running_statistics(running_mean, running_var, mean, var, count, momentum, write):
    """`running = (1 - momentum) * running + momentum * batch`, the variance stored being the
    unbiased one, computed in the statistics' dtype (float32 at least) and written with `write`
    (rounded to the stored dtype). One program eagerly (`_moving_statistics`)."""
    if isinstance(momentum, (int, float)):
        new_mean, new_var = _moving_statistics(running_mean._data, running_var._data, mean, var,
                                               count=count, momentum=float(momentum))
    else:  # a Tensor's value (not a static argument)
        new_mean, new_var = _moving_statistics.__wrapped__(
            running_mean._data, running_var._data, mean, var, count, momentum)
    write(running_mean, new_mean)
    write(running_var, new_var)


def _moving_statistics_impl(running_mean, running_var, mean, var, count, momentum):
    unbiased = var * (count / max(count - 1, 1))
    m = jnp.asarray(momentum, jnp.promote_types(mean.dtype, running_mean.dtype))
    return (1 - m) * running_mean + m * mean, (1 - m) * running_var + m * unbiased


# In PyNative training, BatchNorm's running statistics were six ops a layer, each dispatched and
# linearized on its own under the step's gradient; as one program (a nested jit inside a trace,
# so that the gradient's trace, too, takes it as one) a tiny ResNet-50's eager step is faster.
_moving_statistics = eager_jit(_moving_statistics_impl, static_argnames=("count", "momentum"))

