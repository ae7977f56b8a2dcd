"""Pooling of `mindspore.ops` beyond the 2-d core (which lives in nn_ops): 1-d and 3-d average
and max pooling, adaptive pooling, power-average (Lp) pooling and the MaxPoolWithArgmaxV2
Primitive, all over the last axes of an N, C, ... layout."""
from __future__ import annotations

import inspect

import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.ops.adapters import np_dtype
from msjax._src.ops.input_rules import ms_name

from msjax._src.ops.nn_ops import (avg_pool_nd, check_argmax3d_pads, check_argmax_v2_pads,
                                   max_pool_argmax_nd, max_pool_nd)
from msjax._src.ops.reduce_ops import argmax_index
from msjax._src.backend.interface import one_program
from msjax._src.ops.registry import functional, op, primitive

_INT64 = np.dtype(np.int64)


@op()
def avg_pool1d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True):
    return avg_pool_nd(input_x, 1, kernel_size, stride, "pad", padding, ceil_mode,
                       count_include_pad)


@op()
def avg_pool3d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=0):
    return avg_pool_nd(input_x, 3, kernel_size, stride, "pad", padding, ceil_mode,
                       count_include_pad, divisor_override)


@op()
def max_pool3d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    check_argmax3d_pads(3, kernel_size, padding)
    if return_indices:
        return max_pool_argmax_nd(x, 3, kernel_size, stride, "pad", padding, dilation, ceil_mode)
    return max_pool_nd(x, 3, kernel_size, stride, "pad", padding, dilation, ceil_mode)


def _lp_pool(x, nd, norm_type, kernel_size, stride, ceil_mode):
    kernel = (kernel_size,) * nd if isinstance(kernel_size, int) else tuple(kernel_size)
    total = avg_pool_nd(jnp.power(x, norm_type), nd, kernel, stride, "valid", 0, ceil_mode)
    return jnp.power(total * float(np.prod(kernel)), 1.0 / norm_type)


@op()
@one_program
def lp_pool1d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(x, 1, norm_type, kernel_size, stride, ceil_mode)


@op()
@one_program
def lp_pool2d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    return _lp_pool(x, 2, norm_type, kernel_size, stride, ceil_mode)


# -- adaptive pooling: output cell i covers input [floor(i·n/out), ceil((i+1)·n/out)) ---------
def _bins(n, out):
    return [((i * n) // out, -(-(i + 1) * n // out)) for i in range(out)]


def _adaptive(x, output_size, reduce, with_index=False):
    """Adaptive pooling of the last len(output_size) axes with `reduce` over each cell."""
    nd = len(output_size)
    sizes = x.shape[x.ndim - nd:]
    output_size = tuple(s if o is None else o for s, o in zip(sizes, output_size))
    lead = x.shape[:x.ndim - nd]
    values, indices = [], []
    for cell in np.ndindex(*output_size):
        bounds = [_bins(sizes[d], output_size[d])[cell[d]] for d in range(nd)]
        window = x[(...,) + tuple(slice(lo, hi) for lo, hi in bounds)]
        flat = window.reshape(lead + (-1,))
        values.append(reduce(flat, axis=-1))
        if with_index:
            local = argmax_index(flat, -1)
            extent = [hi - lo for lo, hi in bounds]
            coords = jnp.unravel_index(local, extent)
            index = 0
            for d in range(nd):
                index = index * sizes[d] + coords[d] + bounds[d][0]
            indices.append(index)
    shape = lead + output_size
    out = jnp.stack(values, -1).reshape(shape)
    if with_index:
        return out, jnp.stack(indices, -1).reshape(shape).astype(_INT64)
    return out


def _size(output_size, nd):
    return (output_size,) * nd if isinstance(output_size, int) or output_size is None else \
        tuple(output_size)


def _check_divisible(name, input, output_size):
    if input.shape[-1] % output_size:
        raise ValueError(f"For {name} input's last dimension must be divisible by output size "
                         f"{output_size}, but got {input.shape[-1]}.")


@op()
@one_program
def adaptive_avg_pool1d(input, output_size):
    _check_divisible("adaptive_avg_pool1d", input, output_size)
    return _adaptive(input, _size(output_size, 1), jnp.mean)


@op()
@one_program
def adaptive_avg_pool3d(input, output_size):
    return _adaptive(input, _size(output_size, 3), jnp.mean)


@op()
@one_program
def adaptive_max_pool1d(input, output_size):
    _check_divisible("adaptive_max_pool1d", input, output_size)
    return _adaptive(input, _size(output_size, 1), jnp.max)


@op()
@one_program
def adaptive_max_pool2d(input, output_size, return_indices=False):
    return _adaptive(input, _size(output_size, 2), jnp.max, return_indices)


@op()
@one_program
def adaptive_max_pool3d(input, output_size, return_indices=False):
    if input.size == 0:  # MindSpore's kernel refuses an empty input, whichever axis is empty
        raise RuntimeError("Resize failed for kernel: Default/AdaptiveMaxPool3D (msjax: the input "
                           f"of shape {tuple(input.shape)} is empty).")
    return _adaptive(input, _size(output_size, 3), jnp.max, return_indices)


def _unpool(input, indices, nd, kernel_size, stride, padding, output_size):
    """Max unpooling over the last `nd` axes: each value goes to its flat index in the output's
    last `nd` axes (zeros elsewhere); the output's size is `output_size`'s last `nd` entries,
    else `(in - 1) * stride - 2 * padding + kernel`."""
    def per_axis(value, default):
        value = default if value is None else value
        return (value,) * nd if isinstance(value, int) else tuple(value)[-nd:]

    kernel = per_axis(kernel_size, None)
    strides = per_axis(stride, kernel)
    pads = per_axis(padding, 0)
    spatial = input.shape[-nd:]
    default = tuple((n - 1) * s - 2 * p + k for n, s, p, k in zip(spatial, strides, pads, kernel))
    out = default
    if output_size is not None and tuple(output_size):
        out = tuple(output_size)[-nd:]
        if any(not d - s <= o < d + s for o, d, s in zip(out, default, strides)):
            lead_shape = list(input.shape[:-nd])
            vector = lambda sizes: "[const vector]{" + ", ".join(  # noqa: E731
                str(v) for v in lead_shape + list(sizes)) + "}"
            dims = ", ".join(str(input.ndim - nd + i) for i in range(nd))
            raise ValueError(
                f"MaxUnpool{nd}D: The dim {dims} of output_shape : {vector(out)} must be between "
                f"{vector(d - s for d, s in zip(default, strides))} and "
                f"{vector(d + s for d, s in zip(default, strides))}.")
    lead = input.shape[:-nd]
    size = int(np.prod(spatial))
    flat_values = input.reshape(-1, size)
    flat_index = indices.reshape(-1, size)
    result = jnp.zeros((flat_values.shape[0], int(np.prod(out))), input.dtype)
    rows = jnp.arange(flat_values.shape[0])[:, None]
    return result.at[rows, flat_index].set(flat_values).reshape(lead + out)


_unpool_tensor = functional(_unpool)  # (nn.MaxUnpool{1,2,3}d)


@functional
def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """`mint.nn.functional.max_unpool2d`: scatter each value to its flat index of the H·W
    output plane."""
    return _unpool(input, indices, 2, kernel_size, stride, padding, output_size)


@op("max_unpool1d")
def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """`ops.max_unpool1d`: the inverse of `max_pool1d` (its indices) over the last axis."""
    return _unpool(x, indices, 1, kernel_size, stride, padding, output_size)


@op("max_unpool2d")
def ops_max_unpool2d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """`ops.max_unpool2d`: the inverse of `max_pool2d` (its indices) over the last two axes."""
    return _unpool(x, indices, 2, kernel_size, stride, padding, output_size)


@op("max_unpool3d")
def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """`ops.max_unpool3d`: the inverse of `max_pool3d` (its indices) over the last three
    axes."""
    return _unpool(x, indices, 3, kernel_size, stride, padding, output_size)


# -- MaxPoolWithArgmaxV2 -------------------------------------------------------------------------
_POOL_TYPES = ("Float16", "Float32", "Float64", "Int16", "Int32", "Int64", "Int8", "UInt16",
               "UInt32", "UInt64", "UInt8")
_ARGMAX_TYPE_IDS = {"Int32": 3, "Int64": 4}  # (how MindSpore's repr shows argmax_type)


def _pool_pair(name, value, allow_zero=False):
    """A MaxPoolWithArgmaxV2 attribute as (h, w), after MindSpore's checks."""
    if value is None:
        return None
    if not isinstance(value, (int, tuple)) or isinstance(value, bool):
        raise TypeError(f"For 'MaxPoolWithArgmaxV2', the type of '{name}' should be one of "
                        f"'['int', 'tuple']', but got type '{type(value).__name__}'.")
    pair = (value, value) if isinstance(value, int) else value
    if len(pair) != 2 or not all(isinstance(v, int) and (v >= 0 if allow_zero else v > 0)
                                 for v in pair):
        raise ValueError(f"For 'MaxPoolWithArgmaxV2' attr '{name}' must be an positive int "
                         f"number or a tuple of two positive int numbers, but got {value}")
    return tuple(pair)


def _max_pool_argmax_v2(x, kernel_size, strides=None, pads=0, dilation=(1, 1), ceil_mode=False,
                        argmax_type=mstype.int64):
    """`ops.MaxPoolWithArgmaxV2(...)(x)` -> (max of each window of the NCHW `x`, its flat index
    in the H·W plane, in `argmax_type`): `ops.max_pool2d(..., return_indices=True)`'s."""
    if x.ndim != 4:
        raise ValueError("For primitive[MaxPoolWithArgmaxV2], the input x rank must be equal to "
                         f"4, but got {x.ndim}.")
    if ms_name(x.dtype) not in _POOL_TYPES:
        raise TypeError("For primitive[MaxPoolWithArgmaxV2], the input argument[input] must be a "
                        "type of {" + ", ".join(f"Tensor[{t}]" for t in _POOL_TYPES)
                        + f"}}, but got Tensor[{ms_name(x.dtype)}].")
    kernel = _pool_pair("kernel_size", kernel_size)
    stride = _pool_pair("strides", strides) or kernel
    padding = _pool_pair("pads", pads, allow_zero=True)
    check_argmax_v2_pads(kernel, padding)
    values, index = max_pool_argmax_nd(x, 2, kernel, stride, "pad", padding,
                                       _pool_pair("dilation", dilation), ceil_mode)
    return values, index.astype(np_dtype(argmax_type))


def _max_pool_argmax_v2_attributes(attributes):
    for name in ("kernel_size", "strides", "dilation"):
        _pool_pair(name, attributes[name])
    _pool_pair("pads", attributes["pads"], allow_zero=True)
    if not isinstance(attributes["ceil_mode"], bool):
        raise TypeError("For 'MaxPoolWithArgmaxV2', the type of 'ceil_mode' should be 'bool', "
                        f"but got type '{type(attributes['ceil_mode']).__name__}'.")
    if str(attributes["argmax_type"]) not in _ARGMAX_TYPE_IDS:
        raise TypeError("For 'MaxPoolWithArgmaxV2', the 'argmax_type' should be one of "
                        "[mindspore.int32, mindspore.int64], but got "
                        f"'mindspore.{str(attributes['argmax_type']).lower()}'.")


def _max_pool_argmax_v2_shown(attrs):
    kernel = _pool_pair("kernel_size", attrs["kernel_size"])
    stride = _pool_pair("strides", attrs["strides"]) or kernel
    pads = _pool_pair("pads", attrs["pads"], allow_zero=True)
    return {"kernel_size": (1, 1) + kernel, "strides": (1, 1) + stride,
            "pads": (1, 1) + pads, "dilation": (1, 1) + _pool_pair("dilation", attrs["dilation"]),
            "ceil_mode": attrs["ceil_mode"],
            "argmax_type": _ARGMAX_TYPE_IDS[str(attrs["argmax_type"])]}


MaxPoolWithArgmaxV2 = primitive(
    "MaxPoolWithArgmaxV2", functional(_max_pool_argmax_v2), check=_max_pool_argmax_v2_attributes,
    kernel_size=inspect.Parameter.empty, strides=None, pads=0, dilation=(1, 1), ceil_mode=False,
    argmax_type=mstype.int64, display=_max_pool_argmax_v2_shown)
