"""Products, norms, convolutions, polynomials and covariances of `mindspore.numpy`.

MindSpore 2.10 behaviours kept here (they differ from NumPy's):
- `norm` implements vector norms and the Frobenius, 1 and inf matrix norms; 2, -2 and 'nuc'
  matrix norms raise NotImplementedError. Integers give Float32.
- `matrix_power` refuses negative powers (ValueError).
- `cov` and `corrcoef` compute in Float32 and accept integer weights only.
- `polyval` computes powers in Float32; `polyder` of too high an order is an empty Float32 Tensor.
- `convolve` computes in Float32 and casts to the promoted input dtype.
"""
from __future__ import annotations

import jax.numpy as jnp

from msjax._src.numpy import conversion as C
from msjax._src.numpy.conversion import asarray, cast, dtype_arg
from msjax._src.ops import math_ops as M
from msjax._src.ops.adapters import to_float_if_int
from msjax._src.ops.registry import functional


def dot(a, b):
    """`mindspore.numpy.dot(a, b)`: the dot product (matrix product for 2-D arrays)."""
    return M.dot.impl(asarray(a), asarray(b))


dot = functional(dot)


def inner(a, b):
    """`mindspore.numpy.inner(a, b)`: the sum product over the last axes."""
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return a * b
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(f"shapes {a.shape} {b.shape} not aligned: {a.shape[-1]} (dim 0) != "
                         f"{b.shape[-1]} (dim 0)")
    return M.inner.impl(a, b)


inner = functional(inner)


def outer(a, b):
    """`mindspore.numpy.outer(a, b)`: the outer product of the flattened arrays."""
    return M.outer.impl(jnp.ravel(asarray(a)), jnp.ravel(asarray(b)))


outer = functional(outer)


def tensordot(a, b, axes=2):
    """`mindspore.numpy.tensordot(a, b, axes=2)`: the sum product over the given axes."""
    return M.tensor_dot.impl(asarray(a), asarray(b), axes)


tensordot = functional(tensordot)


def matmul(x1, x2, dtype=None):
    """`mindspore.numpy.matmul(x1, x2, dtype=None)`: the matrix product."""
    return cast(M.matmul.impl(asarray(x1), asarray(x2)), dtype_arg(dtype))


matmul = functional(matmul)


def kron(a, b):
    """`mindspore.numpy.kron(a, b)`: the Kronecker product."""
    return M.kron.impl(asarray(a), asarray(b))


kron = functional(kron)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """`mindspore.numpy.cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None)`: the cross product
    of 2- or 3-vectors, in the promoted dtype."""
    a, b = asarray(a), asarray(b)
    if axis is not None:
        axisa = axisb = axisc = axis
    a = jnp.moveaxis(a, C.axis_in_range(axisa, a.ndim), -1)
    b = jnp.moveaxis(b, C.axis_in_range(axisb, b.ndim), -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product (dimension must be 2 or 3)")
    dtype = C.promote(a.dtype, b.dtype)
    a, b = a.astype(dtype), b.astype(dtype)
    a0, a1 = a[..., 0], a[..., 1]
    b0, b1 = b[..., 0], b[..., 1]
    a2 = a[..., 2] if a.shape[-1] == 3 else None
    b2 = b[..., 2] if b.shape[-1] == 3 else None
    cz = a0 * b1 - a1 * b0
    if a2 is None and b2 is None:
        return cz
    zero = jnp.zeros((), dtype)
    a2 = zero if a2 is None else a2
    b2 = zero if b2 is None else b2
    result = jnp.stack(jnp.broadcast_arrays(a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, cz), -1)
    return jnp.moveaxis(result, -1, C.axis_in_range(axisc, result.ndim))


cross = functional(cross)


def multi_dot(arrays):
    """`mindspore.numpy.multi_dot(arrays)`: the chained matrix product, in the cheapest order."""
    if len(arrays) < 2:
        raise ValueError("Expecting at least 2 arrays")
    return jnp.linalg.multi_dot([asarray(a) for a in arrays])


multi_dot = functional(multi_dot)


def matrix_power(a, n):
    """`mindspore.numpy.matrix_power(a, n)`: a square matrix to a non-negative integer power."""
    a = asarray(a)
    if not isinstance(n, int):
        raise TypeError("exponent must be an integer")
    if a.ndim < 2:
        raise ValueError("Array must be at least two-dimensional")
    if a.shape[-2] != a.shape[-1]:
        raise ValueError("Last 2 dimensions of the array must be square")
    if n < 0:
        raise ValueError("n < 0 is not supported now.")
    return M.matrix_power.impl(a, n)


matrix_power = functional(matrix_power)


def _vector_norm(x, ord, axis, keepdims):
    if ord in ("fro", "nuc"):
        raise ValueError("Frobenius norm and nuclear norm are only defined for vectors")
    return jnp.linalg.norm(x, 2 if ord is None else ord, axis, keepdims)


def _matrix_norm(x, ord, axis, keepdims):
    if ord == 0:
        raise ValueError("for 0 axis, norm is defined only for 2-D matrices")
    if ord == "nuc":
        raise NotImplementedError("nuclear norm is not implemented")
    if ord in (2, -2):
        raise NotImplementedError("2-norm is not implemented for matrices")
    return jnp.linalg.norm(x, "fro" if ord is None else ord, axis, keepdims)


def norm(x, ord=None, axis=None, keepdims=False):
    """`mindspore.numpy.norm(x, ord=None, axis=None, keepdims=False)`: a vector or matrix norm.

    Matrix norms 2, -2 and 'nuc' are not implemented (NotImplementedError), as in MindSpore.
    """
    if not isinstance(ord, (int, float)) and ord not in (None, "fro", "nuc"):
        raise ValueError("invalid value for `ord`")
    x = to_float_if_int(asarray(x))
    ndim = x.ndim
    if axis is None:
        if ord is None:
            x = jnp.ravel(x)
        if x.ndim not in (1, 2):
            raise ValueError("for None axis, array must a vector or a 2-D matrix")
        axis = tuple(range(x.ndim))
    axes = C.axes_valid(axis, x.ndim)
    if len(axes) == 1:
        result = _vector_norm(x, ord, axes[0], keepdims)
    elif len(axes) == 2:
        result = _matrix_norm(x, ord, axes, keepdims)
    else:
        raise ValueError("invalid number of dimensions to norm")
    if keepdims and ndim > result.ndim:
        result = C.expand_to(result, ndim)
    return result


norm = functional(norm)


# -- convolution -------------------------------------------------------------------------------
def convolve(a, v, mode="full"):
    """`mindspore.numpy.convolve(a, v, mode='full')`: the discrete linear convolution of two
    1-D arrays, computed in Float32 and cast to their promoted dtype."""
    a, v = asarray(a), asarray(v)
    if a.size == 0 or v.size == 0:
        raise ValueError("Inputs cannot be empty.")
    a, v = jnp.atleast_1d(a), jnp.atleast_1d(v)
    dtype = C.promote(a.dtype, v.dtype)
    if a.ndim != 1 or v.ndim != 1:
        raise ValueError("a and v must be 1-D tensor.")
    if mode not in ("same", "full", "valid"):
        raise ValueError("mode must be one of ['full', 'same', 'valid']")
    if a.size < v.size:
        a, v = v, a
    result = jnp.convolve(a.astype(C.FLOAT32), v.astype(C.FLOAT32), mode)
    return result.astype(dtype)


convolve = functional(convolve)


def correlate(a, v, mode="valid"):
    """`mindspore.numpy.correlate(a, v, mode='valid')`: the cross-correlation of two 1-D arrays."""
    a, v = asarray(a), asarray(v)
    if mode not in ("same", "full", "valid"):
        raise ValueError(f"For primitive[Correlate], the mode must be one of ['same', 'valid', "
                         f"'full'], but got {mode}.")
    dtype = jnp.result_type(a, v)
    if dtype.kind in "biu":
        dtype = C.FLOAT32
    return jnp.correlate(a.astype(dtype), v.astype(dtype), mode)


correlate = functional(correlate)


# -- polynomials -------------------------------------------------------------------------------
def _poly1d(x):
    x = jnp.atleast_1d(asarray(x))
    if x.ndim > 1:
        raise ValueError("input array must be scalar or 1-d sequence")
    return x


def polyadd(a1, a2):
    """`mindspore.numpy.polyadd(a1, a2)`: the sum of two polynomials (coefficient arrays)."""
    a1, a2 = _poly1d(a1), _poly1d(a2)
    extra = a1.size - a2.size
    if extra == 0:
        return M.add.impl(a1, a2)
    if extra > 0:
        return jnp.concatenate([a1[:extra], M.add.impl(a1[extra:], a2)])
    return jnp.concatenate([a2[:-extra], M.add.impl(a1, a2[-extra:])])


polyadd = functional(polyadd)


def polysub(a1, a2):
    """`mindspore.numpy.polysub(a1, a2)`: the difference of two polynomials."""
    return polyadd.impl(a1, -asarray(a2))


polysub = functional(polysub)


def polyval(p, x):
    """`mindspore.numpy.polyval(p, x)`: the polynomial evaluated at x (powers in Float32)."""
    p, x = _poly1d(p), asarray(x)
    exponents = jnp.arange(p.size - 1, -1, -1).astype(C.FLOAT32)
    return jnp.sum(p * x[..., None] ** exponents, -1)


polyval = functional(polyval)


def polyder(p, m=1):
    """`mindspore.numpy.polyder(p, m=1)`: the m-th derivative of a polynomial."""
    p = _poly1d(p)
    if m < 0:
        raise ValueError("Order of derivative must be positive")
    if m >= p.size:
        return jnp.zeros((0,), C.FLOAT32)
    for _ in range(m):
        p = p[:-1] * jnp.arange(p.size - 1, 0, -1, dtype=C.INT32)
    return p


polyder = functional(polyder)


def polymul(a1, a2):
    """`mindspore.numpy.polymul(a1, a2)`: the product of two polynomials."""
    return convolve.impl(_poly1d(a1), _poly1d(a2))


polymul = functional(polymul)


def polyint(p, m=1, k=None):
    """`mindspore.numpy.polyint(p, m=1, k=None)`: the m-th antiderivative, with integration
    constants `k`."""
    p = _poly1d(p)
    if m < 0:
        raise ValueError("Order of derivative must be positive")
    if m == 0:
        return p
    k = jnp.zeros((m,), p.dtype) if k is None else jnp.atleast_1d(asarray(k))
    if k.size == 1:
        k = jnp.tile(k, (m,))
    for i in range(m):
        coefficients = jnp.arange(p.size, 0, -1, dtype=C.INT32)
        quotient = M.div.impl(to_float_if_int(p), coefficients)
        p = jnp.concatenate([quotient, k[i:i + 1].astype(C.promote(quotient.dtype, k.dtype))])
    return p


polyint = functional(polyint)


# -- covariance --------------------------------------------------------------------------------
def _observations(x, rowvar):
    x = asarray(x)
    if x.ndim > 2:
        raise ValueError("input array has dimension more than 2.")
    x = x.astype(C.FLOAT32)
    if x.size == 0:
        raise ValueError(f"The value of cov_input should not be None, but got {x}.")
    x = C.expand_to(x, 2)
    if not isinstance(rowvar, bool):
        raise TypeError("input rowvar should be boolean.")
    if not rowvar and x.shape[0] != 1:
        x = x.T
    return x


def _weights(weights, samples):
    weights = asarray(weights)
    if not C.is_int(weights.dtype):
        raise TypeError("weights must be integer")
    weights = weights.astype(C.FLOAT32)
    if weights.ndim > 1:
        raise RuntimeError("cannot handle multidimensional weights")
    if weights.shape[0] != samples:
        raise RuntimeError("incompatible numbers of samples and weights")
    return jnp.abs(weights)


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, dtype=None):
    """`mindspore.numpy.cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None,
    aweights=None, dtype=None)`: the covariance matrix, computed in Float32; weights must be
    integers."""
    m = _observations(m, rowvar)
    if y is not None:
        m = jnp.concatenate([m, _observations(y, rowvar)], axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    w = _weights(fweights, m.shape[1]) if fweights is not None else None
    if aweights is not None:
        aweights = _weights(aweights, m.shape[1])
        w = aweights if w is None else w * aweights
    if w is None:
        average = jnp.mean(m, axis=1)
        fact = m.shape[1] - ddof
    else:
        w_sum = jnp.sum(w)
        average = jnp.sum(m * w, axis=1) / w_sum
        if ddof == 0:
            fact = w_sum
        elif aweights is None:
            fact = w_sum - ddof
        else:
            fact = w_sum - ddof * jnp.sum(w * aweights) / w_sum
    m = m - average[:, None]
    m_t = m.T if w is None else (m * w).T
    result = jnp.squeeze(jnp.dot(m, m_t) / fact)
    return cast(result, dtype_arg(dtype))


cov = functional(cov)


def corrcoef(x, y=None, rowvar=True, dtype=None):
    """`mindspore.numpy.corrcoef(x, y=None, rowvar=True, dtype=None)`: Pearson correlation
    coefficients, clipped to [-1, 1]."""
    c = cov.impl(x, y, rowvar)
    if c.ndim == 0:
        return cast(c / c, dtype_arg(dtype))
    stddev = jnp.sqrt(jnp.diag(c))
    c = c / stddev[:, None] / stddev[None, :]
    return cast(jnp.clip(c, -1, 1), dtype_arg(dtype))


corrcoef = functional(corrcoef)
