"""Kernels MindSpore registers in C++ under a name that no Primitive class of its Python API
carries: user code reaches one by defining a `PrimitiveWithInfer` of that name, and MindSpore
runs the kernel of the name (its own tests define `Shift` so). Each is entered in the registry's
`NAMED_KERNELS` with the Primitive attributes it reads; `PrimitiveWithInfer.__call__` runs it.
"""
from __future__ import annotations

import jax.numpy as jnp

from msjax._src.ops.registry import NAMED_KERNELS, functional


def _shift(x, fill_value, *, periods=1, axis=-1):
    """`Shift(periods, axis)(x, fill_value)`: `x` moved `periods` places along `axis` (towards
    higher indices when positive), the places left empty holding `fill_value`."""
    axis = axis % x.ndim
    length = x.shape[axis]
    fill = jnp.asarray(fill_value).astype(x.dtype)
    if periods == 0:
        return x
    kept = max(length - abs(periods), 0)
    filled_shape = x.shape[:axis] + (length - kept,) + x.shape[axis + 1:]
    filled = jnp.broadcast_to(fill, filled_shape)
    if periods > 0:
        moved = jnp.take(x, jnp.arange(kept), axis=axis)
        return jnp.concatenate([filled, moved], axis=axis)
    moved = jnp.take(x, jnp.arange(length - kept, length), axis=axis)
    return jnp.concatenate([moved, filled], axis=axis)


NAMED_KERNELS["Shift"] = (functional(_shift), ("periods", "axis"))
