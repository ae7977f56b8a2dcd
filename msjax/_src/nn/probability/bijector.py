"""`mindspore.nn.probability.bijector`: invertible maps with their log-Jacobians, as Cells.

A bijector answers `forward(x)`, `inverse(y)`, `forward_log_jacobian(x)` and
`inverse_log_jacobian(y)`; a Cell call `bijector('forward', x)` names the method. Values and
checks are MindSpore 2.10's (tests/goldens/scripts/conformance_probe8.py).
"""
from __future__ import annotations

import jax.numpy as jnp

from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.nn.cell import Cell


def _array(value):
    return value._data if isinstance(value, Tensor) else jnp.asarray(value, jnp.float32)


class Bijector(Cell):
    """`Bijector(is_constant_jacobian=False, is_injective=True, name=None, dtype=None,
    param=None)`: the base of the bijectors (module doc); a subclass implements `_forward`,
    `_inverse`, `_forward_log_jacobian` and `_inverse_log_jacobian` on jax arrays."""

    def __init__(self, is_constant_jacobian=False, is_injective=True, name=None, dtype=None,
                 param=None):
        super().__init__()
        kind = type(self).__name__
        name = kind if name is None else name
        if not isinstance(name, str):
            raise TypeError(f"For '{kind}', the type of 'name' should be 'str', but got type "
                            f"'{type(name).__name__}'.")
        for label, value in (("is_constant_jacobian", is_constant_jacobian),
                             ("is_injective", is_injective)):
            if not isinstance(value, bool):
                raise TypeError(f"For '{kind}', the type of '{label}' should be 'bool', but "
                                f"got type '{type(value).__name__}'.")
        self._name, self._dtype = name, dtype
        self._is_constant_jacobian, self._is_injective = is_constant_jacobian, is_injective
        self._param_dict = dict(param or {})

    @property
    def name(self):
        return self._name

    @property
    def dtype(self):
        return self._dtype

    @property
    def is_constant_jacobian(self):
        return self._is_constant_jacobian

    @property
    def is_injective(self):
        return self._is_injective

    @property
    def parameters(self):
        return self._param_dict

    def forward(self, value):
        return _wrap(self._forward(_array(value)))

    def inverse(self, value):
        return _wrap(self._inverse(_array(value)))

    def forward_log_jacobian(self, value):
        return _wrap(self._forward_log_jacobian(_array(value)))

    def inverse_log_jacobian(self, value):
        return _wrap(self._inverse_log_jacobian(_array(value)))

    def construct(self, name, *args, **kwargs):
        """`bijector('forward', x)`: the method `name`."""
        return getattr(self, name)(*args, **kwargs)


class Exp(Bijector):
    """`Exp(name='Exp')`: y = exp(x)."""

    def __init__(self, name="Exp"):
        super().__init__(name=name)

    def _forward(self, x):
        return jnp.exp(x)

    def _inverse(self, y):
        return jnp.log(y)

    def _forward_log_jacobian(self, x):
        return x

    def _inverse_log_jacobian(self, y):
        return -jnp.log(y)

    def extend_repr(self):
        return "exp"
