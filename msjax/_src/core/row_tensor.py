"""`mindspore.RowTensor`: a sparse tensor of whole rows (MindSpore's gradient of an embedding).

`RowTensor(indices, values, shape)` stands for a Tensor of `shape` that is zero except for the
rows `indices` (along axis 0), which hold `values` (`values.shape[1:] == shape[1:]`). MindSpore
produces RowTensors as the sparse gradients of embedding lookups and passes them to optimizers;
msjax's gradients are dense (JAX's), so a RowTensor in msjax is one the user's code builds: it
holds its parts, prints as MindSpore's, and `to_dense()` (an msjax addition) scatters the rows
into a dense Tensor (rows given twice are added, as a gradient's are).
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from msjax._src.core import x64
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.core.tensor_repr import tensor_values_without_commas


def _part_repr(tensor: Tensor) -> str:
    newline = "\n" if tensor.ndim > 1 else ""
    values = tensor_values_without_commas(np.asarray(tensor._data), str(tensor.dtype))
    return f"Tensor(shape={list(tensor.shape)}, dtype={tensor.dtype}, value={newline}{values})"


class RowTensorInner:
    """`mindspore.common.sparse_tensor.RowTensorInner`: RowTensor's base (see RowTensor)."""

    def __init__(self, indices=None, values=None, shape=None, row_tensor=None):
        if row_tensor is not None:
            if not isinstance(row_tensor, RowTensorInner):
                raise TypeError(f"Expect input `row_tensor` to be a RowTensor, but got "
                                f"{type(row_tensor)}")
            if not (indices is None and values is None and shape is None):
                raise TypeError("If input `row_tensor` is provided, `indices`, `values`, "
                                "`shapes` should all be `None`")
            indices, values, shape = row_tensor._indices, row_tensor._values, row_tensor._shape
        if not (isinstance(indices, Tensor) and isinstance(values, Tensor)
                and isinstance(shape, tuple)):
            raise TypeError("For 'RowTensor', `indices` and `values` must be Tensors and `shape` "
                            f"a tuple, but got {type(indices).__name__}, {type(values).__name__} "
                            f"and {type(shape).__name__}.")
        self._indices, self._values, self._shape = indices, values, tuple(shape)

    @property
    def indices(self) -> Tensor:
        """The rows (along axis 0) that `values` fill."""
        return _wrap(self._indices._data)

    @property
    def values(self) -> Tensor:
        """The rows' values: `values[i]` is row `indices[i]`."""
        return _wrap(self._values._data)

    @property
    def dense_shape(self) -> tuple:
        """The shape of the Tensor this RowTensor stands for."""
        return self._shape

    @x64.scoped
    def to_dense(self) -> Tensor:
        """The dense Tensor (msjax's addition): zeros with `values` added at rows `indices`."""
        dense = jnp.zeros(self._shape, self._values._data.dtype)
        return _wrap(dense.at[self._indices._data].add(self._values._data))

    def __repr__(self) -> str:
        return (f"RowTensor(shape={list(self._shape)}, dtype={self._values.dtype}, "
                f"indices={_part_repr(self._indices)}, values={_part_repr(self._values)})")

    __str__ = __repr__


class RowTensor(RowTensorInner):
    """`mindspore.RowTensor(indices=None, values=None, shape=None, row_tensor=None)`: the rows
    `indices` of a Tensor of `shape` hold `values`, every other row is zero; `row_tensor` copies
    another RowTensor.

    Example:
        >>> rows = RowTensor(Tensor([0, 2], mindspore.int32), Tensor(np.ones((2, 3))), (4, 3))
        >>> rows.dense_shape
        (4, 3)
    """
