"""MindSpore's gradient Primitives (`ops.operations._grad_ops`) and the 1.x training Primitives
they pair with (`MaxPoolWithArgmax`, `BatchNorm`, `ApplyMomentum`, ...).

MindSpore's autodiff calls these as the backward of its forward operators; user code and
MindSpore's own tests call them directly. Each gradient is the pullback of msjax's forward
implementation (`jax.vjp`), so it agrees with msjax's autodiff by construction; the argument
orders, attributes, output dtypes and reprs are MindSpore 2.10's
(tests/goldens/scripts/conformance_probe1.py).
"""
from __future__ import annotations

import functools
import inspect
import math

import jax
import jax.numpy as jnp
from jax import lax
import numpy as np

from msjax._src.core.tensor import PLAIN_TENSOR_TYPES, Tensor, _wrap
from msjax._src.ops import deformable_ops
from msjax._src.ops.adapters import concrete_array, round_half_away
from msjax._src.ops import batch_norm_train
from msjax._src.ops.batch_norm_train import normalize_channels
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.array_ops import strided_slice
from msjax._src.ops.grad_primitives import _layer_norm_grad
from msjax._src.ops.input_rules import ms_name
from msjax._src.ops.legacy_ops import _resize_bilinear_v2, _resize_nearest_neighbor
from msjax._src.ops.nn_ops import (avg_pool_kernel, channels_axis, check_batch_norm,
                                   check_format_enum, conv_nd, max_pool_argmax_2d, max_pool_nd,
                                   update_running_statistics)
from msjax._src.ops.registry import functional, primitive
from msjax._src.ops.state_ops import assign

_REQUIRED = inspect.Parameter.empty


def _pullback(forward, primal, cotangent):
    """The gradient of `forward` at `primal` for the output cotangent `cotangent`."""
    _, pull = jax.vjp(forward, primal)
    return pull(cotangent.astype(primal.dtype))[0]


def _window(value):
    """A pooling window attribute as MindSpore keeps it (`2` -> `(2, 2)`; NCHW 4-tuples -> the
    last two)."""
    if isinstance(value, int):
        return (value, value)
    value = tuple(value)
    return value[-2:] if len(value) == 4 else value


# -- elementwise -------------------------------------------------------------------------------
def _prelu_grad(dy, x, weight):
    """`(dx, dweight)` of PReLU (`weight` per channel, axis 1) for `dy`; at x = 0 the slope is
    the weight's, as MindSpore's kernel has it."""
    per_channel = x.ndim > 1 and weight.size > 1
    w = weight.reshape((-1,) + (1,) * (x.ndim - 2)) if per_channel else weight
    dy = dy.astype(x.dtype)
    dx = jnp.where(x > 0, dy, w * dy)
    contribution = jnp.where(x > 0, jnp.zeros_like(dy), dy * x)
    if per_channel:
        axes = tuple(i for i in range(x.ndim) if i != 1)
        dw = jnp.sum(contribution, axis=axes)
    else:
        dw = jnp.sum(contribution).reshape(weight.shape)
    return dx, dw.astype(weight.dtype)


PReLUGrad = primitive("PReLUGrad", functional(_prelu_grad))
ReluGrad = primitive("ReluGrad", functional(
    lambda y_backprop, x: jnp.where(x > 0, y_backprop, jnp.zeros_like(y_backprop))))
ReLU6Grad = primitive("ReLU6Grad", functional(
    lambda y_backprop, x: jnp.where((x > 0) & (x <= 6), y_backprop, jnp.zeros_like(y_backprop))))
# hardsigmoid's and hardswish's derivatives as MindSpore takes them at the kinks: hardsigmoid's
# is 1/6 strictly inside (-3, 3); hardswish's is (2x + 3) / 6 on [-3, 3], 0 below, 1 above.


def _same_shapes(name, dout, x):
    """MindSpore's check of an elementwise gradient's two inputs (no broadcasting)."""
    if dout.ndim != x.ndim:
        raise ValueError(f"Rank of x({x.ndim}) and dout({dout.ndim}) not equal, primitive name: "
                         f"{name}.")
    for axis, (a, b) in enumerate(zip(x.shape, dout.shape)):
        if a != b:
            raise ValueError(f"The {axis}th dim of x({a}) and dout({b}) not equal, primitive "
                             f"name: {name}.")


def _hsigmoid_grad(grads, x):
    _same_shapes("HSigmoidGrad", grads, x)
    return jnp.where((x > -3) & (x < 3), grads / 6, jnp.zeros_like(grads))


HSigmoidGrad = primitive("HSigmoidGrad", functional(_hsigmoid_grad))


def _hswish_grad(y_grad, x):
    _same_shapes("HSwishGrad", y_grad, x)
    wide = x.astype(jnp.promote_types(x.dtype, jnp.float32))  # (float16: MindSpore's rounding)
    slope = jnp.where(wide < -3, 0, jnp.where(wide > 3, 1, (2 * wide + 3) / 6))
    return (y_grad.astype(wide.dtype) * slope).astype(y_grad.dtype)


HSwishGrad = primitive("HSwishGrad", functional(_hswish_grad))


# The elementwise gradients of ops.auto_generate, as MindSpore 2.10's CPU kernels compute them
# (tests/goldens/scripts/elementwise_grads_probe.py). Each takes its inputs in MindSpore's order:
# most take the forward's output `y` (TanhGrad(y, dy)), the others its input.
def _pullback_of(forward):
    """An (x, dy) gradient: `dy` pulled back through `forward` at `x`."""
    return lambda x, dy: _pullback(forward, x, dy)


def _textbook_division(a, b):
    """a / b for complex arrays as MindSpore's kernels divide:
    ((ac + bd) + (bc - ad)i) / (c² + d²), so a zero divisor gives NaN parts (XLA's division gives an infinity) and zeros keep their
    signs as that formula gives them."""
    c, d = jnp.real(b), jnp.imag(b)
    scale = c * c + d * d
    real = (jnp.real(a) * c + jnp.imag(a) * d) / scale
    imag = (jnp.imag(a) * c - jnp.real(a) * d) / scale
    return jax.lax.complex(real, imag)


def _complex_divided(real_grad, denominator, zero_when_undefined=False):
    """An (x, dy) gradient that, for complex inputs, is MindSpore's kernel's
    dy / conj(denominator(x)) (the conjugate slope); `real_grad` for real ones.
    `zero_when_undefined`: a zero denominator gives 0, others divide as XLA does (AcoshGrad's
    complex kernel); else the textbook division's NaNs."""
    def grad(x, dy):
        if not jnp.iscomplexobj(x):
            return real_grad(x, dy)
        below = jnp.conj(denominator(x))
        if zero_when_undefined:
            return jnp.where(below == 0, jnp.zeros_like(dy), dy / below)
        return _textbook_division(dy, below)
    return grad


def _gelu_grad(dy, x, y):  # (y, the forward's output, is not read: MindSpore's kernel neither)
    return _pullback(lambda v: jax.nn.gelu(v, approximate=True), x, dy)


def _shrink_grad(gradients, features, lambd=0.5):
    return jnp.where(jnp.abs(features) > lambd, gradients, jnp.zeros_like(gradients))


def _logit_grad(grad, input, eps=-1.0):
    """dy / (x (1 - x)); eps < 0: NaN outside [0, 1]; else 0 outside [eps, 1 - eps]."""
    slope = grad / (input * (1 - input))
    if eps < 0:
        return jnp.where((input < 0) | (input > 1), jnp.full_like(slope, jnp.nan), slope)
    return jnp.where((input < eps) | (input > 1 - eps), jnp.zeros_like(slope), slope)


_ELEMENTWISE_GRADS = {  # name: (function of MindSpore's inputs, constructor defaults)
    "HShrinkGrad": (_shrink_grad, {"lambd": 0.5}),
    "SoftShrinkGrad": (lambda input_grad, input_x, lambd=0.5: _shrink_grad(input_grad, input_x, lambd),
                       {"lambd": 0.5}),
    "LogitGrad": (_logit_grad, {"eps": -1.0}),
    "GeLUGrad": (_gelu_grad, {}),
    "FastGeLUGrad": (lambda dy, x: _pullback(lambda v: v / (1 + jnp.exp(-1.702 * jnp.abs(v)))
                                             * jnp.exp(0.851 * (v - jnp.abs(v))), x, dy), {}),
    "SiLUGrad": (lambda dout, x: _pullback(jax.nn.silu, x, dout), {}),
    "SoftplusGrad": (lambda gradients, features: gradients * jax.nn.sigmoid(features), {}),
    "ReciprocalGrad": (lambda y, dy: -dy * y * y, {}),
    # (in MindSpore's order, x·x·grad·(-1): float16's rounding and complex zeros' signs follow)
    "InvGrad": (lambda x, grad: x * x * grad * jnp.asarray(-1, grad.dtype), {}),
    "SqrtGrad": (lambda y, dy: dy / (2 * y), {}),
    "RsqrtGrad": (lambda y, dy: -0.5 * y * y * y * dy, {}),
    "TanhGrad": (lambda y, dy: dy * (1 - y * y), {}),
    "SigmoidGrad": (lambda y, dy: dy * y * (1 - y), {}),
    "EluGrad": (lambda dy, y: jnp.where(y > 0, dy, dy * (y + 1)), {}),
    "AsinhGrad": (_complex_divided(lambda y, dy: dy / jnp.cosh(y), jnp.cosh), {}),
    "AcoshGrad": (_complex_divided(lambda y, dy: dy / jnp.sinh(y), jnp.sinh, True), {}),
    "AtanGrad": (_complex_divided(_pullback_of(jnp.arctan), lambda x: 1 + x * x), {}),
    "AsinGrad": (_complex_divided(_pullback_of(jnp.arcsin), lambda x: jnp.sqrt(1 - x * x)), {}),
    "ACosGrad": (_complex_divided(_pullback_of(jnp.arccos),
                                  lambda x: -jnp.sqrt(1 - x * x)), {}),
    "AbsGrad": (lambda x, dy: jnp.sign(x).astype(dy.dtype) * dy, {}),
}
for _name, (_fn, _defaults) in _ELEMENTWISE_GRADS.items():
    globals()[_name] = primitive(_name, functional(_fn), **_defaults)


def _log_softmax_grad(logits, grad, axis=-1):
    """LogSoftmax's gradient from its output `logits` (log-probabilities): grad - exp(logits) *
    sum(grad along axis)."""
    return grad - jnp.exp(logits) * jnp.sum(grad, axis=axis, keepdims=True)


def _softmax_backward(dout, out, dim=-1):
    """`ops.auto_generate.SoftmaxBackward()(dout, out, dim)`: Softmax's gradient from its output
    `out`, `out * (dout - sum(dout * out along dim))`; `dim` must be in [-rank, rank) (ValueError,
    as MindSpore's check). MindSpore 2.10's CPU runs it only in graph mode (no PyNative kernel);
    msjax computes it in both (docs/migration.md)."""
    rank = jnp.ndim(out)
    if not -rank <= dim < rank:
        raise ValueError(f"For primitive[SoftmaxBackward], the dim must be in [{-rank},{rank}), "
                         f"but got {dim}.")
    return out * (dout - jnp.sum(dout * out, axis=dim, keepdims=True))


softmax_backward = functional(_softmax_backward)


def _resize_nearest_neighbor_grad(grads, size, align_corners=False, half_pixel_centers=False):
    """ResizeNearestNeighbor's gradient: `grads` summed back onto the source pixels of an input
    of spatial size `size` (each output pixel's nearest source)."""
    source = jnp.zeros(grads.shape[:-2] + tuple(int(d) for d in size), grads.dtype)
    return _pullback(lambda v: _resize_nearest_neighbor(v, grads.shape[-2:], align_corners,
                                                        half_pixel_centers), source, grads)


LogSoftmaxGrad = primitive("LogSoftmaxGrad", functional(_log_softmax_grad), axis=-1)
ResizeNearestNeighborGrad = primitive("ResizeNearestNeighborGrad",
                                      functional(_resize_nearest_neighbor_grad),
                                      align_corners=False, half_pixel_centers=False)


def _grad_attribute(name, value):
    """A DeformableOffsetsGrad attribute as a 4-tuple (or the 2-tuple `kernel_size`), after
    MindSpore's check."""
    values = (value,) * 2 if isinstance(value, int) and not isinstance(value, bool) else value
    if (not isinstance(values, (tuple, list)) or len(values) not in (2, 4)
            or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values)
            or (name == "kernel_size" and len(values) != 2)):
        raise ValueError(f"For 'DeformableOffsetsGrad' attr '{name}' must be an positive int "
                         "number or a tuple of two or four positive int numbers, but got "
                         f"{value}")
    return tuple(values) if len(values) == 4 or name == "kernel_size" else (1, 1) + tuple(values)


def _deformable_offsets_grad(dout, x, offsets, strides, pads, ksize, dilations=(1, 1, 1, 1),
                             data_format="NCHW", deformable_groups=1, modulated=True):
    """`_grad_ops.DeformableOffsetsGrad(...)(dout, x, offsets)` -> (grad of x, grad of offsets):
    DeformableOffsets' pullback of `dout`, at the output positions of `offsets`' H and W (no check
    that they are the forward's), in `data_format` (NCHW or NHWC) for all three."""
    for name, value in (("dout", dout), ("x", x), ("offsets", offsets)):
        if value.dtype not in (jnp.float16, jnp.float32):
            raise TypeError(f"For primitive[DeformableOffsetsGrad], the input argument[{name}] "
                            "must be a type of {Tensor[Float16], Tensor[Float32]}, but got "
                            f"Tensor[{ms_name(value.dtype)}].")
    nhwc = data_format == "NHWC"
    if nhwc:
        dout, x, offsets = (jnp.moveaxis(a, -1, 1) for a in (dout, x, offsets))
    kernel = _grad_attribute("kernel_size", ksize)
    sampled = functools.partial(
        deformable_ops.sample_map, strides=_grad_attribute("strides", strides),
        pads=deformable_ops.four_values("pads", pads, "DeformableOffsetsGrad"), ksize=kernel,
        dilations=_grad_attribute("dilations", dilations), groups=deformable_groups)
    _, pullback = jax.vjp(lambda a, o: sampled(a.astype(jnp.float32), o.astype(jnp.float32)),
                          x, offsets)
    grad_x, grad_offsets = pullback(dout.astype(jnp.float32))
    grad_x, grad_offsets = grad_x.astype(x.dtype), grad_offsets.astype(offsets.dtype)
    if nhwc:
        grad_x, grad_offsets = jnp.moveaxis(grad_x, 1, -1), jnp.moveaxis(grad_offsets, 1, -1)
    return grad_x, grad_offsets


def _check_grad_format(arguments):
    if arguments["data_format"] not in ("NCHW", "NHWC"):
        raise ValueError("For 'DeformableOffsetsGrad', the 'format' must be str and must be in "
                         f"'['NCHW', 'NHWC']', but got '{arguments['data_format']}'.")


DeformableOffsetsGrad = primitive(
    "DeformableOffsetsGrad", functional(_deformable_offsets_grad), strides=_REQUIRED,
    pads=_REQUIRED, ksize=_REQUIRED, dilations=(1, 1, 1, 1), data_format="NCHW",
    deformable_groups=1, modulated=True, check=_check_grad_format,
    display=lambda attrs: {"strides": attrs["strides"], "pads": attrs["pads"],
                           "kernel_size": attrs["ksize"],
                           **{k: attrs[k] for k in ("dilations", "data_format",
                                                    "deformable_groups", "modulated", "ksize")}})


def _trace_v2_grad(dout, shape, offset=0, axis1=1, axis2=0):
    """TraceV2's gradient: zeros of `shape` (an Int64 Tensor) with `dout` (of the shape of the
    other axes) on every element of the `offset` diagonal of (axis1, axis2)."""
    if not isinstance(shape, (jax.Array, np.ndarray)):  # (MindSpore's "Failed calling")
        raise TypeError(f"TraceV2Grad takes the shape as a Tensor, not {type(shape).__name__}")
    shape = tuple(int(n) for n in concrete_array(shape).reshape(-1))
    rank = len(shape)
    axis1, axis2 = axis1 % rank, axis2 % rank
    others = [a for a in range(rank) if a not in (axis1, axis2)]
    diagonal = jnp.eye(shape[axis1], shape[axis2], k=offset, dtype=bool)
    dout = jnp.broadcast_to(dout, tuple(shape[a] for a in others))
    placed = jnp.where(diagonal, dout[..., None, None], jnp.zeros((), dout.dtype))
    return jnp.transpose(placed, np.argsort(others + [axis1, axis2]))


_trace_v2_grad.primitive_name = "TraceV2Grad"  # (named in its "Failed calling" error)
TraceV2Grad = primitive("TraceV2Grad", functional(_trace_v2_grad))


def _bias_add_grad(dout, data_format):
    axis = channels_axis(data_format, dout.ndim)
    return jnp.sum(dout, axis=tuple(a for a in range(dout.ndim) if a != axis))


BiasAddGrad = primitive("BiasAddGrad", functional(_bias_add_grad), data_format="NCHW",
                        display=shown.enum("data_format", shown.FORMAT))
FlattenGrad = primitive("FlattenGrad", functional(lambda dout, shape: dout.reshape(tuple(shape))))


LayerNormGrad = primitive("LayerNormGrad", functional(_layer_norm_grad), begin_norm_axis=1,
                          begin_params_axis=1)


def _concat_offset(xs, N, axis):
    shapes = [x.shape for x in xs]
    rank = len(shapes[0])
    axis = axis % rank
    offsets = np.zeros((len(shapes), rank), np.int64)
    offsets[1:, axis] = np.cumsum([s[axis] for s in shapes])[:-1]
    return jnp.asarray(offsets)


ConcatOffset = primitive("ConcatOffset", functional(_concat_offset), N=2, axis=0)


# -- pooling -----------------------------------------------------------------------------------
def _pool_attrs(kernel_size, strides, pad_mode):
    return _window(kernel_size), _window(strides), pad_mode.lower()


def _max_pool_grad(x_origin, out_origin, grad, kernel_size, strides, pad_mode, data_format):
    kernel, stride, mode = _pool_attrs(kernel_size, strides, pad_mode)
    return _pullback(lambda x: max_pool_nd(x, 2, kernel, stride, mode), x_origin, grad)


def _avg_pool_grad(x_origin, out_origin, grad, kernel_size, strides, pad_mode, data_format):
    kernel, stride, mode = _pool_attrs(kernel_size, strides, pad_mode)
    return _pullback(lambda x: avg_pool_kernel(x, 2, kernel, stride, mode), x_origin, grad)


def _max_pool_with_argmax(x, kernel_size, strides, pad_mode, data_format):
    kernel, stride, mode = _pool_attrs(kernel_size, strides, pad_mode)
    out, index = max_pool_argmax_2d(x, kernel, stride, mode)
    # MindSpore's argmax counts over each sample's C·H·W values, not each H·W plane
    plane = x.shape[-2] * x.shape[-1]
    channel = jnp.arange(x.shape[-3]).reshape((-1, 1, 1)) * plane if x.ndim >= 3 else 0
    return out, (index + channel).astype(jnp.int32)


def _max_pool_grad_with_argmax(x, grad, argmax, kernel_size, strides, pad_mode, data_format):
    """The gradient scattered to the positions `argmax` names (flat indices into each sample's
    C·H·W values, as MaxPoolWithArgmax gives them), summed where windows share a maximum."""
    sample = int(np.prod(x.shape[-3:])) if x.ndim >= 3 else x.shape[-2] * x.shape[-1]
    flat_grad = grad.reshape((-1, sample // (x.shape[-2] * x.shape[-1])
                              * grad.shape[-2] * grad.shape[-1]))
    flat_index = argmax.reshape(flat_grad.shape).astype(jnp.int32)
    rows = jnp.arange(flat_grad.shape[0])[:, None]
    out = jnp.zeros((flat_grad.shape[0], sample), grad.dtype).at[rows, flat_index].add(flat_grad)
    return out.reshape(x.shape)


_POOL_ATTRS = {"kernel_size": 1, "strides": 1, "pad_mode": "VALID", "data_format": "NCHW"}
MaxPoolGrad = primitive("MaxPoolGrad", functional(_max_pool_grad), display=shown.max_pool(2),
                        **_POOL_ATTRS)
AvgPoolGrad = primitive("AvgPoolGrad", functional(_avg_pool_grad), display=shown.max_pool(2),
                        **_POOL_ATTRS)
MaxPoolGradWithArgmax = primitive("MaxPoolGradWithArgmax",
                                  functional(_max_pool_grad_with_argmax),
                                  display=shown.max_pool(2), **_POOL_ATTRS)
MaxPoolWithArgmax = primitive("MaxPoolWithArgmax", functional(_max_pool_with_argmax),
                              display=shown.max_pool(2), kernel_size=1, strides=1,
                              pad_mode="valid", data_format="NCHW")


# -- convolution -------------------------------------------------------------------------------
def _conv2d_backprop_filter(dout, x, filter_size, out_channel, kernel_size, pad_mode, pad,
                            pad_list, mode, stride, dilation, group, data_format):
    stride, dilation = _window(stride), _window(dilation)
    weight = jnp.zeros(tuple(filter_size), x.dtype)
    return _pullback(lambda w: conv_nd(x, w, stride, pad_mode.lower(), pad, dilation, group, 2),
                     weight, dout)


Conv2DBackpropFilter = primitive(
    "Conv2DBackpropFilter", functional(_conv2d_backprop_filter), out_channel=_REQUIRED,
    kernel_size=_REQUIRED, pad_mode="valid", pad=0, pad_list=(0, 0, 0, 0), mode=1,
    stride=(1, 1), dilation=(1, 1, 1, 1), group=1, data_format="NCHW")


# -- resizing ----------------------------------------------------------------------------------
def _resize_bilinear_grad(grads, image, align_corners, half_pixel_centers):
    size = grads.shape[-2:]
    return _pullback(lambda x: _resize_bilinear_v2(x, size, align_corners, half_pixel_centers),
                     image, grads)


ResizeBilinearGrad = primitive("ResizeBilinearGrad", functional(_resize_bilinear_grad),
                               align_corners=False, half_pixel_centers=False)


# -- batch normalisation (MindSpore 1.x's BatchNorm Primitive and its gradient) ------------------
def _batch_norm_grad(dout, x, scale, saved_mean, saved_variance, reserve, is_training, epsilon,
                     data_format):
    """(dx, dscale, dbias) of the normalisation with the statistics `saved_mean` and
    `saved_variance` (the batch's in training, the running ones otherwise)."""
    axis = channels_axis(data_format, x.ndim)
    if is_training:
        return batch_norm_train.gradients(x, saved_mean, saved_variance, scale, dout, None, None,
                                          epsilon, axis)
    shape = [1] * x.ndim
    shape[axis] = -1
    inv_std = jax.lax.rsqrt(saved_variance + epsilon)
    xhat = (x - saved_mean.reshape(shape)) * inv_std.reshape(shape)
    axes = tuple(a for a in range(x.ndim) if a != axis)
    return (dout * (scale * inv_std).reshape(shape), jnp.sum(dout * xhat, axis=axes),
            jnp.sum(dout, axis=axes))


BatchNormGrad = primitive("BatchNormGrad", functional(_batch_norm_grad), is_training=False,
                          epsilon=1e-5, data_format="NCHW")


def _batch_norm_1x(input_x, scale, bias, mean, variance, is_training=False, epsilon=1e-5,
                   momentum=0.1, data_format="NCHW"):
    """MindSpore 1.x's `BatchNorm` Primitive: five outputs (y, two zeros, the batch mean and its
    biased variance in training, zeros otherwise, as MindSpore's CPU kernel gives them). In
    training it updates `mean` and `variance` in place with the momentum (the variance stored is
    the unbiased one). As MindSpore's kernel, it computes in float32 at least: y is rounded to
    x's dtype, the other outputs are in the scale's. The normalisation is BatchNorm's
    (`batch_norm_train`, with its written-out gradient), along the format's channel axis."""
    x = input_x._data
    axis = channels_axis(data_format, x.ndim)
    check_batch_norm(x, scale._data, bias._data, mean._data, variance._data, axis)
    stat_dtype = scale._data.dtype
    zeros = jnp.zeros(x.shape[axis], stat_dtype)
    if not is_training:
        y = normalize_channels(x, mean._data, variance._data, scale._data, bias._data,
                               eps=epsilon, axis=axis)
        return tuple(_wrap(v) for v in (y, zeros, zeros, zeros, zeros))
    y, batch_mean, batch_var = batch_norm_train.batch_norm_train(
        x, scale._data, bias._data, epsilon, axis)
    update_running_statistics(mean, variance, batch_mean, batch_var, x.size // x.shape[axis],
                              momentum, write=_write)
    return (_wrap(y),) + tuple(_wrap(v.astype(stat_dtype))
                               for v in (zeros, zeros, batch_mean, batch_var))


def _write(target, value):
    """An in-place update of a Parameter (through the state rule) or of a plain Tensor."""
    if type(target) in PLAIN_TENSOR_TYPES:
        target._data = value.astype(target._data.dtype)
    else:
        assign(target, value)


# MindSpore's CPU kernel fails on NHWC ("Memcpy_s error."); its GPU target computes it, as
# msjax does on every device.
BatchNorm = primitive("BatchNorm", _batch_norm_1x, is_training=False, epsilon=1e-5,
                      momentum=0.1, data_format="NCHW",
                      check=lambda arguments: check_format_enum("BatchNorm",
                                                                arguments["data_format"]))


# -- optimizer and Parameter access ---------------------------------------------------------------
def _apply_momentum(variable, accumulation, learning_rate, gradient, momentum,
                    use_nesterov=False, use_locking=False, gradient_scale=1.0):
    """`accumulation = accumulation·momentum + gradient`; `variable -= lr·accumulation` (or
    `lr·(gradient + momentum·accumulation)` with Nesterov, MindSpore's documented formula; its
    CPU kernel ignores `use_nesterov`); returns the new variable."""
    def value(t):
        return t._data if isinstance(t, Tensor) else jnp.asarray(t)

    grad = value(gradient) * jnp.asarray(gradient_scale, value(gradient).dtype)
    lr, mom = value(learning_rate), value(momentum)
    accum = value(accumulation) * mom + grad
    step = lr * (grad + mom * accum) if use_nesterov else lr * accum
    _write(accumulation, accum)
    _write(variable, value(variable) - step)
    return _wrap(variable._data)


ApplyMomentum = primitive("ApplyMomentum", _apply_momentum, use_nesterov=False,
                          use_locking=False, gradient_scale=1.0,
                          display=shown.with_attrs(side_effect_mem=True))


def _apply_adagrad_da(var, gradient_accumulator, gradient_squared_accumulator, grad, lr, l1, l2,
                      global_step, use_locking=False):
    """Adagrad dual averaging (`ApplyAdagradDA`): both accumulators take the gradient (and its
    square), then `var = -lr·shrink(accum) / (l2·global_step·lr + sqrt(squared_accum))`, where
    `shrink` moves towards 0 by `l1·global_step` (when l1 > 0); the three Parameters written in
    place, the new var returned."""
    def value(t):
        return t._data if isinstance(t, Tensor) else jnp.asarray(t)

    dtype = value(var).dtype
    g = value(grad)
    rate, l1_, l2_ = (value(v).astype(dtype) for v in (lr, l1, l2))
    step = value(global_step).astype(dtype)
    accum = value(gradient_accumulator) + g
    squared = value(gradient_squared_accumulator) + g * g
    shrunk = jnp.where(l1_ > 0, jnp.sign(accum) * jnp.maximum(jnp.abs(accum) - l1_ * step, 0),
                       accum)
    new_var = -rate * shrunk / (l2_ * step * rate + jnp.sqrt(squared))
    _write(gradient_accumulator, accum)
    _write(gradient_squared_accumulator, squared)
    _write(var, new_var)
    return _wrap(var._data)


ApplyAdagradDA = primitive("ApplyAdagradDA", _apply_adagrad_da, use_locking=False,
                           display=shown.with_attrs(side_effect_mem=True))


def _fused_weight_scale_apply_momentum(weight_decay, loss_scale, variable, accumulation,
                                       learning_rate, gradient, momentum):
    """`FusedWeightScaleApplyMomentum()(weight_decay, loss_scale, variable, accumulation,
    learning_rate, gradient, momentum)`: ApplyMomentum on the gradient
    `(gradient + weight_decay·variable)·loss_scale` (`loss_scale` is the factor the gradient is
    multiplied by: the loss scale's reciprocal), as MindSpore's GPU kernel computes it (its only
    one); both Parameters written in place, the new variable returned."""
    def value(t):
        return t._data if isinstance(t, Tensor) else jnp.asarray(t)

    dtype = value(variable).dtype
    grad = ((value(gradient).astype(dtype) + value(weight_decay).astype(dtype) * value(variable))
            * value(loss_scale).astype(dtype))
    accum = value(accumulation) * value(momentum).astype(dtype) + grad
    _write(accumulation, accum)
    _write(variable, value(variable) - value(learning_rate).astype(dtype) * accum)
    return _wrap(variable._data)


FusedWeightScaleApplyMomentum = primitive(
    "FusedWeightScaleApplyMomentum", _fused_weight_scale_apply_momentum, display=shown.only())


def _apply_rms_prop(variable, mean_square, moment, learning_rate, gradient, decay, momentum,
                    epsilon, use_locking=False):
    """`mean_square += (gradient² - mean_square)·(1 - decay)`; `moment = moment·momentum +
    gradient·lr / sqrt(mean_square + epsilon)`; `variable -= moment`, each written in place
    (MindSpore's formula, in its CPU kernel's order); returns the new variable (MindSpore's CPU kernel leaves
    its output unwritten)."""
    dtype = variable._data.dtype
    work = jnp.promote_types(dtype, jnp.float32)  # float16 is computed in float32, stored half

    def value(t):
        return (t._data if isinstance(t, Tensor) else jnp.asarray(t)).astype(work)

    grad = value(gradient)
    square = value(mean_square) + (grad * grad - value(mean_square)) * (1 - value(decay))
    square = square.astype(dtype)
    step = (value(moment) * value(momentum)
            + grad * value(learning_rate) / jnp.sqrt(square.astype(work) + value(epsilon)))
    step = step.astype(dtype)
    _write(mean_square, square)
    _write(moment, step)
    _write(variable, (value(variable) - step.astype(work)).astype(dtype))
    return _wrap(variable._data)


ApplyRMSProp = primitive("ApplyRMSProp", _apply_rms_prop, use_locking=False,
                         display=shown.with_attrs(side_effect_mem=True))
Load = primitive("Load", lambda variable, u=None: _wrap(variable._data))


# -- host-side -----------------------------------------------------------------------------------
def _invert_permutation(input_x):
    values = tuple(int(v) for v in (input_x.tolist() if hasattr(input_x, "tolist") else input_x))
    seen = set()
    for v in values:
        if v in seen:
            raise ValueError(f"For 'InvertPermutation', the 'input_x' can not contain duplicate "
                             f"values, but got duplicated {v} in the 'input_x'.")
        seen.add(v)
    out = [0] * len(values)
    for i, v in enumerate(values):
        out[v] = i
    return tuple(out)


InvertPermutation = primitive("InvertPermutation", _invert_permutation)


def _strided_slice_grad(dy, shapex, begin, end, strides, *, begin_mask=0, end_mask=0,
                        ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0):
    """`StridedSliceGrad(...)(dy, shapex, begin, end, strides)`: `dy` (of the slice's size, in
    any shape: MindSpore reshapes it) written into zeros of shape `shapex` where `StridedSlice`
    with the same masks reads; any dtype, Bool too."""
    shapex = tuple(shapex)
    positions = strided_slice.impl(jnp.arange(math.prod(shapex)).reshape(shapex), begin, end,
                                   strides, begin_mask, end_mask, ellipsis_mask, new_axis_mask,
                                   shrink_axis_mask)
    return _written_at(positions, dy, shapex)


def _written_at(positions, dy, shape):
    """Zeros of `shape` in `dy`'s dtype with `dy`'s elements written at the flat `positions` (a
    slice's positions: each once)."""
    flat = jnp.zeros(math.prod(shape), dy.dtype)
    return flat.at[positions.ravel()].set(dy.reshape(-1)).reshape(shape)


StridedSliceGrad = primitive("StridedSliceGrad", functional(_strided_slice_grad), begin_mask=0,
                             end_mask=0, ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0)


def _slice_grad(dy, x, begin, size):
    """`SliceGrad()(dy, x, begin, size)`: zeros shaped as `x` with `dy` written at the block
    `Slice(begin, size)` reads (MindSpore's kernel takes no -1 size here)."""
    if any(s < 0 for s in size):
        raise RuntimeError("For 'SliceGrad', the value of size can not be negative.")
    index = tuple(slice(b, b + s) for b, s in zip(begin, size))
    positions = jnp.arange(math.prod(x.shape)).reshape(x.shape)[index]
    return _written_at(positions, dy, x.shape)


SliceGrad = primitive("SliceGrad", functional(_slice_grad))


# -- special functions -------------------------------------------------------------------------
# `IgammaGradA()(a, x)`: the derivative of the regularized lower incomplete gamma function P(a, x)
# in `a` (what `Igamma`'s backward uses), broadcast; Float32/Float64 of one dtype; NaN where
# a <= 0 or x < 0, 0 where x == 0, as MindSpore's kernel (tests/goldens/ops/
# set_and_triangular_probe.out).
def _igamma_grad_a(a, x):
    return lax.igamma_grad_a(*jnp.broadcast_arrays(a, x))


_igamma_grad_a.primitive_name = "IgammaGradA"  # (named in its broadcasting error)
IgammaGradA = primitive("IgammaGradA", functional(_igamma_grad_a))


# -- losses ------------------------------------------------------------------------------------
def _kl_div_loss_grad(grads, x, target, *, reduction="mean"):
    """`KLDivLossGrad(reduction)(grads, x, target)`: KLDivLoss's gradient in its logits `x`,
    −target·grads, divided by x's size ('mean') or its batch size ('batchmean'); unlike the
    loss, the target is not masked where it is not positive (MindSpore's kernel)."""
    if reduction not in ("none", "mean", "batchmean", "sum"):
        raise ValueError("For 'KLDivLossGrad', the 'reduction' must be str and must be in "
                         f"'['none', 'mean', 'batchmean', 'sum']', but got '{reduction}'.")
    gradient = -(target * grads.astype(x.dtype))
    if reduction == "mean":
        gradient = gradient / x.size
    elif reduction == "batchmean":
        gradient = gradient / (x.shape[0] if x.ndim else 1)
    return jnp.broadcast_to(gradient, x.shape).astype(x.dtype)


KLDivLossGrad = primitive("KLDivLossGrad", functional(_kl_div_loss_grad), reduction="mean")


# -- fractional pooling ------------------------------------------------------------------------

def _fractional_avg_pool_grad(orig_input_tensor_shape, out_backprop, row_pooling_sequence,
                              col_pooling_sequence, *, overlapping=False):
    """`FractionalAvgPoolGrad(overlapping)(orig_input_tensor_shape, out_backprop,
    row_pooling_sequence, col_pooling_sequence)`: FractionalAvgPool's backward, NHWC: each
    output cell's gradient spread evenly over the input cell it averaged ([s_i, s_{i+1}), or
    [s_i, s_{i+1}] when overlapping, clipped to the input)."""
    shape = tuple(int(d) for d in np.asarray(jax.lax.stop_gradient(orig_input_tensor_shape)))

    def members(sequence, length):
        position = jnp.arange(length)
        end = jnp.minimum(sequence[1:] + int(overlapping), length)
        return ((position >= sequence[:-1, None]) & (position < end[:, None])).astype(
            out_backprop.dtype)

    rows = members(row_pooling_sequence, shape[1])  # (out rows, in rows)
    cols = members(col_pooling_sequence, shape[2])
    count = rows.sum(1)[:, None] * cols.sum(1)[None, :]
    share = out_backprop / count[None, :, :, None]
    return jnp.einsum("nijc,ih,jw->nhwc", share, rows, cols).astype(out_backprop.dtype)


FractionalAvgPoolGrad = primitive("FractionalAvgPoolGrad", functional(_fractional_avg_pool_grad),
                                  overlapping=False)


# -- position-sensitive ROI pooling ------------------------------------------------------------
def _bin_masks(start, end, group_size, size):
    """(rois, group_size, size) masks of the pixels each of a ROI's bins covers along one axis:
    the ROI [start, end) (at least 0.1 long) in `group_size` equal bins, each widened to whole
    pixels (floor of its start, ceiling of its end) and clipped to [0, size)."""
    bin_size = jnp.maximum(end - start, 0.1) / group_size
    index = jnp.arange(group_size, dtype=start.dtype)
    first = jnp.clip(jnp.floor(index * bin_size[:, None] + start[:, None]), 0, size)
    last = jnp.clip(jnp.ceil((index + 1) * bin_size[:, None] + start[:, None]), 0, size)
    pixel = jnp.arange(size, dtype=start.dtype)
    return (pixel >= first[..., None]) & (pixel < last[..., None])


def _ps_roi_pooling_grad(dy, rois, *, input_size, spatial_scale, group_size, output_dim):
    """`PSROIPoolingGrad(input_size, spatial_scale, group_size, output_dim)(dy, rois)`: the
    gradient of PSROIPooling in its input, of shape (batch, output_dim·group_size², *input_size).
    `rois` is (batch, 5, rois_number), each ROI (image index, x1, y1, x2, y2) in input
    coordinates, scaled by `spatial_scale` and rounded to pixels; `dy` is (batch·rois_number,
    output_dim, group_size, group_size). Each bin's gradient is spread evenly over the pixels of
    its bin in its bin's channel (output channel c, bin (i, j) -> input channel
    (c·group_size + i)·group_size + j); an empty bin passes none."""
    if not hasattr(dy, "shape"):
        raise TypeError("For Primitive[PSROIPoolingGrad], the type of input argument[x] must be "
                        f"Tensor but got {'Float32' if isinstance(dy, float) else type(dy).__name__}.")
    height, width = (input_size, input_size) if isinstance(input_size, int) else input_size[:2]
    if rois.ndim != 3:
        raise RuntimeError(f"For 'PSROIPoolingGrad', 'rois' must be 3-D (batch, 5, rois_number), "
                           f"but got shape {list(rois.shape)}.")
    batch, _, count = rois.shape
    expected = (batch * count, output_dim, group_size, group_size)
    if tuple(dy.shape) != expected:
        raise RuntimeError(f"For 'PSROIPoolingGrad', the shape of 'dy' must be {list(expected)}, "
                           f"but got {list(dy.shape)}.")
    boxes = jnp.transpose(rois, (0, 2, 1)).reshape(-1, 5).astype(jnp.float32)
    scaled = round_half_away(boxes[:, 1:] * spatial_scale)
    rows = _bin_masks(scaled[:, 1], scaled[:, 3], group_size, height)
    cols = _bin_masks(scaled[:, 0], scaled[:, 2], group_size, width)
    area = (rows.sum(-1)[:, :, None] * cols.sum(-1)[:, None, :])[:, None]  # (rois, 1, gh, gw)
    share = jnp.where(area > 0, dy.astype(jnp.float32) / jnp.maximum(area, 1), 0)
    spread = jnp.einsum("ncij,nih,njw->ncijhw", share, rows.astype(jnp.float32),
                        cols.astype(jnp.float32))
    spread = spread.reshape(spread.shape[0], -1, height, width)
    images = boxes[:, 0].astype(jnp.int32)
    out = jnp.zeros((batch,) + spread.shape[1:], jnp.float32).at[images].add(spread)
    return out.astype(dy.dtype)


def _check_ps_roi_attrs(attrs):
    """MindSpore's checks of PSROIPoolingGrad's constructor arguments."""
    name = "PSROIPoolingGrad"

    def positive(label, value, kind):
        if not isinstance(value, kind) or isinstance(value, bool):
            raise TypeError(f"For '{name}', the '{label}' must be {kind.__name__}, but got "
                            f"'{type(value).__name__}'")
        if value <= 0:
            raise ValueError(f"For '{name}', the '{label}' must be {kind.__name__} and must > 0, "
                             f"but got '{value}' with type '{type(value).__name__}'.")

    size = attrs["input_size"]
    if not isinstance(size, (int, tuple)):
        raise TypeError(f"For '{name}', the type of 'input_size' should be one of "
                        f"'['int', 'tuple']', but got type '{type(size).__name__}'.")
    for k, extent in enumerate((size,) if isinstance(size, int) else size):
        positive(f"input_size[{k}]", extent, int)
    positive("spatial_scale", attrs["spatial_scale"], float)
    positive("group_size", attrs["group_size"], int)
    positive("output_dim", attrs["output_dim"], int)


def _ps_roi_attrs(attrs):
    """MindSpore keeps `input_size` as a list (its repr shows `[7, 6]`)."""
    size = attrs["input_size"]
    return {**attrs, "input_size": [size, size] if isinstance(size, int) else list(size)}


PSROIPoolingGrad = primitive("PSROIPoolingGrad", functional(_ps_roi_pooling_grad),
                             display=_ps_roi_attrs, check=_check_ps_roi_attrs,
                             input_size=_REQUIRED, spatial_scale=_REQUIRED,
                             group_size=_REQUIRED, output_dim=_REQUIRED)


# -- dropout, LRN, cdist -----------------------------------------------------------------------
def _dropout_grad(dy, mask, *, keep_prob=0.5):
    """`DropoutGrad(keep_prob)(dy, mask)`: `dy · mask / keep_prob` in `dy`'s dtype (Dropout's
    backward for the mask it drew); differentiated, the mask takes no gradient, as MindSpore's."""
    scale = jnp.asarray(1.0 / keep_prob, dy.dtype)
    return dy * lax.stop_gradient(mask.astype(dy.dtype)) * scale


DropoutGrad = primitive("DropoutGrad", functional(_dropout_grad), keep_prob=0.5)


def _channel_window_sum(values, depth_radius):
    """Σ of `values` over the channels (axis 1) within `depth_radius` of each channel."""
    window = (1, 2 * depth_radius + 1) + (1,) * (values.ndim - 2)
    pads = [(0, 0), (depth_radius, depth_radius)] + [(0, 0)] * (values.ndim - 2)
    return lax.reduce_window(values, jnp.zeros((), values.dtype), lax.add, window,
                             (1,) * values.ndim, pads)


def _lrn_grad(grads, x, y, *, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5,
              norm_region="ACROSS_CHANNELS"):
    """`LRNGrad(...)(grads, x, y)`: LRN's backward at its input `x`. As MindSpore's kernel, the
    output is recomputed from `x` (`y` is not read): with s = bias + alpha·Σ_window x² and
    y = x·s^-beta, dx_i = grads_i·s_i^-beta − 2·alpha·beta·x_i·Σ_{j in i's window} grads_j·y_j/s_j."""
    scale = bias + alpha * _channel_window_sum(jnp.square(x), depth_radius)
    factor = jnp.power(scale, -beta)
    carried = _channel_window_sum(grads * x * factor / scale, depth_radius)
    return grads * factor - 2.0 * alpha * beta * x * carried


LRNGrad = primitive("LRNGrad", functional(_lrn_grad), depth_radius=5, bias=1.0, alpha=1.0,
                    beta=0.5, norm_region="ACROSS_CHANNELS")


def _cdist_grad(grad, x1, x2, dist, *, p=2.0):
    """`CdistGrad(p)(grad, x1, x2, dist)`: the gradient in `x1` of `Cdist(p)` for the output
    gradient `grad`, from the distances `dist` as given (not recomputed); a pair at distance 0
    contributes nothing. As MindSpore's kernel, p = 0 and 0 < p < 1 give zeros, p = inf passes
    the gradient to the coordinates where |x1 − x2| reaches the distance."""
    diff = x1[..., :, None, :] - x2[..., None, :, :]
    d = dist[..., None]
    if p < 1.0:
        return jnp.zeros_like(x1)
    if p == 1.0:
        per_pair = jnp.sign(diff)
    elif p == math.inf:
        per_pair = jnp.sign(diff) * (jnp.abs(diff) == d).astype(x1.dtype)
    else:
        safe = jnp.where(d == 0, jnp.ones_like(d), d)
        per_pair = jnp.sign(diff) * jnp.power(jnp.abs(diff) / safe, p - 1.0)
    per_pair = jnp.where(d == 0, jnp.zeros_like(per_pair), per_pair)
    return jnp.sum(grad[..., None] * per_pair, axis=-2).astype(x1.dtype)


CdistGrad = primitive("CdistGrad", functional(_cdist_grad), p=2.0)

# the rest of ops.operations._grad_ops' Primitives (a module of its own, for size)
from msjax._src.ops.grad_primitives import (  # noqa: E402
    FractionalMaxPoolGrad as FractionalMaxPoolGrad)
from msjax._src.ops.grad_primitives import (  # noqa: E402
    LayerNormGradGrad as LayerNormGradGrad)
from msjax._src.ops.grad_primitives import MaximumGradGrad as MaximumGradGrad  # noqa: E402
from msjax._src.ops.grad_primitives import MinimumGrad as MinimumGrad  # noqa: E402
from msjax._src.ops.grad_primitives import (  # noqa: E402
    ResizeNearestNeighborV2Grad as ResizeNearestNeighborV2Grad)
from msjax._src.ops.grad_primitives import L2NormalizeGrad as L2NormalizeGrad  # noqa: E402
from msjax._src.ops.grad_primitives import MaxPoolGradGrad as MaxPoolGradGrad  # noqa: E402
from msjax._src.ops.grad_primitives import (  # noqa: E402
    MaxPoolGradGradWithArgmax as MaxPoolGradGradWithArgmax)
from msjax._src.ops.grad_primitives import (  # noqa: E402
    MaxPoolGradWithArgmaxV2 as MaxPoolGradWithArgmaxV2)
from msjax._src.ops.grad_primitives import PadV3Grad as PadV3Grad  # noqa: E402
from msjax._src.ops.grad_primitives import (  # noqa: E402
    SigmoidCrossEntropyWithLogitsGrad as SigmoidCrossEntropyWithLogitsGrad)
