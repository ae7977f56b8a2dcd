"""Private shape helpers of MindSpore's own implementation that its tests import by path:
`mindspore.numpy.utils_const._infer_out_shape` and `_canonicalize_axis`,
`mindspore.nn.layer.basic._is_equal_one`, `mindspore.ops._grad_experimental.grad_array_ops.
_generate_inverse_index` and the rfft gradient's shape helpers of `grad_math_ops`.

In MindSpore they are `constexpr` functions: they take and return Python shapes, axes and ints,
in PyNative mode and inside a compiled Cell alike; so do these (msjax's `jit` passes Python
ints and tuples of them as static values)."""
from __future__ import annotations

import math

import numpy as np

from msjax._src.ops.math_ops import equal
from msjax._src.ops.reduce_ops import mean


def _infer_out_shape(*shapes):
    """The shape `shapes` broadcast to, NumPy's rule; ValueError naming all of them when they do
    not broadcast."""
    try:
        return tuple(int(d) for d in np.broadcast_shapes(*(tuple(s) for s in shapes)))
    except ValueError:
        raise ValueError(f"operands could not be broadcast together with shapes {shapes}") from None


def _canonicalize_axis(axis, ndim):
    """`axis` (an int, or a tuple or list of them) made non-negative for an array of rank `ndim`:
    an int for one axis, a sorted tuple for several; ValueError for an axis out of
    [-ndim, ndim) or one given twice."""
    axes = [axis] if isinstance(axis, int) else list(axis)
    for ax in axes:
        if not -ndim <= ax < ndim:
            raise ValueError(f"axis {ax} is out of bounds for array of dimension {ndim}")
    axes = tuple(ax + ndim if ax < 0 else ax for ax in axes)
    if len(set(axes)) != len(axes):
        raise ValueError(f"duplicate axes in {axes}.")
    return tuple(sorted(axes)) if len(axes) > 1 else axes[0]


def _is_equal_one(x):
    """False for None, else a 0-d bool Tensor: whether the mean of `x` equals 1."""
    if x is None:
        return False
    return equal(mean(x), 1.0)


def _generate_inverse_index(x_shape, axis):
    """The permutation that moves axis 0 of an array of rank len(x_shape) to position `axis`
    (negative counts from the end): (1, ..., axis, 0, axis + 1, ...)."""
    rank = len(x_shape)
    if axis < 0:
        axis += rank
    index = tuple(range(rank))
    return index[1:1 + axis] + (0,) + index[1 + axis:]


def _fft_rank_offset(norm_shape, rank):
    """The number of elements in the last `rank` axes of `norm_shape`."""
    return math.prod(norm_shape[-rank:])


def _rfft_reshape(shape_a, shape_b):
    """`shape_b` with len(shape_a) - 2 leading ones."""
    return (1,) * (len(shape_a) - 2) + tuple(shape_b)


def _rfft_tile_reshape(shape_a):
    """`shape_a` with its last two axes set to 1."""
    return tuple(shape_a[:-2]) + (1, 1)


def _rfft_last_term_shape(shape_a, shape_b):
    """`shape_b` with len(shape_a) - 1 leading ones."""
    return (1,) * (len(shape_a) - 1) + tuple(shape_b)
