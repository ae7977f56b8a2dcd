"""Comparisons, truth tests and set operations of `mindspore.numpy`.

MindSpore 2.10 behaviours kept here (they differ from NumPy's):
- `signbit` is `x < 0` (so -0.0 and -nan are False) and refuses a non-bool `dtype`.
- `array_equal`/`array_equiv` return a 0-d Bool Tensor, not a Python bool.
- `setdiff1d` and `intersect1d` results depend on the values, so they run eagerly only.
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from msjax._src.numpy import conversion as C
from msjax._src.numpy.conversion import asarray, cast, dtype_arg
from msjax._src.numpy.manipulation import unique
from msjax._src.ops import math_ops as M
from msjax._src.ops.registry import functional


_comparison = C.elementwise_binary
_test = C.elementwise_unary


equal = _comparison("equal", M.equal.impl, "x1 == x2 elementwise.")
not_equal = _comparison("not_equal", M.not_equal.impl, "x1 != x2 elementwise.")
less = _comparison("less", M.less.impl, "x1 < x2 elementwise.")
less_equal = _comparison("less_equal", M.less_equal.impl, "x1 <= x2 elementwise.")
greater = _comparison("greater", M.greater.impl, "x1 > x2 elementwise.")
greater_equal = _comparison("greater_equal", M.greater_equal.impl, "x1 >= x2 elementwise.")
logical_and = _comparison("logical_and", M.logical_and.impl, "the truth of x1 AND x2.")
logical_or = _comparison("logical_or", M.logical_or.impl, "the truth of x1 OR x2.")
logical_xor = _comparison("logical_xor", M.logical_xor.impl, "the truth of x1 XOR x2.")
isfinite = _test("isfinite", M.isfinite.impl, "True where x is neither infinite nor NaN.")
isnan = _test("isnan", M.isnan.impl, "True where x is NaN.")
isinf = _test("isinf", M.isinf.impl, "True where x is positive or negative infinity.")


def logical_not(a, dtype=None):
    """`mindspore.numpy.logical_not(a, dtype=None)`: the truth of NOT a."""
    return cast(M.logical_not.impl(asarray(a)), dtype_arg(dtype))


logical_not = functional(logical_not)


def isposinf(x):
    """`mindspore.numpy.isposinf(x)`: True where x is positive infinity."""
    return M.isposinf.impl(asarray(x))


isposinf = functional(isposinf)


def isneginf(x):
    """`mindspore.numpy.isneginf(x)`: True where x is negative infinity."""
    return M.isneginf.impl(asarray(x))


isneginf = functional(isneginf)


def signbit(x, dtype=None):
    """`mindspore.numpy.signbit(x, dtype=None)`: True where x < 0 (MindSpore's definition: -0.0
    is False); `dtype` may only be Bool."""
    if dtype is not None and dtype_arg(dtype) != C.BOOL:
        raise TypeError("Casting was not allowed for signbit.")
    return asarray(x) < 0


signbit = functional(signbit)


def isscalar(element):
    """`mindspore.numpy.isscalar(element)`: True for a Python number, bool or string (not for a
    Tensor), as a Python bool."""
    return isinstance(element, (int, float, complex, bool, str, np.generic))


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """`mindspore.numpy.isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)`."""
    return M.isclose.impl(asarray(a), asarray(b), rtol, atol, equal_nan)


isclose = functional(isclose)


def in1d(ar1, ar2, invert=False):
    """`mindspore.numpy.in1d(ar1, ar2, invert=False)`: for each element of the flattened ar1,
    whether it occurs in ar2."""
    ar1, ar2 = asarray(ar1), asarray(ar2)
    found = jnp.any(jnp.ravel(ar1)[:, None] == jnp.ravel(ar2)[None, :], axis=-1)
    return jnp.logical_not(found) if invert else found


in1d = functional(in1d)


def isin(element, test_elements, invert=False):
    """`mindspore.numpy.isin(element, test_elements, invert=False)`: `in1d` in element's shape."""
    element = asarray(element)
    return in1d.impl(element, test_elements, invert).reshape(element.shape)


isin = functional(isin)


def array_equal(a1, a2, equal_nan=False):
    """`mindspore.numpy.array_equal(a1, a2, equal_nan=False)`: a 0-d Bool Tensor, True when the
    shapes and elements are equal."""
    a1, a2 = asarray(a1), asarray(a2)
    if not isinstance(equal_nan, bool):
        raise TypeError("equal_nan must be bool.")
    if a1.shape != a2.shape:
        return jnp.asarray(False)
    same = a1 == a2
    if equal_nan:
        same = same | (jnp.isnan(a1) & jnp.isnan(a2))
    return jnp.all(same)


array_equal = functional(array_equal)


def array_equiv(a1, a2):
    """`mindspore.numpy.array_equiv(a1, a2)`: a 0-d Bool Tensor, True when the arrays broadcast
    to each other and are equal."""
    a1, a2 = asarray(a1), asarray(a2)
    try:
        np.broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return jnp.asarray(False)
    return jnp.all(a1 == a2)


array_equiv = functional(array_equiv)


def sometrue(a, axis=None, keepdims=False):
    """`mindspore.numpy.sometrue(a, axis=None, keepdims=False)`: whether any element is non-zero."""
    if not isinstance(keepdims, int):
        raise TypeError(f"integer argument expected, but got {type(keepdims)}")
    a = asarray(a)
    if axis is not None:
        axis = C.canonical_axes(axis, a.ndim)
    return jnp.any(a != 0, axis=axis, keepdims=keepdims not in (0, False))


sometrue = functional(sometrue)


def _host(x):
    return np.asarray(asarray(x))


def setdiff1d(ar1, ar2, assume_unique=False):
    """`mindspore.numpy.setdiff1d(ar1, ar2, assume_unique=False)`: the sorted unique values of
    ar1 not in ar2 (eager only: the size depends on the values)."""
    if not isinstance(assume_unique, bool):
        raise TypeError("assume_unique is not bool type.")
    ar1, ar2 = asarray(ar1), asarray(ar2)
    if assume_unique:
        ar1 = jnp.ravel(ar1)
    else:
        ar1 = jnp.sort(unique.impl(ar1))
        ar2 = jnp.sort(unique.impl(ar2))
    keep = np.asarray(in1d.impl(ar1, ar2, invert=True))
    return jnp.asarray(np.asarray(ar1)[keep])


setdiff1d = functional(setdiff1d)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """`mindspore.numpy.intersect1d(ar1, ar2, assume_unique=False, return_indices=False)`: the
    sorted values in both arrays, and with `return_indices` their first indices (Int32 as
    MindSpore gives them; eager only)."""
    if not isinstance(assume_unique, bool) or not isinstance(return_indices, bool):
        raise TypeError("assume_unique or return_indices is not bool type.")
    a1, a2 = _host(ar1), _host(ar2)
    result = np.intersect1d(a1, a2, assume_unique=assume_unique, return_indices=return_indices)
    if not return_indices:
        return jnp.asarray(result)
    values, index1, index2 = result
    return (jnp.asarray(values), jnp.asarray(index1, C.INT32), jnp.asarray(index2, C.INT32))


intersect1d = functional(intersect1d)
