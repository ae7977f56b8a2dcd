"""MindSpore's older math Cells, kept in its `nn` for existing code: `Moments` (mean and variance,
which MindSpore now points to `ops.var_mean` for), `MatDet` and `MatInverse` (of a symmetric
positive-definite matrix, through its Cholesky factor), and `MatrixDiag`, `MatrixDiagPart` and
`MatrixSetDiag` (batched diagonals; MindSpore points to `ops.diag`/`ops.diagonal`).

MindSpore 2.10's CPU build has no kernel for the last five (`MatDet`'s DetTriangle, `MatInverse`'s
CholeskyTrsm, the inner MatrixDiag ops: "Kernel select failed"); msjax computes them on every
backend as their documentation states, checked against NumPy (tests/nn/test_nn_deprecated_cells.py).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import _wrap
from msjax._src.nn.cell import Cell
from msjax._src.ops import linalg_ops
from msjax._src.nn.layers.checks import check_dtype_in, check_value_type

_HALF_OR_SINGLE = (mstype.float16, mstype.float32)


class Moments(Cell):
    """`nn.Moments(axis=None, keep_dims=None)`: `(mean, variance)` of `x` over `axis` (every axis
    by default), the variance biased; a float16 input is computed in float32 and both results
    rounded back."""

    def __init__(self, axis=None, keep_dims=None):
        super().__init__()
        axis = () if axis is None else axis
        if isinstance(axis, tuple):
            for index, item in enumerate(axis):
                check_value_type(f"axis[{index}]", item, [int], self.cls_name)
        self.axis = check_value_type("axis", axis, [int, tuple], self.cls_name)
        self.keep_dims = check_value_type("keep_dims", False if keep_dims is None else keep_dims,
                                          [bool], self.cls_name)

    def construct(self, x):
        check_dtype_in("input x", x.dtype, _HALF_OR_SINGLE, self.cls_name)
        data = x._data
        wide = data.astype(jnp.float32)
        axes = (self.axis,) if isinstance(self.axis, int) else (self.axis or None)
        mean = jnp.mean(wide, axes, keepdims=True)
        variance = jnp.mean(jnp.square(wide - mean), axes, keepdims=True)
        if not self.keep_dims:
            mean, variance = (jnp.squeeze(v, axes) for v in (mean, variance))
        return _wrap(mean.astype(data.dtype)), _wrap(variance.astype(data.dtype))


def _cholesky(cell, a):
    """The lower Cholesky factor of `a` (float16 or float32, computed in float32)."""
    check_dtype_in("input_a", a.dtype, _HALF_OR_SINGLE, cell.cls_name)
    return linalg_ops.cholesky.impl(a._data.astype(jnp.float32))  # (refusing what it cannot factor)


class MatDet(Cell):
    """`nn.MatDet()`: the determinant of a symmetric positive-definite matrix (batched), the
    squared product of its Cholesky factor's diagonal."""

    def construct(self, a):
        factor = _cholesky(self, a)
        diagonal = jnp.diagonal(factor, axis1=-2, axis2=-1)
        return _wrap(jnp.square(jnp.prod(diagonal, axis=-1)).astype(a._data.dtype))


class MatInverse(Cell):
    """`nn.MatInverse()`: the inverse of a symmetric positive-definite matrix (batched),
    `L⁻ᵀ L⁻¹` from its Cholesky factor `L`."""

    def construct(self, a):
        factor = _cholesky(self, a)
        eye = jnp.broadcast_to(jnp.eye(factor.shape[-1], dtype=factor.dtype), factor.shape)
        inverse_factor = jax.scipy.linalg.solve_triangular(factor, eye, lower=True)
        inverse = jnp.swapaxes(inverse_factor, -1, -2) @ inverse_factor
        return _wrap(inverse.astype(a._data.dtype))


class MatrixDiag(Cell):
    """`nn.MatrixDiag()`: the batched diagonal matrices whose diagonals are `x`'s last axis
    (shape `x.shape + x.shape[-1:]`)."""

    def construct(self, x):
        data = x._data
        index = jnp.arange(data.shape[-1])
        matrices = jnp.zeros(data.shape + data.shape[-1:], data.dtype)
        return _wrap(matrices.at[..., index, index].set(data))


def _check_matrix(name, x):
    if x.ndim < 2:
        raise ValueError(f"For '{name}', the rank of 'x' must be at least 2, but got {x.ndim}.")


class MatrixDiagPart(Cell):
    """`nn.MatrixDiagPart()`: the main diagonals of `x`'s last two axes (length min(M, N))."""

    def construct(self, x):
        _check_matrix(self.cls_name, x)
        return _wrap(jnp.diagonal(x._data, axis1=-2, axis2=-1))


class MatrixSetDiag(Cell):
    """`nn.MatrixSetDiag()(x, diagonal)`: `x` with the main diagonals of its last two axes
    replaced by `diagonal` (shape `x.shape[:-2] + (min(M, N),)`)."""

    def construct(self, x, diagonal):
        _check_matrix(self.cls_name, x)
        rows, cols = x.shape[-2:]
        expected = tuple(x.shape[:-2]) + (min(rows, cols),)
        if tuple(diagonal.shape) != expected:
            raise ValueError(f"For '{self.cls_name}', the shape of 'diagonal' must be {expected} "
                             f"for 'x' of shape {tuple(x.shape)}, but got "
                             f"{tuple(diagonal.shape)}.")
        data = x._data
        size = min(rows, cols)
        index = jnp.arange(size)
        return _wrap(data.at[..., index, index].set(diagonal._data.astype(data.dtype)))
