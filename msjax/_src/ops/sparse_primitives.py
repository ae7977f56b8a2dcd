"""MindSpore's Primitives on sparse data given as arrays (`ops.operations.sparse_ops`):
`SparseToDense`, `SparseTensorDenseMatmul`, `SparseSegment{Sum,Mean,SqrtN}[WithNumSegments]`,
`SparseDenseCwise{Add,Mul,Div}` and `SparseSparse{Minimum,Maximum}`, with MindSpore 2.10's
results and errors (tests/goldens/scripts/conformance_probe22.py).

An output whose shape comes from an input's values (a segment count, the union of two index
sets) needs those values: inside a compiled program the call asks for them, and the program
runs eagerly (transforms/control_flow.py's fallback), as every data-dependent shape does.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import integer_inputs
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


# -- SparseTensorDenseMatmul -------------------------------------------------------------------
def _check_adjoints(attrs):
    for name in ("adjoint_st", "adjoint_dt"):
        if not isinstance(attrs[name], bool):
            raise TypeError(f"For 'SparseTensorDenseMatmul', the type of '{name}' should be "
                            f"'bool', but got type '{type(attrs[name]).__name__}'.")


def _sparse_tensor_dense_matmul(indices, values, sparse_shape, dense, adjoint_st, adjoint_dt):
    """`SparseTensorDenseMatmul(adjoint_st, adjoint_dt)(indices, values, sparse_shape, dense)`:
    the sparse matrix of `sparse_shape` holding `values[i]` at `indices[i]` (repeated positions
    summed), transposed when `adjoint_st`, times `dense` (2-D, of `values`' dtype), transposed
    when `adjoint_dt`; neither is conjugated (MindSpore's CPU kernel). Each stored value meets
    the dense row its column names; differentiated, `values` and `dense` take gradients."""
    if jnp.result_type(values) != jnp.result_type(dense):
        raise TypeError("For primitive[SparseTensorDenseMatmul], the input type must be same.")
    if jnp.ndim(dense) != 2:
        raise ValueError("For 'SparseTensorDenseMatmul', 'the shape of input dense' must be a "
                         f"2-dimensional tensor, but got a {jnp.ndim(dense)}-dimensional tensor.")
    shape = _shape_tuple(sparse_shape)
    rows, cols = _index(indices).T
    if adjoint_st:
        rows, cols = cols, rows
        shape = shape[::-1]
    dense = dense.T if adjoint_dt else dense
    products = values[:, None] * dense[cols]
    return jnp.zeros((shape[0], dense.shape[1]), products.dtype).at[rows].add(products)


SparseTensorDenseMatmul = primitive("SparseTensorDenseMatmul",
                                    functional(_sparse_tensor_dense_matmul),
                                    check=_check_adjoints, adjoint_st=False, adjoint_dt=False)


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
