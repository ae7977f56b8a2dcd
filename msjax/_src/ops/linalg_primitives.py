"""MindSpore's linear-algebra Primitives that are no names of `mindspore.ops`:
`ops.operations.linalg_ops.Eigh` and the Primitives `mindspore.scipy.linalg` and
`mindspore.scipy.ops` are built on (`LU`, `SolveTriangular`).

- `Eigh(compute_eigenvectors=True, lower=True)(x)`: the eigenvalues (ascending, in `x`'s dtype:
  complex for a complex `x`) and, when `compute_eigenvectors`, the eigenvectors (columns) of the
  Hermitian matrix whose lower (or upper) triangle `x` holds; float32/float64/complex64/complex128.
- `LU()(a)`: `(lu, pivots, permutation)`: the packed LU factors of `a` (partial pivoting), the
  int32 LAPACK pivots and the int32 permutation matrix `P` with `P @ a = L @ U`.
- `SolveTriangular(lower=False, unit_diagonal=False, trans='N')(a, b)`: `x` with `op(a) x = b`.
- `MatrixTriangularSolve(lower=True, adjoint=False)(matrix, rhs)` (a name of `mindspore.ops`):
  `x` with `matrix x = rhs` (`matrix^H x = rhs` when `adjoint`) for the lower (upper) triangle
  of each matrix of the batch; the batch dimensions equal (no broadcasting).

Values, dtypes and messages are MindSpore 2.10's (tests/goldens/scripts/scipy_ops_probe.py).
"""
from __future__ import annotations

import jax.numpy as jnp
import jax.scipy.linalg as jsl
from jax import lax

from msjax._src.core import checkparam as check
from msjax._src.core import dtype as mstype
from msjax._src.ops.registry import functional, primitive

_EIGH_DTYPES = (jnp.float32, jnp.float64, jnp.complex64, jnp.complex128)


def _ms_type_name(dtype) -> str:
    return str(mstype.from_numpy(jnp.dtype(dtype)))


def check_square_matrices(x, at_least: str = "at least rank 2"):
    """MindSpore's shape check of its eigen-decompositions (`x`: a matrix or a batch of them);
    `Eig`'s message says "at lease 2" where `Eigh`'s says "at least rank 2"."""
    if x.ndim < 2:
        raise ValueError(f"For Eig, x should be {at_least}, but got a {x.ndim}-D Tensor.")
    if x.shape[-1] != x.shape[-2]:
        raise ValueError(f"For Eig, x should be square(squares), but got {x.shape[-2]}  "
                         f"{x.shape[-1]} matrix(matrices).")


def _eigh(x, compute_eigenvectors, lower):
    if x.dtype not in _EIGH_DTYPES:
        raise TypeError("For primitive[Eigh], the input argument[x] must be a type of "
                        "{Tensor[Complex128], Tensor[Complex64], Tensor[Float32], Tensor[Float64]}, "
                        f"but got Tensor[{_ms_type_name(x.dtype)}].")
    check_square_matrices(x)
    # The Hermitian matrix the one triangle stands for, built explicitly so that the gradient
    # reaches that triangle only (JAX's eigh rule assumes a symmetric tangent).
    triangle = jnp.tril(x, -1) if lower else jnp.triu(x, 1)
    diagonal = jnp.eye(x.shape[-1], dtype=bool) * x
    hermitian = triangle + diagonal + jnp.conj(jnp.swapaxes(triangle, -1, -2))
    values, vectors = jnp.linalg.eigh(hermitian, symmetrize_input=False)
    values = values.astype(x.dtype)  # a complex matrix's eigenvalues are complex, as MindSpore's
    return (values, vectors) if compute_eigenvectors else values


def _lu(a):
    lu, pivots, permutation = lax.linalg.lu(a)
    n = a.shape[-2]
    matrix = (permutation[..., :, None] == jnp.arange(n)).astype(jnp.int32)
    return lu, pivots.astype(jnp.int32), matrix


_TRANS = {"N": 0, "T": 1, "C": 2}


def _shape_text(shape) -> str:
    return "[const vector]{" + ", ".join(str(d) for d in shape) + "}"


def check_triangular_solve(a, b):
    """MindSpore's shape rule of `SolveTriangular`: `[..., N, N] X [..., N, M]` or
    `[..., N, N] X [..., N]`, the batch dimensions equal (no broadcasting)."""
    if a.ndim < 2:
        return
    if b.ndim not in (a.ndim, a.ndim - 1):
        raise ValueError(f"For 'SolveTriangular', the dimension of `b` should be 'a.dim' or 'a.dim' - 1, "
                         f"which is {a.ndim} or {a.ndim - 1}, but got {b.ndim}-dimensions.")
    vector = b.ndim == a.ndim - 1
    rows, batch = (b.shape[-1], b.shape[:-1]) if vector else (b.shape[-2], b.shape[:-2])
    if a.shape[-1] != a.shape[-2] or rows != a.shape[-1]:
        raise ValueError(f"For 'SolveTriangular', the last two dimensions of `a` and `b` should be matched, "
                         f"but got shape of {_shape_text(a.shape)} and {_shape_text(b.shape)}. Please make "
                         f"sure that the shape of `a` and `b` be like [..., N, N] X [..., N, M] or "
                         f"[..., N, N ] X[..., N].")
    if batch != a.shape[:-2]:
        raise ValueError(f"For 'SolveTriangular', the batch dimensions of `a` and `b` should all be the same, "
                         f"but got shape of {_shape_text(a.shape)} and {_shape_text(b.shape)}. Please make "
                         f"sure that the shape of `a` and `b` be like [a, b, c, ..., N, N] X "
                         f"[a, b, c, ..., N, M] or [a, b, c, ..., N, N] X [a, b, c, ..., N].")


_TRANS = {"N": 0, "T": 1, "C": 2}


def solve_triangular(a, b, lower, unit_diagonal, trans):
    """`x` with `op(a) x = b` on arrays (`trans`: 0/'N', 1/'T', 2/'C'), MindSpore's shape rule."""
    if trans not in _TRANS and trans not in (0, 1, 2):
        raise ValueError("For SolveTriangular, Augment[trans] must be one of [1, 2, 3,'N', 'T', 'C'].")
    check_triangular_solve(a, b)
    trans = _TRANS.get(trans, trans)
    if a.ndim >= 2 and b.ndim == a.ndim - 1:  # a batch of vectors
        return jsl.solve_triangular(a, b[..., None], trans=trans, lower=lower,
                                    unit_diagonal=unit_diagonal)[..., 0]
    return jsl.solve_triangular(a, b, trans=trans, lower=lower, unit_diagonal=unit_diagonal)


Eigh = primitive("Eigh", functional(_eigh), compute_eigenvectors=True, lower=True,
                 display=lambda a: {"lower": a["lower"],
                                    "compute_eigenvectors": a["compute_eigenvectors"]})
LU = primitive("LU", functional(_lu))
SolveTriangular = primitive("SolveTriangular", functional(solve_triangular), lower=False,
                            unit_diagonal=False, trans="N")


def _matrix_triangular_solve(matrix, rhs, lower, adjoint):
    if matrix.ndim < 2:
        raise ValueError("For primitive[MatrixTriangularSolve], the input matrix rank must be "
                         f"greater than or equal to 2, but got {matrix.ndim}.")
    rows, cols = matrix.shape[-2:]
    if rows != cols:
        raise ValueError("For MatrixTriangularSolve evaluator shapes of inputs can not do this "
                         f"operator, got {rows} and {cols} , with matrix row {rows}, matrix col "
                         f"{cols}. Inner-most 2 demision of input matrix must be square")
    if rhs.ndim < 2 or rhs.shape[-2] != rows:
        got = rhs.shape[-2] if rhs.ndim >= 2 else rhs.shape[-1] if rhs.ndim else 0
        raise ValueError("For MatrixTriangularSolve evaluator shapes of inputs can not do this "
                         f"operator, got {rows} and {got} , with matrix row {rows}, rhs row "
                         f"{got}, matrix's row rank should be same as rhs's row rank")
    # the batch dimensions compared from the front (rhs's shape as it is, whatever its rank)
    for axis, (m, r) in enumerate(zip(matrix.shape[:-2], rhs.shape)):
        if m != r:
            raise ValueError("For MatrixTriangularSolve shapes in batch dimension should be same, "
                             f"dim[{axis}] are not the same, while matrix is {m}, rhs is {r}")
    if rhs.ndim != matrix.ndim:
        raise ValueError("For MatrixTriangularSolve, the rank of matrix and rhs should be the same, "
                         f"but got {matrix.ndim} and {rhs.ndim}.")
    return jsl.solve_triangular(matrix, rhs, trans=2 if adjoint else 0, lower=lower)


def _check_matrix_triangular_solve(attrs):
    check.check_value_type("adjoint", attrs["adjoint"], [bool], "MatrixTriangularSolve")
    check.check_value_type("lower", attrs["lower"], [bool], "MatrixTriangularSolve")


MatrixTriangularSolve = primitive("MatrixTriangularSolve", functional(_matrix_triangular_solve),
                                  lower=True, adjoint=False, check=_check_matrix_triangular_solve)
