"""MindSpore's strided views in PyNative mode: `Tensor.stride()`, `storage_offset()`,
`is_contiguous()` and `contiguous()`.

In MindSpore 2.10's PyNative mode a view op (transpose, permute, swapaxes, `t`, basic indexing,
narrow, select, split, chunk, unbind, broadcast_to/expand, squeeze, unsqueeze, view/reshape,
diagonal) returns a Tensor that shares its input's memory, read with strides and a storage offset
of its own: `ops.transpose(x, (1, 0))` of a contiguous (2, 3) `x` has strides [1, 3] and is not
contiguous; `x[1]` starts at storage offset 3; `contiguous()` of a view that is not contiguous
is a row-major copy. Any other op makes a new, row-major Tensor.

msjax's arrays each own their values, so msjax records, on the Tensor a view op makes, the strides
and offset MindSpore's view has: `(shape, strides, offset)` in `_strided` (a Tensor without one,
or whose shape has changed since, is row-major from offset 0). The record is of PyNative Tensors
only: a traced Tensor (inside `jit` or a graph-mode Cell) is always row-major.
(Writes into a view that is not a basic index do not reach its input: docs/migration.md.)
"""
from __future__ import annotations

import functools
import inspect

import jax


def row_major(shape) -> tuple:
    """The strides (in elements) of a row-major Tensor of `shape`."""
    strides, step = [], 1
    for size in reversed(shape):
        strides.append(step)
        step *= size
    return tuple(reversed(strides))


def layout_of(tensor) -> tuple:
    """`(shape, strides, offset)` of `tensor` as MindSpore's PyNative mode holds it."""
    shape = tuple(tensor._data.shape)
    recorded = tensor._strided
    if recorded is not None and recorded[0] == shape:
        return recorded
    return shape, row_major(shape), 0


def is_contiguous(layout) -> bool:
    """MindSpore's (and PyTorch's) rule: an empty Tensor is contiguous; otherwise each axis of
    size above 1 has the row-major stride of the axes after it (axes of size 1 are skipped)."""
    shape, strides, _ = layout
    if 0 in shape:
        return True
    expected = 1
    for size, stride in zip(reversed(shape), reversed(strides)):
        if size != 1:
            if stride != expected:
                return False
            expected *= size
    return True


def record(tensor, layout) -> None:
    """Record `layout` on `tensor` (a view op's result); a row-major layout from offset 0 is not
    recorded (it is every Tensor's default)."""
    if layout is None or isinstance(tensor._data, jax.core.Tracer):
        return
    shape, strides, offset = layout
    if offset == 0 and strides == row_major(shape):
        return
    tensor._strided = layout


def view_op(rule, parameters_of=None):
    """Decorate a Tensor-level view op: its result (or each of its results) gets the layout
    `rule(layout_of(input), *other_args)` gives (a layout, a list of them, or None for a
    row-major copy), the op's arguments after its input given by position in the op's order
    (that of `parameters_of`'s signature, default the op's own). An op called inside a trace
    records nothing."""
    def decorate(fn):
        signature = inspect.signature(parameters_of or fn)

        keeps_row_major = rule in _KEEPING_ROW_MAJOR

        @functools.wraps(fn)
        def call(*args, **kwargs):
            out = fn(*args, **kwargs)
            if keeps_row_major and args and getattr(args[0], "_strided", 0) is None:
                return out  # (a row-major input's result is row-major: nothing to record)
            if kwargs:  # (the arguments in the op's order, as the rule takes them)
                bound = signature.bind(*args, **kwargs)
                bound.apply_defaults()
                args = tuple(bound.arguments.values())
            data = getattr(args[0], "_data", None) if args else None
            if data is not None and not isinstance(data, jax.core.Tracer):
                _record_results(out, rule(layout_of(args[0]), *args[1:]))
            return out
        return call
    return decorate


def _record_results(out, layouts) -> None:
    if isinstance(out, (tuple, list)):
        for tensor, layout in zip(out, layouts or ()):
            record(tensor, layout)
    else:
        record(out, layouts)


# -- the layouts of MindSpore's view ops --------------------------------------------------------
def _axis(axis, ndim) -> int:
    return int(axis) % ndim if ndim else 0


def permuted(layout, perm):
    """transpose/permute: the axes (and their strides) in the order `perm`."""
    shape, strides, offset = layout
    perm = [_axis(p, len(shape)) for p in perm]
    return tuple(shape[p] for p in perm), tuple(strides[p] for p in perm), offset


def transposed(layout, dims):
    """`ops.transpose(input, dims)`."""
    return permuted(layout, tuple(dims))


def swapped(layout, axis0, axis1):
    """swapaxes/swapdims/`mint.transpose`: two axes exchanged."""
    perm = list(range(len(layout[0])))
    a, b = _axis(axis0, len(perm)), _axis(axis1, len(perm))
    perm[a], perm[b] = perm[b], perm[a]
    return permuted(layout, perm)


def reversed_axes(layout, *_):
    """`t`/`T`: the axes in reverse order."""
    return permuted(layout, tuple(reversed(range(len(layout[0])))))


def matrix_transposed(layout, *_):
    """`ops.t`/`Tensor.t`: a 2-D Tensor's axes exchanged; a Tensor of another rank comes back
    unchanged, its layout too."""
    return reversed_axes(layout) if len(layout[0]) == 2 else layout


def last_two_swapped(layout):
    """`mT`: the last two axes exchanged."""
    return swapped(layout, -1, -2)


def moved(layout, source, destination):
    """movedim/moveaxis: axes `source` moved to `destination`, the others in order."""
    ndim = len(layout[0])
    source = [_axis(s, ndim) for s in (source if isinstance(source, (tuple, list)) else [source])]
    destination = [_axis(d, ndim) for d in (
        destination if isinstance(destination, (tuple, list)) else [destination])]
    rest = [a for a in range(ndim) if a not in source]
    perm = [None] * ndim
    for s, d in zip(source, destination):
        perm[d] = s
    fill = iter(rest)
    return permuted(layout, [p if p is not None else next(fill) for p in perm])


def sliced(layout, axis, start, stop, step=1):
    """Elements `start:stop:step` of `axis` (start and stop in range)."""
    shape, strides, offset = layout
    shape, strides = list(shape), list(strides)
    shape[axis] = max(0, -(-(stop - start) // step))
    offset += start * strides[axis]
    strides[axis] *= step
    return tuple(shape), tuple(strides), offset


def taken(layout, axis, index):
    """The slice at `index` of `axis`, the axis removed (select, an integer index)."""
    shape, strides, offset = layout
    index = int(index) % shape[axis]
    return (shape[:axis] + shape[axis + 1:], strides[:axis] + strides[axis + 1:],
            offset + index * strides[axis])


def narrowed(layout, axis, start, length):
    """narrow: `length` elements of `axis` from `start`."""
    axis = _axis(axis, len(layout[0]))
    start = int(start)
    start += layout[0][axis] if start < 0 else 0  # (mint.narrow: from the end)
    return sliced(layout, axis, start, start + int(length))


def selected(layout, dim, index):
    """select: the slice at `index` of `dim`."""
    return taken(layout, _axis(dim, len(layout[0])), index)


def pieces(layout, axis, sizes):
    """split/chunk: consecutive pieces of `axis` of the given sizes."""
    axis = _axis(axis, len(layout[0]))
    out, start = [], 0
    for size in sizes:
        out.append(sliced(layout, axis, start, start + size))
        start += size
    return out


def split_sizes(total, split_size_or_sections) -> list:
    """The sizes of split's pieces: pieces of one size (the last shorter), or the listed ones."""
    if isinstance(split_size_or_sections, int):
        size = split_size_or_sections
        return [min(size, total - start) for start in range(0, total, size)]
    return [int(s) for s in split_size_or_sections]


def split(layout, split_size_or_sections, axis=0):
    """ops.split / Tensor.split / mint.split."""
    axis = _axis(axis, len(layout[0]))
    return pieces(layout, axis, split_sizes(layout[0][axis], split_size_or_sections))


def chunked(layout, chunks, axis=0):
    """chunk: pieces of ceil(size / chunks) along `axis`."""
    axis = _axis(axis, len(layout[0]))
    total = layout[0][axis]
    return pieces(layout, axis, split_sizes(total, -(-total // chunks)))


def tensor_pieces(layout, indices_or_sections, axis=0):
    """tensor_split/hsplit/vsplit/dsplit: `indices_or_sections` pieces (the first ones one
    longer where the size does not divide), or the pieces between the listed indices."""
    axis = _axis(axis, len(layout[0]))
    total = layout[0][axis]
    if not isinstance(indices_or_sections, (tuple, list)) and getattr(
            indices_or_sections, "ndim", 0) == 0:  # (a number of pieces: an int, a 0-D Tensor)
        count = int(indices_or_sections)
        size, longer = divmod(total, count)
        return pieces(layout, axis, [size + 1] * longer + [size] * (count - longer))
    bounds = [0, *(int(i) for i in indices_or_sections), total]
    out = []
    for start, stop in zip(bounds[:-1], bounds[1:]):
        start, stop, _ = slice(start, stop).indices(total)
        out.append(sliced(layout, axis, start, max(start, stop)))
    return out


def sliced_block(layout, begin, size):
    """ops.slice (the Slice primitive): `size` elements (-1: to the end) from `begin`, per
    axis."""
    for axis, (start, length) in enumerate(zip(begin, size)):
        start = int(start)
        stop = layout[0][axis] if int(length) == -1 else start + int(length)
        layout = sliced(layout, axis, start, stop)
    return layout


def record_reshape(tensor, result) -> None:
    """Record on `result` (`tensor` flattened or reshaped to `result`'s shape: Tensor.flatten,
    Tensor.ravel, mint.flatten) the layout MindSpore's view has."""
    if tensor._strided is not None and not isinstance(tensor._data, jax.core.Tracer):
        record(result, reshaped(layout_of(tensor), result.shape))


def unbound(layout, dim=0):
    """unbind: each slice of `dim`."""
    dim = _axis(dim, len(layout[0]))
    return [taken(layout, dim, i) for i in range(layout[0][dim])]


def broadcast(layout, shape):
    """broadcast_to/expand: new leading axes and axes grown from size 1 have stride 0."""
    old_shape, old_strides, offset = layout
    shape = _ints(shape)
    lead = len(shape) - len(old_shape)
    strides = [0] * lead
    for size, old, stride in zip(shape[lead:], old_shape, old_strides):
        strides.append(stride if size == old or size == -1 else 0)
    shape = shape[:lead] + tuple(old if size == -1 else size
                                 for size, old in zip(shape[lead:], old_shape))
    return shape, tuple(strides), offset


def broadcast_as(layout, other):
    """expand_as: broadcast to `other`'s shape."""
    return broadcast(layout, other.shape)


def squeezed(layout, axis=None):
    """squeeze: axes of size 1 (all of them, or those of `axis` that are) removed."""
    shape, strides, offset = layout
    if axis is None:
        drop = {a for a, size in enumerate(shape) if size == 1}
    else:
        axes = axis if isinstance(axis, (tuple, list)) else (axis,)
        drop = {_axis(a, len(shape)) for a in axes if shape and shape[_axis(a, len(shape))] == 1}
    keep = [a for a in range(len(shape)) if a not in drop]
    return tuple(shape[a] for a in keep), tuple(strides[a] for a in keep), offset


def unsqueezed(layout, dim):
    """unsqueeze/expand_dims: a new axis of size 1 at `dim`, of stride (the next axis's stride
    times its size), or 1 at the end."""
    shape, strides, offset = layout
    dim = int(dim) % (len(shape) + 1)
    stride = strides[dim] * shape[dim] if dim < len(shape) else 1
    return shape[:dim] + (1,) + shape[dim:], strides[:dim] + (stride,) + strides[dim:], offset


def reshaped(layout, shape):
    """view/reshape: the same memory read as `shape` where the strides allow it (PyTorch's
    rule, which MindSpore follows: each run of merged axes must be contiguous in itself);
    otherwise None, a row-major copy."""
    old_shape, old_strides, offset = layout
    shape = _resolved_shape(_ints(shape), old_shape)
    if 0 in old_shape or 0 in shape:
        return shape, row_major(shape), offset
    strides = [0] * len(shape)
    view_d = len(shape) - 1
    chunk_base_stride = old_strides[-1] if old_strides else 1
    tensor_numel, view_numel = 1, 1
    for d in range(len(old_shape) - 1, -1, -1):
        tensor_numel *= old_shape[d]
        if d == 0 or (old_shape[d - 1] != 1
                      and old_strides[d - 1] != tensor_numel * chunk_base_stride):
            while view_d >= 0 and (view_numel < tensor_numel or shape[view_d] == 1):
                strides[view_d] = view_numel * chunk_base_stride
                view_numel *= shape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if d > 0:
                chunk_base_stride = old_strides[d - 1]
                tensor_numel, view_numel = 1, 1
    if view_d != -1:
        return None
    return shape, tuple(strides), offset


def flattened(layout, start_dim=0, end_dim=-1):
    """mint.flatten: axes `start_dim`..`end_dim` merged into one (reshape's rule)."""
    shape = layout[0]
    if not shape:
        return reshaped(layout, (1,))
    start, end = _axis(start_dim, len(shape)), _axis(end_dim, len(shape))
    return reshaped(layout, shape[:start] + (-1,) + shape[end + 1:])


def _ints(shape) -> tuple:
    """A shape argument (an int, or a tuple, list or Tensor of them) as a tuple of ints."""
    if isinstance(shape, int):
        return (shape,)
    return tuple(int(s) for s in shape)


def _resolved_shape(shape, old_shape) -> tuple:
    if -1 not in shape:
        return shape
    total = 1
    for size in old_shape:
        total *= size
    known = 1
    for size in shape:
        if size != -1:
            known *= size
    return tuple(total // known if size == -1 else size for size in shape)


def diagonal(layout, offset=0, dim1=0, dim2=1):
    """diagonal: `dim1` and `dim2` removed, a last axis of stride (their strides' sum)."""
    shape, strides, start = layout
    d1, d2 = _axis(dim1, len(shape)), _axis(dim2, len(shape))
    if offset >= 0:
        length = max(0, min(shape[d1], shape[d2] - offset))
        start += offset * strides[d2] if length else 0
    else:
        length = max(0, min(shape[d1] + offset, shape[d2]))
        start += -offset * strides[d1] if length else 0
    keep = [a for a in range(len(shape)) if a not in (d1, d2)]
    return (tuple(shape[a] for a in keep) + (length,),
            tuple(strides[a] for a in keep) + (strides[d1] + strides[d2],), start)


def indexed(layout, index):
    """Basic indexing (`x[1]`, `x[:, ::2]`, `x[None, ..., 1]`): the view's layout; None where
    `index` holds anything else (a Tensor, a list, a bool: MindSpore copies)."""
    items = index if type(index) is tuple else (index,)
    for item in items:
        kind = type(item)
        if not (kind is int or item is None or item is Ellipsis or (kind is slice and all(
                part is None or type(part) is int for part in (item.start, item.stop,
                                                             item.step)))):
            return None
    named = sum(1 for item in items if item is not None and item is not Ellipsis)
    shape, strides, offset = layout
    out_shape, out_strides, axis = [], [], 0
    for item in items:
        if item is Ellipsis:
            for _ in range(len(shape) - named):
                out_shape.append(shape[axis])
                out_strides.append(strides[axis])
                axis += 1
            named = len(shape)  # (a second Ellipsis stands for no axes)
        elif item is None:
            out_strides.append(_new_axis_stride(shape, strides, axis))
            out_shape.append(1)
        elif type(item) is int:
            offset += (item % shape[axis]) * strides[axis]
            axis += 1
        else:
            start, stop, step = item.indices(shape[axis])
            size = len(range(start, stop, step))
            out_shape.append(size)
            out_strides.append(strides[axis] * step)
            offset += start * strides[axis] if size else 0
            axis += 1
    out_shape += shape[axis:]
    out_strides += strides[axis:]
    return tuple(out_shape), tuple(out_strides), offset


def _new_axis_stride(shape, strides, axis) -> int:
    """The stride of a new axis of size 1 before `axis` (unsqueeze's rule)."""
    return strides[axis] * shape[axis] if axis < len(shape) else 1


# Rules whose result is row-major from offset 0 when their input is: view_op skips them there
# (reshape is on hot paths)
_KEEPING_ROW_MAJOR = frozenset((reshaped, flattened, squeezed, unsqueezed))
