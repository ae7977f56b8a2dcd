"""Neural-network functions of `mindspore.ops`: activations, softmax, convolution, pooling."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.ops.adapters import to_float_if_int
from msjax._src.ops.registry import op
from msjax._src.random import next_key


# -- activations -------------------------------------------------------------------------------
@op()
def relu(input, inplace=False):
    return jax.nn.relu(input)


@op()
def relu6(x):
    return jax.nn.relu6(x)


@op()
def gelu(input, approximate="none"):
    return jax.nn.gelu(input, approximate=approximate == "tanh")


@op()
def silu(input):
    return jax.nn.silu(input)


@op()
def mish(input):
    return input * jnp.tanh(jax.nn.softplus(input))


@op()
def elu(input_x, alpha=1.0):
    return jax.nn.elu(input_x, alpha)


@op()
def celu(x, alpha=1.0):
    return jax.nn.celu(x, alpha)


@op()
def selu(input_x):
    return jax.nn.selu(input_x)


@op()
def leaky_relu(input, alpha=0.2):
    return jax.nn.leaky_relu(input, alpha)


@op()
def prelu(x, weight):
    return jnp.where(x >= 0, x, weight.reshape((-1,) + (1,) * (x.ndim - 2)) * x
                     if x.ndim > 1 and weight.size > 1 else weight * x)


@op()
def softplus(input, beta=1, threshold=20):
    scaled = input * beta
    return jnp.where(scaled > threshold, input, jax.nn.softplus(scaled) / beta)


@op()
def softsign(x):
    return jax.nn.soft_sign(x)


@op()
def hardswish(x):
    return jax.nn.hard_swish(x)


@op()
def hardsigmoid(input):
    return jax.nn.hard_sigmoid(input)


@op()
def hardtanh(input, min_val=-1.0, max_val=1.0):
    return jnp.clip(input, min_val, max_val)


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


@op()
def softmax(input, axis=-1, *, dtype=None):
    x = input if dtype is None else input.astype(np.dtype(str(dtype).lower()))
    return jax.nn.softmax(to_float_if_int(x), axis=axis)


@op()
def log_softmax(logits, axis=-1):
    return jax.nn.log_softmax(logits, axis=axis)


@op()
def softmin(x, axis=-1, *, dtype=None):
    return jax.nn.softmax(-x, axis=axis)


@op()
def bias_add(input_x, bias):
    """`ops.bias_add`: add `bias` along the channel axis 1 (NCHW)."""
    shape = (1, -1) + (1,) * (input_x.ndim - 2) if input_x.ndim > 2 else (-1,)
    return input_x + bias.reshape(shape)


# -- convolution and pooling -------------------------------------------------------------------
def _pair(v, n=2):
    return (v,) * n if isinstance(v, int) else tuple(v)


def conv_nd(input, weight, stride, pad_mode, padding, dilation, groups, nd):
    """N-d convolution in NC... layout with MindSpore's pad_mode ('same', 'valid', 'pad')."""
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
    dims = ("NC" + spatial, "OI" + spatial, "NC" + spatial)
    return jax.lax.conv_general_dilated(input, weight, stride, pads, rhs_dilation=dilation,
                                        dimension_numbers=dims, feature_group_count=groups)


@op()
def conv2d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    out = conv_nd(input, weight, stride, pad_mode, padding, dilation, groups, 2)
    return out if bias is None else out + bias.reshape(1, -1, 1, 1)


@op()
def conv1d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    out = conv_nd(input, weight, stride, pad_mode, padding, dilation, groups, 1)
    return out if bias is None else out + bias.reshape(1, -1, 1)


@op()
def conv3d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    out = conv_nd(input, weight, stride, pad_mode, padding, dilation, groups, 3)
    return out if bias is None else out + bias.reshape(1, -1, 1, 1, 1)


def pool2d(x, reducer, init, kernel_size, stride, pad_mode, padding=0):
    """2-d pooling in NCHW layout."""
    kernel = (1, 1) + _pair(kernel_size)
    strides = (1, 1) + _pair(stride if stride is not None else kernel_size)
    if pad_mode == "same":
        pads = "SAME"
    elif pad_mode == "valid":
        pads = "VALID"
    else:
        p = _pair(padding)
        pads = ((0, 0), (0, 0), (p[0], p[0]), (p[1], p[1]))
    return jax.lax.reduce_window(x, init, reducer, kernel, strides, pads)


@op()
def max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
               ceil_mode=False):
    return pool2d(x, jax.lax.max, -jnp.inf, kernel_size, stride, "pad", padding)


@op()
def avg_pool2d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    total = pool2d(input_x, jax.lax.add, 0.0, kernel_size, stride, "pad", padding)
    k = _pair(kernel_size)
    return total / (divisor_override or k[0] * k[1])


@op()
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
    keep = jax.random.bernoulli(next_key(seed), 1.0 - p, input.shape)
    return jnp.where(keep, input / (1.0 - p), 0).astype(input.dtype)


@op()
def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    axes = tuple(range(input.ndim - len(tuple(normalized_shape)), input.ndim))
    mean = input.mean(axes, keepdims=True)
    var = input.var(axes, keepdims=True)
    out = (input - mean) * jax.lax.rsqrt(var + eps)
    if weight is not None:
        out = out * weight
    if bias is not None:
        out = out + bias
    return out


@op()
def normalize(input, p=2.0, dim=1, eps=1e-12):
    norm = jnp.linalg.norm(input, ord=p, axis=dim, keepdims=True)
    return input / jnp.maximum(norm, eps)


@op()
def pdist(input, p=2.0):
    n = input.shape[0]
    diff = jnp.abs(input[:, None, :] - input[None, :, :])
    dist = jnp.sum(diff ** p, -1) ** (1.0 / p)
    rows, cols = np.triu_indices(n, 1)
    return dist[rows, cols]


@op()
def cdist(x1, x2, p=2.0):
    diff = jnp.abs(x1[..., :, None, :] - x2[..., None, :, :])
    return jnp.sum(diff ** p, -1) ** (1.0 / p)


@op()
def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    dot = jnp.sum(x1 * x2, axis=dim)
    n1 = jnp.linalg.norm(x1, axis=dim)
    n2 = jnp.linalg.norm(x2, axis=dim)
    return dot / jnp.maximum(n1 * n2, eps)
