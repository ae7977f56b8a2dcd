"""MindSpore 2.10's view Primitives `ops.SelectView` and `ops.TransposeExtView`.

`SelectView()(input, index, dim)`: `input` at `index` along `dim`, that dimension dropped (the
view's offset is `index` times the dimension's stride, so a negative `index` is MindSpore's
RuntimeError about a negative offset). `TransposeExtView()(input, dim0, dim1)`: `input` with two
dimensions swapped (a 0-d input takes dims -1 and 0). msjax's results hold their own values
(docs/migration.md: the memory sharing of view operations).
"""
from __future__ import annotations

import math

import jax.numpy as jnp

from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.ops.array_ops import _check_dim_wrap
from msjax._src.ops.registry import Primitive


def _check_tensor(name, value):
    if not isinstance(value, Tensor):
        raise TypeError(f"For primitive[{name}],  the input[0] should be Tensor, but got:{value}")


def _wrapped_dim(dim, rank):
    """`dim` in [-rank, rank) (a 0-d input counting as rank 1), as a non-negative axis."""
    bound = max(rank, 1)
    _check_dim_wrap(dim, bound)
    return dim % bound


class SelectView(Primitive):
    """`ops.SelectView()(input, index, dim)` (module doc)."""

    def __init__(self):
        super().__init__("SelectView")

    def __call__(self, input, index, dim):  # noqa: A002 - MindSpore's name
        _check_tensor(self.name, input)
        axis = _wrapped_dim(dim, input.ndim)
        if index < 0:
            stride = math.prod(input.shape[axis + 1:])
            raise RuntimeError(f"The int64_t value({index * stride}) is less than 0.")
        if index >= input.shape[axis]:  # (MindSpore's view reads past the dimension; msjax refuses)
            raise RuntimeError(f"For primitive[SelectView], the index {index} is out of range for "
                               f"dimension {dim} of size {input.shape[axis]}.")
        return _wrap(jnp.take(input._data, index, axis=axis))


class TransposeExtView(Primitive):
    """`ops.TransposeExtView()(input, dim0, dim1)` (module doc)."""

    def __init__(self):
        super().__init__("TransposeExtView")
        self.add_prim_attr("side_effect_mem", True)

    def __call__(self, input, dim0, dim1):  # noqa: A002 - MindSpore's name
        _check_tensor(self.name, input)
        first, second = _wrapped_dim(dim0, input.ndim), _wrapped_dim(dim1, input.ndim)
        if input.ndim == 0:
            return _wrap(input._data)
        return _wrap(jnp.swapaxes(input._data, first, second))
