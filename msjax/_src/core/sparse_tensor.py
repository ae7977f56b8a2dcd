"""`mindspore.COOTensor` and `mindspore.CSRTensor`: sparse tensors held as their parts.

A `COOTensor(indices, values, shape)` stands for the 2-D Tensor of `shape` that is zero except at
`indices[i]` (row, column), which holds `values[i]`. A `CSRTensor(indptr, indices, values, shape)`
is the compressed-row form: row `r`'s entries are `values[indptr[r]:indptr[r + 1]]`, in the columns
`indices[indptr[r]:indptr[r + 1]]`. Both check their parts as MindSpore's constructors do, print as
MindSpore's, and are JAX pytrees (their parts are the leaves, the shape is static), so they pass
through `jit`, `grad` and GRAPH_MODE Cells. JAX has no sparse kernels on every backend; msjax
computes their methods (`to_dense`, `mv`, `mm`, ...) with dense scatters and segment sums.
"""
from __future__ import annotations

import json

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import log, x64
from msjax._src.core.row_tensor import _part_repr
from msjax._src.core.tensor import Tensor, _value_to_print, _wrap

_INDEX_DTYPES = ("Int16", "Int32", "Int64")


def _check_tensor(value, name: str) -> None:
    if not isinstance(value, Tensor):
        raise TypeError(f"For SparseTensors, '{name}' must be Tensor, but got {type(value)}.")


def _check_shape(shape) -> None:
    if not isinstance(shape, tuple):
        raise TypeError(f"For SparseTensors, 'shape' must be tuple, but got {type(shape)}.")


def _index_part(part: Tensor) -> Tensor:
    """An index Tensor as given, or, when `grad` differentiates an integer input through its
    traced Float32 stand-in (transforms/grad.py), that stand-in as the Int32 it holds."""
    if jnp.issubdtype(part._data.dtype, jnp.floating) and isinstance(part._data, jax.core.Tracer):
        return _wrap(part._data.astype(jnp.int32))
    return part


class _SparseTensor:
    """What COOTensor and CSRTensor share: the values' dtype, the dense shape, the sizes."""

    _values: Tensor
    _shape: tuple

    @property
    def values(self) -> Tensor:
        """The stored (non-zero) entries."""
        return _wrap(self._values._data)

    @property
    def shape(self) -> tuple:
        """The shape of the dense Tensor this one stands for."""
        return self._shape

    @property
    def dtype(self):
        """The values' dtype."""
        return self._values.dtype

    @property
    def size(self) -> int:
        """The number of stored entries."""
        return int(self._values.size)

    @property
    def itemsize(self) -> int:
        """The bytes of one value."""
        return self._values._data.dtype.itemsize

    @property
    def ndim(self) -> int:
        """The number of dimensions of the dense Tensor."""
        return len(self._shape)

    def __str__(self) -> str:
        return repr(self)


class COOTensor(_SparseTensor):
    """`mindspore.COOTensor(indices=None, values=None, shape=None, coo_tensor=None)`.

    `indices` is an int16/int32/int64 Tensor of shape `(N, 2)`, `values` a Tensor of shape `(N,)`
    and `shape` a 2-tuple; `coo_tensor` copies another COOTensor.

    Example:
        >>> coo = COOTensor(Tensor([[0, 1], [1, 2]], mindspore.int32), Tensor([1., 2.]), (3, 4))
        >>> coo.to_dense().shape
        (3, 4)
    """

    def __init__(self, indices=None, values=None, shape=None, coo_tensor=None):
        if coo_tensor is not None:
            if not isinstance(coo_tensor, COOTensor):
                raise TypeError(f"Expect input `coo_tensor` to be a COOTensor, but got "
                                f"{type(coo_tensor)}")
            if not (indices is None and values is None and shape is None):
                raise TypeError("If input `coo_tensor` is provided, `indices`, `values`, `shapes` "
                                "should all be `None`")
            indices, values, shape = coo_tensor._indices, coo_tensor._values, coo_tensor._shape
        _check_tensor(indices, "indices")
        _check_tensor(values, "values")
        _check_shape(shape)
        indices = _index_part(indices)
        if indices.ndim != 2:
            raise ValueError(f"For COOTensor, 'indices' must be a 2-dimensional tensor, but got a "
                             f"{indices.ndim}-dimensional tensor.")
        if len(shape) != 2:
            raise ValueError(f"For COOTensor, the length of 'shape' must be 2, but got {shape}.")
        if indices.shape[1] != 2:
            raise ValueError(f"For COOTensor, 'indices.shape[1]' must be 2, but got "
                             f"{indices.shape[1]}.")
        if str(indices.dtype) not in _INDEX_DTYPES:
            raise TypeError(f"For COOTensor, the type of 'indices' must be one of [int16, int32, "
                            f"int64], but got {indices.dtype}.")
        if indices.shape[0] != values.shape[0]:
            raise ValueError(f"For COOTensor, 'indices.shape[0]' must be euqal to "
                             f"'values.shape[0]', but got 'indices.shape[0]' = {indices.shape[0]} "
                             f"and 'values.shape[0]' = {values.shape[0]}.")
        self._indices, self._values, self._shape = indices, values, tuple(shape)

    @property
    def indices(self) -> Tensor:
        """The (row, column) of each stored value, shape `(N, 2)`."""
        return _wrap(self._indices._data)

    def to_tuple(self) -> tuple:
        """`(indices, values, shape)`."""
        return self.indices, self.values, self._shape

    @x64.scoped
    def to_dense(self) -> Tensor:
        """The dense Tensor: zeros with `values` added at `indices` (repeated indices add up)."""
        index = self._indices._data
        dense = jnp.zeros(self._shape, self._values._data.dtype)
        return _wrap(dense.at[index[:, 0], index[:, 1]].add(self._values._data))

    @x64.scoped
    def to_csr(self) -> CSRTensor:
        """The same entries in compressed-row form, sorted by row then column."""
        index = self._indices._data
        order = jnp.lexsort((index[:, 1], index[:, 0]))
        rows, columns = index[order, 0], index[order, 1]
        indptr = jnp.searchsorted(rows, jnp.arange(self._shape[0] + 1), side="left")
        return CSRTensor(_wrap(indptr.astype(index.dtype)), _wrap(columns),
                         _wrap(self._values._data[order]), self._shape)

    def astype(self, dtype) -> COOTensor:
        """The same entries with the values cast to `dtype`."""
        return COOTensor(self._indices, self._values.astype(dtype), self._shape)

    def abs(self) -> COOTensor:
        """The same entries with their absolute values."""
        return COOTensor(self._indices, _wrap(jnp.abs(self._values._data)), self._shape)

    def __neg__(self) -> COOTensor:
        return COOTensor(self._indices, _wrap(-self._values._data), self._shape)

    # -- arithmetic, as MindSpore's COOTensor dunders: with a COOTensor the merged entries, with
    # a dense Tensor a dense sum (+, -) or the entries scaled where they are stored (*, /)
    def __add__(self, other):
        if isinstance(other, COOTensor):
            return coo_merge(self, other)
        return _with_dense(self, other, lambda dense, values: dense.at[_at(self)].add(values))

    def __radd__(self, other):
        return self.__add__(other)

    def __sub__(self, other):
        if isinstance(other, COOTensor):
            return coo_merge(self, -other)
        return _with_dense(self, other, lambda dense, values: (-dense).at[_at(self)].add(values))

    def __rsub__(self, other):
        return _with_dense(self, other, lambda dense, values: dense.at[_at(self)].add(-values))

    def __mul__(self, other):
        return _scaled(self, other, jnp.multiply)

    def __rmul__(self, other):
        return _scaled(self, other, jnp.multiply)

    def __truediv__(self, other):
        return _scaled(self, other, jnp.divide)

    def __rtruediv__(self, other):
        raise TypeError(f"unsupported operand type(s) for /: '{type(other).__name__}' and "
                        "'COOTensor'")

    def __repr__(self) -> str:
        return (f"COOTensor(shape={list(self._shape)}, dtype={self._values.dtype}, "
                f"indices={_part_repr(self._indices)}, values={_part_repr(self._values)})")


class SparseTensor(_SparseTensor):
    """`mindspore.SparseTensor(indices, values, shape)`: MindSpore's form of a COOTensor before
    1.7 (deprecated since, with a warning in its log), kept for old code. `dense[indices[i]] =
    values[i]`; `indices`, `values` and `shape` are given as they are (Tensors and a tuple, else
    MindSpore's TypeError) and read back by the properties of those names. It is not a
    COOTensor (`isinstance` says no, as in MindSpore) but prints as one.
    """

    def __init__(self, indices, values, shape):
        log.warning("'SparseTensor' is deprecated from version 1.7 and will be removed in a "
                    "future version. Please use 'COOTensor' instead.")
        if not (isinstance(indices, Tensor) and isinstance(values, Tensor)
                and isinstance(shape, tuple)):
            raise TypeError("Inputs must follow: COOTensor(indices, values, shape).")
        self._indices, self._values, self._shape = indices, values, shape

    @property
    def indices(self) -> Tensor:
        """The index of each stored value, shape `(N, ndims)`."""
        return _wrap(self._indices._data)

    def __repr__(self) -> str:
        return COOTensor.__repr__(self)


class CSRTensor(_SparseTensor):
    """`mindspore.CSRTensor(indptr=None, indices=None, values=None, shape=None, csr_tensor=None)`.

    `indptr` (int16/int32/int64, length `shape[0] + 1`) delimits each row's entries in `indices`
    (their columns) and `values`; `values` has one dimension fewer than `shape` (a 3-D CSRTensor's
    entries are vectors); `csr_tensor` copies another CSRTensor.

    Example:
        >>> csr = CSRTensor(Tensor([0, 1, 2], mindspore.int32), Tensor([0, 1], mindspore.int32),
        ...                 Tensor([1., 2.]), (2, 4))
        >>> csr.to_dense()[1, 1]
        Tensor(shape=[], dtype=Float32, value= 2)
    """

    def __init__(self, indptr=None, indices=None, values=None, shape=None, csr_tensor=None):
        if csr_tensor is not None:
            if not isinstance(csr_tensor, CSRTensor):
                raise TypeError(f"Expect input `csr_tensor` to be a CSRTensor, but got "
                                f"{type(csr_tensor)}")
            if not (indptr is None and indices is None and values is None and shape is None):
                raise TypeError("If input `csr_tensor` is provided, `indptr`, `indices`, `values`, "
                                "`shapes` should all be `None`")
            indptr, indices = csr_tensor._indptr, csr_tensor._indices
            values, shape = csr_tensor._values, csr_tensor._shape
        _check_tensor(indptr, "indptr")
        _check_tensor(indices, "indices")
        _check_tensor(values, "values")
        _check_shape(shape)
        indptr, indices = _index_part(indptr), _index_part(indices)
        if indptr.ndim != 1:
            raise ValueError(f"For CSRTensor, indptr must be a 1-dimensional tensor, but got a "
                             f"{indptr.ndim} dimension tensor.")
        if indices.ndim != 1:
            raise ValueError(f"For CSRTensor, indices must be a 1-dimensional tensor, but got a "
                             f"{indices.ndim} dimension tensor.")
        for name, part in (("indptr", indptr), ("indices", indices)):
            if str(part.dtype) not in _INDEX_DTYPES:
                raise TypeError(f"For CSRTensor, {name} must have int16 or int32 or int64 data "
                                f"type, but got {part.dtype}.")
        if values.ndim != len(shape) - 1:
            raise ValueError(f"Values' dimension should equal to CSRTensor's dimension - 1, but "
                             f"gotValues' dimension: {values.ndim} , CSRTensor's dimension: "
                             f"{len(shape)}")
        if len(shape) < 2:
            raise ValueError(f"For CSRTensor, the length of 'shape' must be at least 2, but got "
                             f"{shape}.")
        if indptr.shape[0] != shape[0] + 1:
            raise ValueError(f"For CSRTensor, indptr must have length (1 + shape[0]), but got: "
                             f"{indptr.shape[0]}")
        if indices.shape[0] != values.shape[0]:
            raise ValueError(f"For CSRTensor, indices and values must equal in their shape, but "
                             f"got indices shape: {indices.shape[0]}, values shape: "
                             f"{values.shape[0]}.")
        if tuple(values.shape[1:]) != tuple(shape[2:]):
            raise ValueError(f"For CSRTensor, values.shape[1:] must equal shape[2:], but got "
                             f"{tuple(values.shape[1:])} and {tuple(shape[2:])}.")
        self._indptr, self._indices = indptr, indices
        self._values, self._shape = values, tuple(shape)

    @property
    def indptr(self) -> Tensor:
        """Where each row's entries start in `indices` and `values` (and where the last ends)."""
        return _wrap(self._indptr._data)

    @property
    def indices(self) -> Tensor:
        """The column of each stored value."""
        return _wrap(self._indices._data)

    def to_tuple(self) -> tuple:
        """`(indptr, indices, values, shape)`."""
        return self.indptr, self.indices, self.values, self._shape

    def _rows(self):
        """The row of each stored value (from `indptr`)."""
        entries = jnp.arange(self._indices.shape[0])
        return jnp.searchsorted(self._indptr._data, entries, side="right") - 1

    def _check_2d(self) -> None:
        if len(self._shape) != 2:
            raise ValueError("Currently only support 2-D CSRTensor when converting to COOTensor.")

    @x64.scoped
    def to_dense(self) -> Tensor:
        """The dense Tensor: zeros with `values` added at (row, `indices`); 2-D only, as in
        MindSpore (which converts through `to_coo`)."""
        self._check_2d()
        dense = jnp.zeros(self._shape, self._values._data.dtype)
        return _wrap(dense.at[self._rows(), self._indices._data].add(self._values._data))

    @x64.scoped
    def to_coo(self) -> COOTensor:
        """The same entries as a COOTensor (indices `(row, column)`, in the indices' dtype)."""
        self._check_2d()
        columns = self._indices._data
        index = jnp.stack([self._rows().astype(columns.dtype), columns], axis=1)
        return COOTensor(_wrap(index), self.values, self._shape)

    @x64.scoped
    def _matmul(self, dense, name: str) -> Tensor:
        if not isinstance(dense, Tensor):
            raise TypeError(f"For CSRTensor.{name}, the input must be a Tensor, but got "
                            f"{type(dense)}.")
        if len(self._shape) != 2 or dense.ndim != 2 or dense.shape[0] != self._shape[1]:
            raise ValueError(f"For CSRTensor.{name}, the CSRTensor's shape {self._shape} and the "
                             f"input's shape {tuple(dense.shape)} cannot be multiplied.")
        products = self._values._data[:, None] * dense._data[self._indices._data]
        return _wrap(jax.ops.segment_sum(products, self._rows(), num_segments=self._shape[0]))

    def mv(self, dense_vector) -> Tensor:
        """The product with a dense `(shape[1], 1)` column: a `(shape[0], 1)` Tensor."""
        return self._matmul(dense_vector, "mv")

    def mm(self, matrix) -> Tensor:
        """The product with a dense `(shape[1], k)` matrix: a `(shape[0], k)` Tensor."""
        return self._matmul(matrix, "mm")

    def add(self, b, alpha, beta) -> CSRTensor:
        """`alpha * self + beta * b` (`ops.csr_add`; see `csr_merge`)."""
        return csr_merge(self, b, alpha, beta)

    def astype(self, dtype) -> CSRTensor:
        """The same entries with the values cast to `dtype`."""
        return CSRTensor(self._indptr, self._indices, self._values.astype(dtype), self._shape)

    def abs(self) -> CSRTensor:
        """The same entries with their absolute values."""
        return CSRTensor(self._indptr, self._indices, _wrap(jnp.abs(self._values._data)),
                         self._shape)

    def __neg__(self) -> CSRTensor:
        return CSRTensor(self._indptr, self._indices, _wrap(-self._values._data), self._shape)

    # `a + b` and `a - b` of two CSRTensors: MindSpore's `csr_add(a, b, 1, ±1)` (csr_merge)
    def __add__(self, other) -> CSRTensor:
        return _csr_sum(self, other, 1)

    def __sub__(self, other) -> CSRTensor:
        return _csr_sum(self, other, -1)

    def __repr__(self) -> str:
        return (f"CSRTensor(shape={list(self._shape)}, dtype={self._values.dtype}, "
                f"indptr={_part_repr(self._indptr)}, indices={_part_repr(self._indices)}, "
                f"values={_part_repr(self._values)})")


def _at(coo: COOTensor) -> tuple:
    index = coo._indices._data
    return index[:, 0], index[:, 1]


def _dense_operand(coo: COOTensor, other):
    if not isinstance(other, Tensor):
        if not hasattr(other, "shape"):
            raise AttributeError(f"'{type(other).__name__}' object has no attribute 'shape'")
        raise TypeError(f"For COOTensor arithmetic, the other operand must be a COOTensor or a "
                        f"Tensor, but got {type(other)}.")
    if tuple(other.shape) != coo._shape:
        raise ValueError("Input tensors should have the same shape.")
    return other._data


@x64.scoped
def _with_dense(coo: COOTensor, other, combine) -> Tensor:
    """A dense Tensor: `combine(dense, values)` (MindSpore's tensor_scatter_add forms)."""
    dense = _dense_operand(coo, other)
    return _wrap(combine(dense, coo._values._data.astype(dense.dtype)))


@x64.scoped
def _scaled(coo: COOTensor, other, op) -> COOTensor:
    """The entries `op(values, other at the entries)`, in the same places."""
    dense = _dense_operand(coo, other)
    return COOTensor(coo._indices, _wrap(op(coo._values._data, dense[_at(coo)])), coo._shape)


@x64.scoped
def coo_merge(a: COOTensor, b: COOTensor) -> COOTensor:
    """`a + b` of two COOTensors, as MindSpore's sparse add: the two lists of entries merged as
    sorted lists (head by head, the smaller (row, column) first; equal heads add up, and a sum of
    zero stays stored), in `a`'s index and value dtypes. The number of entries depends on the
    indices' values, so they must be concrete (in a compiled function that makes it run
    eagerly: graph_fallback)."""
    if a._shape != b._shape:
        raise ValueError("Input tensors should have the same shape.")
    ia = np.asarray(a._indices._data)
    ib = np.asarray(b._indices._data)
    take_a, take_b = [], []
    i = j = 0
    while i < len(ia) or j < len(ib):
        key_a = tuple(ia[i]) if i < len(ia) else None
        key_b = tuple(ib[j]) if j < len(ib) else None
        if key_b is None or (key_a is not None and key_a < key_b):
            take_a.append(i), take_b.append(-1)
            i += 1
        elif key_a is None or key_b < key_a:
            take_a.append(-1), take_b.append(j)
            j += 1
        else:
            take_a.append(i), take_b.append(j)
            i, j = i + 1, j + 1
    take_a, take_b = np.asarray(take_a, np.int64), np.asarray(take_b, np.int64)
    dtype = a._values._data.dtype
    values = (jnp.zeros((len(take_a),), dtype)
              .at[np.flatnonzero(take_a >= 0)].add(a._values._data)
              .at[np.flatnonzero(take_b >= 0)].add(b._values._data.astype(dtype)))
    indices = np.zeros((len(take_a), 2), ia.dtype)
    indices[take_a >= 0] = ia[take_a[take_a >= 0]]
    indices[take_a < 0] = ib[take_b[take_a < 0]]
    return COOTensor(_wrap(jnp.asarray(indices.astype(ia.dtype))), _wrap(values), a._shape)


def _check_csr_add(a, b, alpha, beta) -> None:
    if not (isinstance(a, CSRTensor) and isinstance(b, CSRTensor)):
        raise TypeError("For functional operator csr_add, both inputs a and b must be type of "
                        "CSRTensor.")
    if not (isinstance(alpha, Tensor) and isinstance(beta, Tensor)):
        raise TypeError("For functional operator csr_add, both inputs alpha and beta must be "
                        "Tensor.")


def csr_rows_merge(shape, a_parts, b_parts, alpha, beta):
    """`alpha * A + beta * B` of two 2-D CSR matrices given as (indptr, indices, values) arrays:
    (indptr, indices, values) of the sum, each row's entries the union of the two rows' columns in
    increasing order (a sum of zero stays stored), in A's index and value dtypes. The number of
    entries depends on the indices, so they must be concrete (graph_fallback)."""
    rows, cols = shape
    keys = []
    for indptr, indices, _ in (a_parts, b_parts):
        indptr, indices = np.asarray(indptr), np.asarray(indices)
        row = np.repeat(np.arange(rows), np.diff(indptr))
        keys.append(row.astype(np.int64) * cols + indices.astype(np.int64))
    union = np.unique(np.concatenate(keys))
    dtype = a_parts[2].dtype
    values = jnp.zeros((len(union),), dtype)
    for key, (_, _, part), scale in zip(keys, (a_parts, b_parts), (alpha, beta)):
        values = values.at[np.searchsorted(union, key)].add(
            (jnp.asarray(scale) * part).astype(dtype))
    index_dtype = np.asarray(a_parts[1]).dtype
    indptr = np.searchsorted(union // cols, np.arange(rows + 1), side="left")
    return (jnp.asarray(indptr.astype(np.asarray(a_parts[0]).dtype)),
            jnp.asarray((union % cols).astype(index_dtype)), values)


@x64.scoped
def csr_merge(a, b, alpha, beta) -> CSRTensor:
    """`ops.csr_add(a, b, alpha, beta)`: `alpha * a + beta * b` of two 2-D CSRTensors (see
    `csr_rows_merge`), with MindSpore's argument checks."""
    _check_csr_add(a, b, alpha, beta)
    a._check_2d()
    parts = [(t._indptr._data, t._indices._data, t._values._data) for t in (a, b)]
    indptr, indices, values = csr_rows_merge(a._shape, *parts, alpha._data, beta._data)
    return CSRTensor(_wrap(indptr), _wrap(indices), _wrap(values), a._shape)


def _csr_sum(a: CSRTensor, b, sign: int) -> CSRTensor:
    if not isinstance(b, CSRTensor):
        raise TypeError(f"For CSRTensor arithmetic, the other operand must be a CSRTensor, but "
                        f"got {type(b)}.")
    dtype = a._values._data.dtype
    one = _wrap(jnp.ones((), dtype))
    return csr_merge(a, b, one, _wrap(jnp.asarray(sign, dtype)))


_CSR_DTYPES = ("Complex128", "Complex64", "Float32", "Float64")


@x64.scoped
def dense_to_coo(tensor) -> COOTensor:
    """`Tensor.to_coo()` / `ops.dense_to_sparse_coo(tensor)`: the non-zero entries of a 2-D
    Tensor in row-major order, Int32 indices. How many there are depends on the values, so
    they must be concrete (in a compiled function it runs eagerly: graph_fallback)."""
    if tensor.ndim != 2:
        raise ValueError("Currently only support 2-D Tensor when converting to COOTensor.")
    values = np.asarray(_value_to_print(tensor._data))
    rows, columns = np.nonzero(values)
    index = np.stack([rows, columns], axis=1).astype(np.int32)
    return COOTensor(_wrap(jnp.asarray(index)), _wrap(tensor._data[rows, columns]),
                     tuple(tensor.shape))


@x64.scoped
def dense_to_csr(tensor) -> CSRTensor:
    """`Tensor.to_csr()` / `ops.dense_to_sparse_csr(tensor)`: the non-zero entries of a 2-D
    float or complex Tensor in compressed-row form, Int32 indptr and indices (values concrete,
    as `dense_to_coo`)."""
    if tensor.ndim != 2:
        raise ValueError(f"Currently only support 2-D Tensor when converting to CSRTensor, but "
                         f"got Tensor dimension: {tensor.ndim}.")
    if str(tensor.dtype) not in _CSR_DTYPES:
        raise TypeError("For primitive[DenseToCSRSparseMatrix], the input argument[dense_input] "
                        "must be a type of {Tensor[Complex128], Tensor[Complex64], "
                        f"Tensor[Float32], Tensor[Float64]}}, but got Tensor[{tensor.dtype}].")
    values = np.asarray(_value_to_print(tensor._data))
    rows, columns = np.nonzero(values)
    indptr = np.searchsorted(rows, np.arange(values.shape[0] + 1), side="left").astype(np.int32)
    return CSRTensor(_wrap(jnp.asarray(indptr)), _wrap(jnp.asarray(columns.astype(np.int32))),
                     _wrap(tensor._data[rows, columns]), tuple(tensor.shape))


def _rebuild(cls, names):
    def unflatten(shape, parts):
        sparse = object.__new__(cls)
        for name, part in zip(names, parts):
            setattr(sparse, name, part)
        sparse._shape = shape
        return sparse
    return unflatten


# The parts are the leaves (Tensors, themselves pytrees); the dense shape is static. Unflattening
# skips the constructor's checks: JAX rebuilds with placeholders (`object()`, tracers).
jax.tree_util.register_pytree_node(
    COOTensor, lambda t: ((t._indices, t._values), t._shape),
    _rebuild(COOTensor, ("_indices", "_values")))
jax.tree_util.register_pytree_node(
    CSRTensor, lambda t: ((t._indptr, t._indices, t._values), t._shape),
    _rebuild(CSRTensor, ("_indptr", "_indices", "_values")))
# A program with sparse outputs is exported (`mindspore.export`, train/export.py) with the dense
# shape, the static part of its tree, written as JSON.
for _cls in (COOTensor, CSRTensor):
    jax.export.register_pytree_node_serialization(
        _cls, serialized_name=f"mindspore.{_cls.__name__}",
        serialize_auxdata=lambda shape: json.dumps(list(shape)).encode(),
        deserialize_auxdata=lambda data: tuple(json.loads(data)))
del _cls
