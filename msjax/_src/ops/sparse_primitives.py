"""MindSpore's Primitives on sparse data given as arrays (`ops.operations.sparse_ops`):
`SparseToDense`, `SparseSegment{Sum,Mean,SqrtN}[WithNumSegments]`,
`SparseDenseCwise{Add,Mul,Div}`, `SparseSparse{Minimum,Maximum}`, `SparseTensorDenseMatmul`,
`SparseAddmm`, `SparseReorder`, `SparseReshape`, `SparseCountSparseOutput`, `SparseAdd` and
`SparseTensorDenseAdd`, with MindSpore 2.10's results and errors
(tests/goldens/scripts/conformance_probe22.py, ops16b_sparse_addmm_probe.py).

An output whose shape comes from an input's values (a segment count, the union of two index
sets) needs those values: inside a compiled program the call asks for them, and the program
runs eagerly (transforms/control_flow.py's fallback), as every data-dependent shape does.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import integer_inputs
from msjax._src.core.tensor import Tensor
from msjax._src.core.type_text import type_of
from msjax._src.ops.adapters import concrete_array
from msjax._src.ops.input_rules import ms_name
from msjax._src.ops.registry import functional, primitive


def _index(array):
    """An input read as indices or sizes: the integers it stands for, taking no gradient (a
    differentiated integer input's Float32 copy included: core/integer_inputs.py); outside a
    compiled program, concrete."""
    return jax.lax.stop_gradient(integer_inputs.as_index(array))


def _shape_tuple(shape):
    """A shape given as a tuple, a list or a 1-D integer array, as Python ints."""
    if isinstance(shape, (tuple, list)):
        return tuple(int(s) for s in shape)
    return tuple(int(s) for s in np.asarray(_index(shape)).reshape(-1))


# -- SparseToDense -----------------------------------------------------------------------------
def _sparse_to_dense(indices, values, sparse_shape):
    """`SparseToDense()(indices, values, sparse_shape)`: zeros of `sparse_shape` in `values`'
    dtype with `values[i]` at `indices[i]` (an (N, rank) array); differentiated, `values` takes
    the output gradient at its positions and `indices` none."""
    shape = _shape_tuple(sparse_shape)
    indices = _index(indices)
    return jnp.zeros(shape, values.dtype).at[tuple(indices.T)].set(values)


SparseToDense = primitive("SparseToDense", functional(_sparse_to_dense))


# -- SparseSegment{Sum,Mean,SqrtN}[WithNumSegments] ----------------------------------------------
def _segment_count(segment_ids, num_segments):
    if num_segments is None:
        ids = np.asarray(segment_ids)
        return int(ids[-1]) + 1 if ids.size else 0
    return int(np.asarray(num_segments).reshape(-1)[0])


def _check_segments(name, segment_ids, contiguous, message):
    ids = np.asarray(segment_ids)
    if ids.size and np.any(np.diff(ids) < 0):
        raise ValueError(f"For '{name}', {message}")
    if contiguous and ids.size and (ids[0] != 0 or np.any(np.diff(ids) > 1)):
        raise ValueError(f"For '{name}', {message}")


def _sparse_segment(name, scaling, with_count, contiguous, message):
    """The implementation of `name`: rows `x[indices]` summed per `segment_ids` (sorted) into
    `num_segments` rows (WithNumSegments) or `segment_ids[-1] + 1`; each segment's sum divided
    by its row count (Mean) or its square root (SqrtN); an empty segment is zeros."""
    def reduce_rows(x, indices, segment_ids, num_segments=None):
        ids = _index(segment_ids)
        _check_segments(name, ids, contiguous, message)
        count = _segment_count(ids, None if num_segments is None else _index(num_segments))
        rows = jnp.take(x, _index(indices), axis=0)
        total = jax.ops.segment_sum(rows, ids, num_segments=count)
        if scaling is None:
            return total
        sizes = jax.ops.segment_sum(jnp.ones(ids.shape, x.dtype), ids, num_segments=count)
        divisor = jnp.maximum(sizes, 1) if scaling == "mean" else jnp.sqrt(jnp.maximum(sizes, 1))
        return total / divisor.reshape((-1,) + (1,) * (x.ndim - 1))

    if with_count:
        def impl(x, indices, segment_ids, num_segments):
            return reduce_rows(x, indices, segment_ids, num_segments)
    else:
        def impl(x, indices, segment_ids):
            return reduce_rows(x, indices, segment_ids)
    impl.__name__ = impl.__qualname__ = name
    return primitive(name, functional(impl))


_UNSORTED = "input segment_ids should be sorted."
SparseSegmentSum = _sparse_segment(
    "SparseSegmentSum", None, False, True, "indices in 'segment_ids' should be contiguous.")
SparseSegmentMean = _sparse_segment("SparseSegmentMean", "mean", False, False, _UNSORTED)
SparseSegmentSqrtN = _sparse_segment(
    "SparseSegmentSqrtN", "sqrt", False, True, "segment_ids should be sorted and contiguous.")
SparseSegmentSumWithNumSegments = _sparse_segment(
    "SparseSegmentSumWithNumSegments", None, True, False, _UNSORTED)
SparseSegmentMeanWithNumSegments = _sparse_segment(
    "SparseSegmentMeanWithNumSegments", "mean", True, False, _UNSORTED)
SparseSegmentSqrtNWithNumSegments = _sparse_segment(
    "SparseSegmentSqrtNWithNumSegments", "sqrt", True, False, _UNSORTED)


# -- SparseDenseCwise{Add,Mul,Div} ---------------------------------------------------------------
def _dense_at(indices, dense):
    """`dense`, broadcast to the sparse tensor's shape (right-aligned, as NumPy), read at each
    of the (N, rank) `indices`: the sparse shape's values are not needed."""
    rank = indices.shape[1]
    offset = rank - dense.ndim
    if offset < 0:
        raise ValueError("For SparseDenseCwise ops, the rank of the dense tensor must not exceed "
                         f"the sparse tensor's ({rank}), but got {dense.ndim}.")
    position = tuple(jnp.zeros_like(indices[:, offset + k]) if size == 1
                     else indices[:, offset + k] for k, size in enumerate(dense.shape))
    return dense[position]


def _sparse_dense_cwise(name, combine):
    def impl(x1_indices, x1_values, x1_shape, x2):
        return combine(x1_values, _dense_at(_index(x1_indices), x2))
    impl.__name__ = impl.__qualname__ = name
    return primitive(name, functional(impl))


SparseDenseCwiseAdd = _sparse_dense_cwise("SparseDenseCwiseAdd", jnp.add)
SparseDenseCwiseMul = _sparse_dense_cwise("SparseDenseCwiseMul", jnp.multiply)
# MindSpore 2.10's CPU has no SparseDenseCwiseDiv kernel (a RuntimeError); msjax divides as `Div`
# does (docs/migration.md).
SparseDenseCwiseDiv = _sparse_dense_cwise("SparseDenseCwiseDiv", jax.lax.div)


# -- SparseSparse{Minimum,Maximum} ---------------------------------------------------------------
def _sparse_sparse(name, pick):
    """`name()(x1_indices, x1_values, x1_shape, x2_indices, x2_values, x2_shape)`: the union of
    the two index sets in row-major order (int64), each value `pick` of the two tensors' values
    there, an absent entry counting as 0."""
    def impl(x1_indices, x1_values, x1_shape, x2_indices, x2_values, x2_shape):
        first, second = np.asarray(_index(x1_indices)), np.asarray(_index(x2_indices))
        union = np.unique(np.concatenate([first, second]).reshape(-1, first.shape[1]), axis=0)
        keys = [tuple(row) for row in union]
        where = {key: i for i, key in enumerate(keys)}
        slots1 = np.array([where[tuple(row)] for row in first], np.int64).reshape(-1)
        slots2 = np.array([where[tuple(row)] for row in second], np.int64).reshape(-1)
        zeros = jnp.zeros((len(keys),), x1_values.dtype)
        return (jnp.asarray(union, jnp.int64),
                pick(zeros.at[slots1].set(x1_values), zeros.at[slots2].set(x2_values)))
    impl.__name__ = impl.__qualname__ = name
    return primitive(name, functional(impl))


SparseSparseMinimum = _sparse_sparse("SparseSparseMinimum", jnp.minimum)
SparseSparseMaximum = _sparse_sparse("SparseSparseMaximum", jnp.maximum)


# -- SparseTensorDenseMatmul, SparseReorder --------------------------------------------------------
_MATMUL_TYPES = ("Complex128", "Complex64", "Float16", "Float32", "Float64", "Int32", "Int64")


def _known(array):
    """`array` as NumPy where its values are known (not inside a compiled program), else None."""
    return None if isinstance(array, jax.core.Tracer) else np.asarray(array)


def _sparse_dense_matmul(x1_indices, x1_values, x1_shape, x2, adjoint_st=False,
                         adjoint_dt=False):
    """`SparseTensorDenseMatmul(adjoint_st, adjoint_dt)(indices, values, shape, dense)`: the
    sparse (rows, cols) matrix given by `values` at `indices` (duplicates add), times `dense`;
    `adjoint_st` transposes the sparse matrix first, `adjoint_dt` takes the dense one's conjugate
    transpose (MindSpore's CPU kernel conjugates complex dense values only)."""
    if x1_indices.dtype not in (np.int32, np.int64) and integer_inputs.integer_dtype(
            x1_indices) is None:
        raise TypeError("For 'SparseTensorDenseMatmul', the input indices data type should be "
                        "int32 or int64.")
    if x1_values.ndim != 1:
        raise ValueError("For 'SparseTensorDenseMatmul', 'values' must be a 1-dimensional "
                         f"tensor, but got a {x1_values.ndim}-dimensional tensor.")
    if x2.ndim != 2:
        raise ValueError("For 'SparseTensorDenseMatmul', 'the shape of input dense' must be a "
                         f"2-dimensional tensor, but got a {x2.ndim}-dimensional tensor.")
    if ms_name(x1_values.dtype) not in _MATMUL_TYPES:
        raise TypeError("For primitive[SparseTensorDenseMatmul], the input argument[values] "
                        "must be a type of {" + ", ".join(f"Tensor[{t}]" for t in _MATMUL_TYPES)
                        + f"}}, but got Tensor[{ms_name(x1_values.dtype)}].")
    if x1_values.dtype != x2.dtype:
        raise TypeError("For primitive[SparseTensorDenseMatmul], the input type must be same.")
    shape = _shape_tuple(x1_shape)
    indices = _index(x1_indices)
    known = _known(indices)
    if known is not None:
        for row, col in known.reshape(-1, 2):
            if not (0 <= row < shape[0] and 0 <= col < shape[1]):
                raise ValueError("For 'SparseTensorDenseMatmul', the indices including out of "
                                 f"bounds index, row range: [0, {shape[0]}), col range: [0, "
                                 f"{shape[1]}), but got row: {row}, col: {col}")
    rows, cols = indices[:, 0], indices[:, 1]
    values = x1_values
    if adjoint_st:
        rows, cols = cols, rows
    dense = jnp.conj(x2.T) if adjoint_dt else x2
    out_rows = shape[1] if adjoint_st else shape[0]
    products = values[:, None] * jnp.take(dense, cols, axis=0)
    return jnp.zeros((out_rows, dense.shape[1]), x2.dtype).at[rows].add(products)


def _sparse_dense_matmul_attributes(attributes):
    for name in ("adjoint_st", "adjoint_dt"):
        if not isinstance(attributes[name], bool):
            raise TypeError(f"For 'SparseTensorDenseMatmul', the type of '{name}' should be "
                            f"'bool', but got type '{type(attributes[name]).__name__}'.")


SparseTensorDenseMatmul = primitive(
    "SparseTensorDenseMatmul", functional(_sparse_dense_matmul), adjoint_st=False,
    adjoint_dt=False, check=_sparse_dense_matmul_attributes,
    display=lambda attrs: {**attrs, "adjoint_a": attrs["adjoint_st"],
                           "adjoint_b": attrs["adjoint_dt"]})


# -- SparseAddmm -------------------------------------------------------------------------------
_ADDMM_TYPES = ("Float32", "Float64", "Int16", "Int32", "Int64", "Int8", "UInt16", "UInt32",
                "UInt64", "UInt8")


def _check_addmm(indices, values, sparse_shape, x2_dense, x3_dense, alpha, beta):
    """SparseAddmm's checks, in MindSpore's words: dtypes (the scales' first), ranks, sizes."""
    for name, array in (("indices", indices), ("sparse_shape", sparse_shape)):
        if array.dtype not in (np.int32, np.int64) and integer_inputs.integer_dtype(
                array) is None:
            raise TypeError(f"For primitive[SparseAddmm], the input argument[{name}] must be a "
                            "type of {Tensor[Int32], Tensor[Int64]}, but got "
                            f"Tensor[{ms_name(array.dtype)}].")
    for name, array in (("alpha", alpha), ("beta", beta)):
        if ms_name(array.dtype) not in _ADDMM_TYPES:
            raise TypeError(f"For primitive[SparseAddmm], the input argument[{name}] must be a "
                            "type of {" + ", ".join(f"Tensor[{t}]" for t in _ADDMM_TYPES)
                            + f"}}, but got Tensor[{ms_name(array.dtype)}].")
    if len({np.dtype(a.dtype) for a in (values, x2_dense, x3_dense, alpha, beta)}) > 1:
        raise TypeError("For primitive[SparseAddmm], the input type must be same.")
    if indices.ndim != 2:
        raise ValueError("For 'SparseAddmm', the input indices should have rank 2, but got "
                         f"{indices.ndim}.")
    if values.ndim != 1:
        raise ValueError("For 'SparseAddmm', the input value should have rank 1, but got "
                         f"{values.ndim}.")
    for array in (sparse_shape, alpha, beta):
        if array.ndim != 1:
            raise ValueError("For 'SparseAddmm', the input shape should have rank 1, but got "
                             f"{array.ndim}.")
    if sparse_shape.shape[0] != 2:
        raise ValueError("For 'SparseAddmm', the 1st dimension of input shape should be 2, but "
                         f"got {sparse_shape.shape[0]}.")
    if x2_dense.ndim != 2:
        raise ValueError("For 'SparseAddmm', the shape of input dense should be [2], but got "
                         f"[{x2_dense.ndim}].")
    if values.shape[0] != indices.shape[0]:
        raise RuntimeError(
            "For 'SparseAddmm', it requires 'values' should be a 1-D Tensor and the first "
            "dimension length  should be equal to the first dimension length of 'indices', but "
            f"got 'values' shape: {_vector_text(values.shape)} and 'indices' shape: "
            f"{_vector_text(indices.shape)}")


def _vector_text(shape) -> str:
    return "[const vector]{" + ", ".join(str(d) for d in shape) + "}"


def _sparse_addmm(indices, values, sparse_shape, x2_dense, x3_dense, alpha, beta):
    """`SparseAddmm()(indices, values, sparse_shape, x2_dense, x3_dense, alpha, beta)`:
    `beta * x3_dense + alpha * (S @ x2_dense)`, S the (rows, cols) matrix `sparse_shape` with
    `values` at `indices` (duplicates add); `alpha` and `beta` 1-D (their first element scales),
    all five of one dtype, the result too. `x3_dense` has the product's shape: MindSpore's kernel
    gives `x3_dense`'s shape and reads past the product where they differ; msjax refuses it
    (docs/migration.md)."""
    _check_addmm(indices, values, sparse_shape, x2_dense, x3_dense, alpha, beta)
    shape = _shape_tuple(sparse_shape)
    if shape[1] != x2_dense.shape[0]:
        raise RuntimeError("For 'SparseAddmm', the col of 'x1_shape' should be equal to the row "
                           f"of 'x2_dense', but got col: {shape[1]}, row: {x2_dense.shape[0]}")
    product_shape = (shape[0], x2_dense.shape[1])
    if tuple(x3_dense.shape) != product_shape:
        raise ValueError("For 'SparseAddmm', 'x3_dense' must have the shape of the product of the "
                         f"sparse matrix and 'x2_dense', {product_shape}, but got "
                         f"{tuple(x3_dense.shape)}.")
    index = _index(indices)
    known = _known(index)
    if known is not None:
        for row, col in known.reshape(-1, 2):
            if not (0 <= row < shape[0] and 0 <= col < shape[1]):
                raise ValueError("The indices including out of bounds index, row range: [0, "
                                 f"{shape[0]}), col range: [0, {shape[1]}), but got row: {row}, "
                                 f"col: {col}")
    rows, cols = index[:, 0], index[:, 1]
    products = values[:, None] * jnp.take(x2_dense, cols, axis=0)
    product = jnp.zeros(product_shape, values.dtype).at[rows].add(products)
    return (beta[0] * x3_dense + alpha[0] * product).astype(values.dtype)


SparseAddmm = primitive("SparseAddmm", functional(_sparse_addmm))


def _sparse_reorder(indices, values, shape):
    """`SparseReorder()(indices, values, shape)` -> (indices, values) in row-major order of the
    Int64 (N, rank) `indices` (equal ones keep their order)."""
    for name, value in (("indices", indices), ("shape", shape)):
        if not isinstance(value, Tensor):
            raise TypeError(f"For Primitive[SparseReorder], the type of input argument[{name}] "
                            f"must be Tensor but got {type_of(value)}.")
        if value.dtype != mstype.int64:
            raise TypeError(f"For primitive[SparseReorder], the input argument[{name}] must be a "
                            f"type of {{Tensor[Int64]}}, but got {type_of(value)}.")
    return _reordered(indices, values, shape)


def _sorted_sparse(indices, values, shape):
    rank = indices.shape[1]
    if shape.shape[0] != rank:
        raise ValueError("For primitive[SparseReorder], the size of shape must be equal to "
                         f"{rank}, but got {shape.shape[0]}.")
    if values.shape[0] != indices.shape[0]:
        raise ValueError("For primitive[SparseReorder], the size of values must be equal to "
                         f"{indices.shape[0]}, but got {values.shape[0]}.")
    indices = _index(indices)
    known, sizes = _known(indices), _known(_index(shape))
    if known is not None and sizes is not None:
        for dim in range(rank):
            bad = known[(known[:, dim] < 0) | (known[:, dim] >= sizes[dim]), dim]
            if bad.size:
                raise ValueError(f"For 'SparseReorder', shape={tuple(int(s) for s in sizes)}, "
                                 f"the index range on the {dim}-th dimension is [0, "
                                 f"{sizes[dim]}), but the obtained index value is {bad[0]}.")
    order = jnp.lexsort(tuple(indices[:, dim] for dim in reversed(range(rank))))
    return indices[order], values[order]


_reordered = functional(_sorted_sparse)
SparseReorder = primitive("SparseReorder", _sparse_reorder)


# -- SparseReshape -----------------------------------------------------------------------------
def _sparse_reshape(indices, shape, new_shape):
    """`SparseReshape()(indices, shape, new_shape)` -> `(y_indices, y_shape)`: the COO indices
    (N, rank) of a sparse tensor of dense shape `shape` re-addressed for the same elements in
    row-major order in shape `new_shape` (one entry may be -1: inferred), all Int64, with
    MindSpore 2.10's checks and messages."""
    for name, value in (("indices", indices), ("shape", shape), ("new_shape", new_shape)):
        if not isinstance(value, Tensor):
            raise TypeError(f"For Primitive[SparseReshape], the type of input argument[{name}] "
                            f"must be Tensor but got {type_of(value)}.")
        if value.dtype != mstype.int64:
            raise TypeError(f"For primitive[SparseReshape], the input argument[{name}] must be a "
                            f"type of {{Tensor[Int64]}}, but got {type_of(value)}.")
    for name, value, rank in (("indices", indices, 2), ("shape", shape, 1),
                              ("new_shape", new_shape, 1)):
        if value.ndim != rank:
            raise ValueError(f"For SparseReshape,the shape of input `{name}` must be {rank}-D, "
                             f"but got {value.ndim}-D.")
    if indices.shape[1] != shape.shape[0]:
        raise ValueError("For 'SparseReshape', the rank of input tensor must match input shape "
                         f"length, but got input tensor rank = {indices.shape[1]}, and input "
                         f"shape length = {shape.shape[0]}.")
    return _reshaped_indices(indices, shape, new_shape)


def _resolved_shape(dense, requested):
    """`requested` (a tuple with at most one -1) made concrete for `dense` elements."""
    if requested.count(-1) > 1:
        raise RuntimeError("For 'SparseReshape', there should be at most one '-1' dimension in "
                           "'newshape' tensor, but got two or more.")
    for axis, size in enumerate(requested):
        if size < -1:
            raise RuntimeError(f"For 'SparseReshape', the size of newshape rank-{axis} should be "
                               f"a non-negative number, but got {size}.")
    known = int(np.prod([s for s in requested if s != -1], dtype=np.int64))
    if -1 not in requested:
        if known != dense:
            raise RuntimeError(f"For 'SparseReshape', the requested shape has the dense shape of "
                               f"{known}, but got the input newshape is a tensor with {dense}")
        return requested
    if known == 0:
        raise ValueError("For primitive[SparseReshape], the divident must be greater than 0, but "
                         "got 0.")
    if dense % known:
        raise RuntimeError(f"For 'SparseReshape', the requested shape should be a multiple of "
                           f"{known} and {dense // known}, but got a SparseTensor with {dense} "
                           "dense values.")
    return tuple(dense // known if s == -1 else s for s in requested)


def _row_major_strides(shape):
    strides = np.ones(len(shape), np.int64)
    for axis in range(len(shape) - 2, -1, -1):
        strides[axis] = strides[axis + 1] * shape[axis + 1]
    return strides


def _reshape_coordinates(indices, shape, new_shape):
    shape = _shape_tuple(shape)
    target = _resolved_shape(int(np.prod(shape, dtype=np.int64)), _shape_tuple(new_shape))
    offsets = (_index(indices) * jnp.asarray(_row_major_strides(shape))).sum(axis=1)
    strides = np.maximum(_row_major_strides(target), 1)  # (a zero-sized axis holds nothing)
    coordinates = (offsets[:, None] // jnp.asarray(strides)) % jnp.asarray(
        np.maximum(np.array(target, np.int64), 1))
    if target:  # the first axis takes the whole quotient, as its size bounds nothing further
        coordinates = coordinates.at[:, 0].set(offsets // strides[0])
    return coordinates.astype(np.int64), jnp.asarray(np.array(target, np.int64))


_reshaped_indices = functional(_reshape_coordinates)
SparseReshape = primitive("SparseReshape", _sparse_reshape)


# -- SparseCountSparseOutput -------------------------------------------------------------------
_COUNT = "SparseCountSparseOutput"
_COUNT_TYPES = {"indices": ("Int64",), "values": ("Int32", "Int64"),
                "dense_shape": ("Int64",), "weights": ("Float32", "Float64", "Int32", "Int64")}


def _sparse_count(indices, values, dense_shape, weights, binary_output=False, minlength=-1,
                  maxlength=-1):
    """`SparseCountSparseOutput(...)(indices, values, dense_shape, weights)` -> the sparse
    (indices, counts, dense_shape) of how often each value occurs in each batch row of the
    sparse input (its first index; a rank-1 input is one row, given without it): each
    occurrence counts its weight (1 when `weights` is empty, or with `binary_output`), in
    `weights`' dtype, sorted by row and value. The row length is the largest value + 1, at
    least `minlength` and at most `maxlength` (where positive); values past it are dropped."""
    for name, array in zip(_COUNT_TYPES, (indices, values, dense_shape, weights)):
        got = ms_name(array.dtype)
        if got not in _COUNT_TYPES[name]:
            shown = ", ".join(f"Tensor[{t}]" for t in _COUNT_TYPES[name])
            raise TypeError(f"For primitive[{_COUNT}], the input argument[{name}] must be a type "
                            f"of {{{shown}}}, but got Tensor[{got}].")
    index, value = np.asarray(_index(indices)), np.asarray(_index(values))
    shape = np.asarray(_index(dense_shape)).reshape(-1)
    if weights.size and weights.shape != values.shape:
        raise RuntimeError(f"For '{_COUNT}', weights and values must have the same shape")
    for row in index:
        for position, i in enumerate(row):
            if not 0 <= i < shape[position]:
                raise RuntimeError(f"For '{_COUNT}', the input index value {i} must be in "
                                   f"[0, {shape[position]}) as given by dense shape")
    if np.any(value < 0):
        raise RuntimeError(f"For '{_COUNT}', the input values must be non-negative")
    width = max(int(value.max()) + 1 if value.size else 0, minlength)
    if maxlength > 0:
        width = min(width, maxlength)
    batched = shape.size > 1
    rows = index[:, 0] if batched else np.zeros(value.shape, np.int64)
    kept = value < width
    pairs = rows[kept] * width + value[kept]
    cells, slot = np.unique(pairs, return_inverse=True)
    if binary_output or not weights.size:
        counted = jnp.ones(pairs.shape, weights.dtype)
    else:
        counted = jnp.asarray(weights)[np.flatnonzero(kept)]
    counts = jnp.zeros(cells.shape, weights.dtype).at[slot].add(counted)
    if binary_output:
        counts = jnp.minimum(counts, 1)
    out_index = np.stack([cells // width, cells % width], axis=-1) if batched else \
        (cells % width)[:, None]
    out_shape = (int(shape[0]), width) if batched else (width,)
    return (jnp.asarray(out_index, jnp.int64), counts, jnp.asarray(out_shape, jnp.int64))


def _check_count_attributes(attributes):
    if not isinstance(attributes["binary_output"], bool):
        raise TypeError(f"For '{_COUNT}', the type of 'binary_output' should be 'bool', but got "
                        f"type '{type(attributes['binary_output']).__name__}'.")
    for name in ("minlength", "maxlength"):
        if not isinstance(attributes[name], int) or isinstance(attributes[name], bool):
            raise TypeError(f"For '{_COUNT}', the type of '{name}' should be 'int', but got type "
                            f"'{type(attributes[name]).__name__}'.")


SparseCountSparseOutput = primitive(_COUNT, functional(_sparse_count),
                                    check=_check_count_attributes, binary_output=False,
                                    minlength=-1, maxlength=-1)


# -- SparseAdd, SparseTensorDenseAdd -----------------------------------------------------------
_SPARSE_ADD_TYPES = ("Complex128", "Complex64", "Float32", "Float64", "Int16", "Int32", "Int64",
                     "Int8")


def _merged(a_index, b_index):
    """The entries of two sparse tensors merged as MindSpore's (and TensorFlow's) SparseAdd
    merges them, one pass over both index lists (each taken to be in row-major order): for each
    output entry its index and the positions in `a` and `b` it adds (-1: none)."""
    rows, from_a, from_b = [], [], []
    a_rows, b_rows = a_index.tolist(), b_index.tolist()
    i = j = 0
    while i < len(a_rows) or j < len(b_rows):
        if j == len(b_rows):
            order = -1
        elif i == len(a_rows):
            order = 1
        else:
            order = (a_rows[i] > b_rows[j]) - (a_rows[i] < b_rows[j])
        rows.append(a_rows[i] if order <= 0 else b_rows[j])
        from_a.append(i if order <= 0 else -1)
        from_b.append(j if order >= 0 else -1)
        i, j = i + (order <= 0), j + (order >= 0)
    return np.asarray(rows, np.int64).reshape(-1, a_index.shape[1]), np.asarray(from_a), \
        np.asarray(from_b)


def _sparse_add(x1_indices, x1_values, x1_shape, x2_indices, x2_values, x2_shape, thresh):
    """`SparseAdd()(x1_indices, x1_values, x1_shape, x2_indices, x2_values, x2_shape, thresh)`
    -> the sparse (indices, values, shape) sum: both index lists merged in one pass, an index in
    both kept only where |x1 + x2| >= thresh; the shape is x1_shape."""
    for name, values in (("x1_values", x1_values), ("x2_values", x2_values)):
        got = ms_name(values.dtype)
        if got not in _SPARSE_ADD_TYPES:
            shown = ", ".join(f"Tensor[{t}]" for t in _SPARSE_ADD_TYPES)
            raise TypeError(f"For primitive[SparseAdd], the input argument[{name}] must be a type "
                            f"of {{{shown}}}, but got Tensor[{got}].")
    if x1_values.dtype != x2_values.dtype:
        raise TypeError("For SparseAdd, the type of x1_values, and x2_values should be the same "
                        f"data type, but got type of x1_values is {ms_name(x1_values.dtype)}, and "
                        f"type of x2_values is {ms_name(x2_values.dtype)}")
    rows, from_a, from_b = _merged(concrete_array(_index(x1_indices)).astype(np.int64),
                               concrete_array(_index(x2_indices)).astype(np.int64))
    summed = jnp.zeros(rows.shape[0], x1_values.dtype)
    summed = summed.at[np.flatnonzero(from_a >= 0)].add(x1_values[from_a[from_a >= 0]])
    summed = summed.at[np.flatnonzero(from_b >= 0)].add(x2_values[from_b[from_b >= 0]])
    both = (from_a >= 0) & (from_b >= 0)
    small = np.abs(concrete_array(jax.lax.stop_gradient(summed))) < concrete_array(
        jax.lax.stop_gradient(thresh))
    keep = np.flatnonzero(~(both & small))
    return (jnp.asarray(rows[keep]), summed[keep],
            jnp.asarray(concrete_array(_index(x1_shape)), jnp.int64))


SparseAdd = primitive("SparseAdd", functional(_sparse_add))


def _sparse_tensor_dense_add(x1_indices, x1_values, x1_shape, x2):
    """`SparseTensorDenseAdd()(x1_indices, x1_values, x1_shape, x2)`: the dense `x2` with the
    sparse tensor's values added at its indices (repeated ones add)."""
    name = "SparseTensorDenseAdd"
    if x1_values.dtype != x2.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.\n"
                        f"name:[x1_values]:Tensor[{ms_name(x1_values.dtype)}].\n"
                        f"name:[x2]:Tensor[{ms_name(x2.dtype)}].")
    shape = _shape_tuple(x1_shape)
    for axis, (side, dense_side) in enumerate(zip(shape, x2.shape)):
        if side != dense_side:
            raise RuntimeError(f"For '{name}', Dimension [{axis}] does not equal(no broadcasting "
                               f"is supported): x1_shape side {side} vs x2_shape side "
                               f"{dense_side}.")
    indices = _index(x1_indices).astype(jnp.int64)
    known = _known(indices)
    if known is not None:
        bad = (known < 0) | (known >= np.asarray(shape))
        if bad.any():
            row, axis = np.argwhere(bad)[0]
            raise ValueError(f"For '{name}', the input x1_indices is out of bounds! x1_indices "
                             f"is: {known[row, axis]} , bounds is : [0, {shape[axis]})")
    return x2.at[tuple(indices.T)].add(x1_values)


SparseTensorDenseAdd = primitive("SparseTensorDenseAdd", functional(_sparse_tensor_dense_add))
