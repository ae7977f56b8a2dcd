"""`mindspore.mint.linalg` and `mindspore.mint.special`: PyTorch-style linear algebra norms and
decompositions, and the special functions mint lists, on jax.numpy / jax.scipy."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.mint.functions import _cast, _dims, _vector_norm
from msjax._src.ops.adapters import np_dtype
from msjax._src.ops.registry import functional


@functional
def inv(input):
    return jnp.linalg.inv(input)


@functional
def qr(A, mode="reduced"):
    """`mint.linalg.qr(A, mode='reduced')`: (Q, R); mode 'reduced', 'complete' or 'r' (Q empty)."""
    if mode == "r":
        r = jnp.linalg.qr(A, mode="r")
        return jnp.zeros((0,), A.dtype), r
    return tuple(jnp.linalg.qr(A, mode=mode))


@functional
def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    """`mint.linalg.vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None)`: every
    element by default."""
    x = _cast(x, dtype)
    if dim is None:
        out = _vector_norm(x.ravel(), ord, 0)
        return out.reshape((1,) * x.ndim) if keepdim else out
    return _vector_norm(x, ord, _dims(dim), keepdim)


@functional
def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    return jnp.linalg.norm(_cast(A, dtype), ord, axis=tuple(dim), keepdims=keepdim)


@functional
def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """`mint.linalg.norm`: the 2-norm of the flattened input by default; a vector norm for an
    int `dim` (or a 1-d input), a matrix norm for a pair `dim` (or a 2-d input)."""
    A = _cast(A, dtype)
    if dim is None and ord is None:
        out = jnp.sqrt(jnp.sum(jnp.abs(A) ** 2))
        return out.reshape((1,) * A.ndim) if keepdim else out
    if dim is None:
        dim = (-2, -1) if A.ndim == 2 else -1
    if isinstance(dim, int):
        return _vector_norm(A, 2 if ord is None else ord, dim, keepdim)
    return jnp.linalg.norm(A, "fro" if ord is None else ord, axis=tuple(dim), keepdims=keepdim)


# -- special ---------------------------------------------------------------------------------------
@functional
def erfc(input):
    return jax.scipy.special.erfc(input)


@functional
def exp2(input):
    return jnp.exp2(input)


@functional
def expm1(input):
    return jnp.expm1(input)


@functional
def log1p(input):
    return jnp.log1p(input)


@functional
def sinc(input):
    return jnp.sinc(input)


@functional
def round(input):
    return jnp.round(input)


@functional
def log_softmax(input, dim=None, *, dtype=None):
    x = input if dtype is None else input.astype(np_dtype(dtype))
    return jax.nn.log_softmax(x, axis=-1 if dim is None else dim)
