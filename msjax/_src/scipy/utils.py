"""The helper of `mindspore.scipy.utils` that MindSpore's scipy code and tests import:
`_nd_transpose(a)`, the batched matrices of `a` transposed (its last two axes swapped)."""
from __future__ import annotations

import jax.numpy as jnp

from msjax._src.ops.registry import functional


def _swap_last_axes(a):
    if a.ndim < 2:
        raise ValueError(f"For '_nd_transpose', the dimension of 'a' should be at least 2, but got "
                         f"{a.ndim}.")
    return jnp.swapaxes(a, -1, -2)


_nd_transpose = functional(_swap_last_axes)
_nd_transpose.__name__ = _nd_transpose.__qualname__ = "_nd_transpose"
