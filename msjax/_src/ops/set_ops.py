"""MindSpore's set operations on the last dimension of integer tensors
(`mindspore.ops.operations.sparse_ops`):

- `DenseToDenseSetOperation(set_operation='a-b', validate_indices=True)(x1, x2)`;
- `DenseToSparseSetOperation(set_operation='a-b', validate_indices=True)(x1, x2_indices,
  x2_values, x2_shape)`, `x2` given as a sparse tensor (COO indices, values, dense shape);
- `ListDiff(out_idx=mindspore.int32)(x, y)` (`mindspore.ops.ListDiff`): the elements of the 1-D
  `x` not in `y`, and where they are.

Each row (the last dimension, at one index of the leading dimensions) of `x1` and of `x2` is a
set; `set_operation` ('a-b', 'b-a', 'intersection', 'union', any case) combines the two sets of
every row. The result is a sparse tensor `(y_indices, y_values, y_shape)`: each row's elements in
ascending order, `y_shape` the leading dimensions and the largest row's size, indices and shape
Int64. The sets are computed by one JAX program of fixed shape (each row sorted, its duplicates
and the elements of the other set marked); only packing the kept elements into the sparse result
needs their number, so the ops run eagerly (a compiled graph runs them eagerly too).

Values, dtypes and errors are MindSpore 2.10's (tests/goldens/ops/set_and_triangular_probe.out),
apart from DenseToSparseSetOperation, whose CPU kernel in MindSpore 2.10 refuses every input
(docs/migration.md): msjax computes what its documentation says.
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import checkparam as check
from msjax._src.core import dtype as mstype
from msjax._src.ops import input_rules
from msjax._src.ops.adapters import concrete_array
from msjax._src.ops import primitive_arity
from msjax._src.ops.registry import PRIMITIVES, Primitive, _input_rule, functional, primitive

SET_OPERATIONS = ("a-b", "b-a", "intersection", "union")
_INT64 = np.int64


def _first_of_runs(sorted_rows):
    """Whether each element of ascending rows is the first of its run of equal values."""
    if sorted_rows.shape[-1] == 0:
        return jnp.ones(sorted_rows.shape, bool)
    first = jnp.ones(sorted_rows.shape[:-1] + (1,), bool)
    return jnp.concatenate([first, sorted_rows[..., 1:] != sorted_rows[..., :-1]], axis=-1)


def _member(values, valid, of, of_valid):
    """Whether each element of `values` is a valid element of the same row of `of`."""
    equal = (values[..., :, None] == of[..., None, :]) & of_valid[..., None, :]
    return jnp.any(equal, axis=-1) & valid


@functools.partial(jax.jit, static_argnames="operation")
def _row_sets(a, a_valid, b, b_valid, operation):
    """The rows' results of shape (rows, n): ascending values and whether each is kept (the
    rest are duplicates or removed). `a_valid`/`b_valid` mark the elements a row has."""
    if operation == "b-a":
        a, a_valid, b, b_valid = b, b_valid, a, a_valid
    if operation == "union":
        a = jnp.concatenate([a, b], axis=-1)
        a_valid = jnp.concatenate([a_valid, b_valid], axis=-1)
    # invalid slots sort last: order by (invalid, value)
    order = jnp.lexsort((a, ~a_valid), axis=-1)
    values = jnp.take_along_axis(a, order, axis=-1)
    valid = jnp.take_along_axis(a_valid, order, axis=-1)
    keep = _first_of_runs(values) & valid
    if operation in ("a-b", "b-a"):
        keep &= ~_member(values, valid, b, b_valid)
    elif operation == "intersection":
        keep &= _member(values, valid, b, b_valid)
    return values, keep


def _sparse_result(values, keep, batch_shape, dtype):
    """Pack the kept elements of each row into MindSpore's sparse triple."""
    keep = concrete_array(keep)
    counts = keep.sum(axis=-1)
    width = int(counts.max()) if counts.size else 0
    rows, _ = np.nonzero(keep)
    position = (np.cumsum(keep, axis=-1) - 1)[keep]
    leading = np.stack(np.unravel_index(rows, batch_shape), axis=-1) if batch_shape else \
        np.zeros((rows.size, 0), _INT64)
    indices = np.concatenate([leading, position[:, None]], axis=-1).astype(_INT64)
    kept = jnp.asarray(values)[jnp.asarray(keep)].astype(dtype)
    shape = np.asarray(tuple(batch_shape) + (width,), _INT64)
    return jnp.asarray(indices), kept, jnp.asarray(shape)


def _rows(x):
    """`x` as (rows, n) with every element present."""
    rows = x.reshape(-1, x.shape[-1])
    return rows, jnp.ones(rows.shape, bool)


def dense_to_dense_set(x1, x2, set_operation):
    name = "DenseToDenseSetOperation"
    if x1.ndim < 2:
        raise ValueError(f"For primitive[{name}], the x1_rank must be greater than or equal to 2, "
                         f"but got {x1.ndim}.")
    if x2.ndim < 2:
        raise ValueError(f"For primitive[{name}], the x2_rank must be greater than or equal to 2, "
                         f"but got {x2.ndim}.")
    if x1.shape[:-1] != x2.shape[:-1]:
        raise ValueError(f"For {name}, the shapes of the first n-1 dimensions of `x1` and `x2` "
                         f"must be equal, but got x1_shape {tuple(x1.shape)} and x2_shape "
                         f"{tuple(x2.shape)}")
    values, keep = _row_sets(*_rows(x1), *_rows(x2), operation=set_operation)
    return _sparse_result(values, keep, x1.shape[:-1], x1.dtype)


def _sparse_rows(indices, values, dense_shape, validate_indices):
    """The rows of a sparse tensor as (rows, width) values and presence, width its most
    elements in one row."""
    name = "DenseToSparseSetOperation"
    indices, dense_shape = concrete_array(indices), concrete_array(dense_shape)
    if indices.ndim != 2 or values.ndim != 1 or dense_shape.ndim != 1:
        raise ValueError(f"For {name}, x2_indices must be 2-D, x2_values and x2_shape 1-D, but got "
                         f"shapes {indices.shape}, {values.shape} and {dense_shape.shape}.")
    if indices.shape != (values.shape[0], dense_shape.shape[0]):
        raise ValueError(f"For {name}, x2_indices must have shape (len(x2_values), "
                         f"len(x2_shape)) = ({values.shape[0]}, {dense_shape.shape[0]}), but got "
                         f"{indices.shape}.")
    if np.any(indices < 0) or np.any(indices >= dense_shape):
        raise ValueError(f"For {name}, x2_indices must lie inside x2_shape "
                         f"{dense_shape.tolist()}.")
    flat = np.ravel_multi_index(tuple(indices.T), dense_shape) if indices.size else \
        np.zeros((0,), _INT64)
    if validate_indices and np.any(np.diff(flat) <= 0):
        raise ValueError(f"For {name}, x2_indices must be unique and in row-major order.")
    batch_shape = tuple(int(d) for d in dense_shape[:-1])
    rows = np.ravel_multi_index(tuple(indices[:, :-1].T), batch_shape) if batch_shape else \
        np.zeros(indices.shape[0], _INT64)
    n_rows = int(np.prod(batch_shape))
    counts = np.bincount(rows, minlength=n_rows)
    width = int(counts.max()) if counts.size else 0
    order = np.argsort(rows, kind="stable")
    slot = np.arange(rows.size) - np.repeat(np.cumsum(counts) - counts, counts)
    gathered = jnp.zeros((n_rows, width), values.dtype)
    present = np.zeros((n_rows, width), bool)
    gathered = gathered.at[rows[order], slot].set(values[order])
    present[rows[order], slot] = True
    return batch_shape, gathered, jnp.asarray(present)


def dense_to_sparse_set(x1, x2_indices, x2_values, x2_shape, set_operation, validate_indices):
    name = "DenseToSparseSetOperation"
    if x1.ndim < 2:
        raise ValueError(f"For '{name}', the rank of the shape of input 'x1' must be at least 2, "
                         f"but got {x1.ndim}")
    batch_shape, b, b_valid = _sparse_rows(x2_indices, x2_values, x2_shape, validate_indices)
    if batch_shape != tuple(x1.shape[:-1]):
        raise ValueError(f"For {name}, the first n-1 dimensions of `x1` and `x2_shape` must be "
                         f"equal, but got x1_shape {tuple(x1.shape)} and x2_shape "
                         f"{tuple(np.asarray(x2_shape).tolist())}")
    values, keep = _row_sets(*_rows(x1), b, b_valid, operation=set_operation)
    return _sparse_result(values, keep, x1.shape[:-1], x1.dtype)


class _SetOperation(Primitive):
    """The attributes and checks the two set operations share."""

    def __init__(self, set_operation="a-b", validate_indices=True):
        name = type(self).__name__
        super().__init__(name)
        check.check_value_type("set_operation", set_operation, [str], name)
        check.check_value_type("validate_indices", validate_indices, [bool], name)
        self.set_operation = set_operation
        self.validate_indices = validate_indices
        self.attrs.update(set_operation=set_operation, validate_indices=validate_indices)

    def _operation(self):
        """The set operation, checked when the op runs (its case ignored), as MindSpore's."""
        operation = self.set_operation.lower()
        if operation not in SET_OPERATIONS:
            raise ValueError(f"For {self.name}, the attr set_operation must be any one of "
                             f"['a-b','b-a','intersection','union'], but got {operation}.")
        return operation


class DenseToDenseSetOperation(_SetOperation):
    """`DenseToDenseSetOperation(set_operation='a-b', validate_indices=True)(x1, x2)` ->
    `(y_indices, y_values, y_shape)`: the set operation of the rows of the dense `x1` and
    `x2` (integer tensors of one dtype, rank >= 2, equal leading dimensions)."""

    def __call__(self, *inputs):
        primitive_arity.check_input_number("DenseToDenseSetOperation", inputs)
        x1, x2 = inputs
        return _dense_to_dense(x1, x2, self._operation())


class DenseToSparseSetOperation(_SetOperation):
    """`DenseToSparseSetOperation(set_operation='a-b', validate_indices=True)(x1, x2_indices,
    x2_values, x2_shape)` -> `(y_indices, y_values, y_shape)`: as DenseToDenseSetOperation,
    `x2` a sparse tensor (its indices in row-major order when `validate_indices`)."""

    def __call__(self, *inputs):
        primitive_arity.check_input_number("DenseToSparseSetOperation", inputs)
        x1, x2_indices, x2_values, x2_shape = inputs
        return _dense_to_sparse(x1, x2_indices, x2_values, x2_shape, self._operation(),
                                self.validate_indices)


dense_to_dense_set.primitive_name = "DenseToDenseSetOperation"
dense_to_sparse_set.primitive_name = "DenseToSparseSetOperation"
_dense_to_dense = input_rules.checked(functional(dense_to_dense_set),
                                      _input_rule("DenseToDenseSetOperation"))
_dense_to_sparse = input_rules.checked(functional(dense_to_sparse_set),
                                       _input_rule("DenseToSparseSetOperation"))

# classes of their own: listed by hand
PRIMITIVES["DenseToDenseSetOperation"] = DenseToDenseSetOperation
PRIMITIVES["DenseToSparseSetOperation"] = DenseToSparseSetOperation


# -- ListDiff ----------------------------------------------------------------------------------
_LIST_DIFF_TYPES = ("Float16", "Float32", "Float64", "Int16", "Int32", "Int64", "Int8", "UInt16",
                    "UInt8")


def _list_diff_out_idx(attributes):
    out_idx = attributes["out_idx"]
    if out_idx not in (mstype.int32, mstype.int64):
        raise TypeError("For 'ListDiff', the 'out_idx' should be in : [mindspore.int32, "
                        f"mindspore.int64], but got {out_idx}.")


def _list_diff(x, y, *, out_idx=mstype.int32):
    """`ListDiff(out_idx=mindspore.int32)(x, y)` -> `(out, idx)`: the elements of the 1-D `x`
    that are not in `y`, in their order (repeats kept), and their positions in `x` (`out_idx`).
    The output's length depends on the values: the op runs eagerly (a compiled graph runs it
    eagerly too)."""
    kinds = []
    for name, value in (("x", x), ("y", y)):
        kind = str(mstype.from_numpy(value.dtype))
        if kind not in _LIST_DIFF_TYPES:
            allowed = ", ".join(f"Tensor[{t}]" for t in _LIST_DIFF_TYPES)
            raise TypeError(f"For primitive[ListDiff], the input argument[{name}] must be a type "
                            f"of {{{allowed}}}, but got Tensor[{kind}].")
        kinds.append(kind)
    if kinds[0] != kinds[1]:
        raise TypeError(f"For ListDiff, type of 'x' and 'y' should be same. But get "
                        f"x[{kinds[0]}], y[{kinds[1]}].")
    if x.ndim != 1 or y.ndim != 1:
        raise ValueError(f"For ListDiff, input x, y should be 1D, but get x dims = {x.ndim}, "
                         f"y dims = {y.ndim}.")
    values = concrete_array(x)
    kept = np.nonzero(~np.isin(values, concrete_array(y)))[0]
    return jnp.asarray(values[kept]), jnp.asarray(kept.astype(mstype.to_numpy_dtype(out_idx)))


ListDiff = primitive("ListDiff", functional(_list_diff), check=_list_diff_out_idx,
                     out_idx=mstype.int32)
