"""Pooling of `mindspore.ops` beyond the 2-d core (which lives in nn_ops): 1-d and 3-d average
and max pooling, adaptive pooling and power-average (Lp) pooling, all over the last axes of an
N, C, ... layout."""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from msjax._src.ops.nn_ops import avg_pool_nd, max_pool_nd
from msjax._src.ops.reduce_ops import argmax_index
from msjax._src.backend.interface import one_program
from msjax._src.ops.registry import functional, op

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
    if return_indices:
        raise NotImplementedError("msjax: ops.max_pool3d(return_indices=True) is not supported; "
                                  "use return_indices=False.")
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
    return _adaptive(input, _size(output_size, 3), jnp.max, return_indices)


@functional
def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """`mint.nn.functional.max_unpool2d`: scatter each value to its flat index of the H·W
    output plane."""
    kh, kw = (kernel_size,) * 2 if isinstance(kernel_size, int) else kernel_size
    sh, sw = (kh, kw) if stride is None else ((stride,) * 2 if isinstance(stride, int) else stride)
    ph, pw = (padding,) * 2 if isinstance(padding, int) else padding
    h, w = input.shape[-2:]
    if output_size is None:
        out_h, out_w = (h - 1) * sh - 2 * ph + kh, (w - 1) * sw - 2 * pw + kw
    else:
        out_h, out_w = tuple(output_size)[-2:]
    lead = input.shape[:-2]
    flat_values = input.reshape(-1, h * w)
    flat_index = indices.reshape(-1, h * w)
    out = jnp.zeros((flat_values.shape[0], out_h * out_w), input.dtype)
    rows = jnp.arange(flat_values.shape[0])[:, None]
    return out.at[rows, flat_index].set(flat_values).reshape(lead + (out_h, out_w))
