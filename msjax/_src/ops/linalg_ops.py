"""Linear algebra of `mindspore.ops`: decompositions, solves, determinants and norms.

(Products such as `matmul`, `bmm` and `einsum` live with the elementwise math in math_ops.)
"""
from __future__ import annotations

import builtins

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import index_checks
from msjax._src.ops.adapters import axis_arg, np_dtype, scalar_like
from msjax._src.ops.linalg_primitives import check_square_matrices
from msjax._src.backend.interface import one_program
from msjax._src.ops.registry import op


def _mT(x):  # noqa: N802
    return jnp.swapaxes(x, -1, -2)


@op()
def mv(mat, vec):
    return jnp.matmul(mat, vec)


@op()
def vecdot(x, y, *, axis=-1):
    return jnp.sum(jnp.conj(x) * y, axis=axis)


@op()
@one_program
def batch_dot(x1, x2, axes=None):
    """`ops.batch_dot`: a dot product per batch row, reducing `axes` (default: x1's last axis
    with x2's last axis, or its second-to-last when x2 has more than 2 dims)."""
    if axes is None:
        axes = (x1.ndim - 1, x2.ndim - 2 if x2.ndim > 2 else x2.ndim - 1)
    if isinstance(axes, int):
        axes = (axes, axes)
    a1, a2 = (a % x.ndim for a, x in zip(axes, (x1, x2)))
    out = jax.vmap(lambda u, v: jnp.tensordot(u, v, ((a1 - 1,), (a2 - 1,))))(x1, x2)
    return out.reshape(out.shape + (1,)) if out.ndim == 1 else out


@op()
def adjoint(x):
    return jnp.conj(_mT(x))


@op(primitive="MatrixBandPart")
@one_program
def matrix_band_part(x, lower, upper):
    rows, cols = x.shape[-2:]
    i = jnp.arange(rows)[:, None]
    j = jnp.arange(cols)[None, :]
    keep = ((lower < 0) | (i - j <= lower)) & ((upper < 0) | (j - i <= upper))
    return jnp.where(keep, x, jnp.zeros((), x.dtype))


@op()
def cholesky(input_x, upper=False):
    """`ops.cholesky`: the lower (or upper) factor of each symmetric positive-definite matrix,
    with MindSpore's ValueErrors for fewer than 2 dimensions and non-square matrices."""
    if input_x.ndim < 2:
        raise ValueError(f"For Cholesky, the dimension of input x must be greater than or equal "
                         f"to 2, but got a {input_x.ndim}-D Tensor.")
    if input_x.shape[-1] != input_x.shape[-2]:
        raise ValueError(f"For Cholesky, input x must be batch squares, but got batch "
                         f"{input_x.shape[-2]} x {input_x.shape[-1]} matrices.")
    lower = jnp.linalg.cholesky(input_x)
    index_checks.check_positive_definite(lower)
    return jnp.conj(_mT(lower)) if upper else lower


@op()
@one_program
def cholesky_inverse(input_x, upper=False):
    factor = _mT(input_x) if upper else input_x  # the lower factor L, A = L Lᴴ
    inv = jnp.linalg.inv(factor)
    return jnp.matmul(jnp.conj(_mT(inv)), inv)


@op()
@one_program
def cholesky_solve(input, input2, upper=False):
    lower = jnp.conj(_mT(input2)) if upper else input2
    return jax.scipy.linalg.cho_solve((lower, True), input)


@op()
def qr(input, mode="reduced"):
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"For qr, the mode must be 'reduced', 'complete' or 'r', but got {mode}.")
    q, r = jnp.linalg.qr(input, mode="complete" if mode == "complete" else "reduced")
    if mode == "r":
        return jnp.zeros((0,), input.dtype), r
    return q, r


@op()
def svd(input, full_matrices=False, compute_uv=True):
    """`ops.svd`: (s, u, v) with v (not vᴴ), as MindSpore returns; s alone without uv."""
    if not compute_uv:
        return jnp.linalg.svd(input, full_matrices=full_matrices, compute_uv=False)
    u, s, vh = jnp.linalg.svd(input, full_matrices=full_matrices)
    return s, u, jnp.conj(_mT(vh))


def _complex_of(dtype):
    return np.complex128 if dtype == np.float64 else np.complex64


_EIG_DTYPES = (np.dtype(np.float32), np.dtype(np.float64), np.dtype(np.complex64),
               np.dtype(np.complex128))


def _check_eig_input(A):
    """MindSpore's checks of Eig (ops.eig, ops.eigvals): a float32/float64/complex Tensor of
    square matrices (its "at lease 2" message)."""
    check_square_matrices(A, "at lease 2")
    if A.dtype not in _EIG_DTYPES:
        raise TypeError("For primitive[Eig], the input argument[x] must be a type of "
                        "{Tensor[Complex128], Tensor[Complex64], Tensor[Float32], Tensor[Float64]}, "
                        f"but got Tensor[{mstype.from_numpy(A.dtype)}].")


@op()
@one_program
def eig(A):
    _check_eig_input(A)
    values, vectors = jnp.linalg.eig(A)
    dtype = _complex_of(A.dtype) if A.dtype.kind != "c" else A.dtype
    return values.astype(dtype), vectors.astype(dtype)


@op()
@one_program
def eigvals(A):
    _check_eig_input(A)
    return jnp.linalg.eigvals(A).astype(_complex_of(A.dtype) if A.dtype.kind != "c" else A.dtype)


@op(primitive="MatrixDeterminant")
def matrix_determinant(input):
    return jnp.linalg.det(input)


@op()
def slogdet(input):
    return tuple(jnp.linalg.slogdet(input))


@op(primitive="Orgqr", tensor_method=True)
def orgqr(input, input2):
    """`ops.orgqr(input, input2)`: the first columns of the product of Householder reflectors
    (LAPACK's orgqr): `input` (..., m, n) holds the reflectors below its diagonal, `input2`
    (..., k) their scales `tau`."""
    if input.ndim < 2:
        raise ValueError(f"For 'Orgqr', the dimension of 'x' must be greater than or equal to "
                         f"2, but got {input.ndim}.")
    if input.shape[-2] < input.shape[-1]:
        raise ValueError(f"For 'Orgqr', x.shape[-2] must be greater than or equal to "
                         f"x.shape[-1], but got {input.shape[-2]} and {input.shape[-1]}.")
    if input2.shape[-1] > input.shape[-1]:
        raise ValueError(f"For 'Orgqr', tau.shape[-1] must be less than or equal to "
                         f"x.shape[-1], but got {input2.shape[-1]} and {input.shape[-1]}.")
    return jax.lax.linalg.householder_product(input, input2.astype(input.dtype))


def _householder_qr(a):
    """LAPACK's geqrf of one matrix `a` (m, n), with MindSpore's CPU kernel's sign: a column's
    reflector gives `beta = -norm` where its diagonal entry is positive and `+norm` otherwise
    (LAPACK: `-norm` at 0 too); a column already zero below the diagonal gets `tau = 0`."""
    m, n = a.shape
    rows, cols = jnp.arange(m), jnp.arange(n)

    def reflect_column(j, carry):
        a, taus = carry
        col = a[:, j]
        alpha = col[j]
        below = jnp.where(rows > j, col, 0)
        below_norm = jnp.sqrt(jnp.sum(below * below))
        norm = jnp.sqrt(alpha * alpha + below_norm * below_norm)
        beta = jnp.where(alpha > 0, -norm, norm)
        reflects = below_norm > 0
        tau = jnp.where(reflects, (beta - alpha) / jnp.where(reflects, beta, 1), 0)
        v = jnp.where(rows == j, 1, below / jnp.where(reflects, alpha - beta, 1))
        a = jnp.where(cols > j, a - tau * jnp.outer(v, v @ a), a)
        column = jnp.where(rows == j, jnp.where(reflects, beta, alpha),
                           jnp.where(rows > j, jnp.where(reflects, v, col), col))
        return a.at[:, j].set(column), taus.at[j].set(tau)

    k = builtins.min(m, n)
    return jax.lax.fori_loop(0, k, reflect_column, (a, jnp.zeros((k,), a.dtype)))


@op(primitive="Geqrf", tensor_method=True)
def geqrf(input):
    """`ops.geqrf(input)`: (a, tau), the QR decomposition of the matrices in `input` (..., m,
    n) as LAPACK's geqrf stores it: R on and above the diagonal, the Householder vectors below
    it, and their scales `tau` (..., min(m, n)). Float16 is computed in Float32."""
    if input.ndim < 2:
        raise ValueError(f"For primitive[Geqrf], the rank of a must be greater than or equal to "
                         f"2, but got {input.ndim}.")
    if input.dtype not in (np.float16, np.float32, np.float64):
        name = str(mstype.from_numpy(input.dtype))
        raise TypeError(f"Select CPU operator[Geqrf] fail! Unsupported data type!\nThe supported "
                        f"data types are input[Float32], output[Float32 Float32]; input[Float64], "
                        f"output[Float64 Float64]; , but get input[{name} ] and output[{name} "
                        f"{name} ]")
    work = input.astype(jnp.float32) if input.dtype == np.float16 else input
    a, tau = jnp.vectorize(_householder_qr, signature="(m,n)->(m,n),(k)")(work)
    return a.astype(input.dtype), tau.astype(input.dtype)


@op(primitive="LogMatrixDeterminant")
def log_matrix_determinant(input):
    return tuple(jnp.linalg.slogdet(input))


@op()
@one_program
def logdet(input):
    sign, logabs = jnp.linalg.slogdet(input)
    return jnp.where(sign < 0, scalar_like(np.nan, logabs),
                     jnp.where(sign == 0, scalar_like(-np.inf, logabs), logabs))


@op()
@one_program
def pinv(x, *, atol=None, rtol=None, hermitian=False):
    if atol is not None:
        s = jnp.linalg.svd(x, compute_uv=False)
        rtol_total = jnp.maximum(atol / jnp.max(s, axis=-1, keepdims=True),
                                 0.0 if rtol is None else rtol)
        return jnp.linalg.pinv(x, rtol=rtol_total[..., 0], hermitian=hermitian)
    return jnp.linalg.pinv(x, rtol=rtol, hermitian=hermitian)


@op()
def lstsq(input, A):
    """`ops.lstsq(input, A)`: the x minimising ||input · x - A||."""
    return jnp.linalg.lstsq(input, A)[0]


@op(primitive="MatrixExp")
@one_program
def matrix_exp(input):
    return jax.scipy.linalg.expm(input)


@op()
def matrix_solve(matrix, rhs, adjoint=False):
    return jnp.linalg.solve(jnp.conj(_mT(matrix)) if adjoint else matrix, rhs)


@op()
@one_program
def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):  # noqa: N803
    n = LU_data.shape[-2]
    k = builtins.min(LU_data.shape[-2:])
    lower = jnp.tril(LU_data[..., :, :k], -1) + jnp.eye(n, k, dtype=LU_data.dtype)
    upper = jnp.triu(LU_data[..., :k, :])
    perm = jax.lax.linalg.lu_pivots_to_permutation(LU_pivots.astype(np.int32) - 1, n)
    p = jnp.swapaxes(jax.nn.one_hot(perm, n, dtype=LU_data.dtype), -1, -2)
    return p, lower, upper


@op()
@one_program
def lu_solve(b, LU_data, LU_pivots):  # noqa: N803
    p, lower, upper = lu_unpack.impl(LU_data, LU_pivots)
    y = jax.scipy.linalg.solve_triangular(lower, jnp.matmul(_mT(p), b), lower=True,
                                          unit_diagonal=True)
    return jax.scipy.linalg.solve_triangular(upper, y, lower=False)


@op()
@one_program
def cond(A, p=None):
    return jnp.linalg.cond(A, p)


@op()
def vector_norm(x, ord=2, axis=None, keepdims=False, *, dtype=None):  # noqa: A002
    x = x if dtype is None else x.astype(np_dtype(dtype))
    axis = axis_arg(axis)
    if axis is None:
        x, axis = x.reshape(-1), 0
    return jnp.linalg.vector_norm(x, ord=ord, axis=axis, keepdims=keepdims and x.ndim > 0)


@op()
def matrix_norm(A, ord="fro", axis=(-2, -1), keepdims=False, *, dtype=None):  # noqa: A002
    A = A if dtype is None else A.astype(np_dtype(dtype))
    return jnp.linalg.matrix_norm(A, ord=ord, keepdims=keepdims) if tuple(axis) == (-2, -1) \
        else jnp.linalg.norm(A, ord=ord, axis=tuple(axis), keepdims=keepdims)


@op()
@one_program
def renorm(input, p, axis, maxnorm):
    """`ops.renorm`: each sub-tensor along `axis` rescaled to p-norm at most `maxnorm`."""
    others = tuple(i for i in builtins.range(input.ndim) if i != axis % input.ndim)
    norms = jnp.sum(jnp.abs(input) ** p, axis=others, keepdims=True) ** (1.0 / p)
    scale = jnp.where(norms > maxnorm, maxnorm / (norms + 1e-7), scalar_like(1.0, norms))
    return (input * scale).astype(input.dtype)


@op()
def vander(x, N=None):  # noqa: N803
    return jnp.vander(x, N)


@op()
@one_program
def clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """`ops.clip_by_norm`: a Tensor, or each Tensor of a tuple/list, scaled so that their joint
    `norm_type`-norm is at most `max_norm`."""
    tensors = list(x) if isinstance(x, (tuple, list)) else [x]
    norms = jnp.stack([jnp.linalg.vector_norm(t.reshape(-1), ord=norm_type) for t in tensors])
    total = jnp.linalg.vector_norm(norms, ord=norm_type)
    scale = jnp.minimum(max_norm / (total + 1e-6), 1.0)
    clipped = [(t * scale).astype(t.dtype) for t in tensors]
    return type(x)(clipped) if isinstance(x, (tuple, list)) else clipped[0]


@op()
def clip_by_global_norm(x, clip_norm=1.0, use_norm=None):
    """`ops.clip_by_global_norm`: each Tensor of `x` scaled by clip_norm / max(global norm,
    clip_norm)."""
    total = use_norm if use_norm is not None else jnp.sqrt(builtins.sum(
        jnp.sum(jnp.square(t.astype(np.float32))) for t in x))
    scale = clip_norm / jnp.maximum(total, clip_norm)
    return tuple((t * scale).astype(t.dtype) for t in x)
