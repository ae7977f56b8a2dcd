"""Scatter, index-update and segment-reduction functions of `mindspore.ops`.

All are functional: they return a new Tensor. (MindSpore's Parameter-updating forms, such as
`ops.scatter_add` on a Parameter, belong to the state ops.)
"""
from __future__ import annotations

import builtins
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import index_checks, integer_inputs
from msjax._src.backend.interface import one_program
from msjax._src.ops.adapters import concrete_array
from msjax._src.ops import shape_rules
from msjax._src.ops.registry import op


def _nd_index(indices):
    """The last axis of `indices` as a tuple of index arrays (MindSpore's *_nd convention); a
    differentiated integer input's Float32 copy read as its integers (core/integer_inputs.py)."""
    return tuple(jnp.moveaxis(integer_inputs.as_index(indices), -1, 0))


def _shape_arg(shape):
    if hasattr(shape, "shape"):
        return tuple(int(s) for s in np.asarray(shape).reshape(-1))
    return tuple(int(s) for s in shape)


@op(primitive="ScatterNd")
def scatter_nd(indices, updates, shape):
    """`ops.scatter_nd`: zeros of `shape` with `updates` added at `indices` (duplicates sum)."""
    shape = _shape_arg(shape)
    shape_rules.scatter_nd_shapes(tuple(indices.shape), tuple(updates.shape), shape)
    index_checks.check_scatter_nd(indices, shape)
    zeros = jnp.zeros(shape, updates.dtype)
    return zeros.at[_nd_index(indices)].add(updates)


def _tensor_scatter(name, update, **record):
    checked_as = record.get("primitive", name)

    def impl(input_x, indices, updates):
        if indices.ndim < 2:
            raise ValueError(f"For {checked_as}, the dimension of 'indices' cannot be less than "
                             f"2,  but got {indices.ndim}")
        index_checks.check_tensor_scatter(checked_as, indices, input_x.shape)
        return update(input_x.at[_nd_index(indices)], updates)
    impl.__name__ = impl.__qualname__ = name
    return op(name, **record)(impl)


tensor_scatter_update = _tensor_scatter("tensor_scatter_update", lambda ref, u: ref.set(u),
                                        primitive="TensorScatterUpdate")
tensor_scatter_add = _tensor_scatter("tensor_scatter_add", lambda ref, u: ref.add(u),
                                     primitive="TensorScatterAdd")
tensor_scatter_sub = _tensor_scatter("tensor_scatter_sub", lambda ref, u: ref.add(-u),
                                     primitive="TensorScatterSub")
tensor_scatter_mul = _tensor_scatter("tensor_scatter_mul", lambda ref, u: ref.multiply(u),
                                     primitive="TensorScatterMul")
tensor_scatter_div = _tensor_scatter("tensor_scatter_div", lambda ref, u: ref.divide(u),
                                     primitive="TensorScatterDiv")
tensor_scatter_max = _tensor_scatter("tensor_scatter_max", lambda ref, u: ref.max(u),
                                     primitive="TensorScatterMax")
tensor_scatter_min = _tensor_scatter("tensor_scatter_min", lambda ref, u: ref.min(u),
                                     primitive="TensorScatterMin")


def elements_index(indices, axis):
    """The index tuple that puts element `i` (a position in `indices`) at `indices[i]` along
    `axis` and at `i` along every other axis (ScatterElements, `Tensor.scatter_`)."""
    where = list(jnp.indices(indices.shape, sparse=True))
    where[axis] = indices
    return tuple(where)


@one_program
def _scattered_elements(input_x, indices, updates, axis, reduction):
    ref = input_x.at[elements_index(indices, axis)]
    return ref.add(updates) if reduction == "add" else ref.set(updates)


@op()
def tensor_scatter_elements(input_x, indices, updates, axis=0, reduction="none"):
    # (a differentiated index read as its integers before the compiled program: the record of
    # integer inputs' copies is one of the caller's arrays, core/integer_inputs.py)
    return _scattered_elements(input_x, integer_inputs.as_index(indices), updates, axis,
                               reduction)


@op()
def scatter(input, axis, index, src):
    return tensor_scatter_elements.impl(input, index, src, axis)


@one_program
def _index_added(x, indices, y, axis):
    index = [builtins.slice(None)] * x.ndim
    index[axis] = indices
    return x.at[tuple(index)].add(y)


@op()
def index_add(x, indices, y, axis, use_lock=True, check_index_bound=True):
    return _index_added(x, integer_inputs.as_index(indices), y, axis)


@op(primitive="IndexFill")
def index_fill(x, axis, index, value):
    where = [builtins.slice(None)] * x.ndim
    where[int(axis)] = integer_inputs.as_index(index)  # (a differentiated index: its integers)
    # MindSpore's gradient gives the fill value none (its bprop returns zeros for it)
    return x.at[tuple(where)].set(jax.lax.stop_gradient(jnp.asarray(value, x.dtype)))


@op()
def slice_scatter(input, src, axis=0, start=None, end=None, step=1):
    """`ops.slice_scatter`: `input` with `input[..., start:end:step, ...]` (on `axis`) replaced by
    `src`, which has the slice's shape and `input`'s dtype (MindSpore does not broadcast or cast
    it: its ValueError and TypeError)."""
    for name, value in (("input", input), ("src", src)):
        if not hasattr(value, "shape"):
            raise TypeError(f"For slice_scatter, {name} must be a Tensor, but got {type(value)}.")
    if step == 0:
        raise ValueError("range() arg 3 must not be zero")
    chosen = builtins.slice(start, end, step)
    slice_shape = list(input.shape)
    slice_shape[axis] = len(range(*chosen.indices(input.shape[axis])))
    if tuple(src.shape) != tuple(slice_shape):
        raise ValueError("For slice_scatter, src shape should be equal to the slice size,but got "
                         f"src shape {tuple(src.shape)} and slice shape {tuple(slice_shape)}")
    if src.dtype != input.dtype:
        raise TypeError("For primitive[TensorScatterElements], the input type must be same.")
    index = [builtins.slice(None)] * input.ndim
    index[axis] = chosen
    return input.at[tuple(index)].set(src)


@op()
def select_scatter(input, src, axis, index):
    """`ops.select_scatter`: `input` with its slice at `index` along `axis` replaced by `src`, of
    that slice's shape (MindSpore does not broadcast it)."""
    for name, value in (("input", input), ("src", src)):
        if not hasattr(value, "shape"):
            raise TypeError(f"For select_scatter, {name} must be a Tensor, but got "
                            f"{type(value)}.")
    axis = axis % input.ndim
    sliced = input.shape[:axis] + input.shape[axis + 1:]
    if tuple(src.shape) != sliced:
        src_shape = tuple(src.shape[:axis]) + (1,) + tuple(src.shape[axis:])
        slice_shape = input.shape[:axis] + (1,) + input.shape[axis + 1:]
        raise ValueError("For slice_scatter, src shape should be equal to the slice size,but got "
                         f"src shape {src_shape} and slice shape {slice_shape}")
    where = [builtins.slice(None)] * input.ndim
    where[axis] = index
    return input.at[tuple(where)].set(src)


@op()
@one_program
def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    moved = jnp.moveaxis(input, (dim1, dim2), (-2, -1))
    n = src.shape[-1]
    rows = jnp.arange(n) + builtins.max(0, -offset)
    cols = jnp.arange(n) + builtins.max(0, offset)
    moved = moved.at[..., rows, cols].set(src)
    return jnp.moveaxis(moved, (-2, -1), (dim1, dim2))


# -- segment reductions ------------------------------------------------------------------------
def _segment(name, reduce, first_arg="x", **record):
    checked_as = record.get("primitive", name)

    def compute(x, segment_ids, num_segments):
        segment_ids = _integer_ids(checked_as, segment_ids)
        num_segments = _segment_count(checked_as, num_segments)
        index_checks.check_segment_ids(checked_as, segment_ids, num_segments)
        return reduce(x, segment_ids, num_segments=num_segments)
    if first_arg == "x":
        def impl(x, segment_ids, num_segments):
            return compute(x, segment_ids, num_segments)
    else:
        def impl(input_x, segment_ids, num_segments):
            return compute(input_x, segment_ids, num_segments)
    impl.__name__ = impl.__qualname__ = name
    return op(name, **record)(impl)


def _segment_count(name, num_segments) -> int:
    """`num_segments` as an int: a Python int, or a Tensor of one element (0-D or `[n]`, as
    MindSpore takes it), whose value sets the output's shape."""
    if hasattr(num_segments, "shape"):
        num_segments = concrete_array(num_segments).reshape(-1)
        if num_segments.size != 1:
            raise ValueError(f"For '{name}', the 'num_segments' must be a Tensor of "
                             f"one element, but got {num_segments.size} elements.")
        num_segments = num_segments[0]
    return int(num_segments)


def _integer_ids(name, segment_ids):
    """The segment ids as integers. MindSpore takes Int32 or Int64 ids only (its TypeError). A
    traced floating array is the Float32 stand-in that `grad` differentiates an integer input
    through (transforms/grad.py: `GradOperation(get_all=True)` over the ids), holding whole
    numbers: it is taken as the ids (their gradient is zero, as MindSpore's)."""
    if jnp.issubdtype(segment_ids.dtype, jnp.integer):
        return segment_ids
    if isinstance(segment_ids, jax.core.Tracer) and jnp.issubdtype(segment_ids.dtype,
                                                                      jnp.floating):
        return jax.lax.stop_gradient(segment_ids).astype(jnp.int32)
    raise TypeError(f"For primitive[{name}], the input argument[segment_ids] must be a type of "
                    f"{{Tensor[Int32], Tensor[Int64]}}, but got "
                    f"Tensor[{mstype.from_numpy(segment_ids.dtype)}].")


def _segment_extreme(segment_fn, empty):
    def reduce(x, ids, num_segments):
        out = segment_fn(x, ids, num_segments=num_segments)
        counts = jax.ops.segment_sum(jnp.ones_like(ids), ids, num_segments=num_segments)
        fill = jnp.asarray(empty(x.dtype), x.dtype)
        return jnp.where((counts > 0).reshape((-1,) + (1,) * (x.ndim - ids.ndim)), out, fill)
    return reduce


def _dtype_max(dtype):
    return jnp.finfo(dtype).max if jnp.issubdtype(dtype, jnp.floating) else jnp.iinfo(dtype).max


def _dtype_min(dtype):
    return jnp.finfo(dtype).min if jnp.issubdtype(dtype, jnp.floating) else jnp.iinfo(dtype).min


unsorted_segment_sum = _segment("unsorted_segment_sum", jax.ops.segment_sum, "input_x",
                                primitive="UnsortedSegmentSum")
@functools.partial(jax.custom_vjp, nondiff_argnums=(2,))
def _segment_prod(x, ids, num_segments):
    """`jax.ops.segment_prod`, differentiable with repeated ids (JAX's scatter-multiply
    gradient needs unique indices): each element's gradient is the product of the others in
    its segment, zeros included."""
    return jax.ops.segment_prod(x, ids, num_segments=num_segments)


def _segment_prod_forward(x, ids, num_segments):
    return _segment_prod(x, ids, num_segments), (x, ids)


def _segment_prod_backward(num_segments, saved, g):
    x, ids = saved
    zero = x == 0
    nonzero_prod = jax.ops.segment_prod(jnp.where(zero, 1, x), ids, num_segments=num_segments)
    zeros = jax.ops.segment_sum(zero.astype(jnp.int32), ids, num_segments=num_segments)
    inside = (ids >= 0) & (ids < num_segments)
    at = jnp.clip(ids, 0, num_segments - 1)
    shape = ids.shape + (1,) * (x.ndim - ids.ndim)
    others = jnp.where(zero, jnp.where(zeros[at] == 1, nonzero_prod[at], 0),
                       jnp.where(zeros[at] == 0, nonzero_prod[at] / jnp.where(zero, 1, x), 0))
    grad = jnp.where(inside.reshape(shape), g[at] * others, 0)
    return grad.astype(x.dtype), None


_segment_prod.defvjp(_segment_prod_forward, _segment_prod_backward)

unsorted_segment_prod = _segment("unsorted_segment_prod", _segment_prod,
                                 primitive="UnsortedSegmentProd")
unsorted_segment_max = _segment("unsorted_segment_max",
                                _segment_extreme(jax.ops.segment_max, _dtype_min),
                                primitive="UnsortedSegmentMax")
unsorted_segment_min = _segment("unsorted_segment_min",
                                _segment_extreme(jax.ops.segment_min, _dtype_max),
                                primitive="UnsortedSegmentMin")


@op()
def sparse_segment_mean(x, indices, segment_ids):
    num_segments = int(np.asarray(segment_ids).max()) + 1
    rows = jnp.take(x, indices, axis=0)
    total = jax.ops.segment_sum(rows, segment_ids, num_segments=num_segments)
    counts = jax.ops.segment_sum(jnp.ones_like(segment_ids, x.dtype), segment_ids,
                                 num_segments=num_segments)
    return total / jnp.maximum(counts, 1).reshape((-1,) + (1,) * (x.ndim - 1))


def index_put(x1, x2, indices, accumulate=0):
    """IndexPut (`Tensor.index_put`): `x1` with the elements (or, with fewer index Tensors than
    axes, the slices) at `indices` set to `x2`, or with `x2` added (`accumulate`; repeated
    indices add up), as MindSpore 2.10's IndexPut with its checks."""
    indices = tuple(indices)
    if (x2.dtype != x1.dtype
            or any(not jnp.issubdtype(i.dtype, jnp.integer) for i in indices)):
        raise TypeError("For primitive[IndexPut], the input type must be same.")
    if len(indices) > x1.ndim:
        raise ValueError(f"For 'IndexPut', rank(x1) must be greater than size(indices), but got "
                         f"{x1.ndim} vs {len(indices)}.")
    points = jnp.broadcast_shapes(*(i.shape for i in indices))
    if len(indices) == x1.ndim and x2.size not in (1, math.prod(points)):
        raise ValueError(f"For 'IndexPut', the size of x2 must be 1 or the max size of the "
                         f"tensors in indices if rank(x1) == size(indices), but got {x2.size}.")
    for axis, index in enumerate(indices):
        if not isinstance(index, jax.core.Tracer):  # (JAX would drop such an update)
            dim, values = x1.shape[axis], np.asarray(index)
            bad = values[(values >= dim) | (values < -dim)]
            if bad.size:
                raise ValueError(f"For 'IndexPut', each element in indices[{axis}] should be "
                                 f"smaller than the value of x1.shape[{axis}], but got "
                                 f"{int(bad[0])} and got the value of x1.shape with {dim}.")
    target = points + x1.shape[len(indices):]
    values = jnp.broadcast_to(x2.reshape(points) if x2.size == math.prod(points) and
                              len(indices) == x1.ndim else x2, target)
    at = x1.at[indices]
    return at.add(values) if accumulate else at.set(values)
