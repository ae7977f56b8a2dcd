"""Array creation and manipulation of `mindspore.ops`: shapes, joins, gathers, sorting, dtypes.

Several functions here are named after Python builtins (`range`, `slice`), so builtins are used
through the `builtins` module in this file.
"""
from __future__ import annotations

import builtins
import functools
import itertools

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import checkparam, index_checks, integer_inputs, strided_views
from msjax._src.ops.adapters import concrete_array, np_dtype, scalar_like
from msjax._src.backend.interface import eager_jit, one_program
from msjax._src.ops.registry import op, primitive

_INT32 = np.dtype(np.int32)
_INT64 = np.dtype(np.int64)
_FLOAT32 = np.dtype(np.float32)


def _shape_arg(shape, op_name=None):
    """A shape argument as a tuple of ints. A Tensor shape is 0-D or 1-D and integer (MindSpore's
    TypeError, named by `op_name`, otherwise); a traced floating one is the Float32 stand-in
    `grad` differentiates an integer input through (transforms/grad.py), holding whole numbers."""
    if isinstance(shape, int):
        shape = (shape,)
    elif hasattr(shape, "shape"):  # a Tensor shape
        floating = not jnp.issubdtype(shape.dtype, jnp.integer)
        if op_name and (shape.ndim > 1 or floating and not isinstance(shape, jax.core.Tracer)):
            raise TypeError(f"For {op_name}, the 0'th input is a Tensor whose shape is "
                            f"{list(shape.shape)} and dtype is [{mstype.from_numpy(shape.dtype)}], "
                            "which can not be converted to tuple of int.")
        shape = concrete_array(shape).reshape(-1)
    shape = tuple(int(s) for s in shape)
    for i, dim in enumerate(shape if op_name else ()):
        if dim < 0:
            the = "the the" if op_name == "Zeros" else "the"  # (MindSpore's Zeros repeats it)
            raise ValueError(f"For primitive[{op_name}], {the} {i}th dimension of input shape "
                             f"must be greater than or equal to 0, but got {dim}.")
    return shape


def _is_float(v) -> bool:
    return isinstance(v, float) or getattr(getattr(v, "dtype", None), "kind", "") == "f"


# -- creation ----------------------------------------------------------------------------------
@op()
def zeros(size, dtype=None):
    return jnp.zeros(_shape_arg(size, "Zeros"), np_dtype(dtype) or _FLOAT32)


@op()
def ones(shape, dtype=None):
    return jnp.ones(_shape_arg(shape, "Ones"), np_dtype(dtype) or _FLOAT32)


@op(primitive="ZerosLike")
def zeros_like(input, *, dtype=None):
    return jnp.zeros_like(input, dtype=np_dtype(dtype))


@op(primitive="OnesLike")
def ones_like(input, *, dtype=None):
    return jnp.ones_like(input, dtype=np_dtype(dtype))


@op(primitive="Fill")
def fill(type, shape, value):  # noqa: A002
    return jnp.full(_shape_arg(shape), value, np_dtype(type))


@op(primitive="Fills")
def fills(x, value):
    """`ops.fills`: a Tensor like `x` filled with `value` (computed as a float, then cast)."""
    return jnp.full_like(x, jnp.asarray(value, _FLOAT32))


@op()
def full(size, fill_value, *, dtype=None):
    """`ops.full`: MindSpore 2.10 makes an Int64 Tensor unless `dtype` is given."""
    if not isinstance(size, (list, tuple)):
        raise TypeError(f"For 'ops.full', 'size' must be a tuple or list of ints, but got "
                        f"{type(size)}.")
    return jnp.full(_shape_arg(size), fill_value, np_dtype(dtype) or _INT64)


@op()
def full_like(input, fill_value, *, dtype=None):
    return jnp.full_like(input, fill_value, dtype=np_dtype(dtype))


@op()
def arange(start=0, end=None, step=1, *, dtype=None):
    if end is None:
        start, end = 0, start
    if dtype is None:
        dtype = _FLOAT32 if builtins.any(_is_float(v) for v in (start, end, step)) else _INT64
    return jnp.arange(start, end, step, dtype=np_dtype(dtype))


@op()
def range(start, end, step, maxlen=1000000):  # noqa: A001
    """`ops.range`: Float32 if any bound is a float, else Int64. Bounds must be concrete."""
    start, end, step = (integer_inputs.as_index(v) for v in (start, end, step))
    values = [np.asarray(v).item() for v in (start, end, step)]
    if values[2] == 0:
        raise ValueError("For Range, delta cannot be equal to zero.")
    dtype = _FLOAT32 if builtins.any(_is_float(v) for v in (start, end, step)) else _INT64
    return jnp.asarray(np.arange(*values).astype(dtype))


@op(primitive="LinSpace")
def linspace(start, end, steps):
    return jnp.linspace(start, end, int(steps), dtype=_FLOAT32)


@op()
def logspace(start, end, steps, base=10, *, dtype=mstype.float32):
    exponents = jnp.linspace(start, end, int(steps), dtype=np.float64 if base > 2 ** 24 else
                             _FLOAT32)
    return jnp.power(np.float32(base), exponents).astype(np_dtype(dtype))


@op()
def eye(n, m=None, dtype=None):
    return jnp.eye(n, m, dtype=np_dtype(dtype) or _FLOAT32)


@op()
def tril_indices(row, col, offset=0, *, dtype=mstype.int64):
    return jnp.asarray(np.stack(np.tril_indices(row, offset, col)).astype(np_dtype(dtype)))


@op()
def triu_indices(row, col, offset=0, *, dtype=mstype.int64):
    return jnp.asarray(np.stack(np.triu_indices(row, offset, col)).astype(np_dtype(dtype)))


@op(primitive="TupleToArray")
def tuple_to_array(input_x):
    """`ops.tuple_to_array`: Int32 if the first number is an int, else Float32."""
    return jnp.asarray(input_x, _INT32 if isinstance(input_x[0], int) else _FLOAT32)


@op(primitive="ScalarToTensor")
def scalar_to_tensor(input_x, dtype=mstype.float32):
    return jnp.asarray(input_x, np_dtype(dtype))


# -- dtype and shape ---------------------------------------------------------------------------
@op(primitive="Cast")
def cast(input, dtype):
    if not isinstance(dtype, mstype.Type):
        raise TypeError(f"For 'Cast', the input 'dtype' should be mindspore dtype, but got "
                        f"{dtype}.")
    return jnp.asarray(input).astype(mstype.to_numpy_dtype(dtype))


@op(primitive="ScalarCast")
def scalar_cast(input_x, input_y):
    """`ops.scalar_cast`: a Python scalar converted to the Python type of dtype `input_y`
    (Int64, Float64 or Bool)."""
    if input_y not in (mstype.int64, mstype.float64, mstype.bool_):
        raise ValueError("For 'ScalarCast', the supported type is in the list: [mindspore.int64, "
                         f"mindspore.float64, mindspore.bool], but got {input_y}")
    kind = mstype.to_numpy_dtype(input_y).kind
    value = np.asarray(input_x).item()
    return bool(value) if kind == "b" else int(value) if kind in "iu" else float(value)


@op()
def type_as(input, other):
    return input.astype(other.dtype)


@op()
def dtype(x):  # noqa: A001  (mindspore.ops.dtype returns the MindSpore dtype)
    return mstype.from_numpy(x.dtype)


@op(primitive="Shape")
def shape(input_x):
    if not isinstance(input_x, jax.Array):  # (a Tensor arrives as its jax.Array)
        raise TypeError(f"For primitive[Shape], the input argument must be Tensor, but got "
                        f"{type(input_x)}.")
    return tuple(input_x.shape)


@op(primitive="Rank")
def rank(input_x):
    return input_x.ndim


@op(primitive="Size")
def size(input_x):
    return int(input_x.size)


@op()
def numel(input):
    return int(input.size)


# -- shape -------------------------------------------------------------------------------------
def first_float_dim(shape):
    """The position of the first float in a shape given as a sequence (MindSpore takes ints
    only; msjax would truncate a float), or None."""
    if isinstance(shape, (tuple, list)):
        return next((i for i, d in enumerate(shape) if isinstance(d, (float, np.floating))), None)
    return None


@op(primitive="Reshape", view=strided_views.reshaped)
def reshape(input, shape):
    if first_float_dim(shape) is not None:
        kinds = ", ".join(type(d).__name__ if isinstance(d, (bool, float)) else "int"
                          for d in shape)
        raise TypeError(f'Failed calling Reshape with "Reshape()(input=Tensor, '
                        f'shape=Tuple<{kinds}>)".')
    shape = _shape_arg(shape)
    known = int(np.prod([s for s in shape if s != -1]))
    if (-1 not in shape and known != input.size) or (-1 in shape and (
            known == 0 or input.size % known)):
        raise ValueError(f"proposed_shape '[const vector]{{{', '.join(map(str, shape))}}}' is "
                         f"invalid for input of size {input.size}")
    return _reshape_program(input, shape=shape)


@op()
def view_as(input, other):
    return jnp.reshape(input, other.shape)


def check_perm(dims, rank, graph_method=False):
    """MindSpore's checks of Transpose's `dims` for an input of rank `rank`: its length, each
    in [-rank, rank), none twice. `graph_method`: the messages of `Tensor.transpose` in GRAPH_MODE
    (MindSpore's graph compiler words two of them differently)."""
    if len(dims) != rank:
        raise ValueError(f"For 'Transpose', size of perm should equal to rank of x, but got "
                         f"{len(dims)} and {rank}!")
    for d in dims:
        if not -rank <= d < rank:
            if graph_method:
                raise ValueError(f"For primitive[Transpose], the perm value must be in "
                                 f"[{-rank},{rank}), but got {d}.")
            raise ValueError(f"Dimension out of range (expected to be in range of [{-rank}, "
                             f"{rank}), but got {d})")
    seen = set()
    for d in dims:
        if d % rank in seen:
            raise ValueError(f"For 'Transpose'{',' if graph_method else ''} perms should all be "
                             f"unique dim, but{d} is not unique!")
        seen.add(d % rank)


@op(primitive="Transpose", view=strided_views.transposed)
def transpose(input, dims):
    dims = tuple(dims)
    check_perm(dims, input.ndim)
    return _transpose_program(input, axes=dims)


# MindSpore's view of the input, marked as writing memory; msjax's result holds the values
# (docs/migration.md, "What msjax does not implement yet").
TransposeView = primitive("TransposeView", transpose,
                          display=lambda attrs: {**attrs, "side_effect_mem": True})


@op(view=strided_views.transposed)
def permute(input, axis):
    return _transpose_program(input, axes=tuple(axis))


_transpose_program = eager_jit(jnp.transpose, static_argnames="axes")  # eager: fast compile
# Eager programs kept in msjax's eager program cache; inside a trace the jnp functions themselves.
_reshape_program = eager_jit(jnp.reshape, static_argnames="shape", inline_in_traces=True)
_broadcast_program = eager_jit(jnp.broadcast_to, static_argnames="shape", inline_in_traces=True)
_concat_program = eager_jit(jnp.concatenate, static_argnames="axis", inline_in_traces=True)


@op(view=strided_views.matrix_transposed)
def t(input):
    """`ops.t`: the transpose of a 2-D Tensor; 0-D and 1-D Tensors come back unchanged."""
    return input.T if input.ndim == 2 else input


def _check_swapped_axes(ndim, *axes):
    """MindSpore's checks of swapaxes/swapdims's two axes: ints, in [-ndim, ndim)."""
    for axis in axes:
        if not isinstance(axis, (int, np.integer)) or isinstance(axis, bool):
            raise TypeError(f"For ops.swapaxes, the axis argument must be integer, but got "
                            f"{type(axis)}.")
    for axis in axes:
        if not -ndim <= axis < ndim:
            raise ValueError(f"The 'axis' must be in the range of [{-ndim}, {ndim}), but got "
                             f"{axis}.")


@op(tensor_method=True, view=strided_views.swapped)
def swapaxes(input, axis0, axis1):
    _check_swapped_axes(input.ndim, axis0, axis1)
    return jnp.swapaxes(input, axis0, axis1)


@op(view=strided_views.swapped)
def swapdims(input, dim0, dim1):
    _check_swapped_axes(input.ndim, dim0, dim1)
    return jnp.swapaxes(input, dim0, dim1)


@op(tensor_method=True, view=strided_views.moved)
def moveaxis(x, source, destination):
    return jnp.moveaxis(x, source, destination)


@op(view=strided_views.moved)
def movedim(x, source, destination):
    return jnp.moveaxis(x, source, destination)


def _check_dim_wrap(axis, ndim):
    if not -ndim <= axis < ndim:
        raise ValueError(f"Dimension out of range (expected to be in range of [{-ndim}, {ndim}), "
                         f"but got {axis})")


@op(primitive="ExpandDims", tensor_method=True, view=strided_views.unsqueezed)
def expand_dims(input_x, axis):
    _check_dim_wrap(axis, input_x.ndim + 1)
    return jnp.expand_dims(input_x, axis)


@op(tensor_method=True, view=strided_views.unsqueezed)
def unsqueeze(input, dim):
    _check_dim_wrap(dim, input.ndim + 1)
    return jnp.expand_dims(input, dim)


@op(view=strided_views.squeezed)
def squeeze(input, axis=None):
    if axis is not None and not isinstance(axis, (int, tuple, list)):
        raise TypeError(f'Failed calling squeeze with "squeeze({type(axis).__name__})".')
    if axis is not None:
        axes = (axis,) if isinstance(axis, int) else tuple(axis)
        rank = builtins.max(input.ndim, 1)
        for a in axes:
            if not -rank <= a < rank:
                raise ValueError(f"Dimension out of range (expected to be in range of [{-rank}, "
                                 f"{rank}), but got {a})")
        axes = tuple(a % rank for a in axes if input.ndim and input.shape[a] == 1)
        return jnp.squeeze(input, axes)
    return jnp.squeeze(input)


@op()
def flatten(input, order="C", *, start_dim=1, end_dim=-1):
    if input.ndim == 0:
        return input.reshape(1)
    if not (-input.ndim <= start_dim < input.ndim and -input.ndim <= end_dim < input.ndim):
        raise ValueError("'start_dim' or 'end_dim' out of range.")
    start = start_dim % input.ndim
    end = end_dim % input.ndim
    if start > end:
        raise ValueError("For 'flatten', 'start_dim' cannot come after 'end_dim'.")
    new_shape = input.shape[:start] + (-1,) + input.shape[end + 1:]
    return jnp.reshape(input, new_shape, order=order)


@op()
def ravel(input):
    return jnp.ravel(input)


@op(view=strided_views.broadcast)
def broadcast_to(input, shape):
    target = tuple(shape)
    lead = len(target) - input.ndim
    for i, size in enumerate(target[:builtins.max(lead, 0)]):
        if size == -1:  # a new leading axis has no size of the input's to keep
            raise ValueError("For 'BroadcastTo', -1 in init shape is in an incompatible location "
                             f"with given input tensor, -1 index in init shape: {i} but -1 can "
                             f"only be in index{input.ndim}onwards for this input.")
    shape = tuple(input.shape[i - len(shape) + input.ndim] if s == -1 else s
                  for i, s in enumerate(shape))
    if lead < 0 or builtins.any(d not in (1, t) for d, t in zip(input.shape, shape[lead:])):
        raise ValueError("For 'BroadcastTo', in order to broadcast, each dimension pair must be "
                         "equal or input dimension is 1 or target dimension is -1. But got "
                         f"x_shape: {tuple(input.shape)}, target shape: {target}.")
    return _broadcast_program(input, shape=shape)


@op()
def expand(input_x, size):
    """`ops.expand(input_x, size)`: `broadcast_to`, with Expand's own error for -1 in a new
    leading axis."""
    size = _shape_arg(size)
    for i, n in enumerate(tuple(size)[:builtins.max(len(size) - input_x.ndim, 0)]):
        if n == -1:
            raise ValueError(f"For Expand, the expanded size of the tensor (-1) isn't allowed in "
                             f"a leading, non-existing dimension {i}.")
    return broadcast_to.impl(input_x, size)


@op(view=strided_views.broadcast_as)
def expand_as(input, other):
    return jnp.broadcast_to(input, other.shape)


@op(primitive="Tile", tensor_method=True)
def tile(input, dims):
    return jnp.tile(input, tuple(dims))


@op()
def repeat_interleave(input, repeats, axis=None):
    return jnp.repeat(input, integer_inputs.as_index(repeats), axis=axis)


@op()
def repeat_elements(x, rep, axis=0):
    return jnp.repeat(x, rep, axis=axis)


@op(tensor_method=True)
def flip(input, dims):
    return jnp.flip(input, tuple(dims) if not isinstance(dims, int) else dims)


@op()
def reverse(x, axis):
    return jnp.flip(x, tuple(axis) if not isinstance(axis, int) else axis)


@op(tensor_method=True)
def fliplr(input):
    """`ops.fliplr`: axis 1 reversed (MindSpore's ReverseV2, with its errors below rank 2)."""
    if input.ndim == 0:
        raise ValueError("For primitive[ReverseV2], the rank of x must be not equal to 0, but got "
                         "0.")
    if input.ndim == 1:
        raise ValueError("For 'ReverseV2', the 'axis[0]' must be in range of [-1, 1), but got 1 "
                         "with type 'int'.")
    return jnp.fliplr(input)


@op(tensor_method=True)
def flipud(input):
    return jnp.flipud(input)


@op(tensor_method=True)
def roll(input, shifts, dims=None):
    return jnp.roll(input, shifts, dims)


@op(tensor_method=True)
def rot90(input, k, dims):
    return jnp.rot90(input, k, tuple(dims))


@op(tensor_method=True)
def tril(input, diagonal=0):
    """`ops.tril`: the lower triangle of the last two axes (MindSpore's Tril: rank 2 or more)."""
    if input.ndim < 2:
        raise ValueError(f"For primitive[Tril], the x's rank must be greater than or equal to 2, "
                         f"but got {input.ndim}.")
    return jnp.tril(input, diagonal)


@op(tensor_method=True)
def triu(input, diagonal=0):
    return jnp.triu(input, diagonal)


@op(primitive="Diag", tensor_method=True)
@one_program
def diag(input):
    """`ops.diag`: a Tensor of shape `input.shape * 2` with `input` on its diagonal (for a
    vector, the square diagonal matrix)."""
    flat = input.reshape(-1)
    out = jnp.zeros((flat.size, flat.size), input.dtype).at[jnp.arange(flat.size),
                                                              jnp.arange(flat.size)].set(flat)
    return out.reshape(input.shape + input.shape)


@op()
def diagflat(input, offset=0):
    """`ops.diagflat`: the flattened input on diagonal `offset` (an int: TypeError otherwise)."""
    if not isinstance(offset, (int, np.integer)) or isinstance(offset, bool):
        raise TypeError(f"For diagflat, the offset must be int, but got {type(offset)}")
    return jnp.diagflat(input, offset)


@op(view=strided_views.diagonal)
def diagonal(input, offset=0, dim1=0, dim2=1):
    return jnp.diagonal(input, offset, dim1, dim2)


@op(tensor_method=True)
@one_program
def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    n = input.shape[-1] + builtins.abs(offset)
    rows = jnp.arange(input.shape[-1]) + builtins.max(0, -offset)
    cols = jnp.arange(input.shape[-1]) + builtins.max(0, offset)
    out = jnp.zeros(input.shape[:-1] + (n, n), input.dtype).at[..., rows, cols].set(input)
    ndim = out.ndim
    return jnp.moveaxis(out, (ndim - 2, ndim - 1), (dim1 % ndim, dim2 % ndim))


@op()
def atleast_1d(inputs):
    return jnp.atleast_1d(inputs) if not isinstance(inputs, (tuple, list)) else tuple(
        jnp.atleast_1d(x) for x in inputs)


@op()
def atleast_2d(inputs):
    return jnp.atleast_2d(inputs) if not isinstance(inputs, (tuple, list)) else tuple(
        jnp.atleast_2d(x) for x in inputs)


@op()
def atleast_3d(inputs):
    return jnp.atleast_3d(inputs) if not isinstance(inputs, (tuple, list)) else tuple(
        jnp.atleast_3d(x) for x in inputs)


# -- joining and splitting ---------------------------------------------------------------------
@op("concat", "cat")
def concat(tensors, axis=0):
    ndim = tensors[0].ndim
    if not -ndim <= axis < ndim:
        raise ValueError(f"For primitive[Concat], the axis value must be in [{-ndim},{ndim}), "
                         f"but got {axis}.")
    first = tensors[0].dtype
    for i, t in enumerate(tensors[1:], 1):
        if t.dtype != first:  # MindSpore's CPU kernel refuses the mix
            raise RuntimeError(
                "KernelMod Init Failed: Concat\nFor 'Concat', every input must have the dtype "
                f"of the first ({mstype.from_numpy(first)}), but input[{i}] is "
                f"{mstype.from_numpy(t.dtype)}.")
    return _concat_program(tuple(tensors), axis=axis)


@op()
def stack(tensors, axis=0):
    first = tuple(tensors[0].shape)
    for t in tensors[1:]:
        if tuple(t.shape) != first:
            raise ValueError(f"All input shape must be the same! [const vector]{{"
                             f"{', '.join(map(str, t.shape))}}} And [const vector]{{"
                             f"{', '.join(map(str, first))}}}")
    for i, t in enumerate(tensors[1:], 1):
        if t.dtype != tensors[0].dtype:
            raise TypeError(f"All input must have the same data type!input[{i}] data type = "
                            f"Tensor[{mstype.from_numpy(t.dtype)}]infer_type0= "
                            f"Tensor[{mstype.from_numpy(tensors[0].dtype)}]")
    return jnp.stack(tensors, axis=axis)


@op()
def hstack(tensors):
    return jnp.hstack(tensors)


@op()
def vstack(inputs):
    return jnp.vstack(inputs)


@op()
def row_stack(tensors):
    return jnp.vstack(tensors)


@op()
def dstack(tensors):
    return jnp.dstack(tensors)


@op()
def column_stack(tensors):
    return jnp.column_stack(tensors)


@op(view=strided_views.unbound)
def unstack(input_x, axis=0):
    return tuple(jnp.moveaxis(input_x, axis, 0))


@op(tensor_method=True, view=strided_views.unbound)
def unbind(input, dim=0):
    """`ops.unbind`: the slices along `dim`, with MindSpore's errors for a 0-d input (its
    Unstack's) and a `dim` out of range."""
    if input.ndim == 0:
        raise ValueError("For 'Unstack', input's rank should be greater equal to 1, but got 0")
    if not -input.ndim <= dim < input.ndim:
        raise ValueError(f"Dimension out of range (expected to be in range of [{-input.ndim}, "
                         f"{input.ndim}), but got {dim})")
    return tuple(jnp.moveaxis(input, dim, 0))


@op(view=strided_views.split)
def split(tensor, split_size_or_sections, axis=0):
    n = tensor.shape[axis]
    if isinstance(split_size_or_sections, int):
        cuts = list(builtins.range(split_size_or_sections, n, split_size_or_sections))
    else:
        cuts = list(np.cumsum(split_size_or_sections)[:-1])
    return tuple(jnp.split(tensor, cuts, axis=axis))


@op(tensor_method=True, view=strided_views.tensor_pieces)
def tensor_split(input, indices_or_sections, axis=0):
    if np.ndim(indices_or_sections) == 0:
        return tuple(jnp.array_split(input, int(indices_or_sections), axis=axis))
    # split points as NumPy takes them: slices, so a point past the end gives empty pieces
    # (jnp.array_split refuses one: "Sizes passed to split must be nonnegative")
    bounds = [0, *(int(i) for i in indices_or_sections), input.shape[axis]]
    lead = (builtins.slice(None),) * (axis % input.ndim)
    return tuple(input[lead + (builtins.slice(start, stop),)]
                 for start, stop in zip(bounds[:-1], bounds[1:]))


@op(view=functools.partial(strided_views.tensor_pieces, axis=1))
def hsplit(input, indices_or_sections):
    return tensor_split.impl(input, indices_or_sections, 1)


@op(view=functools.partial(strided_views.tensor_pieces, axis=0))
def vsplit(input, indices_or_sections):
    return tensor_split.impl(input, indices_or_sections, 0)


@op(view=functools.partial(strided_views.tensor_pieces, axis=2))
def dsplit(input, indices_or_sections):
    return tensor_split.impl(input, indices_or_sections, 2)


@op(view=strided_views.chunked)
def chunk(input, chunks, axis=0):
    """`ops.chunk`: pieces of ceil(size / chunks) along `axis`; MindSpore's ValueErrors for
    `chunks` below 1 and an axis out of range (NumPy's words, as its Python raises them)."""
    if chunks <= 0:
        raise ValueError(f"For ops.chunk parameter 'chunks' must be greater than 0, but got "
                         f"{chunks}")
    if not -input.ndim <= axis < input.ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {input.ndim}")
    n = input.shape[axis]
    size = -(-n // chunks)
    return tuple(jnp.split(input, list(builtins.range(size, n, size)), axis=axis))


@op()
def meshgrid(*inputs, indexing="xy"):
    if len(inputs) == 1 and isinstance(inputs[0], (tuple, list)):
        inputs = inputs[0]
    return tuple(jnp.meshgrid(*inputs, indexing=indexing))


@op()
def cartesian_prod(*inputs):
    grids = jnp.meshgrid(*inputs, indexing="ij")
    return jnp.stack(grids, axis=-1).reshape(-1, len(inputs))


@op()
@one_program
def combinations(input, r=2, with_replacement=False):
    pick = itertools.combinations_with_replacement if with_replacement else \
        itertools.combinations
    index = np.array(list(pick(builtins.range(input.shape[0]), r)), np.int64).reshape(-1, r)
    return input[index]


@op()
def block_diag(*inputs):
    return jax.scipy.linalg.block_diag(*inputs)


# -- selection and indexing --------------------------------------------------------------------
@op()
def where(condition, input, other):
    return jnp.where(condition, scalar_like(input, other), scalar_like(other, input))


@op(primitive="Select")
def select(condition, input, other):
    """`ops.select(condition, input, other)`: elementwise where (scalars allowed)."""
    if getattr(condition, "dtype", None) is not None and condition.dtype != np.bool_:
        raise TypeError("Select CPU operator[Select] fail! Unsupported data type!")
    return jnp.where(condition, scalar_like(input, other), scalar_like(other, input))


@op()
def gather(input_params, input_indices, axis, batch_dims=0):
    rank = input_params.ndim
    if not -rank <= axis <= rank:
        raise ValueError(f"For primitive[Gather], the axis must be in [{-rank},{rank}], but got "
                         f"{axis}.")
    axis = axis % rank
    input_indices = integer_inputs.as_index(input_indices)
    index_checks.check_gather(input_indices, input_params.shape[axis])
    take = lambda p, i: jnp.take(p, i, axis=axis - batch_dims)  # noqa: E731
    for _ in builtins.range(batch_dims):
        take = jax.vmap(take)
    return take(input_params, input_indices)


def _gather_d(x, dim, index):
    """GatherD: `x`'s elements along `dim` at `index`, of the index's shape (an index shorter
    than `x` on another axis reads that axis' first rows), with MindSpore's shape errors."""
    index = integer_inputs.as_index(index)  # (a differentiated index: its integers)
    if index.ndim != x.ndim:
        raise ValueError(f"For primitive[GatherD], the x_rank must be equal to {index.ndim}, but "
                         f"got {x.ndim}.")
    if not -x.ndim <= dim < max(x.ndim, 1):
        raise ValueError(f"For primitive[GatherD], the dim value must be in [{-x.ndim},"
                         f"{x.ndim}], but got {dim}.")
    axis = dim % x.ndim if x.ndim else 0
    for d, (size, extent) in enumerate(zip(x.shape, index.shape)):
        if d != axis and extent > size:
            raise ValueError(f"For primitive[GatherD], the x shape must be greater than or equal "
                             f"to {extent}, but got {size}.")
    index_checks.check_gather_d(index, x.shape[axis])
    if x.shape != index.shape:
        x = x[tuple(builtins.slice(None) if d == axis else builtins.slice(0, extent)
                    for d, extent in enumerate(index.shape))]
    return jnp.take_along_axis(x, index, axis=axis)


@op(primitive="GatherD", tensor_method=True)
def gather_elements(input, dim, index):
    return _gather_d(input, dim, index)


@op()
def gather_d(x, dim, index):
    return _gather_d(x, dim, index)


@op(primitive="GatherNd")
def gather_nd(input_x, indices):
    indices = integer_inputs.as_index(indices)
    index_checks.check_gather_nd(indices, input_x.shape)
    return input_x[tuple(jnp.moveaxis(indices, -1, 0))]


@op()
def index_select(input, axis, index):
    """`ops.index_select`: the entries at the 1-D `index` along `axis`, with MindSpore's errors
    for another rank of `index`, an axis out of range and an index out of range (Gather's),
    and its TypeError for an `input` or `index` that is not a Tensor (a list, a NumPy array)."""
    if not (isinstance(input, jax.Array) and isinstance(index, jax.Array)):
        raise TypeError("For 'index_select', `input` and `index` must be all tensors.")
    if index.ndim != 1:
        raise ValueError(f"For 'index_select', the dimension of `index` must be 1, but got "
                         f"{index.ndim}")
    rank = input.ndim
    if not -rank <= axis < rank:
        raise ValueError(f"The 'axis' must be in the range of [-{rank}, {rank}), but got {axis}.")
    index = integer_inputs.as_index(index)
    index_checks.check_gather(index, input.shape[axis])
    return jnp.take(input, index, axis=axis)


@op()
def take(input, index):
    return jnp.take(input.reshape(-1), integer_inputs.as_index(index))


@op(primitive="MaskedFill", tensor_method=True)
def masked_fill(input_x, mask, value):
    return jnp.where(mask, jnp.asarray(value, input_x.dtype), input_x)


@op(primitive="MaskedSelect", tensor_method=True)
def masked_select(input, mask):
    input, mask = jnp.broadcast_arrays(input, mask)
    return input[mask]


@op(primitive="NonZero", tensor_method=True)
def nonzero(input, *, as_tuple=False):
    result = jnp.nonzero(input)
    if as_tuple:
        return tuple(r.astype(_INT64) for r in result)
    return jnp.stack(result, axis=-1).astype(_INT64)


@op(tensor_method=True)
def argwhere(input):
    return jnp.argwhere(input).astype(_INT64)


def _number_as_tensor(value):
    """`value` as MindSpore's one_hot takes it: a Python number as `Tensor(value)` holds it (a
    float Float32, an int Int64), an array as it is."""
    if isinstance(value, float):
        return jnp.asarray(value, jnp.float32)
    return jnp.asarray(value)


@op()
def one_hot(indices, depth, on_value=1, off_value=0, axis=-1):
    if depth < 0:
        raise ValueError(f"For primitive[OneHot], the depth value must be greater than or equal "
                         f"to 0, but got {depth}.")
    on, off = _number_as_tensor(on_value), _number_as_tensor(off_value)
    indices = integer_inputs.as_index(indices)
    hot = jax.nn.one_hot(indices, depth, axis=axis, dtype=jnp.bool_)
    return jnp.where(hot, on, off).astype(jnp.result_type(on, off))


@op(view=strided_views.narrowed)
def narrow(input, axis, start, length):
    """`ops.narrow(input, axis, start, length)` (and `Tensor.narrow`): `length` elements of
    `axis` from `start`, with MindSpore's checks: `axis` an int in [-ndim, ndim), `start` an
    int in [0, size), `length` an int in [1, size - start]."""
    axis = checkparam.check_axis_in_range(axis, input.ndim)
    size = input.shape[axis]
    checkparam.check_int_range(start, 0, size, checkparam.INC_LEFT)
    checkparam.check_int_range(length, 1, size - start, checkparam.INC_BOTH)
    return jax.lax.slice_in_dim(input, start, start + length, axis=axis)


@op(primitive="Slice", view=strided_views.sliced_block)
def slice(input_x, begin, size):  # noqa: A001
    size = [input_x.shape[i] - b if s == -1 else s for i, (b, s) in enumerate(zip(begin, size))]
    return jax.lax.dynamic_slice(input_x, tuple(begin), tuple(size))


@op()
def strided_slice(input_x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0):
    index = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        b = None if begin_mask >> i & 1 else b
        e = None if end_mask >> i & 1 else e
        index.append(b if shrink_axis_mask >> i & 1 else builtins.slice(b, e, s))
    return input_x[tuple(index)]


@op(primitive="StopGradient")
def stop_gradient(value):
    return jax.lax.stop_gradient(value)


@op()
def identity(x):
    return x


@op()
def deepcopy(input_x):
    return jnp.array(input_x, copy=True)


def _crop_negative_padding(input_x, pads):
    """`ops.pad`'s negative paddings: each crops its side of the axis first (MindSpore's PadV3),
    then the input so cropped is padded by the positive ones, whatever the mode (the amounts
    are checked by shape_rules._pad_output_size)."""
    kept = tuple(builtins.slice(builtins.max(-lo, 0), size - builtins.max(-hi, 0))
                 for size, (lo, hi) in zip(input_x.shape, pads))
    return input_x[kept], [(builtins.max(lo, 0), builtins.max(hi, 0)) for lo, hi in pads]


@op()
def pad(input_x, padding, mode="constant", value=None):
    pads = [(0, 0)] * input_x.ndim
    for i in builtins.range(len(padding) // 2):
        pads[input_x.ndim - 1 - i] = (int(padding[2 * i]), int(padding[2 * i + 1]))
    if mode == "reflect":
        _check_reflect_padding(input_x.shape, padding)
    if builtins.any(lo < 0 or hi < 0 for lo, hi in pads):
        input_x, pads = _crop_negative_padding(input_x, pads)
    if mode == "constant":
        return jnp.pad(input_x, pads,
                       constant_values=scalar_like(0 if value is None else value, input_x))
    return jnp.pad(input_x, pads, mode={"reflect": "reflect", "replicate": "edge",
                                         "circular": "wrap"}[mode])


def _check_reflect_padding(shape, padding):
    """ops.pad's 'reflect' mode (MindSpore's PadV3): each (before, after) pair, last axis first,
    must be less than its axis's size. MindSpore numbers the axes of the input as its kernel
    sees it, with as many leading axes as pairs plus two (a pair for the last axis is axis 2)."""
    pairs = len(padding) // 2
    for i in builtins.range(pairs):
        lo, hi = int(padding[2 * i]), int(padding[2 * i + 1])
        size = shape[len(shape) - 1 - i]
        if lo >= size or hi >= size:
            raise ValueError("For 'PadV3' reflect mode, Padding size must be less than the "
                             f"corresponding input dimension, but got: padding ({lo},{hi}) at "
                             f"dimension {pairs + 1 - i} of input:[{size}]")


def check_mirror_paddings(shape, pads, mode):
    """MindSpore's MirrorPad checks of its (before, after) pairs, first axis first: none
    negative; each less than its axis's size in 'REFLECT' mode, at most that size in
    'SYMMETRIC' mode."""
    if builtins.any(v < 0 for pair in pads for v in pair):
        raise ValueError("For 'MirrorPad', all elements of paddings must be >= 0.")
    for (lo, hi), size in zip(pads, shape):
        if (lo or hi) and (builtins.max(lo, hi) >= size if mode == "REFLECT"
                           else builtins.max(lo, hi) > size):
            relation = "not less than" if mode == "REFLECT" else "greater than"
            raise ValueError("For 'MirrorPad', paddings must be no greater than the dimension "
                             f"size: [{lo}], [{hi}] {relation} [{size}]")


@op()
def mirror_pad(input_x, paddings, mode):
    pads = [tuple(int(v) for v in p) for p in np.asarray(paddings)]
    check_mirror_paddings(input_x.shape, pads, mode)
    return jnp.pad(input_x, pads, mode={"REFLECT": "reflect", "SYMMETRIC": "symmetric"}[mode])


# -- sorting and searching ---------------------------------------------------------------------
@op()
@one_program
def sort(input_x, axis=-1, descending=False):
    rank = builtins.max(input_x.ndim, 1)
    if not -rank <= axis < rank:
        raise ValueError(f"For primitive[Sort], the axis must be in [{-rank},{rank - 1}], but got "
                         f"{axis}.")
    order = jnp.argsort(input_x, axis=axis, stable=True, descending=descending)
    return jnp.take_along_axis(input_x, order, axis=axis), order.astype(_INT32)


@op()
def msort(input):
    return jnp.sort(input, axis=0)


@op(tensor_method=True)
@one_program
def argsort(input, axis=-1, descending=False):
    return jnp.argsort(input, axis=axis, stable=True, descending=descending).astype(_INT32)


@op()
@one_program
def topk(input, k, dim=None, largest=True, sorted=True):  # noqa: A002
    axis = -1 if dim is None else dim
    n = input.shape[axis] if input.ndim else 1
    if not 0 < k <= n:
        raise ValueError(f"For primitive[TopK], the k must be in (0,{n}], but got {k}.")
    moved = jnp.moveaxis(input, axis, -1)
    values, indices = jax.lax.top_k(moved if largest else -moved, k)
    values = values if largest else -values
    return jnp.moveaxis(values, -1, axis), jnp.moveaxis(indices, -1, axis).astype(_INT32)


@op()
def top_k(input_x, k, sorted=True):  # noqa: A002
    return topk.impl(input_x, k, sorted=sorted)


@op()
def intopk(x1, x2, k):
    """`ops.intopk`: whether each target class `x2[i]` is among the top `k` of row `x1[i]`."""
    target = jnp.take_along_axis(x1, x2[:, None].astype(_INT32), axis=1)
    return jnp.sum(x1 > target, axis=1) < k


@op(primitive="Unique")
def unique(input):
    """`ops.unique`: the distinct values in order of first appearance, and each element's index
    into them (Int64 for an Int64 input, else Int32, as MindSpore's kernel gives). The output
    shape depends on the values: eager only."""
    flat = np.asarray(input).reshape(-1)
    _, first, inverse = np.unique(flat, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    return (jnp.asarray(flat[np.sort(first)]),
            jnp.asarray(rank[inverse.reshape(-1)].reshape(input.shape)
                        .astype(_INT64 if input.dtype == _INT64 else _INT32)))


@op(primitive="UniqueWithPad", tensor_method=True)
def unique_with_pad(x, pad_num):
    """`ops.unique_with_pad(x, pad_num)`: a 1-D `x`'s distinct values in order of first
    appearance, padded with `pad_num` to `x`'s length, and each element's index into them (Int32
    as MindSpore's CPU kernel gives, Int64 for an Int64 `x`). The shapes are `x`'s, so it
    compiles: one stable sort groups equal values."""
    n = x.shape[0]
    order = jnp.argsort(x, stable=True)
    ordered = x[order]
    starts = jnp.concatenate([jnp.ones((1,), bool), ordered[1:] != ordered[:-1]])
    # each sorted element's group starts where the last start at or before it is
    start = jax.lax.cummax(jnp.where(starts, jnp.arange(n), 0))
    first = jnp.zeros(n, order.dtype).at[order].set(order[start])  # first position of x[i]
    is_first = first == jnp.arange(n)
    rank = jnp.cumsum(is_first) - 1
    values = jnp.full(n, pad_num, x.dtype).at[jnp.where(is_first, rank, n)].set(x, mode="drop")
    return values, rank[first].astype(jnp.int64 if x.dtype == jnp.int64 else _INT32)


@op()
def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    data = np.asarray(input)
    axis = 0 if dim is not None else None
    data = np.moveaxis(data, dim, 0) if dim is not None else data.reshape(-1)
    change = np.ones(data.shape[0], bool)
    change[1:] = np.any((data[1:] != data[:-1]).reshape(data.shape[0] - 1, -1), axis=1)
    output = data[change]
    output = np.moveaxis(output, 0, dim) if axis is not None else output
    results = [jnp.asarray(output)]
    if return_inverse:
        inverse = np.cumsum(change) - 1
        results.append(jnp.asarray(inverse.reshape(input.shape if dim is None else -1)
                                   .astype(_INT64)))
    if return_counts:
        starts = np.flatnonzero(change)
        results.append(jnp.asarray(np.diff(np.append(starts, data.shape[0])).astype(_INT64)))
    return results[0] if len(results) == 1 else tuple(results)


@op()
@one_program
def searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None, sorter=None):
    side = side or ("right" if right else "left")
    if sorted_sequence.ndim > 1:
        search = jnp.vectorize(lambda s, v: jnp.searchsorted(s, v, side=side),
                               signature="(n),(m)->(m)")
        result = search(sorted_sequence, values)
    else:
        result = jnp.searchsorted(sorted_sequence, values, side=side, sorter=sorter)
    return result.astype(_INT32 if out_int32 else _INT64)


@op()
def bucketize(input, boundaries, *, right=False):
    """`ops.bucketize`: a float input is compared with the boundaries in its own dtype, as
    MindSpore compares (float32 0.1 falls on the boundary 0.1: tests/test_x64.py)."""
    floating = jnp.issubdtype(input.dtype, jnp.floating)
    boundaries = jnp.asarray(boundaries, input.dtype) if floating else jnp.asarray(boundaries)
    return jnp.searchsorted(boundaries, input, side="right" if right else "left").astype(_INT32)


@op(tensor_method=True)
def bincount(input, weights=None, minlength=0):
    """`ops.bincount`: for each i below max(int(input.max()) + 1, minlength), how many entries
    equal i (or the sum of their weights), as Float32. As MindSpore compares the entries with
    each i, negative and non-integral (float) entries count nowhere. The length depends on the
    values: eager only (a graph runs eagerly)."""
    if input.ndim != 1:
        raise ValueError("For math function 'bincount', 'input' should be one-dimensional tensor.")
    if weights is not None and weights.shape != input.shape:
        raise ValueError("for bincount `input` and `weights` must have the same length")
    if minlength < 0:
        raise ValueError(f"For 'bincount', 'minlength' should be >= 0 but got {minlength}.")
    input = integer_inputs.as_index(input)
    top = int(np.asarray(input).max()) + 1 if input.size else 0
    length = builtins.max(top, minlength)
    counted = (input >= 0) & (input == jnp.floor(input) if input.dtype.kind == "f" else True)
    weights = jnp.ones(input.shape, _FLOAT32) if weights is None else weights.astype(_FLOAT32)
    index = jnp.where(counted, input, 0).astype(_INT64 if length > 2**31 - 1 else _INT32)
    return jnp.bincount(index, jnp.where(counted, weights, 0), length=length).astype(_FLOAT32)


@op()
def sequence_mask(lengths, maxlen=None):
    if maxlen is None:
        maxlen = int(np.asarray(lengths).max())
    return jnp.arange(maxlen) < lengths[..., None]


@op(primitive="PopulationCount")
def population_count(input_x):
    return jax.lax.population_count(input_x).astype(np.uint8)


def filled_diagonal(data, fill_value, wrap=False):
    """NumPy's fill_diagonal of the array `data`, as a new array (Tensor.fill_diagonal,
    FillDiagonal): the main diagonal (all dimensions equal beyond 2-D); a tall matrix's restarts
    every ncols + 1 rows when `wrap`. A float `fill_value` goes into an integer array truncated
    and wrapped around its range (300.0 is 44 in Int8), as MindSpore's kernel casts it."""
    if jnp.issubdtype(data.dtype, jnp.integer) and isinstance(fill_value, float):
        fill_value = np.array(int(fill_value)).astype(data.dtype)
    if data.ndim == 2:
        rows, cols = data.shape
        end = rows * cols if wrap else builtins.min(rows, cols) * cols
        flat = data.reshape(-1).at[jnp.arange(0, end, cols + 1)].set(fill_value)
        return flat.reshape(data.shape)
    idx = jnp.arange(builtins.min(data.shape))
    return data.at[(idx,) * data.ndim].set(fill_value)
