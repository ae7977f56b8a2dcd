"""MindSpore's Primitive classes (`ops.Add`, `ops.MatMul(transpose_a, transpose_b)`, ...).

Each is built by `primitive` from the functional op that implements it: the class holds
MindSpore's constructor attributes and calls the op with them. Where a Primitive's inputs or
attributes differ from the functional signature, a small adapter lambda says how.
"""
from __future__ import annotations

import jax.numpy as jnp

from msjax._src import dtype as mstype
from msjax._src.ops import array_ops as A
from msjax._src.ops import math_ops as M
from msjax._src.ops import nn_ops as N
from msjax._src.ops import reduce_ops as R
from msjax._src.ops.registry import functional, primitive

# -- elementwise, same inputs as the functional op ---------------------------------------------
Add = primitive("Add", M.add)
Sub = primitive("Sub", M.sub)
Mul = primitive("Mul", M.mul)
Div = primitive("Div", M.div)
RealDiv = primitive("RealDiv", M.div)
FloorDiv = primitive("FloorDiv", M.floor_div)
FloorMod = primitive("FloorMod", M.floor_mod)
Mod = primitive("Mod", M.fmod)
Pow = primitive("Pow", M.pow)
Maximum = primitive("Maximum", M.maximum)
Minimum = primitive("Minimum", M.minimum)
SquaredDifference = primitive("SquaredDifference", M.squared_difference)
Atan2 = primitive("Atan2", M.atan2)
Equal = primitive("Equal", M.equal)
NotEqual = primitive("NotEqual", M.not_equal)
Greater = primitive("Greater", M.greater)
GreaterEqual = primitive("GreaterEqual", M.greater_equal)
Less = primitive("Less", M.less)
LessEqual = primitive("LessEqual", M.less_equal)
LogicalAnd = primitive("LogicalAnd", M.logical_and)
LogicalOr = primitive("LogicalOr", M.logical_or)
LogicalNot = primitive("LogicalNot", M.logical_not)
Neg = primitive("Neg", M.neg)
Abs = primitive("Abs", M.abs)
Sign = primitive("Sign", M.sign)
Square = primitive("Square", M.square)
Sqrt = primitive("Sqrt", M.sqrt)
Rsqrt = primitive("Rsqrt", M.rsqrt)
Reciprocal = primitive("Reciprocal", M.reciprocal)
Exp = primitive("Exp", M.exp)
Expm1 = primitive("Expm1", M.expm1)
Log = primitive("Log", M.log)
Log1p = primitive("Log1p", M.log1p)
Sin = primitive("Sin", M.sin)
Cos = primitive("Cos", M.cos)
Tan = primitive("Tan", M.tan)
Asin = primitive("Asin", M.asin)
Acos = primitive("ACos", M.acos)
Atan = primitive("Atan", M.atan)
Sinh = primitive("Sinh", M.sinh)
Cosh = primitive("Cosh", M.cosh)
Tanh = primitive("Tanh", M.tanh)
Erf = primitive("Erf", M.erf)
Floor = primitive("Floor", M.floor)
Ceil = primitive("Ceil", M.ceil)
Round = primitive("Round", M.round)
IsNan = primitive("IsNan", M.isnan)
IsInf = primitive("IsInf", M.isinf)
IsFinite = primitive("IsFinite", M.isfinite)
Sigmoid = primitive("Sigmoid", M.sigmoid)
ReLU = primitive("ReLU", N.relu)
ReLU6 = primitive("ReLU6", N.relu6)
GeLU = primitive("GeLU", N.gelu)
FastGeLU = primitive("FastGeLU", functional(
    lambda x: x / (1 + jnp.exp(-1.702 * jnp.abs(x))) * jnp.exp(0.851 * (x - jnp.abs(x)))))
SeLU = primitive("SeLU", N.selu)
Mish = primitive("Mish", N.mish)
Softplus = primitive("Softplus", N.softplus)
HSwish = primitive("HSwish", N.hardswish)
HSigmoid = primitive("HSigmoid", N.hardsigmoid)
Elu = primitive("Elu", lambda x, alpha: N.elu(x, alpha), alpha=1.0)
Softmax = primitive("Softmax", lambda x, axis: N.softmax(x, axis), axis=-1)
LogSoftmax = primitive("LogSoftmax", lambda x, axis: N.log_softmax(x, axis), axis=-1)
BiasAdd = primitive("BiasAdd", lambda x, b, data_format: N.bias_add(x, b), data_format="NCHW")
StopGradient = primitive("StopGradient", A.stop_gradient)
Identity = primitive("Identity", functional(lambda x: x))

# -- matrix products ---------------------------------------------------------------------------


def _matmul_t(x, y, transpose_a, transpose_b):
    x = A.swapaxes(x, -1, -2) if transpose_a else x
    y = A.swapaxes(y, -1, -2) if transpose_b else y
    return M.matmul(x, y)


MatMul = primitive("MatMul", _matmul_t, transpose_a=False, transpose_b=False)
BatchMatMul = primitive("BatchMatMul", _matmul_t, transpose_a=False, transpose_b=False)
Einsum = primitive("Einsum", lambda *xs, equation: M.einsum(equation, *xs), equation=None)

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
                   A.cast(R.argmax(x, axis), output_type), axis=-1, output_type=mstype.int32)
Argmin = primitive("Argmin", lambda x, axis, output_type:
                   A.cast(R.argmin(x, axis), output_type), axis=-1, output_type=mstype.int32)
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
Cast = primitive("Cast", A.cast)
Reshape = primitive("Reshape", A.reshape)
Transpose = primitive("Transpose", A.transpose)
ExpandDims = primitive("ExpandDims", A.expand_dims)
Squeeze = primitive("Squeeze", lambda x, axis: A.squeeze(x, axis if axis != () else None),
                    axis=())
Flatten = primitive("Flatten", functional(lambda x: x.reshape(x.shape[0], -1)))
Tile = primitive("Tile", A.tile)
BroadcastTo = primitive("BroadcastTo", lambda x, shape: A.broadcast_to(x, shape), shape=None)
Concat = primitive("Concat", lambda xs, axis: A.concat(xs, axis), axis=0)
Stack = primitive("Stack", lambda xs, axis: A.stack(xs, axis), axis=0)
Unstack = primitive("Unstack", lambda x, axis, num: A.unstack(x, axis), axis=0, num=None)
Split = primitive("Split", lambda x, axis, output_num:
                  A.split(x, x.shape[axis] // output_num, axis), axis=0, output_num=1)
Gather = primitive("Gather", lambda x, indices, axis, batch_dims:
                   A.gather(x, indices, axis, batch_dims), batch_dims=0)
GatherD = primitive("GatherD", A.gather_elements)
GatherNd = primitive("GatherNd", A.gather_nd)
ScatterNd = primitive("ScatterNd", A.scatter_nd)
TensorScatterUpdate = primitive("TensorScatterUpdate", A.tensor_scatter_update)
OneHot = primitive("OneHot", lambda indices, depth, on_value, off_value, axis:
                   A.one_hot(indices, depth, on_value, off_value, axis), axis=-1)
Select = primitive("Select", A.select)
Slice = primitive("Slice", A.slice)
StridedSlice = primitive(
    "StridedSlice", A.strided_slice, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
    shrink_axis_mask=0)
Sort = primitive("Sort", lambda x, axis, descending: A.sort(x, axis, descending), axis=-1,
                 descending=False)
TopK = primitive("TopK", lambda x, k, sorted: A.topk(x, k, sorted=sorted), sorted=True)
Zeros = primitive("Zeros", lambda shape, dtype: A.zeros(shape, dtype))
Ones = primitive("Ones", lambda shape, dtype: A.ones(shape, dtype))
ZerosLike = primitive("ZerosLike", A.zeros_like)
OnesLike = primitive("OnesLike", A.ones_like)
Fill = primitive("Fill", A.fill)
Eye = primitive("Eye", lambda n, m, t: A.eye(n, m, t))
Shape = primitive("Shape", A.shape)
Rank = primitive("Rank", A.rank)
Size = primitive("Size", A.size)
Range = primitive("Range", lambda start, limit, delta, maxlen: A.range(start, limit, delta),
                  maxlen=1000000)
Conv2D = primitive(
    "Conv2D",
    lambda x, w, out_channel, kernel_size, mode, pad_mode, pad, stride, dilation, group,
    data_format: N.conv2d(x, w, None, stride, pad_mode, pad, dilation, group),
    out_channel=None, kernel_size=None, mode=1, pad_mode="valid", pad=0, stride=1, dilation=1,
    group=1, data_format="NCHW")
