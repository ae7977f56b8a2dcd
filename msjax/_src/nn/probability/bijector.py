"""`mindspore.nn.probability.bijector`: invertible maps with their log-Jacobians, as Cells.

A bijector answers `forward(x)`, `inverse(y)`, `forward_log_jacobian(x)` and
`inverse_log_jacobian(y)`; a Cell call `bijector('forward', x)` names the method. Values and
checks are MindSpore 2.10's (tests/goldens/scripts/conformance_probe8.py).
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

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


_FLOAT_NAMES = ("[mindspore.float16, mindspore.float32, mindspore.float64, mindspore.bfloat16, "
                "mindspore.float8_e4m3fn, mindspore.float8_e5m2, mindspore.hifloat8]")


def _float_parameter(kind, label, value):
    """A bijector's float parameter as a Float32 array: a Python int (Int64 to MindSpore) or an
    integer Tensor is refused with MindSpore's message."""
    if isinstance(value, Tensor):
        dtype_name = f"mindspore.{str(value.dtype).lower()}"
        array = value._data
    else:
        dtype_name = "mindspore.int64" if isinstance(value, int) else "mindspore.float32"
        array = jnp.asarray(value, jnp.float32)
    if not jnp.issubdtype(array.dtype, jnp.floating) or isinstance(value, (bool, int)):
        raise TypeError(f"For '{kind}', the 'dtype of {label}' should be one of {_FLOAT_NAMES}, "
                        f"but got '{dtype_name}'.")
    return array.astype(jnp.float32)


def _shown(array) -> str:
    return str(np.asarray(array).item()) if jnp.ndim(array) == 0 else str(np.asarray(array))


class ScalarAffine(Bijector):
    """`ScalarAffine(scale=1.0, shift=0.0, name='ScalarAffine')`: y = scale·x + shift; its
    log-Jacobian is log|scale| (a constant)."""

    def __init__(self, scale=1.0, shift=0.0, name="ScalarAffine"):
        super().__init__(is_constant_jacobian=True, name=name,
                         param={"scale": scale, "shift": shift})
        self._scale = _float_parameter("ScalarAffine", "scale", scale)
        self._shift = _float_parameter("ScalarAffine", "shift", shift)

    @property
    def scale(self):
        return _wrap(self._scale)

    @property
    def shift(self):
        return _wrap(self._shift)

    def _forward(self, x):
        return self._scale * x + self._shift

    def _inverse(self, y):
        return (y - self._shift) / self._scale

    def _forward_log_jacobian(self, x):
        return jnp.log(jnp.abs(self._scale))

    def _inverse_log_jacobian(self, y):
        return -jnp.log(jnp.abs(self._scale))

    def extend_repr(self):
        return f"scale = {_shown(self._scale)}, shift = {_shown(self._shift)}"


class PowerTransform(Bijector):
    """`PowerTransform(power=0.0, name='PowerTransform')`: y = (1 + x·power)^(1/power), and
    y = exp(x) for power 0 (power must be ≥ 0)."""

    def __init__(self, power=0.0, name="PowerTransform"):
        super().__init__(name=name, param={"power": power})
        self._power = _float_parameter("PowerTransform", "power", power)
        if bool(jnp.any(self._power < 0)):
            raise ValueError("Power must be greater than or equal to zero.")

    @property
    def power(self):
        return _wrap(self._power)

    def _where_zero(self, at_zero, otherwise):
        return jnp.where(self._power == 0, at_zero, otherwise)

    def _safe_power(self):
        return jnp.where(self._power == 0, 1.0, self._power)

    def _forward(self, x):
        p = self._safe_power()
        return self._where_zero(jnp.exp(x), jnp.power(1 + x * p, 1 / p))

    def _inverse(self, y):
        p = self._safe_power()
        return self._where_zero(jnp.log(y), (jnp.power(y, p) - 1) / p)

    def _forward_log_jacobian(self, x):
        p = self._safe_power()
        return self._where_zero(x, (1 / p - 1) * jnp.log1p(x * p))

    def _inverse_log_jacobian(self, y):
        p = self._safe_power()
        return self._where_zero(-jnp.log(y), (p - 1) * jnp.log(y))

    def extend_repr(self):
        return f"power = {_shown(self._power)}"
