"""`mindspore.ops.operations.sparse_ops.SparseMatrixAdd` (see its class) and
`SparseMatrixMatMul(transpose_x1=False, transpose_x2=False, adjoint_x1=False, adjoint_x2=False, transpose_output=False,
conjugate_output=False)(x1_dense_shape, x1_batch_pointers, x1_row_pointers, x1_col_indices,
x1_values, x2_dense)`: a CSR matrix (or a batch of them) times a dense one.

The CSR matrix comes as MindSpore takes it: its dense shape ((rows, cols) or (batch, rows,
cols)), the running count of values before each batch, each batch's row pointers (rows + 1 per
batch, counted within the batch), the values' column indices and the values. msjax scatters the
values into the dense matrix (`dense_shape` must be concrete: it is the output's shape) and
multiplies with `jnp.matmul`, so the product also differentiates (MindSpore 2.10 defines no
gradient for it). Not a name of `mindspore.ops` in MindSpore 2.10, so not of `msjax.ops` either:
`module_tree` answers its MindSpore path. Results and checks are MindSpore 2.10's
(tests/goldens/ops/sparse_ops_probe.out).
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from msjax._src.core import checkparam as validator
from msjax._src.core import dtype as mstype
from msjax._src.core import log
from msjax._src.core.sparse_tensor import csr_rows_merge
from msjax._src.ops.adapters import concrete_array
from msjax._src.ops.registry import Primitive, functional

_VALUE_TYPES = (np.dtype(np.complex128), np.dtype(np.complex64), np.dtype(np.float32),
                np.dtype(np.float64))
_ATTRS = ("transpose_x1", "transpose_x2", "adjoint_x1", "adjoint_x2", "transpose_output",
          "conjugate_output")
_DEPRECATION_SHOWN = []


def csr_to_dense(dense_shape, row_pointers, col_indices, values):
    """The (batch, rows, cols) dense array of a batched CSR matrix given MindSpore's way."""
    batch, rows, cols = dense_shape if len(dense_shape) == 3 else (1,) + tuple(dense_shape)
    # The values are stored batch by batch and row by row, so each row's count of values
    # (its row pointers' difference) places them; `batch_pointers` holds the same counts summed.
    counts = jnp.diff(row_pointers.reshape(batch, rows + 1), axis=1).reshape(-1)
    row_of_value = jnp.repeat(jnp.arange(batch * rows), counts,
                              total_repeat_length=values.shape[0])
    dense = jnp.zeros((batch * rows, cols), values.dtype)
    dense = dense.at[row_of_value, col_indices].add(values)
    return dense.reshape(batch, rows, cols)


def _flip(matrix, transpose, adjoint):
    if transpose or adjoint:
        matrix = jnp.swapaxes(matrix, -1, -2)
    return jnp.conj(matrix) if adjoint else matrix


def _sparse_matrix_mat_mul(dense_shape, batch_pointers, row_pointers, col_indices, values,
                           x2_dense, transpose_x1, transpose_x2, adjoint_x1, adjoint_x2,
                           transpose_output, conjugate_output):
    name = "SparseMatrixMatMul"
    index_inputs = (dense_shape, batch_pointers, row_pointers, col_indices)
    if len({a.dtype for a in index_inputs}) > 1 or values.dtype != x2_dense.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    if values.dtype not in _VALUE_TYPES:
        raise TypeError(f"For primitive[{name}], the input argument[x1_values] must be a type of "
                        f"{{Tensor[Complex128], Tensor[Complex64], Tensor[Float32], "
                        f"Tensor[Float64]}}, but got Tensor[{mstype.from_numpy(values.dtype)}].")
    if dense_shape.shape[0] != x2_dense.ndim:
        raise ValueError(f"For {name}, x1_dense_shape.shape[0] and rank of x2_dense must be the "
                         f"same, but got x1_dense_shape.shape[0] = {dense_shape.shape[0]}, and "
                         f"rank of x2_dense = {x2_dense.ndim}.")
    shape = tuple(int(v) for v in concrete_array(dense_shape))
    if len(shape) == 3 and shape[0] != x2_dense.shape[0]:
        raise ValueError(f"For {name}, x1_dense_shape[0] and x2_dense.shape[0] must be the same, "
                         f"but got x1_dense_shape[0] = {shape[0]}, and x2_dense.shape[0] = "
                         f"{x2_dense.shape[0]}.")
    x1 = _flip(csr_to_dense(shape, row_pointers, col_indices, values),
               transpose_x1, adjoint_x1)
    x2 = _flip(x2_dense if x2_dense.ndim == 3 else x2_dense[None], transpose_x2, adjoint_x2)
    if x1.shape[-1] != x2.shape[-2]:
        raise ValueError(f"For {name}, x1's col and x2's row must be the same, but got x1_col = "
                         f"{x1.shape[-1]}, and x2_row = {x2.shape[-2]}.")
    out = jnp.matmul(x1, x2)
    if transpose_output:
        out = jnp.swapaxes(out, -1, -2)
    if conjugate_output:
        out = jnp.conj(out)
    return out if len(shape) == 3 else out[0]


_mat_mul = functional(_sparse_matrix_mat_mul)


class SparseMatrixMatMul(Primitive):
    """`SparseMatrixMatMul` (deprecated since MindSpore 2.8): see the module doc."""

    def __init__(self, transpose_x1=False, transpose_x2=False, adjoint_x1=False, adjoint_x2=False,
                 transpose_output=False, conjugate_output=False):
        super().__init__("SparseMatrixMatMul")
        if not _DEPRECATION_SHOWN:
            _DEPRECATION_SHOWN.append(True)
            log.warning("'SparseMatrixMatMul' is deprecated from version 2.8.0 and will be "
                        "removed in a future version.")
        values = (transpose_x1, transpose_x2, adjoint_x1, adjoint_x2, transpose_output,
                  conjugate_output)
        for key, value in zip(_ATTRS, values):
            self.add_prim_attr(key, value)
        for key, value in zip(_ATTRS, values):
            validator.check_value_type(key, value, [bool], self.name)
        self.init_prim_io_names(inputs=["x1_dense_shape", "x1_batch_pointers", "x1_row_pointers",
                                        "x1_col_indices", "x1_values", "x2_dense"],
                                outputs=["y_dense"])

    def __call__(self, x1_dense_shape, x1_batch_pointers, x1_row_pointers, x1_col_indices,
                 x1_values, x2_dense):
        for first, second in (("adjoint_x1", "transpose_x1"), ("adjoint_x2", "transpose_x2")):
            if self.attrs[first] and self.attrs[second]:
                raise ValueError(f"For SparseMatrixMatMul, only one of {first} and {second} may "
                                 f"be true, but got {first} = 1, and {second} = 1.")
        return _mat_mul(x1_dense_shape, x1_batch_pointers, x1_row_pointers, x1_col_indices,
                        x1_values, x2_dense, *(self.attrs[key] for key in _ATTRS))


def _sparse_matrix_add(x1_dense_shape, x1_batch_pointers, x1_row_pointers, x1_col_indices,
                       x1_values, x2_dense_shape, x2_batch_pointers, x2_row_pointers,
                       x2_col_indices, x2_values, alpha, beta):
    shape = tuple(int(v) for v in concrete_array(x1_dense_shape))
    if shape != tuple(int(v) for v in concrete_array(x2_dense_shape)):
        raise ValueError("For SparseMatrixAdd, the dense shapes of x1 and x2 must be the same, "
                         f"but got {shape} and "
                         f"{tuple(int(v) for v in concrete_array(x2_dense_shape))}.")
    batch, rows, cols = shape if len(shape) == 3 else (1,) + shape
    outputs = []
    for k in range(batch):  # each batch's rows, values counted from its batch pointer
        parts = []
        for pointers, row_pointers, col_indices, values in (
                (x1_batch_pointers, x1_row_pointers, x1_col_indices, x1_values),
                (x2_batch_pointers, x2_row_pointers, x2_col_indices, x2_values)):
            start, stop = (int(v) for v in concrete_array(pointers)[k:k + 2])
            indptr = concrete_array(row_pointers)[k * (rows + 1):(k + 1) * (rows + 1)]
            parts.append((indptr, concrete_array(col_indices)[start:stop], values[start:stop]))
        outputs.append(csr_rows_merge((rows, cols), *parts, alpha, beta))
    counts = np.cumsum([0] + [len(o[1]) for o in outputs])
    index_dtype = x1_row_pointers.dtype
    return (jnp.asarray(np.asarray(shape, index_dtype)),
            jnp.asarray(counts.astype(index_dtype)),
            jnp.concatenate([o[0] for o in outputs]).astype(index_dtype),
            jnp.concatenate([o[1] for o in outputs]).astype(x1_col_indices.dtype),
            jnp.concatenate([o[2] for o in outputs]))


_matrix_add = functional(_sparse_matrix_add)


class SparseMatrixAdd(Primitive):
    """`SparseMatrixAdd()(x1_dense_shape, x1_batch_pointers, x1_row_pointers, x1_col_indices,
    x1_values, x2_dense_shape, x2_batch_pointers, x2_row_pointers, x2_col_indices, x2_values,
    alpha, beta)`: `alpha * x1 + beta * x2` of two (batched) CSR matrices given as the module doc
    says, as the five parts of the sum: dense shape, batch pointers, row pointers, column indices,
    values. Each row's entries are the union of the two rows' columns in increasing order (a sum
    of zero stays stored; core/sparse_tensor.py `csr_rows_merge`)."""

    def __init__(self):
        super().__init__("SparseMatrixAdd")
        self.init_prim_io_names(
            inputs=["x1_dense_shape", "x1_batch_pointers", "x1_row_pointers", "x1_col_indices",
                    "x1_values", "x2_dense_shape", "x2_batch_pointers", "x2_row_pointers",
                    "x2_col_indices", "x2_values", "alpha", "beta"],
            outputs=["y_dense_shape", "y_batch_pointers", "y_row_pointers", "y_col_indices",
                     "y_values"])

    def __call__(self, *args):
        return _matrix_add(*args)
