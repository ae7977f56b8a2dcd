"""`mindspore.scipy.ops`: the Primitives `mindspore.scipy` is built on.

- `Eig(compute_v=True)(a)`: `mindspore.ops.Eig` with `compute_v` on by default: the (complex)
  eigenvalues and, when `compute_v`, eigenvectors of the square matrices `a`; without them the
  second output is a complex zero of shape `()`.
- `LinearSumAssignment()(cost_matrix, dimension_limit, maximize)`: the linear sum assignment
  problem on the first `dimension_limit` columns of `cost_matrix` (all of them for the int64
  maximum), solved as `scipy.optimize.linear_sum_assignment` does (on the host, through
  `jax.pure_callback`, so inside a compiled function too): `(row_ind, col_ind)`, int64, each
  `min(rows, columns)` long, the rows ascending, padded with -1 where fewer pairs were assigned.
  `maximize` is a Python bool, as MindSpore's.
- `LU`, `SolveTriangular`, `solve_triangular`: as `mindspore.scipy.linalg` has them.

Values and messages are MindSpore 2.10's (tests/goldens/scripts/scipy_ops_probe.py).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import scipy.optimize

from msjax._src.core.tensor import Tensor
from msjax._src.ops import primitives
from msjax._src.ops.linalg_primitives import LU as LU
from msjax._src.ops.linalg_primitives import SolveTriangular as SolveTriangular
from msjax._src.ops.linalg_primitives import check_square_matrices
from msjax._src.ops.registry import Primitive, functional
from msjax._src.scipy.linalg import solve_triangular as solve_triangular

_NO_LIMIT = np.iinfo(np.int64).max


class Eig(primitives.Eig):
    """`mindspore.scipy.ops.Eig(compute_v=True)`: `mindspore.ops.Eig`, computing the eigenvectors
    unless told not to."""

    def __init__(self, compute_v=True):
        super().__init__(compute_v)

    def __call__(self, a):
        if isinstance(a, Tensor):
            check_square_matrices(a._data, "at lease 2")
        return super().__call__(a)


def _check_limit(limit: int, columns: int):
    if limit != _NO_LIMIT and limit > columns:
        raise RuntimeError(f"For 'LinearSumAssignment' input dimension_limit must <= the 2nd "
                           f"dimension's size of the cost_matrix, which is {columns}, but got {limit}.")


def _assign_on_host(cost, limit, maximize: bool):
    rows, columns = cost.shape
    size = min(rows, columns)
    limit = int(limit)
    _check_limit(limit, columns)
    used = cost[:, :min(limit, columns)]
    row_ind, col_ind = scipy.optimize.linear_sum_assignment(used.astype(np.float64), maximize=maximize)
    out_rows = np.full((size,), -1, np.int64)
    out_columns = np.full((size,), -1, np.int64)
    out_rows[:len(row_ind)] = row_ind
    out_columns[:len(col_ind)] = col_ind
    return out_rows, out_columns


def _linear_sum_assignment(cost_matrix, dimension_limit, maximize):
    if not isinstance(dimension_limit, jax.core.Tracer):  # known now: MindSpore's error now
        _check_limit(int(np.asarray(dimension_limit)), cost_matrix.shape[-1])
    size = min(cost_matrix.shape[-2:])
    shapes = (jax.ShapeDtypeStruct((size,), jnp.int64),) * 2
    return jax.pure_callback(
        lambda cost, limit: _assign_on_host(np.asarray(cost), np.asarray(limit), maximize),
        shapes, cost_matrix, jnp.asarray(dimension_limit, jnp.int64))


class LinearSumAssignment(Primitive):
    """`mindspore.scipy.ops.LinearSumAssignment()(cost_matrix, dimension_limit, maximize)` (module
    doc)."""

    def __init__(self):
        super().__init__("LinearSumAssignment")

    def __call__(self, cost_matrix, dimension_limit, maximize):
        if not isinstance(maximize, bool):
            shown = (f"Tensor[{maximize.dtype}]" if isinstance(maximize, Tensor)
                     else type(maximize).__name__)
            raise TypeError(f"For primitive[LinearSumAssignment], the input argument[maximize] must "
                            f"be a type of {{Bool}}, but got {shown}.")
        return functional(_linear_sum_assignment)(cost_matrix, dimension_limit, maximize)
