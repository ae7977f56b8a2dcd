"""Reductions, scans and statistics of `mindspore.ops`, with MindSpore's result dtypes.

MindSpore 2.10: `ops.sum`/`ops.prod` of integers and bools give Int64; `ops.mean` of integers
keeps the integer dtype; `ops.max`/`ops.min` return `(values, indices)` (with index 0 when
reducing every axis); `argmax` gives Int64 and `argmin` Int32; `cummax` indices are Int64 and
`cummin` indices Int32.
"""
from __future__ import annotations

import builtins
import functools
import math

import jax
import jax.numpy as jnp
import jax.scipy.special
import numpy as np
from jax import lax

from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor
from msjax._src.ops.adapters import axis_arg, np_dtype, scalar_like
from msjax._src.backend.interface import eager_jit, one_program
from msjax._src.ops.registry import op

_INT32 = np.dtype(np.int32)
_INT64 = np.dtype(np.int64)
_FLOAT32 = np.dtype(np.float32)


def variance(x, axis=None, ddof=0, keepdims=False):
    """`jnp.var(x, axis, ddof=ddof, keepdims=keepdims)`, with the same arithmetic and results, and
    no float64 in the program of a float32 `x`.

    jnp.var marks a variance whose divisor (the count less `ddof`) is not positive NaN with a
    `where` on a Python float, which is a float64 constant while msjax's 64-bit types are on
    (core/x64.py); here that case is known from the static shape. Floats of fewer than 32 bits
    are computed in float32, as jnp.var does; other dtypes (integers, complex) go to jnp.var."""
    if x.dtype.kind != "f":
        return jnp.var(x, axis, ddof=ddof, keepdims=keepdims)
    return _float_variance(x, tuple(axis) if isinstance(axis, list) else axis, ddof, keepdims)


def _true_divide(total, divisor):
    """`total / divisor` rounded once, as NumPy's and MindSpore's statistics kernels divide: XLA
    rewrites a division by a constant (or a broadcast scalar) into a multiplication by its
    rounded reciprocal, which can be an ulp off; a divisor the size of `total` behind an
    optimization barrier is no constant to it. (Under `vmap` the divisor is broadcast again and
    XLA's rewrite comes back: an ulp, at most.)"""
    return lax.div(total, lax.optimization_barrier(lax.full_like(total, divisor)))


def _reduced_size(shape, axis):
    axes = range(len(shape)) if axis is None else (axis,) if isinstance(axis, int) else axis
    return math.prod(shape[i] for i in axes)


def _float_mean(a, axis, keepdims):
    """The mean of float `a` as a sum divided by the count (`_true_divide`)."""
    return _true_divide(jnp.sum(a, axis, keepdims=keepdims), _reduced_size(a.shape, axis))


def statistics_mean(x, axis=None, keepdims=False):
    """The mean `std_mean` gives: of a float `x` a sum divided once by the count
    (float16 summed in float32), as MindSpore's ReduceStd kernel and NumPy compute it; of other
    dtypes `jnp.mean`'s."""
    if x.dtype.kind != "f":
        return jnp.mean(x, axis, keepdims=keepdims)
    axis = tuple(axis) if isinstance(axis, list) else axis
    compute = _FLOAT32 if x.dtype.itemsize < 4 else x.dtype
    return _float_mean(x.astype(compute), axis, keepdims).astype(x.dtype)


# One program (as jnp.var and jnp.std are), so that an eager call computes what theirs do.
@functools.partial(jax.jit, static_argnames=("axis", "ddof", "keepdims", "root", "divide_once"))
def _float_variance(x, axis, ddof, keepdims, root=False, divide_once=False):
    """jnp.var's arithmetic (its mean and its division by the count, which XLA makes a
    multiplication by the rounded reciprocal), or, with `divide_once`, sums divided once by the
    count (`_true_divide`), as MindSpore's ReduceStd kernel and NumPy compute."""
    compute = _FLOAT32 if x.dtype.itemsize < 4 else x.dtype
    a = x.astype(compute)
    mean = _float_mean(a, axis, keepdims=True) if divide_once else jnp.mean(a, axis,
                                                                             keepdims=True)
    centered = lax.square(a - mean)
    total = jnp.sum(centered, axis, keepdims=keepdims)
    count = _reduced_size(x.shape, axis)
    divisor = np.asarray(count, compute) - np.asarray(ddof, compute)  # in `compute`, as JAX's
    result = _true_divide(total, divisor) if divide_once else lax.div(total, divisor)
    if divisor <= 0:  # NaN, and so is the gradient, as jnp.var's
        result = lax.select(lax.full_like(total, False, np.bool_), result,
                            lax.full_like(total, np.asarray(np.nan, compute)))
    result = result.astype(x.dtype)
    return lax.sqrt(result) if root else result


def standard_deviation(x, axis=None, ddof=0, keepdims=False):
    """The standard deviation of MindSpore's std ops (ops.std, std_mean, ReduceStd): of a float
    `x` the square root of the squared deviations' sum divided once by the count less `ddof`
    (`_float_variance`'s `divide_once`, as MindSpore's kernel and NumPy compute it); of other
    dtypes `jnp.std`'s."""
    if x.dtype.kind != "f":
        return jnp.std(x, axis, ddof=ddof, keepdims=keepdims)
    return _float_variance(x, tuple(axis) if isinstance(axis, list) else axis, ddof, keepdims,
                           root=True, divide_once=True)


def _index_of(lax_reduce, name, x, axis=None, keepdims=False):
    if axis is None:
        dims, x, axis = list(range(x.ndim)), x.reshape(-1), 0
    else:
        if not -x.ndim <= axis < x.ndim:
            raise ValueError(f"{name}: axis {axis} is out of bounds for an array of dimension "
                             f"{x.ndim}; pass an axis in [{-x.ndim}, {x.ndim}).")
        axis = axis % x.ndim
        dims = [axis]
    size = x.shape[axis]
    if size == 0:
        raise ValueError(f"attempt to get {name} of an empty sequence")
    index = lax_reduce(x, axis, _INT32 if size < 2 ** 31 else _INT64).astype(_INT64)
    return jnp.expand_dims(index, dims) if keepdims else index


def argmax_index(x, axis=None, keepdims=False):
    """`jnp.argmax(x, axis, keepdims=keepdims)` with 64-bit types on: Int64 indices (the first
    maximum's; NaN counts as the maximum), found as int32 and widened when the axis is shorter
    than 2**31. JAX lowers an int64 argmax with an int64 iota that it makes under the setting in
    force when lowering: a program traced inside msjax's calls and lowered by a JAX user's
    `jax.jit` with 64-bit types off could not be lowered (core/x64.py)."""
    return _index_of(lax.argmax, "argmax", x, axis, keepdims)


def argmin_index(x, axis=None, keepdims=False):
    """`jnp.argmin(x, axis, keepdims=keepdims)` as `argmax_index` finds maxima."""
    return _index_of(lax.argmin, "argmin", x, axis, keepdims)


def _accumulate_dtype(x, dtype):
    if dtype is not None:
        return np_dtype(dtype)
    return _INT64 if x.dtype.kind in "biu" else None


def check_reduce_axis(primitive: str, axis, ndim: int, word: str = "axis value"):
    """MindSpore's ValueError for a reduction axis outside [-ndim, ndim)."""
    rank = builtins.max(ndim, 1)
    for a in (axis if isinstance(axis, tuple) else () if axis is None else (axis,)):
        if not -rank <= a < rank:
            raise ValueError(f"For primitive[{primitive}], the {word} must be in "
                             f"[{-rank},{rank}), but got {a}.")
    check_distinct_axes(axis, ndim)


def check_distinct_axes(axis, ndim: int) -> None:
    """MindSpore's RuntimeError for a reduction over the same axis twice (`x.sum((0, -2))` of a
    2-D `x`), naming the axis counted from 0."""
    if isinstance(axis, tuple) and len(axis) > 1:
        seen = set()
        for dim in _counted_from_zero(axis, ndim):
            if dim in seen:
                raise RuntimeError(f"dim={dim} appears multiple times in the list of dims")
            seen.add(dim)


def _counted_from_zero(axis: tuple, ndim: int) -> tuple:
    """The axes with negative ones counted from 0 (anything not an int left as it is, for the
    reduction's own check)."""
    return tuple(a % builtins.max(ndim, 1) if isinstance(a, int) else a for a in axis)


_CHECKED_SUMS: dict = {}  # (dim, keepdim, input rank, input dtype) -> the sum's program
_CHECKED_SUMS_LIMIT = 1024


@op()
def sum(input, dim=None, keepdim=False, *, dtype=None):  # noqa: A001
    # A call like one checked before (an int or None `dim`, a bool `keepdim`, no `dtype`, an
    # input of the same rank and dtype) runs its program at once: `x.sum(0)` is common.
    key = None
    if (dim is None or dim.__class__ is int) and keepdim.__class__ is bool and dtype is None:
        try:
            key = (dim, keepdim, len(input.shape), input.dtype)  # (`ndim` costs more)
        except AttributeError:  # not an array: the checks below say what is wrong
            pass
        else:
            program = _CHECKED_SUMS.get(key)
            if program is not None:
                dispatch = program.dispatch  # its C++ dispatch, as one_program_functional's
                if dispatch:
                    try:
                        return dispatch(input)
                    except Exception:  # noqa: BLE001 - (debug_nans' check) the call says what
                        pass
                return program(input)
    if not isinstance(keepdim, bool):  # (MindSpore's signature takes a bool only)
        raise TypeError(f'Failed calling SumExt with "SumExt()(input=Tensor, '
                        f'dim={type(dim).__name__}, keepdim={type(keepdim).__name__}, '
                        f'dtype={type(dtype).__name__})".')
    axis = axis_arg(dim)
    check_reduce_axis("SumExt", axis, input.ndim)
    accumulate = _accumulate_dtype(input, dtype)
    try:
        program = _sum_program(axis, keepdim, accumulate)
    except TypeError:  # an unhashable argument: jnp.sum says what is wrong with it
        return jnp.sum(input, axis=axis, keepdims=keepdim, dtype=accumulate)
    if key is not None and len(_CHECKED_SUMS) < _CHECKED_SUMS_LIMIT:
        _CHECKED_SUMS[key] = program
    return program(input)


sum.impl.primitive_name = "SumExt"  # the Primitive MindSpore names in its errors


@functools.lru_cache(maxsize=256)
def _sum_program(axis, keepdims, dtype):
    """`jnp.sum(x, axis, keepdims=keepdims, dtype=dtype)` as an eager program of `x` alone, for
    one set of the static arguments: an eager call with `x` by position goes straight to the
    program's C++ dispatch (jnp.sum's own Python, ~1.5 us of an eager `x.sum(0)`, runs when
    the program is traced); inside a trace it is jnp.sum's call."""
    def summed(x):
        return jnp.sum(x, axis=axis, keepdims=keepdims, dtype=dtype)
    summed.__name__ = "sum"
    return eager_jit(summed, inline_in_traces=True)


@op()
def prod(input, axis=None, keep_dims=False, dtype=None):
    check_reduce_axis("ProdExt", axis_arg(axis), input.ndim)
    # MindSpore casts the input to `dtype` (Int64 for integers and Bool when none) and multiplies
    # in it: prod(Float16 [1.5, 2.5], dtype=Int8) is 1 * 2; JAX would widen Int8/UInt8 products
    target = _accumulate_dtype(input, dtype)
    if target is None:
        return jnp.prod(input, axis=axis_arg(axis), keepdims=keep_dims)
    return jnp.prod(input.astype(target), axis=axis_arg(axis), keepdims=keep_dims).astype(target)


def mean_of(x, axis=None, keepdims=False, dtype=None):
    """The mean with MindSpore's dtype rule: integer inputs keep their dtype; eagerly one
    program kept in msjax's eager program cache."""
    return _mean_program(x, axis=axis_arg(axis), keepdims=bool(keepdims), dtype=np_dtype(dtype))


def _mean(x, axis, keepdims, dtype):
    result = jnp.mean(x, axis=axis, keepdims=keepdims, dtype=dtype)
    if dtype is None and x.dtype.kind in "biu":
        result = result.astype(x.dtype)
    return result


_mean_program = eager_jit(_mean, static_argnames=("axis", "keepdims", "dtype"),
                          inline_in_traces=True)


@op()
def mean(x, axis=None, keep_dims=False):
    check_reduce_axis("ReduceMean", axis_arg(axis), x.ndim)
    return mean_of(x, axis, keep_dims)


mean.impl.primitive_name = "ReduceMean"  # the Primitive MindSpore names in its errors


def _reduce_with_attr(name, reduce):
    """`ops.reduce_sum(x, axis=())` and friends: the Reduce* primitives without keep_dims."""
    def impl(x, axis=()):
        return reduce(x, axis_arg(axis))
    impl.__name__ = impl.__qualname__ = name
    return op(name)(impl)


reduce_sum = _reduce_with_attr("reduce_sum", lambda x, a: jnp.sum(x, a, dtype=x.dtype))
reduce_mean = _reduce_with_attr("reduce_mean", lambda x, a: mean_of(x, a))
reduce_max = _reduce_with_attr("reduce_max", lambda x, a: jnp.max(x, a))
reduce_min = _reduce_with_attr("reduce_min", lambda x, a: jnp.min(x, a))


def _with_indices(input, axis, keepdims, value_fn, index_fn, combine, initial=None, where=None):
    """(values, Int64 indices); MindSpore gives index 0 when reducing a 0-d Tensor or all axes,
    and applies `initial` and `where` elementwise before reducing along an axis."""
    if input.ndim == 0:
        return input, jnp.zeros((), _INT64)
    if axis is None:
        return value_fn(input), jnp.zeros((), _INT64)
    check_reduce_axis("ArgMaxWithValue" if value_fn is jnp.max else "ArgMinWithValue", axis,
                      input.ndim, "axis")
    if initial is not None:
        input = combine(input, jnp.asarray(initial, input.dtype))
    if where is not None:
        input = jnp.where(where, input, jnp.asarray(initial, input.dtype))
    # The value read at the index: its gradient goes to the first maximum (minimum) alone, as
    # MindSpore's ArgMaxWithValue's does; jnp.max's shares it among equal values.
    index = index_fn(input, axis=axis, keepdims=True)
    values = jnp.take_along_axis(input, index.astype(np.int32) if input.shape[axis] < 2 ** 31
                                 else index, axis=axis)
    if not keepdims:
        values = jnp.squeeze(values, axis)
        index = jnp.squeeze(index, axis)
    return values, index.astype(_INT64)


@op()
def max(input, axis=None, keepdims=False, *, initial=None, where=None):  # noqa: A001
    """`ops.max`: (values, indices), as MindSpore 2.10 returns."""
    return _with_indices(input, axis, keepdims, jnp.max, argmax_index, jnp.maximum, initial,
                         where)


@op()
def min(input, axis=None, keepdims=False, *, initial=None, where=None):  # noqa: A001
    """`ops.min`: (values, indices), as MindSpore 2.10 returns."""
    return _with_indices(input, axis, keepdims, jnp.min, argmin_index, jnp.minimum, initial,
                         where)


@op()
def aminmax(input, *, axis=0, keepdims=False):
    """`ops.aminmax`: (minimum, maximum) along `axis` (over all axes for None). A 0-d input
    reduces to 0-d whatever `keepdims`, as MindSpore 2.10's ArgMinWithValue does."""
    if input.ndim == 0:
        if axis is not None and axis not in (0, -1):
            raise ValueError("For ArgMinWithValue with 0d input tensor, axis must be one of 0 "
                             f"or -1, but got {axis}.")
        return input, input
    if axis is None:
        shape = (1,) * input.ndim if keepdims else ()
        return jnp.min(input).reshape(shape), jnp.max(input).reshape(shape)
    check_reduce_axis("ArgMinWithValue", axis, input.ndim, "axis")
    return (jnp.min(input, axis=axis, keepdims=keepdims),
            jnp.max(input, axis=axis, keepdims=keepdims))


def _where_mask(where):
    """`where` for a masked reduction: MindSpore's default `where=True` (every element) is no
    mask at all, so no `initial` is needed for it."""
    return None if where is True or where.__class__ is np.bool_ and where else where


@op()
def amax(input, axis=None, keepdims=False, *, initial=None, where=None):
    check_distinct_axes(axis_arg(axis), input.ndim)
    return jnp.max(input, axis=axis_arg(axis), keepdims=keepdims, initial=initial,
                   where=_where_mask(where))


@op()
def amin(input, axis=None, keepdims=False, *, initial=None, where=None):
    check_distinct_axes(axis_arg(axis), input.ndim)
    return jnp.min(input, axis=axis_arg(axis), keepdims=keepdims, initial=initial,
                   where=_where_mask(where))


def _arg_reduce(primitive, index_fn, input, axis, keepdims, dtype):
    if input.ndim == 0:
        return jnp.zeros((), _INT64)
    if input.dtype == np.bool_:
        input = input.astype(_INT32)
    if axis is None:
        return index_fn(input.reshape(-1)).astype(dtype)
    check_reduce_axis(primitive, axis, input.ndim, "axis")
    return index_fn(input, axis=axis, keepdims=keepdims).astype(dtype)


@op()
def argmax(input, dim=None, keepdim=False):
    return _arg_reduce("Argmax", argmax_index, input, dim, keepdim, _INT64)


@op()
def argmin(input, axis=None, keepdims=False):
    return _arg_reduce("Argmin", argmin_index, input, axis, keepdims, _INT32)


@op()
def all(input, axis=None, keep_dims=False):  # noqa: A001
    return jnp.all(input, axis=axis_arg(axis), keepdims=keep_dims)


@op()
def any(input, axis=None, keep_dims=False):  # noqa: A001
    return jnp.any(input, axis=axis_arg(axis), keepdims=keep_dims)


def _check_statistics_axes(axis, ndim: int) -> None:
    """std/var's ValueError for an axis named twice, showing the axes counted from 0."""
    if isinstance(axis, tuple) and len(axis) > 1:
        axes = _counted_from_zero(axis, ndim)
        if len(set(axes)) < len(axes):
            raise ValueError(f"The element of parameter 'axis' can not be duplicate, but got "
                             f"{axes}.")


@op()
def std(input, axis=None, ddof=0, keepdims=False):
    _check_statistics_axes(axis_arg(axis), input.ndim)
    return standard_deviation(input, axis_arg(axis), ddof, keepdims)


@op()
def var(input, axis=None, ddof=0, keepdims=False):
    _check_statistics_axes(axis_arg(axis), input.ndim)
    return variance(input, axis_arg(axis), ddof, keepdims)


@op(tensor_method=True)
@one_program
def std_mean(input, axis=None, ddof=0, keepdims=False):
    return (standard_deviation(input, axis_arg(axis), ddof, keepdims),
            statistics_mean(input, axis_arg(axis), keepdims))


@op(tensor_method=True)
@one_program
def var_mean(input, axis=None, ddof=0, keepdims=False):
    return (variance(input, axis_arg(axis), ddof, keepdims),
            jnp.mean(input, axis=axis_arg(axis), keepdims=keepdims))


@op()
@one_program
def nansum(input, axis=None, keepdims=False, *, dtype=None):
    if input.dtype == np.bool_:
        input = input.astype(_INT64)
    # an integer sum keeps its dtype (MindSpore's; NumPy's widens it to 64 bits)
    result = jnp.nansum(input, axis=axis_arg(axis), keepdims=keepdims, dtype=input.dtype)
    return result if dtype is None else result.astype(np_dtype(dtype))


@op()
@one_program
def nanmean(input, axis=None, keepdims=False, *, dtype=None):
    if not jnp.issubdtype(input.dtype, jnp.inexact):
        raise TypeError(f"For 'nanmean', input should be floating point dtype, but got {Tensor}.")
    result = jnp.nanmean(input, axis=axis_arg(axis), keepdims=keepdims)
    return result if dtype is None else result.astype(np_dtype(dtype))


@op(tensor_method=True)
def logsumexp(input, dim, keepdim=False):
    return jax.scipy.special.logsumexp(input, axis=axis_arg(dim), keepdims=keepdim)


def _lower_median(input, axis, keepdims, ignore_nan=False):
    """(values, Int64 indices) of the lower median along `axis` (NaNs last when ignored; when
    not, NaN at its first NaN where the axis has one)."""
    if ignore_nan:
        count = jnp.sum(~jnp.isnan(input), axis=axis, keepdims=True)
        order = jnp.argsort(input, axis=axis)  # NaNs sort last
        pick = jnp.maximum((count - 1) // 2, 0)
        index = jnp.take_along_axis(order, pick, axis=axis)
    else:
        n = input.shape[axis]
        order = jnp.argsort(input, axis=axis, stable=True)
        index = jnp.take(order, jnp.array([(n - 1) // 2]), axis=axis)
    if not ignore_nan and jnp.issubdtype(input.dtype, jnp.inexact) and input.size:
        # a NaN along the axis makes the median NaN, at the first NaN's index (MindSpore's), not
        # the value it sorts past
        nan = jnp.isnan(input)
        positions = jax.lax.broadcasted_iota(index.dtype, input.shape, axis % input.ndim)
        first_nan = jnp.min(jnp.where(nan, positions, input.shape[axis]), axis=axis,
                            keepdims=True)
        index = jnp.where(nan.any(axis=axis, keepdims=True), first_nan, index)
    values = jnp.take_along_axis(input, index, axis=axis)
    if not keepdims:
        values, index = jnp.squeeze(values, axis), jnp.squeeze(index, axis)
    return values, index.astype(_INT64)


@op()  # (Tensor.median: tensor_methods.py, which takes the overload's dim/keepdim too)
@one_program
def median(input, axis=-1, keepdims=False):
    """`ops.median`: (values, indices) of the lower median along `axis`."""
    return _lower_median(input, axis, keepdims)


@op()
@one_program
def nanmedian(input, axis=-1, keepdims=False):
    """`ops.nanmedian`: (the lower median ignoring NaNs, its Int64 index) along `axis`, with
    MindSpore's Median errors for other dtypes and an axis out of range."""
    name = str(mstype.from_numpy(input.dtype))
    if name not in ("Float32", "Float64", "Int16", "Int32", "Int64"):
        raise TypeError("For primitive[Median], the input argument[x] must be a type of "
                        "{Tensor[Float32], Tensor[Float64], Tensor[Int16], Tensor[Int32], "
                        f"Tensor[Int64]}}, but got Tensor[{name}].")
    rank = builtins.max(input.ndim, 1)
    if not -rank <= axis < rank:
        raise ValueError(f"For primitive[Median], the axis must be in [{-rank},{rank}), but got "
                         f"{axis}.")
    return _lower_median(input, axis, keepdims, ignore_nan=True)


@op()
@one_program
def quantile(input, q, axis=None, keepdims=False):
    return jnp.quantile(input, jnp.asarray(q, input.dtype), axis=axis,
                        keepdims=keepdims).astype(input.dtype)


@op()
@one_program
def nanquantile(input, q, axis=None, keepdims=False):
    return jnp.nanquantile(input, jnp.asarray(q, input.dtype), axis=axis,
                           keepdims=keepdims).astype(input.dtype)


# -- scans -------------------------------------------------------------------------------------
@op()
def cumsum(x, axis, dtype=None):
    check_reduce_axis("CumSum", axis, x.ndim, "axis")
    return jnp.cumsum(x, axis=axis, dtype=np_dtype(dtype))


@op()
def cumprod(input, dim, dtype=None):
    return jnp.cumprod(input, axis=dim, dtype=np_dtype(dtype))


def cumulative_logsumexp_axis(input, axis) -> int:
    """CumulativeLogsumexp's axis as an int in [0, rank), with MindSpore's errors: a Bool axis
    (its TypeError), a 0-d input (ValueError) and an axis out of [-rank, rank) (RuntimeError)."""
    if isinstance(axis, bool) or getattr(axis, "dtype", None) == jnp.bool_:
        raise TypeError("For primitive[CumulativeLogsumexp], the input argument[axis] must be a "
                        "type of {Tensor[Int16], Tensor[Int32], Tensor[Int64]}, but got "
                        "Tensor[Bool].")
    rank = input.ndim
    if rank == 0:
        raise ValueError("For primitive[CumulativeLogsumexp], the input x rank must be greater "
                         "than or equal to 1, but got 0.")
    axis = int(axis)
    if not -rank <= axis < rank:
        raise RuntimeError(f"For 'CumulativeLogsumexp, 'axis' must be in range [{-rank}, {rank}), "
                           f"but got: {axis}")
    return axis % rank


@op()
def logcumsumexp(input, axis):
    """`ops.logcumsumexp`: log(cumsum(exp(input))) along `axis`, an int (MindSpore's TypeError
    for a Tensor or float axis)."""
    if not isinstance(axis, int):
        kind = "<class 'mindspore.common.tensor.Tensor'>" if hasattr(axis, "shape") \
            else str(type(axis))
        raise TypeError(f"For 'logcumsumexp', 'axis' must be int type, but got {kind}")
    return lax.cumlogsumexp(input, axis=cumulative_logsumexp_axis(input, axis))


def _cumulative_extreme(input, axis, scan, index_dtype):
    """(running extreme, index of its latest occurrence) along `axis`. NaN propagates: from the
    first NaN on the value is NaN and the index the latest NaN's (MindSpore's CPU kernels)."""
    axis = axis % input.ndim
    values = scan(input, axis=axis)
    positions = lax.broadcasted_iota(_INT64, input.shape, axis)
    latest = (input == values) | (jnp.isnan(input) & jnp.isnan(values))
    indices = lax.cummax(jnp.where(latest, positions, 0), axis=axis)
    return values, indices.astype(index_dtype)


@op(tensor_method=True)
@one_program
def cummax(input, axis):
    return _cumulative_extreme(input, axis, lax.cummax, _INT64)


@op(tensor_method=True)
@one_program
def cummin(input, axis):
    return _cumulative_extreme(input, axis, lax.cummin, _INT32)


@op()
@one_program
def diff(x, n=1, axis=-1, prepend=None, append=None):
    """`ops.diff`: the first differences along `axis` (MindSpore 2.10 takes only n=1), with its
    TypeError for a 0-d input."""
    if x.ndim == 0:
        raise TypeError("For 'diff', the dimension 'x' must be at least 1, but got 0")
    if n != 1:
        raise RuntimeError(f"For 'diff', 'n' must be 1, but got {n}")
    return jnp.diff(x, 1, axis=axis, prepend=prepend, append=append)


@op()
@one_program
def trapz(y, x=None, *, dx=1.0, dim=-1):
    return jnp.trapezoid(y, x, dx=scalar_like(dx, y), axis=dim)


# -- norms and counts --------------------------------------------------------------------------
_MATRIX_ORDS = (2, -2, 1, -1, math.inf, -math.inf, "fro", "nuc", None)


@op()
def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):  # noqa: A002
    """`ops.norm(A, ord=None, dim=None, keepdim=False, *, dtype=None)` as MindSpore 2.10
    computes it. A matrix norm where `dim` names two axes (or is None for a 2-D `A` with an
    `ord`), else a vector norm; `ord=None` (and 2 of a whole 1-D `A`) is the square root of the
    sum of squares, of an integer `A` in Float32."""
    x = A if dtype is None else A.astype(np_dtype(dtype))
    axes = axis_arg(dim)
    if ord is None or (axes is None and x.ndim == 1 and ord == 2):
        return _root_sum_squares(x, axes, keepdim)
    if (axes is None and x.ndim == 2) or (isinstance(axes, tuple) and len(axes) == 2):
        return _matrix_norm(x, ord, axes or (0, 1), keepdim)
    if isinstance(ord, str):
        raise TypeError(f"For norm, ord mode can not be str for vectors, but got {ord}.")
    return _vector_norm(x, ord, axes, keepdim)


def _root_sum_squares(x, axes, keepdim):
    """sqrt(sum(|x|²)) over `axes` (None: all); an integer or Bool `x` in Float32."""
    if x.dtype.kind in "biu":
        x = x.astype(_FLOAT32)
    return jnp.sqrt(jnp.sum(jnp.square(jnp.abs(x)), axis=axes, keepdims=keepdim))


def _vector_norm(x, ord, axes, keepdim):  # noqa: A002
    """MindSpore's vector norms: ±inf the largest/smallest |x| in x's dtype, 0 the count of
    nonzeros (Int64 of an integer `x`), any other `ord` its LpNorm kernel (Float16 and Float32
    only, Float16 computed in Float32)."""
    if ord in (math.inf, -math.inf):
        magnitude = x if x.dtype.kind in "bu" else jnp.abs(x)
        pick = jnp.max if ord > 0 else jnp.min
        return pick(magnitude, axis=axes, keepdims=keepdim)
    if ord == 0:
        count = jnp.sum(x != 0, axis=axes, keepdims=keepdim)
        return count.astype(_INT64 if x.dtype.kind in "biu" else x.dtype)
    if x.dtype not in (np.float16, np.float32):
        raise TypeError("For primitive[LpNorm], the input argument[input] must be a type of "
                        "{Tensor[Float16], Tensor[Float32]}, but got "
                        f"Tensor[{mstype.from_numpy(x.dtype)}].")
    result = jnp.linalg.norm(x.astype(_FLOAT32), ord=ord, axis=axes, keepdims=keepdim)
    return result.astype(x.dtype)


def _matrix_norm(x, ord, axes, keepdim):  # noqa: A002
    """MindSpore's matrix norms over `axes` (rows, columns): 'fro' as `_root_sum_squares`;
    'nuc' and ±2 from singular values computed in Float32 (a Float32 result whatever x's
    dtype); ±1 the largest/smallest column sum of |x| (Int64 of an integer or Bool `x`), ±inf
    that of the row sums (in x's dtype)."""
    if ord not in _MATRIX_ORDS:
        raise ValueError("For norm, the ord mode must be in [2, -2, 1, -1, float('inf'), "
                         f"-float('inf'), 'fro', 'nuc', None] for matrices, but got {ord}.")
    if ord == "fro":
        return _root_sum_squares(x, axes, keepdim)
    if ord in ("nuc", 2, -2):
        real = x.dtype.kind != "c"
        x = x.astype(_FLOAT32) if real else x
        return jnp.linalg.norm(x, ord=ord, axis=axes, keepdims=keepdim)
    rows, columns = (a % x.ndim for a in axes)
    summed, picked = (rows, columns) if ord in (1, -1) else (columns, rows)
    wide = x.dtype.kind == "b" or (ord in (1, -1) and x.dtype.kind in "iu")
    sums = jnp.sum(jnp.abs(x) if x.dtype.kind not in "bu" else x, axis=summed, keepdims=True,
                   dtype=_INT64 if wide else x.dtype)
    result = (jnp.max if ord > 0 else jnp.min)(sums, axis=picked, keepdims=True)
    return result if keepdim else jnp.squeeze(result, (rows, columns))


@op()
def dist(input, other, p=2):  # noqa: A002
    """`ops.dist(input, other, p=2)`: the p-norm of `input - other` (broadcast) over all its
    elements, p a non-negative int (0 counts the non-zero differences); Float16/Float32, the
    result a 0-d tensor of that dtype (MindSpore's LpNorm: tests/goldens/ops/
    set_and_triangular_probe.out)."""
    for name, value in (("input", input), ("other", other)):
        if not isinstance(value, jax.Array):
            raise TypeError(f"For 'dist', '{name}' must be a tensor, but got {type(value)}")
    if isinstance(p, bool) or not isinstance(p, int):
        raise TypeError(f"For 'LpNorm', the type of 'p' should be 'int', but got type "
                        f"'{type(p).__name__}'.")
    if p < 0:
        raise ValueError(f"For 'LpNorm', the 'p' must be int and must >= 0, but got '{p}' with "
                         f"type 'int'.")
    try:
        jnp.broadcast_shapes(input.shape, other.shape)
    except ValueError:
        rank = builtins.max(input.ndim, other.ndim)
        padded = [(1,) * (rank - x.ndim) + tuple(x.shape) for x in (input, other)]
        axis = next(k for k in range(rank) if 1 not in (padded[0][k], padded[1][k])
                    and padded[0][k] != padded[1][k])
        listed = [", ".join(str(d) for d in x.shape) for x in (input, other)]
        raise ValueError(
            f"For 'SubExt', input.shape and other.shape need to broadcast. The value of "
            f"input.shape[{axis - (rank - input.ndim) + other.ndim}] or other.shape"
            f"[{axis - (rank - other.ndim) + other.ndim}] must be 1 or -1 when they are not the same, but got "
            f"input.shape = [{listed[0]}] and other.shape = [{listed[1]}]") from None
    difference = jnp.subtract(input, other)
    if difference.dtype not in (np.float16, np.float32):
        raise TypeError("For primitive[LpNorm], the input argument[input] must be a type of "
                        "{Tensor[Float16], Tensor[Float32]}, but got "
                        f"Tensor[{mstype.from_numpy(difference.dtype)}].")
    magnitude = jnp.abs(difference).astype(np.float32)
    if p == 0:
        result = jnp.count_nonzero(magnitude).astype(np.float32)
    else:
        result = jnp.sum(magnitude ** p) ** (1.0 / p)
    return result.astype(difference.dtype)


@op()
def count_nonzero(x, axis=(), keep_dims=False, dtype=mstype.int32):
    result = jnp.count_nonzero(x, axis=axis_arg(axis), keepdims=keep_dims)
    return result.astype(np_dtype(dtype))


@op()
def histc(input, bins=100, min=0.0, max=0.0):  # noqa: A002
    """`ops.histc`: counts in `bins` equal bins of [min, max] (the data's range when both are 0),
    as Float32 like the input's float dtype."""
    lo, hi = (jnp.min(input), jnp.max(input)) if min == 0 and max == 0 else (min, max)
    counts, _ = jnp.histogram(input, bins=bins, range=(lo, hi))
    return counts.astype(input.dtype if input.dtype.kind == "f" else np.float32)


@op()
@one_program
def cov(input, *, correction=1, fweights=None, aweights=None):
    x = input.astype(np.float32) if input.dtype.kind in "biu" or input.dtype in (
        np.float16, jnp.bfloat16) else input
    return jnp.cov(x, ddof=correction, fweights=fweights, aweights=aweights)
