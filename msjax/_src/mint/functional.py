"""`mindspore.mint.nn.functional` where its PyTorch-style signature differs from the op table's:
thin adapters that rename the arguments (`dim`, `negative_slope`, `pad`, `num_classes`, string
`padding`) and call the one implementation in `msjax._src.ops`. The `inplace` flags MindSpore
accepts are accepted; Tensors are immutable values in JAX, so the result is returned either way
(as MindSpore's graph mode does).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.mint import functions
from msjax._src.ops import (
    activation_ops,
    array_ops,
    image_ops,
    loss_ops,
    nn_ops,
    pooling_ops,
)
from msjax._src.ops.pooling_ops import max_unpool2d as max_unpool2d  # nn.MaxUnpool2d's too
from msjax._src.ops.adapters import np_dtype
from msjax._src.ops.registry import functional
from msjax._src.core.tensor import Tensor


# -- activations ---------------------------------------------------------------------------------
def relu6(input, inplace=False):
    return nn_ops.relu6(input)


def relu_(input):
    return nn_ops.relu(input)


def silu(input, inplace=False):
    return nn_ops.silu(input)


def selu(input):
    return nn_ops.selu(input)


def mish(input):
    return nn_ops.mish(input)


def logsigmoid(input):
    return nn_ops.logsigmoid(input)


def elu(input, alpha=1.0, inplace=False):
    return nn_ops.elu(input, alpha)


def elu_(input, alpha=1.0):
    return nn_ops.elu(input, alpha)


def gelu(input, approximate="none"):
    return nn_ops.gelu(input, approximate)


def leaky_relu(input, negative_slope=0.01):
    return nn_ops.leaky_relu(input, negative_slope)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    return nn_ops.hardtanh(input, min_val, max_val)


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    return nn_ops.hardtanh(input, min_val, max_val)


def threshold(input, threshold, value, inplace=False):
    return activation_ops.threshold(input, threshold, value)


def threshold_(input, threshold, value):
    return activation_ops.threshold(input, threshold, value)


@functional
def sigmoid_(input):
    return jax.nn.sigmoid(input)


@functional
def tanh_(input):
    return jnp.tanh(input)


def glu(input, dim=-1):
    return nn_ops.glu(input, dim)


def softmax(input, dim=None, dtype=None):
    return functions.softmax(input, -1 if dim is None else dim, dtype=dtype)


@functional
def log_softmax(input, dim=None, *, dtype=None):
    x = input if dtype is None else input.astype(np_dtype(dtype))
    return jax.nn.log_softmax(x, axis=-1 if dim is None else dim)


# -- linear, convolution, pooling -----------------------------------------------------------------
@functional
def linear(input, weight, bias=None):
    """`mint.nn.functional.linear(input, weight, bias=None)`: input @ weight.T + bias."""
    out = jnp.matmul(input, jnp.swapaxes(weight, -1, -2)) if weight.ndim > 1 else input @ weight
    return out if bias is None else out + bias


def _conv_padding(padding):
    if isinstance(padding, str):
        return padding, 0
    return "pad", padding


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    mode, pads = _conv_padding(padding)
    return nn_ops.conv_one_kernel(input, weight, bias, stride, mode, pads, dilation, groups, 1)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """`mint.nn.functional.conv2d`: `padding` an int, a pair, or 'same' / 'valid'."""
    mode, pads = _conv_padding(padding)
    return nn_ops.conv_one_kernel(input, weight, bias, stride, mode, pads, dilation, groups, 2)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    mode, pads = _conv_padding(padding)
    return nn_ops.conv_one_kernel(input, weight, bias, stride, mode, pads, dilation, groups, 3)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    return nn_ops.max_pool2d(input, kernel_size, stride, padding, dilation, return_indices,
                             ceil_mode)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    return pooling_ops.avg_pool1d(input, kernel_size, kernel_size if stride is None else stride,
                                  padding, ceil_mode, count_include_pad)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    return nn_ops.avg_pool2d(input, kernel_size, kernel_size if stride is None else stride,
                             padding, ceil_mode, count_include_pad, divisor_override or 0)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    return pooling_ops.avg_pool3d(input, kernel_size, kernel_size if stride is None else stride,
                                  padding, ceil_mode, count_include_pad, divisor_override or 0)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    if return_indices:
        values, indices = pooling_ops.adaptive_max_pool2d(
            array_ops.expand_dims(input, -2), (1, output_size), True)
        return array_ops.squeeze(values, -2), array_ops.squeeze(indices, -2)
    return pooling_ops.adaptive_max_pool1d(input, output_size)


# -- normalisation, dropout, embedding --------------------------------------------------------------
def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-05):
    channels = input.shape[1]
    weight = Tensor(jnp.ones((channels,), input.dtype)) if weight is None else weight
    bias = Tensor(jnp.zeros((channels,), input.dtype)) if bias is None else bias
    return nn_ops.batch_norm(input, running_mean, running_var, weight, bias, training,
                             momentum, eps)


def normalize(input, p=2.0, dim=1, eps=1e-12):
    return nn_ops.normalize(input, p, dim, eps)


def dropout(input, p=0.5, training=True, inplace=False):
    return nn_ops.dropout(input, p, training)


def dropout2d(input, p=0.5, training=True, inplace=False):
    return activation_ops.dropout2d(input, p, training)


@functional
def one_hot(tensor, num_classes=-1):
    """`mint.nn.functional.one_hot(tensor, num_classes=-1)`: int64 one-hot vectors; -1 means
    max(tensor) + 1 classes (read eagerly)."""
    if num_classes == -1:
        num_classes = int(jnp.max(tensor)) + 1
    return jax.nn.one_hot(tensor, num_classes, dtype=jnp.int64)


def pad(input, pad, mode="constant", value=None):
    return array_ops.pad(input, pad, mode, value)


def pixel_shuffle(input, upscale_factor):
    return image_ops.pixel_shuffle(input, upscale_factor)


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    return image_ops.interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    return image_ops.interpolate(input, size, scale_factor, "nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    return image_ops.interpolate(input, size, scale_factor, "bilinear", True)


def flatten(input, start_dim=0, end_dim=-1):
    return functions.flatten(input, start_dim, end_dim)


# -- losses ------------------------------------------------------------------------------------------
def binary_cross_entropy(input, target, weight=None, reduction="mean"):
    return loss_ops.binary_cross_entropy(input, target, weight, reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, reduction="mean",
                                     pos_weight=None):
    return loss_ops.binary_cross_entropy_with_logits(input, target, weight, pos_weight,
                                                     reduction)


def nll_loss(input, target, weight=None, ignore_index=-100, reduction="mean"):
    return loss_ops.nll_loss(input, target, weight, ignore_index, reduction)


def smooth_l1_loss(input, target, reduction="mean", beta=1.0):
    return loss_ops.smooth_l1_loss(input, target, beta, reduction)


@functional
def kl_div(input, target, reduction="mean", log_target=False):
    """`mint.nn.functional.kl_div(input, target, reduction='mean', log_target=False)`: `input`
    holds log-probabilities; 'mean' averages over every element, 'batchmean' over the batch."""
    if log_target:
        pointwise = jnp.exp(target) * (target - input)
    else:
        pointwise = jax.scipy.special.xlogy(target, target) - target * input
    if reduction == "none":
        return pointwise
    if reduction == "sum":
        return jnp.sum(pointwise)
    if reduction == "batchmean":
        return jnp.sum(pointwise) / input.shape[0]
    return jnp.mean(pointwise)
