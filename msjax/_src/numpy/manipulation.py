"""Shape and arrangement of `mindspore.numpy`: reshaping, joining, splitting, selecting,
indexing helpers and the apply-a-function family.

MindSpore 2.10 behaviours kept here (they differ from NumPy's):
- `hstack`/`vstack`/`dstack`/`column_stack` return a single Tensor argument unchanged.
- `concatenate`, `stack` and `where` promote with mindspore.numpy's table.
- `unique` keeps values in order of first occurrence (NumPy sorts) and its inverse is Int32.
- `split` with sections gives a tuple, with indices a list; an empty piece is a ValueError.
- `ravel_multi_index` returns Float32.
"""
from __future__ import annotations

import builtins

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.numpy import conversion as C
from msjax._src.numpy.conversion import asarray
from msjax._src.ops import array_ops as A
from msjax._src.ops.registry import functional, unwrap, wrap
from msjax._src.core.tensor_repr import tensor_str


# -- shape -------------------------------------------------------------------------------------
def transpose(a, axes=None):
    """`mindspore.numpy.transpose(a, axes=None)`: axes reversed, or permuted by `axes`."""
    a = asarray(a)
    return A.transpose.impl(a, tuple(reversed(range(a.ndim))) if axes is None else axes)


transpose = functional(transpose)


def expand_dims(a, axis):
    """`mindspore.numpy.expand_dims(a, axis)`: unit axes inserted at `axis` (an int or a tuple)."""
    if not isinstance(axis, (int, tuple, list)):
        raise TypeError(f"axis must be tuple, list or int, but got {type(axis)}")
    a = asarray(a)
    if isinstance(axis, int):
        return A.expand_dims.impl(a, axis)
    return jnp.expand_dims(a, C.canonical_axes(axis, a.ndim + len(axis)))


expand_dims = functional(expand_dims)


def squeeze(a, axis=None):
    """`mindspore.numpy.squeeze(a, axis=None)`: unit axes removed."""
    return A.squeeze.impl(asarray(a), axis)


squeeze = functional(squeeze)


def rollaxis(x, axis, start=0):
    """`mindspore.numpy.rollaxis(x, axis, start=0)`: `axis` moved to before `start`."""
    x = asarray(x)
    for value in (axis, start):
        if not isinstance(value, int):
            raise TypeError(f"integer argument expected, but got {type(value)}")
    ndim = x.ndim
    axis = C.canonical_axes(axis, ndim)
    if start < -ndim or start > ndim:
        raise ValueError(f"For rollaxis, start {start} is out of bounds.Ranging from {-ndim} to "
                         f"{ndim} is allowed.")
    return jnp.rollaxis(x, axis, start % (ndim + 1) if start < 0 else start)


rollaxis = functional(rollaxis)


def swapaxes(x, axis1, axis2):
    """`mindspore.numpy.swapaxes(x, axis1, axis2)`, with MindSpore's ValueError for an axis out
    of range."""
    x = asarray(x)
    for axis in (axis1, axis2):
        if not -x.ndim <= axis < x.ndim:
            raise ValueError(f"The 'axis' must be in the range of [{-x.ndim}, {x.ndim}), but got "
                             f"{axis}.")
    return A.swapaxes.impl(x, axis1, axis2)


swapaxes = functional(swapaxes)


def reshape(x, new_shape):
    """`mindspore.numpy.reshape(x, new_shape)`: one entry of `new_shape` may be -1."""
    return A.reshape.impl(asarray(x), new_shape)


reshape = functional(reshape)


def ravel(x):
    """`mindspore.numpy.ravel(x)`: the flattened array."""
    return A.ravel.impl(asarray(x))


ravel = functional(ravel)


def moveaxis(a, source, destination):
    """`mindspore.numpy.moveaxis(a, source, destination)`."""
    a = asarray(a)
    source, destination = C.axes_valid(source, a.ndim), C.axes_valid(destination, a.ndim)
    if len(source) != len(destination):
        raise ValueError("`source` and `destination` arguments must have the same number of "
                         "elements")
    return A.moveaxis.impl(a, source, destination)


moveaxis = functional(moveaxis)


def atleast_1d(*arys):
    """`mindspore.numpy.atleast_1d(*arys)`: one array, or a list of them, with ndim >= 1."""
    result = [jnp.atleast_1d(asarray(a)) for a in arys]
    return result[0] if len(result) == 1 else result


atleast_1d = functional(atleast_1d)


def atleast_2d(*arys):
    """`mindspore.numpy.atleast_2d(*arys)`: leading unit axes up to ndim 2."""
    result = [jnp.atleast_2d(asarray(a)) for a in arys]
    return result[0] if len(result) == 1 else result


atleast_2d = functional(atleast_2d)


def atleast_3d(*arys):
    """`mindspore.numpy.atleast_3d(*arys)`: 0-d → (1, 1, 1), (N,) → (1, N, 1), (M, N) → (M, N, 1)."""
    result = [jnp.atleast_3d(asarray(a)) for a in arys]
    return result[0] if len(result) == 1 else result


atleast_3d = functional(atleast_3d)


def tile(a, reps):
    """`mindspore.numpy.tile(a, reps)`: `a` repeated `reps` times along each axis."""
    return A.tile.impl(asarray(a), (reps,) if isinstance(reps, int) else reps)


tile = functional(tile)


def broadcast_to(array, shape):
    """`mindspore.numpy.broadcast_to(array, shape)`."""
    array = asarray(array)
    shape = tuple(shape) if not isinstance(shape, int) else (shape,)
    if len(array.shape) > len(shape) or builtins.any(
            s not in (1, t) for s, t in zip(reversed(array.shape), reversed(shape))):
        raise ValueError(f"cannot broadcast with {shape}")
    return jnp.broadcast_to(array, shape)


broadcast_to = functional(broadcast_to)


def broadcast_arrays(*args):
    """`mindspore.numpy.broadcast_arrays(*args)`: a list of the arrays broadcast to one shape."""
    arrays = [asarray(a) for a in args]
    shape = C.infer_out_shape(*(a.shape for a in arrays))
    return [jnp.broadcast_to(a, shape) for a in arrays]


broadcast_arrays = functional(broadcast_arrays)


# -- joining -----------------------------------------------------------------------------------
def _promote_all(arrays):
    dtype = arrays[0].dtype
    for a in arrays[1:]:
        dtype = C.promote(dtype, a.dtype)
    return [a.astype(dtype) for a in arrays]


def concatenate(arrays, axis=0):
    """`mindspore.numpy.concatenate(arrays, axis=0)`: joined along `axis` (None flattens first),
    promoting dtypes by mindspore.numpy's table. A single array is split along its first axis."""
    if arrays is None:
        raise TypeError("expect Union[Tensor, tuple(Tensor), list(Tensor)], but got None")
    if isinstance(arrays, jax.Array):
        if axis is None or axis >= 32:
            return jnp.ravel(arrays)
        axis = C.canonical_axes(axis, arrays.ndim - 1) + 1
        moved = jnp.moveaxis(arrays, 0, axis - 1)
        shape = moved.shape[:axis - 1] + (-1,) + moved.shape[axis + 1:]
        return moved.reshape(shape)
    arrays = [asarray(a) for a in arrays]
    if axis is None or axis >= 32:
        return jnp.concatenate(_promote_all([jnp.ravel(a) for a in arrays]))
    C.canonical_axes(axis, arrays[0].ndim)
    if len(arrays) == 1:
        return arrays[0]
    return jnp.concatenate(_promote_all(arrays), axis)


concatenate = functional(concatenate)


def append(arr, values, axis=None):
    """`mindspore.numpy.append(arr, values, axis=None)`: `values` joined at the end of `arr`."""
    arr, values = asarray(arr), asarray(values)
    if axis is None:
        arr, values = jnp.ravel(arr), jnp.ravel(values)
        axis = 0
    else:
        C.axis_in_range(axis, arr.ndim)
    if arr.ndim != values.ndim:
        raise ValueError("all tensors must have same number of dimensions")
    return concatenate.impl((arr, values), axis)


append = functional(append)


def _stacked(tup, expand, axis: int, name: str):
    if isinstance(tup, jax.Array):
        return tup
    if not isinstance(tup, (list, tuple)):
        raise TypeError("Tensor or, list or tuple of tensors are required, but got"
                        f"{type(tup)}")
    arrays = [expand(asarray(t)) for t in tup]
    if not arrays:
        raise ValueError("Need at least one tensor to concatenate.")
    if name == "hstack" and arrays[0].ndim == 1:
        axis = 0
    return jnp.concatenate(arrays, axis)


def column_stack(tup):
    """`mindspore.numpy.column_stack(tup)`: 1-D arrays as columns of a 2-D array."""
    return _stacked(tup, lambda t: t.reshape(-1, 1) if t.ndim < 2 else t, 1, "column_stack")


column_stack = functional(column_stack)


def hstack(tup):
    """`mindspore.numpy.hstack(tup)`: joined along the second axis (the first for 1-D)."""
    return _stacked(tup, jnp.atleast_1d, 1, "hstack")


hstack = functional(hstack)


def vstack(tup):
    """`mindspore.numpy.vstack(tup)`: joined along the first axis, 1-D arrays as rows."""
    return _stacked(tup, jnp.atleast_2d, 0, "vstack")


vstack = functional(vstack)


def dstack(tup):
    """`mindspore.numpy.dstack(tup)`: joined along the third axis."""
    return _stacked(tup, jnp.atleast_3d, 2, "dstack")


dstack = functional(dstack)


def stack(arrays, axis=0):
    """`mindspore.numpy.stack(arrays, axis=0)`: joined along a new axis (an array is unstacked
    along its first axis first)."""
    if isinstance(arrays, jax.Array):
        return jnp.moveaxis(arrays, 0, axis % arrays.ndim)
    if not isinstance(arrays, (list, tuple)):
        raise ValueError("input arrays must be Tensor, tuple, or list")  # noqa: TRY004
    arrays = [asarray(a) for a in arrays]
    axis = axis % (arrays[0].ndim + 1)
    return jnp.stack(_promote_all(arrays), axis)


stack = functional(stack)


# -- splitting ---------------------------------------------------------------------------------
def _split(x, indices_or_sections, axis, exact: bool):
    x = asarray(x)
    if not isinstance(axis, int):
        raise TypeError(f"axis should be int, but got {type(axis)}")
    axis = C.canonical_axes(axis, x.ndim)
    length = x.shape[axis]
    if isinstance(indices_or_sections, int):
        if indices_or_sections > length:
            raise ValueError("empty tensor encountered.")
        if exact and length % indices_or_sections:
            raise ValueError(f"For 'Split', the size of 'input_x' in dimension {axis} must be "
                             f"divisible by 'output_num', but got {length} and "
                             f"{indices_or_sections}.")
        return tuple(jnp.array_split(x, indices_or_sections, axis))
    if isinstance(indices_or_sections, (list, tuple)) and builtins.all(
            isinstance(i, int) for i in indices_or_sections):
        cuts = [i + length if i < 0 else i for i in indices_or_sections] + [length]
        pieces, begin = [], 0
        for end in cuts:
            if end <= begin:
                raise ValueError("empty sub-tensor encountered.")
            pieces.append(jax.lax.slice_in_dim(x, begin, end, axis=axis))
            begin = end
        return pieces
    raise TypeError("Argument `indices_or_sections` in `mindspore.numpy.split`            should "
                    f"be integer, tuple(int) or list(int), but got{type(indices_or_sections)}")


def split(x, indices_or_sections, axis=0):
    """`mindspore.numpy.split(x, indices_or_sections, axis=0)`: equal sections or cuts at indices."""
    return _split(x, indices_or_sections, axis, exact=True)


split = functional(split)


def array_split(x, indices_or_sections, axis=0):
    """`mindspore.numpy.array_split(x, indices_or_sections, axis=0)`: sections may differ by one."""
    return _split(x, indices_or_sections, axis, exact=False)


array_split = functional(array_split)


def vsplit(x, indices_or_sections):
    """`mindspore.numpy.vsplit(x, indices_or_sections)`: `split` along axis 0."""
    return _split(x, indices_or_sections, 0, exact=True)


vsplit = functional(vsplit)


def hsplit(x, indices_or_sections):
    """`mindspore.numpy.hsplit(x, indices_or_sections)`: `split` along axis 1."""
    return _split(x, indices_or_sections, 1, exact=True)


hsplit = functional(hsplit)


def dsplit(x, indices_or_sections):
    """`mindspore.numpy.dsplit(x, indices_or_sections)`: `split` along axis 2."""
    return _split(x, indices_or_sections, 2, exact=True)


dsplit = functional(dsplit)


# -- rearranging -------------------------------------------------------------------------------
def flip(m, axis=None):
    """`mindspore.numpy.flip(m, axis=None)`: the order of elements reversed along `axis`."""
    m = asarray(m)
    return A.flip.impl(m, C.axes_valid(axis, m.ndim))


flip = functional(flip)


def flipud(m):
    """`mindspore.numpy.flipud(m)`: `flip(m, 0)`."""
    return flip.impl(m, 0)


flipud = functional(flipud)


def fliplr(m):
    """`mindspore.numpy.fliplr(m)`: `flip(m, 1)`."""
    return flip.impl(m, 1)


fliplr = functional(fliplr)


def roll(a, shift, axis=None):
    """`mindspore.numpy.roll(a, shift, axis=None)`: elements shifted cyclically."""
    return A.roll.impl(asarray(a), shift, axis)


roll = functional(roll)


def rot90(a, k=1, axes=(0, 1)):
    """`mindspore.numpy.rot90(a, k=1, axes=(0, 1))`: rotated by 90 degrees k times."""
    a = asarray(a)
    if not isinstance(k, int):
        raise TypeError(f"integer argument expected, but got {type(k)}")
    if not isinstance(axes, (tuple, list)):
        raise TypeError(f"tuple(ints) or list(ints) expected, but got {type(axes)}")
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    axis1, axis2 = C.canonical_axes(axes[0], a.ndim), C.canonical_axes(axes[1], a.ndim)
    if axis1 == axis2:
        raise ValueError("Axes must be different.")
    return A.rot90.impl(a, k, (axis1, axis2))


rot90 = functional(rot90)


def repeat(a, repeats, axis=None):
    """`mindspore.numpy.repeat(a, repeats, axis=None)`: each element repeated (flattened when
    `axis` is None)."""
    if isinstance(repeats, (list, tuple)):
        repeats = np.asarray(repeats)
    return A.repeat_interleave.impl(asarray(a), repeats, axis)


repeat = functional(repeat)


# -- selecting ---------------------------------------------------------------------------------
def where(condition, x=None, y=None):
    """`mindspore.numpy.where(condition, x, y)`: elements of x where condition, else y; x and y
    are promoted by mindspore.numpy's table. Both x and y are required."""
    condition, x, y = asarray(condition), asarray(x), asarray(y)
    dtype = C.promote(x.dtype, y.dtype)
    return A.where.impl(condition.astype(C.BOOL), x.astype(dtype), y.astype(dtype))


where = functional(where)


def take_along_axis(arr, indices, axis):
    """`mindspore.numpy.take_along_axis(arr, indices, axis)`."""
    arr, indices = asarray(arr), asarray(indices)
    if axis is None:
        arr, axis = jnp.ravel(arr), 0
    if arr.ndim != indices.ndim:
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    axis = C.axis_in_range(axis, arr.ndim)
    # NumPy's: the other axes broadcast (GatherD itself gives the index's shape)
    common = list(np.broadcast_shapes(arr.shape[:axis] + (1,) + arr.shape[axis + 1:],
                                      indices.shape[:axis] + (1,) + indices.shape[axis + 1:]))
    before, after = tuple(common[:axis]), tuple(common[axis + 1:])
    arr = jnp.broadcast_to(arr, before + (arr.shape[axis],) + after)
    indices = jnp.broadcast_to(indices, before + (indices.shape[axis],) + after)
    return A.gather_elements.impl(arr, axis, indices)


take_along_axis = functional(take_along_axis)


def _bounded_indices(indices, size, mode, allow_negative: bool,
                     message='invalid mode. Expected "raise", "wrap", or "clip"'):
    if mode == "raise":
        raise NotImplementedError('"raise" mode is not implemented')
    if mode == "wrap":
        return jnp.mod(indices, size)
    if mode != "clip":
        raise ValueError(message)
    lower = -size if allow_negative else 0
    indices = jnp.where(indices < lower, 0, indices)
    return jnp.where(indices > size - 1, size - 1, indices)


def take(a, indices, axis=None, mode="clip"):
    """`mindspore.numpy.take(a, indices, axis=None, mode='clip')`: elements at `indices` along
    `axis` (of the flattened array when None); 'clip' or 'wrap' out-of-range indices."""
    a, indices = asarray(a), asarray(indices)
    if axis is None:
        a, axis = jnp.ravel(a), 0
    size = a.shape[axis]
    indices = _bounded_indices(indices, size, mode, allow_negative=True, message=(
        "For 'Tensor.take', the argument 'mode' should be one of in ['raise', 'wrap', 'clip'], "
        f"but got {mode}."))
    return jnp.take(a, jnp.where(indices < 0, indices + size, indices), axis=axis)


take = functional(take)


def select(condlist, choicelist, default=0):
    """`mindspore.numpy.select(condlist, choicelist, default=0)`: for each element, the choice of
    the first true condition, else `default`; the result has choicelist's dtype."""
    condlist, choicelist = asarray(condlist), asarray(choicelist)
    if condlist.ndim == 0 or choicelist.ndim == 0:
        raise ValueError("input cannot be scalars")
    if condlist.shape[0] != choicelist.shape[0]:
        raise ValueError("list of cases must be same length as list of conditions")
    dtype = choicelist.dtype
    result = jnp.broadcast_to(asarray(default).astype(dtype), C.infer_out_shape(
        condlist.shape[1:], choicelist.shape[1:]))
    for i in range(condlist.shape[0] - 1, -1, -1):
        result = jnp.where(condlist[i].astype(C.BOOL), choicelist[i], result)
    return result.astype(dtype)


select = functional(select)


def choose(a, choices, mode="clip"):
    """`mindspore.numpy.choose(a, choices, mode='clip')`: elements picked from `choices` by the
    integer array `a`; 'clip' clips negative indices to 0."""
    a = asarray(a)
    if not C.is_int(a.dtype):
        raise ValueError("`a` should be an int array")
    if isinstance(choices, (tuple, list)):
        arrays = [asarray(c) for c in choices]
        shape = C.infer_out_shape(a.shape, *(c.shape for c in arrays))
        choices = jnp.stack(_promote_all([jnp.broadcast_to(c, shape) for c in arrays]))
    else:
        choices = asarray(choices)
        shape = C.infer_out_shape(a.shape, choices.shape[1:])
        choices = jnp.broadcast_to(choices, choices.shape[:1] + shape)
    if a.ndim == 0 or choices.ndim == 0:
        raise ValueError("input cannot be scalars")
    a = _bounded_indices(jnp.broadcast_to(a, shape), choices.shape[0], mode, allow_negative=False)
    return jnp.take_along_axis(choices, a[None], axis=0)[0]


choose = functional(choose)


def argwhere(a):
    """`mindspore.numpy.argwhere(a)`: Int64 indices of the non-zero elements, one row each."""
    return A.argwhere.impl(asarray(a))


argwhere = functional(argwhere)


def unique(x, return_inverse=False):
    """`mindspore.numpy.unique(x, return_inverse=False)`: the distinct values of the flattened
    array in order of first occurrence (MindSpore's order; NumPy sorts), and Int32 inverse
    indices. The result's size depends on the values, so this runs eagerly only."""
    host = np.asarray(asarray(x)).reshape(-1)
    _, first, inverse = np.unique(host, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    values = jnp.asarray(host[np.sort(first)])
    if not return_inverse:
        return values
    return values, jnp.asarray(rank[inverse.reshape(-1)], C.INT32)


unique = functional(unique)


# -- index arithmetic --------------------------------------------------------------------------
def unravel_index(indices, shape, order="C"):
    """`mindspore.numpy.unravel_index(indices, shape, order='C')`: flat indices as a tuple of
    coordinate arrays; out-of-range indices are clipped, negative ones count from the end."""
    indices = asarray(indices)
    if order not in ("C", "F"):
        raise ValueError('invalid order. Expected "C" or "F"')
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    dims = shape if order == "F" else shape[::-1]
    sizes = [1]
    for d in dims:
        sizes.append(sizes[-1] * d)
    sizes = sizes[::-1]
    total = sizes[0]
    indices = jnp.clip(indices, -total, total - 1)
    coords = [jnp.mod(indices, sizes[i]) // sizes[i + 1] for i in range(len(shape))]
    if indices.ndim == 0 and len(coords) == 1:
        return jnp.ravel(coords[0])
    return tuple(coords[::-1]) if order == "F" else tuple(coords)


unravel_index = functional(unravel_index)


def ravel_multi_index(multi_index, dims, mode="clip", order="C"):
    """`mindspore.numpy.ravel_multi_index(multi_index, dims, mode='clip', order='C')`: flat
    indices of coordinate arrays, as Float32 (MindSpore's result dtype)."""
    dims = np.asarray((dims,) if isinstance(dims, int) else dims)
    if dims.ndim > 1 or dims.dtype.kind in "fb":
        raise TypeError("only 1-D integer arrays are accepted.")
    dims = [int(d) for d in dims.reshape(-1)]
    multi_index = asarray(multi_index)
    if multi_index.shape[0] != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(dims)}")
    if multi_index.dtype.kind == "f":
        raise TypeError("only int indices permitted")
    if mode == "raise":
        raise NotImplementedError("'raise' mode is not implemented")
    if mode not in ("clip", "wrap"):
        raise ValueError("invalid mode. Expected 'wrap' or 'clip'")
    if order not in ("C", "F"):
        raise ValueError("invalid order. Expected 'C' or 'F'")
    rows = [jnp.clip(multi_index[i], 0, d - 1) if mode == "clip" else jnp.mod(multi_index[i], d)
            for i, d in enumerate(dims)]
    strides, step = [], 1
    for d in (reversed(dims) if order == "C" else dims):
        strides.append(step)
        step *= d
    strides = strides[::-1] if order == "C" else strides
    return builtins.sum((r * s).astype(C.FLOAT32) for r, s in zip(rows, strides))


ravel_multi_index = functional(ravel_multi_index)


def size(a, axis=None):
    """`mindspore.numpy.size(a, axis=None)`: the number of elements (along `axis`), a Python int."""
    a = asarray(a)
    if axis is None:
        return int(a.size)
    if not isinstance(axis, int):
        raise TypeError("axis argument should be integer.")
    return a.shape[C.canonical_axes(axis, a.ndim)]


size = functional(size)


def array_str(a):
    """`mindspore.numpy.array_str(a)`: `str` of a Tensor (NumPy's formatting)."""
    if not isinstance(a, jax.Array):
        raise TypeError("Expect input to be tensor.")
    return tensor_str(np.asarray(a), str(mstype.from_numpy(a.dtype)))


array_str = functional(array_str)


# -- applying Python functions -----------------------------------------------------------------
def _call_on_tensors(func, *args, **kwargs):
    """Call a user function with Tensors and return its result as arrays."""
    return unwrap(func(*wrap(list(args)), **kwargs))


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """`mindspore.numpy.apply_along_axis(func1d, axis, arr, *args, **kwargs)`: `func1d` (called
    with Tensors) applied to each 1-D slice along `axis`."""
    arr = asarray(arr)
    axis = C.axis_in_range(axis, arr.ndim)
    moved = jnp.moveaxis(arr, axis, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    results = jnp.stack([asarray(_call_on_tensors(func1d, rows[i], *args, **kwargs))
                         for i in range(rows.shape[0])])
    result = results.reshape(moved.shape[:-1] + results.shape[1:])
    extra = result.ndim - arr.ndim + 1
    if extra >= 1:
        result = jnp.moveaxis(result, tuple(range(arr.ndim - 1, result.ndim)),
                              tuple(range(axis, axis + extra)))
    return result


apply_along_axis = functional(apply_along_axis)


def apply_over_axes(func, a, axes):
    """`mindspore.numpy.apply_over_axes(func, a, axes)`: `func(a, axis=axis)` applied for each
    axis in turn, keeping the number of dimensions."""
    a = asarray(a)
    result = a
    for axis in ((axes,) if isinstance(axes, int) else axes):
        result = asarray(_call_on_tensors(lambda t, axis=axis: func(t, axis=axis), result))
        if result.ndim != a.ndim:
            result = jnp.expand_dims(result, axis)
        if result.ndim != a.ndim:
            raise ValueError("function is not returning a tensor of the correct shape")
    return result


apply_over_axes = functional(apply_over_axes)


def _stack_all(values):
    if isinstance(values, (tuple, list)):
        return jnp.stack(_promote_all([asarray(v) for v in values]))
    return jnp.atleast_1d(asarray(values))


def piecewise(x, condlist, funclist, *args, **kw):
    """`mindspore.numpy.piecewise(x, condlist, funclist, *args, **kw)`: values from `funclist`
    (functions called with the Tensor x, or constants) where each condition holds; one extra
    entry is the default."""
    x = asarray(x)
    choices = funclist
    if isinstance(funclist, (tuple, list)) and callable(funclist[0]):
        choices = [_call_on_tensors(f, x, *args, **kw) for f in funclist]
    conditions = _stack_all(condlist)
    choices = _stack_all(choices)
    default = 0
    if len(conditions) + 1 == len(funclist):
        default, choices = choices[-1], choices[:-1]
    elif len(conditions) != len(funclist):
        raise ValueError("the number of choices should be either equal to conditions or "
                         f"{len(conditions) + 1}")
    return select.impl(conditions, choices, default)


piecewise = functional(piecewise)
