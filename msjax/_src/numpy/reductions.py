"""Reductions and scans of `mindspore.numpy`: sums, means, extrema, spreads, cumulative ops,
differences.

MindSpore 2.10 dtype rules kept here (they differ from NumPy's):
- `sum` of integers and bools is Int64, but `mean` of integers keeps the integer dtype
  (`mean([1, 2])` is 1) and `nansum`/`nanmax`/`nanmin` keep the input dtype.
- `nanmean`/`nanvar`/`nanstd` default to Float32 (also for Float64 inputs).
- `cumsum` of Int8/Int16/UInt8/Bool is Int32; `cumprod` of Int8/Int16/Bool is Int32 and of
  UInt8/UInt16 UInt32.
- `count_nonzero` is Int32, `argmax`/`argmin` Int64; `std`/`var`/`trapz`/`gradient` compute
  integers in Float32.
"""
from __future__ import annotations

import builtins
import math

import jax
import jax.numpy as jnp

from msjax._src.numpy import conversion as C
from msjax._src.numpy.conversion import asarray, cast, dtype_arg
from msjax._src.ops import reduce_ops as R
from msjax._src.ops.adapters import to_float_if_int
from msjax._src.ops.registry import functional


def _axes(axis, ndim):
    """A checked reduction axis for jnp (None means all)."""
    if axis is None:
        return None
    return C.axes_valid(axis, ndim)


def _check_initial(initial, message="initial should be scalar"):
    if initial is None:
        return
    if hasattr(initial, "ndim") and initial.ndim > 0 or not isinstance(
            initial, (int, float, bool)) and not hasattr(initial, "ndim"):
        raise TypeError(message)


def _sum_axes(axis, ndim):
    """Tensor.sum's axis checks (MindSpore's SumExt kernel messages)."""
    if axis is None:
        return None
    axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    rank = builtins.max(ndim, 1)
    for a in axes:
        if not -rank <= a < rank:
            raise ValueError(f"For primitive[SumExt], the axis value must be in [{-rank},{rank}), "
                             f"but got {a}.")
    normalised = [a % rank for a in axes]
    for a in normalised:
        if normalised.count(a) > 1:
            raise RuntimeError(f"dim={a} appears multiple times in the list of dims")
    return tuple(normalised)


def sum(a, axis=None, dtype=None, keepdims=False, initial=None):
    """`mindspore.numpy.sum(a, axis=None, dtype=None, keepdims=False, initial=None)`.

    Integers and bools sum to Int64, as MindSpore's Tensor.sum.
    """
    a = asarray(a)
    _check_initial(initial)
    result = R.sum.impl(a, _sum_axes(axis, a.ndim), keepdims, dtype=dtype_arg(dtype))
    if initial is not None:
        result = result + jnp.asarray(initial, result.dtype)
    return result


sum = functional(sum)


def mean(a, axis=None, keepdims=False, dtype=None):
    """`mindspore.numpy.mean(a, axis=None, keepdims=False, dtype=None)`: integers keep their
    dtype (the mean is truncated), as in MindSpore."""
    a = asarray(a)
    result = R.mean_of(a, _axes(axis, a.ndim), keepdims)
    return cast(result, dtype_arg(dtype))


mean = functional(mean)


def _extreme(name: str, op_impl):
    def impl(a, axis=None, keepdims=False, initial=None, where=True):
        a = asarray(a)
        _check_initial(initial, "initial must be scalar")
        if where is not True:
            if initial is None:
                raise ValueError("initial value must be provided for where masks")
            where = asarray(where)
        if a.size == 0:
            raise ValueError("zero-size tensors are not supported.")
        return op_impl(a, _axes(axis, a.ndim), keepdims, initial=initial,
                       where=None if where is True else where)
    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = (f"`mindspore.numpy.{name}(a, axis=None, keepdims=False, initial=None, "
                    "where=True)`: a `where` mask needs an `initial` value.")
    return functional(impl)


amax = _extreme("amax", R.amax.impl)
amin = _extreme("amin", R.amin.impl)
max = amax
min = amin


def _check_keepdims(keepdims):
    if not isinstance(keepdims, int):
        raise TypeError(f"integer argument expected, got{type(keepdims)}")


def _nan_reduction(name: str, compute, default_dtype=None, ddof: bool = False):
    if ddof:
        def impl(a, axis=None, dtype=None, ddof=0, keepdims=False):
            a = asarray(a)
            _check_keepdims(keepdims)
            result = compute(to_float_if_int(a), _axes(axis, a.ndim), bool(keepdims), ddof)
            return cast(result, dtype_arg(dtype) or default_dtype or a.dtype)
        signature = "a, axis=None, dtype=None, ddof=0, keepdims=False"
    else:
        def impl(a, axis=None, dtype=None, keepdims=False):
            a = asarray(a)
            _check_keepdims(keepdims)
            source = to_float_if_int(a) if default_dtype is not None else a
            result = compute(source, _axes(axis, a.ndim), bool(keepdims))
            return cast(result, dtype_arg(dtype) or default_dtype or a.dtype)
        signature = "a, axis=None, dtype=None, keepdims=False"
    impl.__name__ = impl.__qualname__ = name
    kept = "Float32" if default_dtype is not None else "the input dtype"
    impl.__doc__ = (f"`mindspore.numpy.{name}({signature})`: NaNs are ignored; the result is "
                    f"{kept} unless `dtype` is given.")
    return functional(impl)


nanmax = _nan_reduction("nanmax", lambda a, axis, keep: jnp.nanmax(a, axis, keepdims=keep))
nanmin = _nan_reduction("nanmin", lambda a, axis, keep: jnp.nanmin(a, axis, keepdims=keep))
nansum = _nan_reduction("nansum", lambda a, axis, keep: jnp.nansum(a, axis, keepdims=keep))
def nanmean(a, axis=None, dtype=None, keepdims=False):
    """`mindspore.numpy.nanmean(a, axis=None, dtype=None, keepdims=False)`: the mean ignoring
    NaNs: the sum in `dtype` (Float32 by default) over a count in a's dtype, so Float64 inputs
    stay Float64."""
    a = asarray(a)
    axis = _axes(axis, a.ndim)
    total = jnp.nansum(a, axis, keepdims=keepdims).astype(dtype_arg(dtype) or C.FLOAT32)
    valid = jnp.logical_not(jnp.isnan(a)) if a.dtype.kind in "fc" else jnp.ones(a.shape, C.BOOL)
    count = jnp.sum(valid, axis, keepdims=keepdims).astype(a.dtype)
    return total / count


nanmean = functional(nanmean)
nanvar = _nan_reduction("nanvar", lambda a, axis, keep, ddof: jnp.nanvar(
    a, axis, ddof=ddof, keepdims=keep), C.FLOAT32, ddof=True)
nanstd = _nan_reduction("nanstd", lambda a, axis, keep, ddof: jnp.nanstd(
    a, axis, ddof=ddof, keepdims=keep), C.FLOAT32, ddof=True)


def _variance(x, axis, ddof, keepdims):
    """MindSpore's Tensor.var: integer inputs subtract their integer (truncated) mean."""
    if not C.is_int(x.dtype) and x.dtype != C.BOOL:
        return R.var.impl(x, axis, ddof, keepdims)
    centred = (x - R.mean_of(x, axis, keepdims=True)).astype(C.FLOAT32)
    count = x.size if axis is None else math.prod(x.shape[a] for a in axis)
    return jnp.sum(centred * centred, axis=axis, keepdims=keepdims) / (count - ddof)


def std(x, axis=None, ddof=0, keepdims=False):
    """`mindspore.numpy.std(x, axis=None, ddof=0, keepdims=False)`: integers give Float32, with
    the mean truncated to an integer first (MindSpore's rule)."""
    x = asarray(x)
    return jnp.sqrt(_variance(x, _axes(axis, x.ndim), ddof, keepdims))


std = functional(std)


def var(x, axis=None, ddof=0, keepdims=False):
    """`mindspore.numpy.var(x, axis=None, ddof=0, keepdims=False)`: integers give Float32, with
    the mean truncated to an integer first (MindSpore's rule)."""
    x = asarray(x)
    return _variance(x, _axes(axis, x.ndim), ddof, keepdims)


var = functional(var)


def ptp(x, axis=None, keepdims=False):
    """`mindspore.numpy.ptp(x, axis=None, keepdims=False)`: max - min, in x's dtype."""
    x = asarray(x)
    return jnp.ptp(x, _axes(axis, x.ndim), keepdims=keepdims)


ptp = functional(ptp)


def average(x, axis=None, weights=None, returned=False):
    """`mindspore.numpy.average(x, axis=None, weights=None, returned=False)`: the (weighted)
    mean; with `returned` also the sum of the weights. Without weights it is `mean` (integers
    keep their dtype)."""
    x = asarray(x)
    if axis is not None:
        axis = C.canonical_axes(axis, x.ndim)
    if weights is None:
        result = R.mean_of(x, axis)
        count = x.size if axis is None else math.prod(
            x.shape[a] for a in ((axis,) if isinstance(axis, int) else axis))
        sum_of_weights = jnp.full(result.shape, count, x.dtype)
    else:
        weights = asarray(weights)
        if weights.shape != x.shape:
            if weights.ndim != 1:
                raise TypeError("Weights should be None, 1-D or the same shape as input x.")
            if not isinstance(axis, int):
                raise TypeError("Axis must be specified when shapes of x and weights differ.")
            shape = [1] * x.ndim
            shape[axis] = weights.shape[0]
            weights = weights.reshape(shape)
        product = x * weights
        total = jnp.sum(product, axis=axis, dtype=product.dtype)
        sum_of_weights = jnp.sum(weights, axis=axis, dtype=weights.dtype)
        if C.is_int(total.dtype) and C.is_int(sum_of_weights.dtype):
            result = jax.lax.div(*jnp.broadcast_arrays(total, sum_of_weights.astype(total.dtype)))
        else:
            result = total / sum_of_weights
    if returned:
        return result, jnp.broadcast_to(sum_of_weights, result.shape)
    return result


average = functional(average)


def count_nonzero(x, axis=None, keepdims=False):
    """`mindspore.numpy.count_nonzero(x, axis=None, keepdims=False)`: Int32 counts."""
    x = asarray(x)
    if x.size == 0:
        return jnp.zeros((), C.INT32)
    return R.count_nonzero.impl(x, () if axis is None else axis, keepdims)


count_nonzero = functional(count_nonzero)


def argmax(a, axis=None):
    """`mindspore.numpy.argmax(a, axis=None)`: Int64 indices of the maxima."""
    a = asarray(a)
    return R.argmax.impl(a.astype(C.INT32) if a.dtype == C.BOOL else a, axis)


argmax = functional(argmax)


def argmin(a, axis=None):
    """`mindspore.numpy.argmin(a, axis=None)`: Int32 indices of the minima (MindSpore's argmin
    is Int32 while its argmax is Int64)."""
    a = asarray(a)
    return R.argmin.impl(a.astype(C.INT32) if a.dtype == C.BOOL else a, axis).astype(C.INT32)


argmin = functional(argmin)


_SMALL_SIGNED = (C.INT8, C.INT16, C.BOOL)
_SMALL_UNSIGNED = (C.UINT8, C.UINT16)


def _scan_dtype(a, dtype, unsigned_to: object):
    if dtype is not None:
        return dtype_arg(dtype)
    if a.dtype in _SMALL_SIGNED:
        return C.INT32
    if a.dtype in _SMALL_UNSIGNED:
        return unsigned_to
    return a.dtype


def _flat_axis(a, axis):
    if axis is None:
        return a.reshape(-1), 0
    if not isinstance(axis, int):
        raise TypeError(f"integer axis is expected, but got{type(axis)}")
    return a, C.axis_in_range(axis, a.ndim)


def cumsum(a, axis=None, dtype=None):
    """`mindspore.numpy.cumsum(a, axis=None, dtype=None)`: Int8/Int16/UInt8/Bool sum as Int32."""
    a = asarray(a)
    a, axis = _flat_axis(a, axis)
    return R.cumsum.impl(a, axis, _scan_dtype(a, dtype, C.INT32))


cumsum = functional(cumsum)


def nancumsum(a, axis=None, dtype=None):
    """`mindspore.numpy.nancumsum(a, axis=None, dtype=None)`: `cumsum` with NaN as zero."""
    a = asarray(a)
    if a.dtype.kind in "fc":
        a = jnp.where(jnp.isnan(a), jnp.zeros((), a.dtype), a)
    return cumsum.impl(a, axis, dtype)


nancumsum = functional(nancumsum)


def cumprod(a, axis=None, dtype=None):
    """`mindspore.numpy.cumprod(a, axis=None, dtype=None)`: small signed ints and bools give
    Int32, UInt8/UInt16 UInt32."""
    a = asarray(a, narrow_sequences=False)
    a, axis = _flat_axis(a, axis)
    return R.cumprod.impl(a, axis, _scan_dtype(a, dtype, C.UINT32))


cumprod = functional(cumprod)


def _edge(value, a, axis):
    """`diff`'s prepend/append: an array of `a`'s rank as it is (NumPy's rule: it matches `a`
    but along `axis`), anything else broadcast to one slice."""
    value = asarray(value)
    if value.ndim == a.ndim:
        return value
    shape = list(a.shape)
    shape[axis] = 1
    return jnp.broadcast_to(value, shape)


def diff(a, n=1, axis=-1, prepend=None, append=None):
    """`mindspore.numpy.diff(a, n=1, axis=-1, prepend=None, append=None)`: the n-th discrete
    difference; `prepend`/`append` are arrays of `a`'s rank (matching it but along `axis`) or
    values broadcast to one slice."""
    a = asarray(a)
    axis = C.canonical_axes(axis, a.ndim)
    if not isinstance(n, int):
        raise TypeError(f"Input n should be int, but got {type(n)}")
    if n < 0:
        raise ValueError("Input n must > 0.")
    if n == 0:
        return a
    parts = []
    if prepend is not None:
        parts.append(_edge(prepend, a, axis))
    parts.append(a)
    if append is not None:
        parts.append(_edge(append, a, axis))
    if len(parts) > 1:
        dtype = parts[0].dtype
        for p in parts[1:]:
            dtype = C.promote(dtype, p.dtype)
        a = jnp.concatenate([p.astype(dtype) for p in parts], axis)
    if n >= a.shape[axis]:
        raise ValueError("n is bigger then the specified dimension, this will result in an "
                         "empty tensor.")
    return jnp.diff(a, n, axis)


diff = functional(diff)


def ediff1d(ary, to_end=None, to_begin=None):
    """`mindspore.numpy.ediff1d(ary, to_end=None, to_begin=None)`: differences of the flattened
    array, with values put before and after (cast to ary's dtype)."""
    ary = asarray(ary)
    parts = []
    if to_begin is not None:
        parts.append(jnp.ravel(asarray(to_begin)).astype(ary.dtype))
    parts.append(jnp.diff(jnp.ravel(ary)))
    if to_end is not None:
        parts.append(jnp.ravel(asarray(to_end)).astype(ary.dtype))
    return jnp.concatenate(parts)


ediff1d = functional(ediff1d)


def trapz(y, x=None, dx=1.0, axis=-1):
    """`mindspore.numpy.trapz(y, x=None, dx=1.0, axis=-1)`: the trapezoidal integral."""
    y = asarray(y)
    axis = C.axis_in_range(axis, y.ndim)
    y = y if C.is_float_16_32(y.dtype) or y.dtype == C.FLOAT64 else y.astype(C.FLOAT32)
    if x is not None:
        spacing = jnp.diff(asarray(x))
        spacing = C.expand_to(spacing, y.ndim - axis, axis=-1)
    else:
        spacing = asarray(dx)
    left = jnp.take(y, jnp.arange(y.shape[axis] - 1), axis=axis)
    right = jnp.take(y, jnp.arange(1, y.shape[axis]), axis=axis)
    spacing = spacing.astype(y.dtype)
    return jnp.sum((left * spacing + right * spacing) / jnp.asarray(2.0, y.dtype), axis=axis)


trapz = functional(trapz)


def _gradient_along(f, h, axis):
    n = f.shape[axis]
    take = lambda start, stop: jnp.take(f, jnp.arange(start, stop), axis=axis)
    upper = take(1, 2) - take(0, 1)
    lower = take(n - 1, n) - take(n - 2, n - 1)
    if n <= 2:
        grad = jnp.concatenate([upper, lower], axis)
    else:
        middle = (take(2, n) - take(0, n - 2)) * 0.5
        grad = jnp.concatenate([upper, middle, lower], axis)
    return grad / h


def gradient(f, *varargs, axis=None, edge_order=1):
    """`mindspore.numpy.gradient(f, *varargs, axis=None, edge_order=1)`: central differences
    inside, one-sided at the edges; scalar spacings only, `edge_order=1` only."""
    if edge_order != 1:
        raise NotImplementedError("edge_order != 1 not implemented")
    f = asarray(f)
    if f.dtype != C.FLOAT64:
        f = f.astype(C.FLOAT32)
    if axis is None:
        axes = tuple(range(f.ndim))
    else:
        axes = C.canonical_axes(axis, f.ndim)
        axes = (axes,) if isinstance(axes, int) else axes
    if not varargs:
        spacings = (1,) * len(axes)
    elif len(varargs) == 1:
        spacings = varargs * len(axes)
    elif len(varargs) == len(axes):
        spacings = varargs
    else:
        raise TypeError("Invalid number of arguments")
    grads = []
    for h, ax in zip(spacings, axes):
        if f.shape[ax] < 2:
            raise ValueError("Shape of array too small to calculate a numerical gradient, at "
                             "least 2 elements are required.")
        if not (isinstance(h, (int, float, bool)) or getattr(h, "ndim", 1) == 0):
            raise NotImplementedError("Non-constant spacing not implemented")
        grads.append(_gradient_along(f, h, ax))
    return grads[0] if len(axes) == 1 else grads


gradient = functional(gradient)
