"""`mindspore.numpy.pad`: padding by constants, statistics, edges, reflections or a function.

As in MindSpore 2.10: 'empty' pads with zeros, 'median' is not implemented, a 0-d array is
returned unchanged, and a callable `mode` is applied along each axis in turn to a zero-padded
array (`mode(vector, pad_width_of_axis, axis, kwargs)` returning the padded vector).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.numpy.conversion import asarray
from msjax._src.numpy.manipulation import apply_along_axis
from msjax._src.ops.registry import functional

_MODES = ("constant", "maximum", "minimum", "mean", "median", "edge", "wrap", "linear_ramp",
          "symmetric", "reflect", "empty")


def _per_axis(values, ndim: int):
    """mindspore.numpy's `_convert_pad_to_nd`: a scalar, pair or (ndim, 2) table as ndim pairs."""
    if not isinstance(values, (int, float, list, tuple, jax.Array, np.ndarray)):
        raise TypeError("pad_width, stat_length, constant_values or end_values should only be "
                        "int, list, tuple or tensor")
    table = np.asarray(jax.device_get(values) if isinstance(values, jax.Array) else values)
    if table.shape in ((), (1,), (2,), (1, 2), (ndim, 2)):
        table = np.broadcast_to(table.reshape(-1) if table.shape == (1,) else table, (ndim, 2))
        return tuple((a.item(), b.item()) for a, b in table)
    raise ValueError(f"input values must be able to broadcast to {(ndim, 2)}")


def pad(arr, pad_width, mode="constant", stat_length=None, constant_values=0, end_values=0,
        reflect_type="even", **kwargs):
    """`mindspore.numpy.pad(arr, pad_width, mode='constant', stat_length=None,
    constant_values=0, end_values=0, reflect_type='even', **kwargs)`: the padded array."""
    arr = asarray(arr)
    if arr.ndim == 0:
        return arr
    widths = tuple((int(a), int(b)) for a, b in _per_axis(pad_width, arr.ndim))
    if mode not in _MODES and not callable(mode):
        raise ValueError("Input mode not supported.")
    if mode == "constant":
        values = np.asarray(_per_axis(constant_values, arr.ndim))
        return jnp.pad(arr, widths, constant_values=values.astype(arr.dtype))
    if mode == "median":
        raise NotImplementedError("median mode is not supported yet")
    if mode in ("maximum", "minimum", "mean"):
        lengths = None if stat_length is None else _per_axis(stat_length, arr.ndim)
        return jnp.pad(arr, widths, mode=mode, stat_length=lengths)
    if mode == "linear_ramp":
        return jnp.pad(arr, widths, mode=mode, end_values=_per_axis(end_values, arr.ndim))
    if mode in ("symmetric", "reflect"):
        return jnp.pad(arr, widths, mode=mode, reflect_type=reflect_type)
    if mode in ("edge", "wrap"):
        return jnp.pad(arr, widths, mode=mode)
    padded = jnp.pad(arr, widths)
    if mode == "empty":
        return padded
    for axis in range(arr.ndim):
        padded = apply_along_axis.impl(mode, axis, padded, widths[axis], axis, kwargs)
    return padded


pad = functional(pad)
