"""MindSpore's Primitive classes whose inputs or attributes differ from their functional op
(`ops.MatMul(transpose_a, transpose_b)`, `ops.ReduceSum(keep_dims)`, ...).

Each is built by `primitive` from the functional op that implements it: the class holds
MindSpore's constructor attributes and calls the op with them; a small adapter lambda says how
the inputs and attributes map onto the op; where MindSpore's repr shows an attribute normalised
(`Squeeze(0)` shows `axis=(0,)`, dtypes as type ids), a `display` function says how. A Primitive
that is its op with the same inputs and no attributes (`ops.Add`) is part of the op's record
instead (`@op(..., primitive="Add")`, registry.py).
"""
from __future__ import annotations

import functools
import inspect

import jax
import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.core import integer_inputs
from msjax._src.ops import array_ops as A
from msjax._src.ops import image_ops as I
from msjax._src.ops import linalg_ops as L
from msjax._src.ops import math_ops as M
from msjax._src.ops import nn_ops as N
from msjax._src.ops import primitive_reprs as shown
from msjax._src.ops.adapters import check_matmul_dims, check_same_dtype
from msjax._src.ops import reduce_ops as R
from msjax._src.ops import scatter_ops as S
from msjax._src.ops.registry import PRIMITIVES, functional, op, primitive

REQUIRED = inspect.Parameter.empty  # a constructor argument without a default
_type_ids, _with, _only = shown.type_ids, shown.with_attrs, shown.only
_axis_as_tuple = shown.as_tuple("axis", attributes=True)  # MindSpore keeps the tuple


# -- elementwise ------------------------------------------------------------------------------
SquaredDifference = primitive("SquaredDifference", M.squared_difference)
Log = primitive("Log", M.log, display=_with(cust_aicpu="Log", base=-1.0, scale=1.0,
                                                         shift=0.0))
GeLU = primitive("GeLU", lambda x: N.gelu(x, "tanh"))
_fast_gelu = functional(
    lambda x: x / (1 + jnp.exp(-1.702 * jnp.abs(x))) * jnp.exp(0.851 * (x - jnp.abs(x))))
FastGeLU = primitive("FastGeLU", _fast_gelu)
Elu = primitive("Elu", lambda x, alpha: N.elu(x, alpha), alpha=1.0)
Softmax = primitive("Softmax", lambda x, axis: N.softmax(x, axis), axis=-1, display=_axis_as_tuple)
LogSoftmax = primitive("LogSoftmax", lambda x, axis: N.log_softmax(x, axis), axis=-1)
BiasAdd = primitive("BiasAdd", functional(N._bias_add_primitive), data_format="NCHW",
                    display=shown.enum("data_format", shown.FORMAT),
                    check=lambda arguments: N.check_format_enum("BiasAdd",
                                                                arguments["data_format"]))
Identity = primitive("Identity", functional(lambda x: x))

# -- matrix products ---------------------------------------------------------------------------


def _matmul_t(name):
    def matmul_t(x, y, transpose_a, transpose_b):
        check_same_dtype(name, x._data if hasattr(x, "_data") else x,
                         y._data if hasattr(y, "_data") else y)
        if name == "MatMul":
            check_matmul_dims(x, y, transpose_a, transpose_b)
        return _transposed_matmul(x, y, transpose_a, transpose_b)
    return matmul_t


def _transposed_matmul(x, y, transpose_a, transpose_b):
    x = A.swapaxes(x, -1, -2) if transpose_a else x
    y = A.swapaxes(y, -1, -2) if transpose_b else y
    return M.matmul(x, y)


MatMul = primitive("MatMul", _matmul_t("MatMul"), transpose_a=False, transpose_b=False)
BatchMatMul = primitive("BatchMatMul", _matmul_t("BatchMatMul"), transpose_a=False,
                        transpose_b=False)
Einsum = primitive("Einsum", lambda *xs, equation: M.einsum(equation, *xs), equation=REQUIRED)

# -- reductions: (x, axis=()) with keep_dims as an attribute -----------------------------------
ReduceSum = primitive(
    "ReduceSum",
    lambda x, axis=(), keep_dims=False, skip_mode=False:
        x if skip_mode and axis == () else R.sum(x, axis, keep_dims, dtype=x.dtype),
    keep_dims=False, skip_mode=False)
ReduceMean = primitive("ReduceMean", lambda x, axis=(), keep_dims=False: R.mean(x, axis, keep_dims),
                       keep_dims=False)
ReduceMax = primitive("ReduceMax", lambda x, axis=(), keep_dims=False: R.amax(x, axis, keep_dims),
                      keep_dims=False)
ReduceMin = primitive("ReduceMin", lambda x, axis=(), keep_dims=False: R.amin(x, axis, keep_dims),
                      keep_dims=False)
ReduceProd = primitive(
    "ReduceProd", lambda x, axis=(), keep_dims=False: R.prod(x, axis, keep_dims, dtype=x.dtype),
    keep_dims=False)
ReduceAll = primitive("ReduceAll", lambda x, axis=(), keep_dims=False: R.all(x, axis, keep_dims),
                      keep_dims=False)
ReduceAny = primitive("ReduceAny", lambda x, axis=(), keep_dims=False: R.any(x, axis, keep_dims),
                      keep_dims=False)
Argmax = primitive("Argmax", lambda x, axis, output_type:
                   A.cast(R.argmax(x, axis), output_type), axis=-1, output_type=mstype.int32,
                   display=_type_ids("output_type"))
Argmin = primitive("Argmin", lambda x, axis, output_type:
                   A.cast(R.argmin(x, axis), output_type), axis=-1, output_type=mstype.int32,
                   display=_type_ids("output_type"))
ArgMaxWithValue = primitive(
    "ArgMaxWithValue", lambda x, axis, keep_dims: R.max(x, axis, keep_dims)[::-1],
    axis=0, keep_dims=False)
ArgMinWithValue = primitive(
    "ArgMinWithValue", lambda x, axis, keep_dims: R.min(x, axis, keep_dims)[::-1],
    axis=0, keep_dims=False)
CumSum = primitive(
    "CumSum", functional(lambda x, axis, exclusive=False, reverse=False:
                         _cumsum(x, axis, exclusive, reverse)),
    exclusive=False, reverse=False)
AddN = primitive("AddN", functional(lambda xs: sum(xs[1:], xs[0])))


def _cumsum(x, axis, exclusive, reverse):
    x = jnp.flip(x, axis) if reverse else x
    out = jnp.cumsum(x, axis)
    if exclusive:
        out = out - x
    return jnp.flip(out, axis) if reverse else out


# -- array manipulation ------------------------------------------------------------------------
Squeeze = primitive("Squeeze", lambda x, axis: A.squeeze(x, axis if axis != () else None),
                    axis=(), display=_axis_as_tuple)
Flatten = primitive("Flatten", functional(lambda x: x.reshape(x.shape[0], -1)))
BroadcastTo = primitive("BroadcastTo", lambda x, shape: A.broadcast_to(x, shape), shape=REQUIRED)
Concat = primitive("Concat", lambda xs, axis: A.concat(xs, axis), axis=0)
Stack = primitive("Stack", lambda xs, axis: A.stack(xs, axis), axis=0)
Unstack = primitive("Unstack", lambda x, axis, num: A.unstack(x, axis), axis=0, num=None)
Split = primitive("Split", lambda x, axis, output_num:
                  A.split(x, x.shape[axis] // output_num, axis), axis=0, output_num=1)
Gather = primitive("Gather", lambda x, indices, axis, batch_dims:
                   A.gather(x, indices, axis, batch_dims), batch_dims=0)
# Gather whose gradient MindSpore keeps sparse (a RowTensor); JAX's gradient of a gather is dense
SparseGatherV2 = primitive("SparseGatherV2", lambda x, indices, axis: A.gather(x, indices, axis),
                           display=_with(bprop_return_sparse=True))
OneHot = primitive("OneHot", lambda indices, depth, on_value, off_value, axis:
                   A.one_hot(indices, depth, on_value, off_value, axis), axis=-1)
StridedSlice = primitive(
    "StridedSlice", A.strided_slice, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
    shrink_axis_mask=0)
Sort = primitive("Sort", lambda x, axis, descending: A.sort(x, axis, descending), axis=-1,
                 descending=False)
TopK = primitive("TopK", lambda x, k, sorted: A.topk(x, k, sorted=sorted), sorted=True)
Zeros = primitive("Zeros", lambda shape, dtype=None: A.zeros(shape, dtype))
Ones = primitive("Ones", lambda shape, dtype=None: A.ones(shape, dtype))
Eye = primitive("Eye", lambda n, m, t: A.eye(n, m, t))
Range = primitive("Range", lambda start, limit, delta, maxlen: A.range(start, limit, delta),
                  maxlen=1000000)
def _check_conv2d(arguments):
    N.check_format("Conv2D", arguments["data_format"])
    N.check_nhwc_target("Conv2D", arguments["data_format"], the="")


def _spatial(value, data_format):
    """Conv2D's stride or dilation as its two spatial values: a 4-tuple (MindSpore's form, which
    Conv2D keeps) names every axis of the input, of which it reads H and W."""
    if isinstance(value, (tuple, list)) and len(value) == 4:
        return tuple(value[1:3]) if data_format == "NHWC" else tuple(value[2:])
    return value


Conv2D = primitive(
    "Conv2D",
    lambda x, w, out_channel, kernel_size, mode, pad_mode, pad, stride, dilation, group,
    data_format: (N.conv2d_nhwc if data_format == "NHWC" else N.conv2d)(
        x, w, None, _spatial(stride, data_format), pad_mode, pad,
        _spatial(dilation, data_format), group),
    out_channel=REQUIRED, kernel_size=REQUIRED, mode=1, pad_mode="valid", pad=0, stride=1,
    dilation=1, group=1, data_format="NCHW", display=shown.conv, check=_check_conv2d)


# -- more elementwise math ---------------------------------------------------------------------
Rint = primitive("Rint", functional(jnp.rint))
Logit = primitive("Logit", lambda x, eps: M.logit(x, None if eps < 0 else eps), eps=-1.0)
Mvlgamma = primitive("Mvlgamma", lambda x, p: M.mvlgamma(x, p), p=REQUIRED)
DivNoNan = primitive("DivNoNan", functional(
    lambda x, y: jnp.where(y == 0, jnp.zeros((), jnp.result_type(x, y)), x / jnp.where(
        y == 0, 1, y))))
MulNoNan = primitive("MulNoNan", functional(
    lambda x, y: jnp.where(y == 0, jnp.zeros((), jnp.result_type(x, y)), x * y)))
Fmax = primitive("Fmax", M.fmax, display=_with(ignore_nan=True))
Fmin = primitive("Fmin", M.fmin, display=_with(ignore_nan=True))
IsClose = primitive("IsClose", M.isclose, rtol=1e-05, atol=1e-08, equal_nan=False)
NanToNum = primitive("NanToNum", M.nan_to_num, nan=None, posinf=None, neginf=None)
EqualCount = primitive("EqualCount", M.equal_count)
CeLU = primitive("CeLU", N.celu, alpha=1.0)
HShrink = primitive("HShrink", N.hardshrink, lambd=0.5)
SoftShrink = primitive("SoftShrink", N.softshrink, lambd=0.5)
GLU = primitive("GLU", N.glu, axis=-1)
FastGelu = primitive("FastGelu", _fast_gelu)
Gelu = primitive("Gelu", lambda x: N.gelu(x, "tanh"))

# -- more reductions and scans -----------------------------------------------------------------


def _cumulative(scan, combine_exclusive, axis_rule=None):
    """A cumulative Primitive's computation: `scan` along `axis` (checked and normalised by
    `axis_rule`, where given), then its `exclusive` and `reverse` attributes."""
    def run(x, axis, exclusive=False, reverse=False):
        if axis_rule is not None:
            axis = axis_rule(x, axis)
        x = jnp.flip(x, axis) if reverse else x
        out = scan(x, axis)
        if exclusive:
            out = combine_exclusive(out, x, axis)
        return jnp.flip(out, axis) if reverse else out
    return functional(run)


def _shift_exclusive(identity):
    def exclusive(out, x, axis):
        pad = [(0, 0)] * x.ndim
        pad[axis] = (1, 0)
        shifted = jnp.pad(out, pad, constant_values=identity)
        return jnp.take(shifted, jnp.arange(x.shape[axis]), axis=axis)
    return exclusive


CumProd = primitive("CumProd", _cumulative(lambda x, a: jnp.cumprod(x, a),
                                           _shift_exclusive(1)), exclusive=False, reverse=False)
CumulativeLogsumexp = primitive(
    "CumulativeLogsumexp",
    _cumulative(lambda x, a: jax.lax.cumlogsumexp(x, axis=a), _shift_exclusive(-jnp.inf),
                axis_rule=R.cumulative_logsumexp_axis),
    exclusive=False, reverse=False)
Cummax = primitive("Cummax", R.cummax, axis=REQUIRED)
Cummin = primitive("Cummin", R.cummin, axis=REQUIRED)
ReduceStd = primitive(
    "ReduceStd", functional(lambda x, axis, unbiased, keep_dims: (
        R.standard_deviation(x, _axes(axis) or None, int(unbiased), keep_dims),
        R.statistics_mean(x, _axes(axis) or None, keep_dims))),
    axis=[], unbiased=True, keep_dims=False, display=_axis_as_tuple)
EuclideanNorm = primitive(
    "EuclideanNorm", functional(lambda x, axes, keep_dims: jnp.sqrt(jnp.sum(
        jnp.square(x), axis=tuple(axes) if not isinstance(axes, int) else axes,
        keepdims=keep_dims))), keep_dims=False)
SquareSumAll = primitive("SquareSumAll", functional(
    lambda x, y: (jnp.sum(jnp.square(x)), jnp.sum(jnp.square(y)))))
def _global_median(x, ignore_nan):
    """Median's value over all of `x`; of an empty input NaN, or 0 for integers (MindSpore's)."""
    if x.size == 0:
        return jnp.array(jnp.nan if jnp.issubdtype(x.dtype, jnp.inexact) else 0, x.dtype)
    return R._lower_median(x.reshape(-1), 0, False, ignore_nan)[0]


Median = primitive(
    "Median", functional(lambda x, global_median, axis, keep_dims, ignore_nan: (
        (_global_median(x, ignore_nan), jnp.zeros((), jnp.int64)) if global_median else
        R._lower_median(x, axis, keep_dims, ignore_nan))),
    global_median=False, axis=0, keep_dims=False, ignore_nan=False,
    display=_with(cust_aicpu="Median"))
CountNonZero = primitive("CountNonZero", functional(
    lambda x, axes=None, dims=None: jnp.count_nonzero(x, axis=_axes(axes if axes is not None
                                                                  else dims)).astype(jnp.int64)),
    dims=None, display=lambda a: {"dims": [] if a["dims"] is None else a["dims"]})


def _axes(axes):
    return None if axes is None else tuple([axes] if isinstance(axes, int) else axes)
def _lp_norm(x, axis, p, keep_dims, epsilon):
    """`(sum |x|^p)^(1/p)` over `axis`, computed as `m * (sum (|x|/m)^p)^(1/p)` with `m` the
    largest `|x|`: a high power of a small value (0.34^90) underflows Float32, where MindSpore's
    kernel still gives the norm."""
    axes = tuple([axis] if isinstance(axis, int) else axis)
    magnitude = jnp.abs(x)
    largest = jnp.max(magnitude, axis=axes, keepdims=True) if x.size else jnp.zeros((), x.dtype)
    scale = jnp.where(largest > 0, largest, jnp.ones_like(largest))
    scaled = jnp.sum((magnitude / scale) ** p, axis=axes, keepdims=True) ** (1.0 / p)
    norm = scaled * scale
    return norm if keep_dims else jnp.squeeze(norm, axes)


LpNorm = primitive(
    "LpNorm", functional(_lp_norm),
    axis=REQUIRED, p=2, keep_dims=False, epsilon=1e-12,
    display=shown.chain(_only("axis"), shown.as_list("axis")))

# -- more array manipulation -------------------------------------------------------------------
DiagPart = primitive("DiagPart", functional(
    lambda x: jnp.diagonal(x.reshape(int(x.size ** 0.5), -1)).reshape(x.shape[:x.ndim // 2])))
Tril = primitive("Tril", A.tril, diagonal=0)
Triu = primitive("Triu", A.triu, diagonal=0)
TrilIndices = primitive("TrilIndices", lambda row, col, offset, dtype:
                        A.tril_indices(row, col, offset, dtype=dtype),
                        row=REQUIRED, col=REQUIRED, offset=0, dtype=mstype.int32)
TriuIndices = primitive("TriuIndices", lambda row, col, offset, dtype:
                        A.triu_indices(row, col, offset, dtype=dtype),
                        row=REQUIRED, col=REQUIRED, offset=0, dtype=mstype.int32)
Meshgrid = primitive("Meshgrid", lambda xs, indexing: A.meshgrid(*xs, indexing=indexing),
                     indexing="xy", display=shown.enum("indexing", {"ij": 0, "xy": 1}))
MirrorPad = primitive("MirrorPad", lambda x, paddings, mode: A.mirror_pad(x, paddings, mode),
                      mode="REFLECT")
Pad = primitive("Pad", functional(lambda x, paddings: jnp.pad(x, [tuple(p) for p in paddings])),
                paddings=REQUIRED)
Pack = primitive("Pack", lambda xs, axis: A.stack(xs, axis), axis=0, display=_only())
Unpack = primitive("Unpack", lambda x, axis: A.unstack(x, axis), axis=0, display=_only())


def _sequence_axis(attrs):
    """ReverseV2's constructor takes a list or tuple (its elements are checked at the call)."""
    axis = attrs["axis"]
    if not isinstance(axis, (list, tuple)):
        raise TypeError(f"For 'ReverseV2', the type of 'axis' should be one of '[list of int, "
                        f"tuple of int]', but got {type(axis)}.")


def _fill_diagonal_value(attrs):
    """FillDiagonal's constructor takes a float `fill_value`."""
    if not isinstance(attrs["fill_value"], float):
        raise TypeError(f"For 'FillDiagonal', the type of 'fill_value' should be 'float', but got "
                        f"type '{type(attrs['fill_value']).__name__}'.")


def _fill_diagonal(input_x, fill_value, wrap):
    if input_x.ndim < 2:
        raise ValueError("The primitive[FillDiagonal] argument [input_x] must be a Tensor whose "
                         "dimension is greater than or equal to 2, but got its dimension "
                         f"[{input_x.ndim}].")
    if input_x.ndim > 2 and len(set(input_x.shape)) > 1:
        raise ValueError("The primitive[FillDiagonal] argument [input_x] must be a Tensor with the "
                         "same size in all dimensions when its dimension is greater than 2")
    return A.filled_diagonal(input_x, fill_value, wrap)


IndexPut = primitive("IndexPut", functional(S.index_put), accumulate=0)
FillDiagonal = primitive("FillDiagonal", functional(_fill_diagonal), check=_fill_diagonal_value,
                         fill_value=REQUIRED, wrap=False)
ReverseV2 = primitive("ReverseV2", A.reverse, check=_sequence_axis, axis=REQUIRED)
ReverseSequence = primitive(
    "ReverseSequence", functional(lambda x, seq_lengths, seq_dim, batch_dim: _reverse_sequence(
        x, seq_lengths, seq_dim, batch_dim)), seq_dim=REQUIRED, batch_dim=0)
Roll = primitive("Roll", lambda x, shifts, dims: A.roll(x, shifts, dims), shifts=REQUIRED,
                 dims=None, display=shown.as_tuple("shifts", "dims"))
SearchSorted = primitive(
    "SearchSorted", lambda s, v, dtype, right: A.cast(A.searchsorted(s, v, right=right), dtype),
    dtype=mstype.int64, right=False, display=_type_ids("dtype"))
LowerBound = primitive(
    "LowerBound", lambda s, v, out_type: A.cast(A.searchsorted(s, v), out_type),
    out_type=mstype.int32)
UpperBound = primitive(
    "UpperBound", lambda s, v, out_type: A.cast(A.searchsorted(s, v, right=True), out_type),
    out_type=mstype.int32)
SplitV = primitive("SplitV", lambda x, size_splits, split_dim, num_split:
                   A.split(x, list(size_splits), split_dim),
                   size_splits=REQUIRED, split_dim=REQUIRED, num_split=REQUIRED)
UniqueConsecutive = primitive(
    "UniqueConsecutive", lambda x, return_inverse, return_counts, dim:
    A.unique_consecutive(x, return_inverse, return_counts, dim),
    return_inverse=False, return_counts=False, dim=None)
IndexAdd = primitive("IndexAdd", lambda x, indices, y, axis, use_lock, check_index_bound:
                     S.index_add(x, indices, y, axis), axis=REQUIRED, use_lock=True,
                     check_index_bound=True, display=_with(side_effect_mem=True))
InTopK = primitive("InTopK", lambda x1, x2, k: A.intopk(x1, x2, k), k=REQUIRED)


@op("dyn_shape", primitive="TensorShape")
def dyn_shape(input_x):
    """`ops.dyn_shape` (`ops.TensorShape()`): the shape of `input_x` as an Int64 Tensor (a
    constant in a compiled function, where msjax's shapes are static)."""
    return jnp.asarray(input_x.shape, jnp.int64)


LogSpace = primitive("LogSpace", lambda start, end, steps, base, dtype:
                     A.logspace(start, end, steps, base, dtype=dtype),
                     steps=10, base=10, dtype=mstype.float32)
Expand = primitive("Expand", A.expand, display=_with(max_length=1000000))
FillV2 = primitive("FillV2", functional(lambda shape, value: jnp.full(
    tuple(int(s) for s in shape), value)))
GatherV2 = primitive("GatherV2", A.gather, display=_with(batch_dims=0))
Bucketize = primitive("Bucketize", lambda x, boundaries: A.bucketize(x, boundaries, right=True),
                      boundaries=REQUIRED)
ChannelShuffle = primitive("ChannelShuffle", lambda x, group: I.channel_shuffle(x, group),
                           group=REQUIRED)


def _reverse_sequence(x, seq_lengths, seq_dim, batch_dim):
    seq_lengths = integer_inputs.as_index(seq_lengths)  # (a differentiated one: its integers)
    if seq_lengths.size != x.shape[batch_dim]:
        raise ValueError("For 'ReverseSequence', the 'seq_lengths' vector size should be = input "
                         f"size along batch_dim: {x.shape[batch_dim]}, but got "
                         f"{seq_lengths.size}.")
    positions = jnp.arange(x.shape[seq_dim])
    shape = [1] * x.ndim
    shape[seq_dim] = -1
    positions = positions.reshape(shape)
    lengths = seq_lengths.reshape([-1 if i == batch_dim else 1 for i in range(x.ndim)])
    source = jnp.where(positions < lengths, lengths - 1 - positions, positions)
    return jnp.take_along_axis(x, jnp.broadcast_to(source, x.shape).astype(jnp.int32),
                               axis=seq_dim)


# -- scatter and segment reductions ------------------------------------------------------------
TensorScatterElements = primitive(
    "TensorScatterElements", lambda x, indices, updates, axis, reduction:
    S.tensor_scatter_elements(x, indices, updates, axis, reduction), axis=0, reduction="none",
    display=shown.enum("reduction", {"none": 0, "add": 1}, "reduce"))


def _segment_op(reduce):
    """Segment* Primitives: sorted segment ids, as many segments as the largest id + 1."""
    @functional
    def run(x, segment_ids):
        return reduce(x, segment_ids, int(jnp.max(segment_ids)) + 1)
    return run


def _segment_mean(x, ids, n):
    total = S.unsorted_segment_sum.impl(x, ids, n)
    counts = S.unsorted_segment_sum.impl(jnp.ones(ids.shape, x.dtype), ids, n)
    return total / jnp.maximum(counts, 1).reshape((-1,) + (1,) * (x.ndim - ids.ndim))


_MAX_LENGTH = _with(max_length=1000000)
SegmentSum = primitive("SegmentSum", _segment_op(S.unsorted_segment_sum.impl), display=_MAX_LENGTH)
SegmentMax = primitive("SegmentMax", _segment_op(S.unsorted_segment_max.impl), display=_MAX_LENGTH)
SegmentMin = primitive("SegmentMin", _segment_op(S.unsorted_segment_min.impl), display=_MAX_LENGTH)
SegmentProd = primitive("SegmentProd", _segment_op(S.unsorted_segment_prod.impl),
                        display=_MAX_LENGTH)
SegmentMean = primitive("SegmentMean", _segment_op(_segment_mean), display=_MAX_LENGTH)

# -- linear algebra ----------------------------------------------------------------------------
Cholesky = primitive("Cholesky", L.cholesky, upper=False)
CholeskyInverse = primitive("CholeskyInverse", L.cholesky_inverse, upper=False)
CholeskySolve = primitive("CholeskySolve", lambda b, a, upper: L.cholesky_solve(b, a, upper),
                          upper=False)
Cross = primitive("Cross", lambda a, b, dim: M.cross(a, b, None if dim == -65530 else dim),
                  dim=-65530)
Eig = primitive("Eig", lambda a, compute_v: L.eig(a) if compute_v else (
    L.eigvals(a), A.zeros((), L.eigvals(a).dtype)), compute_v=False)
MatrixInverse = primitive("MatrixInverse", lambda x, adjoint: M.inverse(
    L.adjoint(x) if adjoint else x), adjoint=False)
MatrixPower = primitive("MatrixPower", lambda x, n: M.matrix_power(x, n), n=REQUIRED,
                        display=_only())
MatrixSolve = primitive("MatrixSolve", lambda m, r, adjoint: L.matrix_solve(m, r, adjoint),
                        adjoint=False, display=_only())
Qr = primitive("Qr", lambda x, full_matrices: L.qr(x, "complete" if full_matrices else "reduced"),
               full_matrices=False)
Svd = primitive("Svd", lambda x, full_matrices, compute_uv: L.svd(x, full_matrices) if compute_uv
                else (L.svd(x, full_matrices, False), A.zeros(1, x.dtype), A.zeros(1, x.dtype)),
                full_matrices=False, compute_uv=True)
Renorm = primitive("Renorm", lambda x, p, dim, maxnorm: L.renorm(x, p, dim, maxnorm),
                   p=REQUIRED, dim=REQUIRED, maxnorm=REQUIRED,
                   display=lambda a: {**a, "p": float(a["p"])})
Pdist = primitive("Pdist", N.pdist, p=2.0)
Cdist = primitive("Cdist", N.cdist, p=2.0)
@functools.partial(jax.custom_vjp, nondiff_argnums=(1, 2))
def _l2_normalize(x, axis, epsilon):
    """x / sqrt(max(sum(x ** 2), epsilon)) along `axis`, with MindSpore's L2NormalizeGrad as its
    gradient: (dy - y * sum(y * dy)) / max(||x||, epsilon), which is the true gradient where
    sum(x ** 2) > epsilon and MindSpore's own formula below it (1 / epsilon at x = 0, where the
    forward's slope is 1 / sqrt(epsilon))."""
    return _l2_normalize_forward(x, axis, epsilon)[0]


def _l2_normalize_forward(x, axis, epsilon):
    """MindSpore's kernel divides by the norm rounded to `x`'s dtype; a float16 quotient is
    computed in float32 and rounded once (XLA would multiply by a float16 reciprocal square
    root, up to two float16 units in the last place off)."""
    squares = jnp.sum(jnp.square(x), axis=axis, keepdims=True)
    norm = jnp.sqrt(jnp.maximum(squares, epsilon))
    if x.dtype == jnp.float16:
        y = (x.astype(jnp.float32) / norm.astype(jnp.float32)).astype(x.dtype)
    else:
        y = x / norm
    return y, (y, squares)


def _l2_normalize_backward(axis, epsilon, saved, dy):
    y, squares = saved
    norm = jnp.maximum(jnp.sqrt(squares), epsilon)
    return ((dy - y * jnp.sum(y * dy, axis=axis, keepdims=True)) / norm,)


_l2_normalize.defvjp(_l2_normalize_forward, _l2_normalize_backward)

def _check_l2_normalize_axis(attrs):
    """MindSpore's TypeErrors of `L2Normalize(axis=...)`: an int, or a list or tuple of one."""
    axis = attrs["axis"]
    if isinstance(axis, int):
        return
    if not isinstance(axis, (list, tuple)):
        raise TypeError(f"For 'L2Normalize', the type of 'axis' should be one of '['list', "
                        f"'tuple']', but got type '{type(axis).__name__}'.")
    if len(axis) != 1:
        raise TypeError(f"For 'L2Normalize', the length of 'axis' must be 1, but got "
                        f"{len(axis)}, later will support multiple axis!")


def _l2_normalize_call(x, axis, epsilon):
    """L2Normalize's computation, with MindSpore's ValueError for an axis out of range."""
    axis = axis if isinstance(axis, int) else axis[0]
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"For primitive[L2Normalize], the axis value must be in "
                         f"[{-x.ndim},{x.ndim}), but got {axis}.")
    return _l2_normalize(x, axis, epsilon)


L2Normalize = primitive(
    "L2Normalize", functional(_l2_normalize_call), axis=0, epsilon=0.0001,
    check=_check_l2_normalize_axis,
    display=lambda a: {**a, "axis": [a["axis"]] if isinstance(a["axis"], int) else a["axis"]})
L2Loss = primitive("L2Loss", functional(lambda x: jnp.sum(jnp.square(x)) / 2))


class TensorAdd(PRIMITIVES["Add"]):
    """`mindspore.ops.TensorAdd`: MindSpore's deprecated name of `Add` (its instances are Add)."""


PRIMITIVES["TensorAdd"] = TensorAdd  # an alias of Add's registration, not a second op
