"""MindSpore's row-update ops: `ops.inplace_index_add(var, indices, updates, axis)` /
`InplaceIndexAdd(axis)`, which adds `updates` into `var` along `axis` at `indices` and, as its name
says, writes `var` (eagerly the Tensor or Parameter itself; inside a compiled function the traced
Tensor, as `state_ops.assign` does); and `ops.inplace_add`, `inplace_sub`, `inplace_update`
(`InplaceAdd(indices)`, `InplaceSub`, `InplaceUpdate`, `InplaceUpdateV2`), which despite their
names return a new Tensor with rows `indices` of `x` added, subtracted or replaced by `v`'s rows
and leave `x` as it was, as MindSpore 2.10 does. Messages are MindSpore's
(tests/goldens/ops/inplace_rows_probe.out).
"""
from __future__ import annotations

import inspect

import jax.numpy as jnp
import numpy as np

from msjax._src.core import checkparam as validator
from msjax._src.core import dtype as mstype
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.ops.primitive_reprs import with_attrs
from msjax._src.ops.registry import op, primitive, tensor_op

REQUIRED = inspect.Parameter.empty  # a constructor argument without a default


def _index_add_shape_check(var, updates, axis) -> None:
    for d in range(var.ndim):
        if d != axis and updates.shape[d] != var.shape[d]:
            raise ValueError(f"For primitive[InplaceIndexAdd], the attribute[var dim] must be "
                             f"equal to {updates.shape[d]}, but got {var.shape[d]}.")


@tensor_op()
def inplace_index_add(var, indices, updates, axis):
    """`ops.inplace_index_add(var, indices, updates, axis)`: `var[..., indices[i], ...] +=
    updates[..., i, ...]` along `axis` (repeated indices add up), written into `var`, which is
    returned."""
    validator.check_value_type("axis", axis, [int], "InplaceIndexAdd")
    if indices._data.dtype != np.int32:
        raise TypeError("For primitive[InplaceIndexAdd], the input argument[indices] must be a "
                        "type of {Tensor[Int32]}, but got "
                        f"Tensor[{mstype.from_numpy(indices._data.dtype)}].")
    data = var._data
    axis = axis % data.ndim
    _index_add_shape_check(data, updates._data, axis)
    where = [slice(None)] * data.ndim
    where[axis] = indices._data
    var._data = data.at[tuple(where)].add(updates._data.astype(data.dtype))
    return _wrap(var._data)


def _rows(name, indices, x, v):
    """`indices` as a list of rows of `x`, with MindSpore's checks against `x` and `v`."""
    rows = [indices] if isinstance(indices, int) else list(indices)
    if v.ndim == 0 or v.shape[0] != len(rows):
        raise ValueError(f"For primitive[{name}], the size of indices must be equal to "
                         f"{v.shape[0] if v.ndim else 0} , but got {len(rows)}.")
    for row in rows:
        if not 0 <= row < x.shape[0]:
            raise ValueError(f"For primitive[{name}], the value of indices must be in "
                             f"[0,{x.shape[0]}), but got {row}.")
    return jnp.asarray(rows, jnp.int32)


def _check_indices(name, indices):
    validator.check_value_type("indices", indices, [tuple, int], name)


def _check_same_type(name, x, v):
    """MindSpore's TypeError where `v`'s dtype is not `x`'s (no promotion)."""
    if x.dtype != v.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")


@op()
def inplace_add(x, v, indices):
    """`ops.inplace_add(x, v, indices)`: `x` with `v[i]` added to row `indices[i]` (a new
    Tensor; `x` keeps its values, as in MindSpore 2.10)."""
    _check_indices("InplaceAdd", indices)
    _check_same_type("InplaceAdd", x, v)
    return x.at[_rows("InplaceAdd", indices, x, v)].add(v.astype(x.dtype))


@op()
def inplace_sub(x, v, indices):
    """`ops.inplace_sub(x, v, indices)`: `x` with `v[i]` subtracted from row `indices[i]`."""
    _check_indices("InplaceSub", indices)
    _check_same_type("InplaceSub", x, v)
    return x.at[_rows("InplaceSub", indices, x, v)].add(-v.astype(x.dtype))


@op()
def inplace_update(x, v, indices):
    """`ops.inplace_update(x, v, indices)`: `x` with row `indices[i]` replaced by `v[i]`;
    `indices` an int, a tuple of ints or (InplaceUpdateV2's) an integer Tensor; MindSpore's
    function is InplaceUpdateV2, whose name its dtype error shows."""
    _check_same_type("InplaceUpdateV2", x, v)
    if hasattr(indices, "dtype") and not isinstance(indices, np.generic):
        rows = jnp.reshape(indices, -1).astype(jnp.int32)
        if v.ndim == 0 or v.shape[0] != rows.shape[0]:
            raise ValueError(f"For primitive[InplaceUpdate], the size of indices must be equal "
                             f"to {v.shape[0] if v.ndim else 0} , but got {rows.shape[0]}.")
        return x.at[rows].set(v.astype(x.dtype))
    _check_indices("InplaceUpdate", indices)
    return x.at[_rows("InplaceUpdate", indices, x, v)].set(v.astype(x.dtype))


def _checked_indices(name):
    return lambda attrs: _check_indices(name, attrs["indices"])


InplaceIndexAdd = primitive(
    "InplaceIndexAdd", lambda var, indices, updates, axis:
    inplace_index_add(var, indices, updates, axis), axis=REQUIRED,
    check=lambda attrs: validator.check_value_type("axis", attrs["axis"], [int],
                                                   "InplaceIndexAdd"),
    display=with_attrs(side_effect_mem=True))
InplaceAdd = primitive("InplaceAdd", lambda x, v, indices: inplace_add(x, v, indices),
                       indices=REQUIRED, check=_checked_indices("InplaceAdd"))
InplaceSub = primitive("InplaceSub", lambda x, v, indices: inplace_sub(x, v, indices),
                       indices=REQUIRED, check=_checked_indices("InplaceSub"))
def _inplace_update(x, v, indices):
    _check_same_type("InplaceUpdate", x, v)
    return inplace_update(x, v, indices)


InplaceUpdate = primitive("InplaceUpdate", _inplace_update, indices=REQUIRED,
                          check=_checked_indices("InplaceUpdate"))


def _inplace_update_v2(x, indices, v):
    rows = indices.asnumpy().reshape(-1).tolist() if isinstance(indices, Tensor) else indices
    return inplace_update(x, v, tuple(int(r) for r in rows))


InplaceUpdateV2 = primitive("InplaceUpdateV2", _inplace_update_v2)
