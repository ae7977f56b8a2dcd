"""`mindspore.scipy.linalg`: `block_diag`, `inv`, `cho_factor`, `cholesky`, `cho_solve`, `eigh`,
`lu_factor`, `lu`, `lu_solve`, `lu_pivots_to_permutation`, `det`, `solve_triangular`, `lstsq`, computed by `jax.scipy.linalg` / `jnp.linalg`.

MindSpore 2.10's rules, kept here: the matrix is a Tensor (a list is a TypeError naming it), of
float32, float64, int32 or int64 (`eigh` also complex), square and 2-D where the function says
so; an int32/int64 matrix is computed in float64. `cho_factor` and `cholesky` return the factor
with zeros in the other triangle, `lu`'s permutation matrix is int32, `lu_factor`'s pivots
int32, and `lu(..., permute_l=True)` fails as MindSpore's does (it multiplies the int32
permutation with the float factor).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl

from msjax._src.core import dtype as mstype
from msjax._src.ops import linalg_ops
from msjax._src.ops.linalg_primitives import solve_triangular as triangular_solve
from msjax._src.ops.registry import functional

_REAL = (jnp.int32, jnp.int64, jnp.float32, jnp.float64)
_WITH_COMPLEX = _REAL + (jnp.complex64, jnp.complex128)


def _ms_name(dtype) -> str:
    """MindSpore's name of a NumPy dtype: `Float32`."""
    return str(mstype.from_numpy(jnp.dtype(dtype)))


def _tensor(func: str, a, name: str = "a"):
    if not isinstance(a, jax.Array):
        raise TypeError(f"For '{func}', the type of '{name}' should be Tensor, but got '{a}' with "
                        f"type {type(a).__name__}.")
    return a


def _dtype(func: str, a, allowed, name: str = "a"):
    if a.dtype not in allowed:
        names = ", ".join(repr(mstype.from_numpy(jnp.dtype(d))) for d in allowed)
        raise TypeError(f"For '{func}', the data type of '{name}' should be one of [{names}], but got "
                        f"{_ms_name(a.dtype)}.")
    return a


def _square(func: str, a, name: str = "a"):
    if a.ndim != 2:
        raise ValueError(f"For '{func}', the dimension of '{name}' should be 2, but got {a.ndim}.")
    if a.shape[0] != a.shape[1]:
        raise ValueError(f"For '{func}', the matrix '{name}' should be a square matrix like (N, N), "
                         f"but got {tuple(a.shape)}.")
    return a


def _bool(func: str, value, name: str):
    if not isinstance(value, bool):
        raise TypeError(f"For '{func}', the type of '{name}' should be bool, but got '{value}' "
                        f"with type {type(value).__name__}.")


def _as_float(a):
    """An int32/int64 matrix in float64 (MindSpore's rule); float and complex ones as they are."""
    return a.astype(jnp.float64) if jnp.issubdtype(a.dtype, jnp.integer) else a


def _matrix(func: str, a, allowed=_REAL, name: str = "a"):
    return _as_float(_square(func, _dtype(func, _tensor(func, a, name), allowed, name), name))


def _cholesky_factor(a, lower: bool):
    return linalg_ops.cholesky.impl(a, upper=not lower)  # (refusing a matrix it cannot factor)


def _inv(a, overwrite_a=False, check_finite=True):
    _bool("inv", overwrite_a, "overwrite_a")
    _bool("inv", check_finite, "check_finite")
    return jnp.linalg.inv(_matrix("inv", a))


def _cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    for value, name in ((overwrite_a, "overwrite_a"), (check_finite, "check_finite"), (lower, "lower")):
        _bool("cho_factor", value, name)
    return _cholesky_factor(_matrix("cho_factor", a), lower), lower


def _cholesky(a, lower=False, overwrite_a=False, check_finite=True):
    for value, name in ((overwrite_a, "overwrite_a"), (check_finite, "check_finite"), (lower, "lower")):
        _bool("cholesky", value, name)
    return _cholesky_factor(_matrix("cholesky", a), lower)


def _cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    c, lower = c_and_lower
    for value, name in ((overwrite_b, "overwrite_b"), (check_finite, "check_finite"), (lower, "lower")):
        _bool("cho_solve", value, name)
    c = _square("cho_solve", _dtype("cho_solve", _tensor("cho_solve", c, "c"), _REAL, "c"), "c")
    b = _dtype("cho_solve", _tensor("cho_solve", b, "b"), _REAL, "b")
    if c.dtype != b.dtype:
        raise TypeError(f"For 'cho_solve', the data type of 'c' and 'b' should be the same, but got the "
                        f"data type of 'c' is {_ms_name(c.dtype)} and the data type of 'b' is "
                        f"{_ms_name(b.dtype)}.")
    if b.shape[0] != c.shape[0]:
        raise ValueError(f"For 'cho_solve', the last two dimensions of 'c' and 'b' should be matched, "
                         f"but got shape of {tuple(c.shape)} and {tuple(b.shape)}.")
    return jsl.cho_solve((_as_float(c), lower), _as_float(b))


def _eigh(a, b=None, lower=True, eigvals_only=False, overwrite_a=False, overwrite_b=False,
          turbo=True, eigvals=None, type=1, check_finite=True):  # noqa: A002 - MindSpore's name
    for value, name in ((lower, "lower"), (eigvals_only, "eigvals_only"), (overwrite_a, "overwrite_a"),
                        (overwrite_b, "overwrite_b"), (turbo, "turbo"), (check_finite, "check_finite")):
        _bool("eigh", value, name)
    a = _matrix("eigh", a, _WITH_COMPLEX)
    if b is not None:
        raise ValueError("For 'eigh', currently only case b=None of 'eigh' is implemented.")
    if eigvals is not None:
        raise ValueError("For 'eigh', currently only case eigvals=None of 'eigh' is implemented.")
    values, vectors = jnp.linalg.eigh(a, UPLO="L" if lower else "U", symmetrize_input=False)
    values = values.astype(a.dtype)  # complex eigenvalues for a complex matrix, as MindSpore's
    return values if eigvals_only else (values, vectors)


def _lu_factor(a, overwrite_a=False, check_finite=True):
    _bool("lu_factor", overwrite_a, "overwrite_a")
    _bool("lu_factor", check_finite, "check_finite")
    lu, pivots = jsl.lu_factor(_matrix("lu_factor", a))
    return lu, pivots.astype(jnp.int32)


def _lu(a, permute_l=False, overwrite_a=False, check_finite=True):
    for value, name in ((permute_l, "permute_l"), (overwrite_a, "overwrite_a"),
                        (check_finite, "check_finite")):
        _bool("lu", value, name)
    a = _dtype("lu", _tensor("lu", a), _REAL)
    if a.ndim < 2:
        raise ValueError(f"For 'lu', the dimension of 'a' should be at least 2, but got {a.ndim}.")
    a = _as_float(a)
    p, l, u = jsl.lu(a)
    if permute_l:
        raise TypeError(f"For 'MatMul', the type of 'x2' should be same as 'x1', but got 'x1' with "
                        f"type Tensor[Int32] and 'x2' with type Tensor[{_ms_name(a.dtype)}].")
    return p.astype(jnp.int32), l, u


def _solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False, debug=None,
                      check_finite=True):
    a = _tensor("solve_triangular", a)
    b = _tensor("solve_triangular", b, "b")
    return triangular_solve(a, b, lower, unit_diagonal, trans)


def _det(a, overwrite_a=False, check_finite=True):
    _bool("det", overwrite_a, "overwrite_a")
    _bool("det", check_finite, "check_finite")
    a = _dtype("det", _square("det", _tensor("det", a)), _REAL)
    return jnp.linalg.det(_as_float(a))


def _lu_pivots_to_permutation(pivots, permutation_size: int):
    """The permutation the LAPACK row swaps `pivots` make of `range(permutation_size)`."""
    batch = pivots.shape[:-1]
    permutation = jnp.broadcast_to(jnp.arange(permutation_size, dtype=pivots.dtype),
                                   batch + (permutation_size,))

    def swap(i, perm):
        j = pivots[..., i][..., None]
        at_i = perm[..., i][..., None]
        at_j = jnp.take_along_axis(perm, j, axis=-1)
        perm = jnp.where(jnp.arange(permutation_size) == j, at_i, perm)
        return perm.at[..., i].set(at_j[..., 0])

    for i in range(min(pivots.shape[-1], permutation_size)):
        permutation = swap(i, permutation)
    return permutation


def _lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    lu, pivots = lu_and_piv
    _bool("lu_solve", overwrite_b, "overwrite_b")
    _bool("lu_solve", check_finite, "check_finite")
    lu = _dtype("lu_solve", _tensor("lu_solve", lu, "lu_matrix"), _REAL, "lu_matrix")
    b = _dtype("lu_solve", _tensor("lu_solve", b, "b"), _REAL, "b")
    if trans not in (0, 1, 2):
        raise ValueError(f"For 'lu_solve', the value of 'trans' should be in (0, 1, 2), but got {trans}.")
    if b.ndim < 2:  # MindSpore indexes `b[permutation, :]`
        raise IndexError(f"too many indices for tensor of dimension{b.ndim}")
    lu, b = _as_float(lu), _as_float(b)
    # MindSpore's steps, whatever `trans`: `b`'s rows permuted first, then the two triangles
    x = b[_lu_pivots_to_permutation(pivots, pivots.size), :]
    if trans == 0:
        x = jsl.solve_triangular(lu, x, lower=True, unit_diagonal=True)
        return jsl.solve_triangular(lu, x, lower=False)
    x = jsl.solve_triangular(lu, x, trans=1, lower=False)
    return jsl.solve_triangular(lu, x, trans=1, lower=True, unit_diagonal=True)


def _block_diag(*arrs):
    if not arrs:
        return jnp.zeros((1, 0), jnp.float32)
    if any(jnp.ndim(a) > 2 for a in arrs):
        raise ValueError("Arguments to mindspore.scipy.linalg.block_diag must have at most 2 dimensions.")
    return jsl.block_diag(*[jnp.atleast_2d(a) for a in arrs])


_DRIVERS = (None, "gels", "gelsy", "gelss", "gelsd")


def _lstsq(A, B, rcond=None, driver=None):  # noqa: N803 - MindSpore's names
    if driver not in _DRIVERS:
        raise ValueError(f"Failed to convert the value \"{driver}\" of input 'driver' of 'LstsqV2' to enum.")
    a, b = _tensor("lstsq", A, "A"), _tensor("lstsq", B, "B")
    if a.ndim < 2:
        raise ValueError(f"For 'lstsq', the dimension of 'A' should be at least 2, but got {a.ndim}.")
    if a.dtype != b.dtype:
        raise TypeError("For 'LstsqV2' the type of a and b must be same, but got type of a is different "
                        "from that of b! ")
    vector = b.ndim == a.ndim - 1
    b2 = b[..., None] if vector else b
    if b2.shape[-2] != a.shape[-2]:
        raise ValueError(f"For 'lstsq', the shapes of 'A' and 'B' should be matched, but got "
                         f"{tuple(a.shape)} and {tuple(b.shape)}.")
    m, n = a.shape[-2], a.shape[-1]
    solution = jnp.linalg.pinv(a) @ b2
    driver = driver or "gelsy"
    if driver != "gelsy" and m > n:
        residual = jnp.sum(jnp.abs(a @ solution - b2) ** 2, axis=-2)
    else:
        residual = jnp.zeros((0,), a.dtype)
    if driver != "gels":
        rank = jnp.linalg.matrix_rank(a).astype(jnp.int64)
    else:
        rank = jnp.zeros((0,), jnp.int64)
    if driver in ("gelss", "gelsd"):
        singular = jnp.linalg.svd(a, compute_uv=False)
    else:
        singular = jnp.zeros((0,), a.dtype)
    return (solution[..., 0] if vector else solution), residual, rank, singular


def _public(impl, name: str, doc: str):
    public = functional(impl)
    public.__name__ = public.__qualname__ = name
    public.__doc__ = doc
    return public


inv = _public(_inv, "inv", """`mindspore.scipy.linalg.inv(a)`: the inverse of the square matrix `a`
(an int32/int64 one in float64).""")
cho_factor = _public(_cho_factor, "cho_factor", """`mindspore.scipy.linalg.cho_factor(a,
lower=False)`: `(c, lower)`, `c` the Cholesky factor of `a` (upper unless `lower`), zeros in the
other triangle; for `cho_solve`.""")
cholesky = _public(_cholesky, "cholesky", """`mindspore.scipy.linalg.cholesky(a, lower=False)`: the
Cholesky factor of the Hermitian positive-definite `a`, upper (`U^H U = a`) unless `lower`.""")
cho_solve = _public(_cho_solve, "cho_solve", """`mindspore.scipy.linalg.cho_solve((c, lower), b)`:
`x` with `a x = b`, `(c, lower)` from `cho_factor(a)`.""")
eigh = _public(_eigh, "eigh", """`mindspore.scipy.linalg.eigh(a, lower=True, eigvals_only=False)`:
the eigenvalues (ascending) and eigenvectors (columns) of the Hermitian `a`, read from its lower
(or upper) triangle; the generalised problem (`b`) and `eigvals` are not supported, as in
MindSpore.""")
lu_factor = _public(_lu_factor, "lu_factor", """`mindspore.scipy.linalg.lu_factor(a)`: `(lu,
piv)`, the packed LU factors of `a` and the int32 pivot indices.""")
lu = _public(_lu, "lu", """`mindspore.scipy.linalg.lu(a)`: `(p, l, u)` with `a = p @ l @ u`, `p`
an int32 permutation matrix.""")
solve_triangular = _public(_solve_triangular, "solve_triangular", """`mindspore.scipy.linalg.
solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False)`: `x` with `op(a) x = b` for
the triangular `a` (`trans` 0/'N', 1/'T', 2/'C').""")
det = _public(_det, "det", """`mindspore.scipy.linalg.det(a)`: the determinant of the square
matrix `a` (an int32/int64 one in float64).""")
lu_pivots_to_permutation = _public(_lu_pivots_to_permutation, "lu_pivots_to_permutation",
                                   """`mindspore.scipy.linalg.lu_pivots_to_permutation(pivots,
permutation_size)`: the permutation of `range(permutation_size)` that `lu_factor`'s row swaps
`pivots` make.""")
lu_solve = _public(_lu_solve, "lu_solve", """`mindspore.scipy.linalg.lu_solve((lu, piv), b,
trans=0)`: `x` with `a x = b`, `(lu, piv)` from `lu_factor(a)`; `b` a matrix (MindSpore indexes its
rows). With `trans` 1 or 2, MindSpore's steps (the rows of `b` permuted, then `U^T` and `L^T`
solved), which are not `a^T x = b`'s: kept, as MindSpore computes them.""")
block_diag = _public(_block_diag, "block_diag", """`mindspore.scipy.linalg.block_diag(*arrs)`: the
Tensors (each at most 2-D) on the diagonal of one matrix.""")
lstsq = _public(_lstsq, "lstsq", """`mindspore.scipy.linalg.lstsq(A, B, rcond=None, driver=None)`:
`(solution, residual, rank, singular_value)` of the least-squares problem `A X = B`; which of the
last three are computed (else empty) follows the LAPACK driver, as MindSpore's docs say.""")
