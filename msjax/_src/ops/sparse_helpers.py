"""The sparse-tensor helpers of `mindspore.ops` (graph-syntax getters and coo_add) that MindSpore
2.10's CPU build runs: coo_tensor_get_indices/values/dense_shape,
csr_tensor_get_indptr/indices/values/dense_shape, row_tensor_get_indices/values/dense_shape and
coo_add (tests/goldens/scripts/miss17_sparse_helpers_probe.py). MindSpore's PyNative mode refuses
a RowTensor in the row_tensor getters ("got External"); msjax returns its parts, as MindSpore's
graph mode does (docs/migration.md)."""
from __future__ import annotations

import inspect

import numpy as np

from msjax._src.core.row_tensor import RowTensorInner
from msjax._src.core.sparse_tensor import COOTensor, CSRTensor
from msjax._src.core.tensor import Tensor
from msjax._src.ops import sparse_primitives
from msjax._src.ops.graph_helpers import variadic


def _parts(x) -> tuple:
    """A sparse tensor as the tuple MindSpore's graph keeps: (indices, values, shape) of a
    COOTensor, (indptr, indices, values, shape) of a CSRTensor. The getters read a position of
    it, whatever the kind (MindSpore's coo_tensor_get_values of a CSRTensor gives its
    indices)."""
    if isinstance(x, CSRTensor):
        return x.indptr, x.indices, x.values, x.shape
    return x.indices, x.values, x.shape


def coo_tensor_get_indices(x):
    """The indices of a COOTensor."""
    return _parts(x)[0]


def coo_tensor_get_values(x):
    """The values of a COOTensor."""
    return _parts(x)[1]


def coo_tensor_get_dense_shape(x):
    """The dense shape of a COOTensor, a tuple."""
    return _parts(x)[2]


def csr_tensor_get_indptr(x):
    """The row pointers of a CSRTensor."""
    return _parts(x)[0]


def csr_tensor_get_indices(x):
    """The column indices of a CSRTensor."""
    return _parts(x)[1]


def csr_tensor_get_values(x):
    """The values of a CSRTensor."""
    return _parts(x)[2]


def csr_tensor_get_dense_shape(x):
    """The dense shape of a CSRTensor, a tuple."""
    return _parts(x)[3]


def _row_tensor(name, x):
    if not isinstance(x, RowTensorInner):
        raise TypeError(f"For '{name}', input[0] should be RowTensor, but got "
                        f"{type(x).__name__}.")
    return x


def row_tensor_get_indices(x):
    """The row indices of a RowTensor."""
    return _row_tensor("RowTensorGetIndices", x).indices


def row_tensor_get_values(x):
    """The rows of a RowTensor."""
    return _row_tensor("RowTensorGetValues", x).values


def row_tensor_get_dense_shape(x):
    """The dense shape of a RowTensor, a tuple."""
    return _row_tensor("RowTensorGetDenseShape", x).dense_shape


_SPARSE_ADD = sparse_primitives.SparseAdd()


def coo_add(x1, x2, thresh):
    """The COOTensor sum of two COOTensors (SparseAdd): indices merged in order, an index in both
    kept only where |x1 + x2| >= thresh; the shape is x1's."""
    shape = Tensor(np.array(x1.shape, np.int64))
    indices, values, _ = _SPARSE_ADD(x1.indices, x1.values, shape, x2.indices, x2.values,
                                     Tensor(np.array(x2.shape, np.int64)), thresh)
    return COOTensor(indices, values, x1.shape)


# MindSpore's getters are Primitive objects called `(*args)`
coo_tensor_get_indices = variadic(coo_tensor_get_indices)
coo_tensor_get_values = variadic(coo_tensor_get_values)
coo_tensor_get_dense_shape = variadic(coo_tensor_get_dense_shape)
csr_tensor_get_indptr = variadic(csr_tensor_get_indptr)
csr_tensor_get_indices = variadic(csr_tensor_get_indices)
csr_tensor_get_values = variadic(csr_tensor_get_values)
csr_tensor_get_dense_shape = variadic(csr_tensor_get_dense_shape)
row_tensor_get_indices = variadic(row_tensor_get_indices)
row_tensor_get_values = variadic(row_tensor_get_values)
row_tensor_get_dense_shape = variadic(row_tensor_get_dense_shape)
coo_add.__signature__ = inspect.Signature(  # MindSpore's annotations
    [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=t)
     for n, t in (("x1", COOTensor), ("x2", COOTensor), ("thresh", Tensor))],
    return_annotation=COOTensor)
