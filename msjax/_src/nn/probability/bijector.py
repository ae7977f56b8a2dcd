"""`mindspore.nn.probability.bijector`: invertible maps with their log-Jacobians, as Cells.

A bijector answers `forward(x)`, `inverse(y)`, `forward_log_jacobian(x)` and
`inverse_log_jacobian(y)`; a Cell call `bijector('forward', x)` names the method. Values and
checks are MindSpore 2.10's (tests/goldens/scripts/conformance_probe8.py).
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from msjax._src.core import x64
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.activation import LogSigmoid
from msjax._src.nn.probability.utils import CheckTensor, batch_shape
from msjax._src.ops.host_ops import DType
from msjax._src.ops.inner_ops import SameTypeShape


def _array(value):
    return value._data if isinstance(value, Tensor) else jnp.asarray(value, jnp.float32)


def _float_value(value):
    """The input of a bijector's method: a float Tensor (MindSpore's `_check_value_dtype`)."""
    if not isinstance(value, Tensor):
        raise TypeError("For input value of bijector, input type must be a Tensor or Parameter.")
    if not jnp.issubdtype(value._data.dtype, jnp.floating):
        raise TypeError("For input value of bijector , the type must be or be subclass of Float, "
                        f"but got {value.dtype}")
    return value._data


class Bijector(Cell):
    """`Bijector(is_constant_jacobian=False, is_injective=True, name=None, dtype=None,
    param=None)`: the base of the bijectors (module doc).

    A user's subclass (MindSpore's API) implements `_forward`, `_inverse`,
    `_forward_log_jacobian` and `_inverse_log_jacobian` on Tensors, with the helpers
    `_add_parameter`, `_check_value_dtype` and `cast_param_by_value`; msjax's own bijectors
    (`_ON_ARRAYS`) implement them on jax arrays, their input checked here."""

    _ON_ARRAYS = False

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

    # -- MindSpore's helpers for a subclass's parameters and inputs -------------------------------
    def _add_parameter(self, value, name):
        """`value` as a Tensor: a float one of the first parameter's dtype when the bijector has
        no dtype, else of exactly the bijector's dtype."""
        if value is None or isinstance(value, bool):
            raise TypeError(f"{name} cannot be type {type(value)}")
        tensor = value if isinstance(value, Tensor) else Tensor(value)
        if self._dtype is None:
            common = getattr(self, "_common_dtype", None)
            if common is None:
                self._common_dtype = tensor.dtype
            elif tensor.dtype != common:
                raise TypeError(f"{name} should have the same dtype as other arguments.")
            _float_parameter(type(self).__name__, name, tensor)
        elif tensor.dtype != self._dtype:
            raise TypeError(f"{name} should have the same dtype as the bijector's dtype.")
        return tensor

    def _check_value_dtype(self, value):
        """`value`, checked as MindSpore checks it: a Tensor (`CheckTensor`, which lets None
        through to `DType`'s error), then a float one when the bijector has no dtype, else one
        of exactly its dtype (`SameTypeShape` against a Tensor of that dtype and `value`'s
        shape, with that check's message)."""
        CheckTensor()(value, "input value of bijector")
        DType()(value)
        if self._dtype is None:
            _float_value(value)
        else:
            SameTypeShape()(value, Tensor(np.zeros(value.shape), self._dtype))
        return value

    def cast_param_by_value(self, value, para):
        """`para` cast to the dtype of `value`."""
        return _wrap(_array(para).astype(_array(value).dtype))

    def _method(self, name, value):
        if self._ON_ARRAYS:
            return _wrap(getattr(self, "_" + name)(_float_value(value)))
        return getattr(self, "_" + name)(value)

    @x64.scoped
    def forward(self, value):
        return self._method("forward", value)

    @x64.scoped
    def inverse(self, value):
        return self._method("inverse", value)

    @x64.scoped
    def forward_log_jacobian(self, value):
        return self._method("forward_log_jacobian", value)

    @x64.scoped
    def inverse_log_jacobian(self, value):
        return self._method("inverse_log_jacobian", value)

    def construct(self, name, *args, **kwargs):
        """`bijector('forward', x)`: the method `name`."""
        return getattr(self, name)(*args, **kwargs)


class Exp(Bijector):
    """`Exp(name='Exp')`: y = exp(x)."""

    _ON_ARRAYS = True

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
    if not isinstance(value, (Tensor, np.ndarray, np.number, list, int, float)):
        raise TypeError(f"Unable to convert input of type {type(value)} to a Tensor of type "
                        "Float32")
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

    _ON_ARRAYS = True

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

    _ON_ARRAYS = True

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


def _parameter_dtype(value):
    """The dtype MindSpore gives a bijector parameter (`Tensor(value)`): a Python float or a list
    of floats Float32, a Python int Int64."""
    if isinstance(value, Tensor):
        return np.dtype(value._data.dtype)
    dtype = np.asarray(value).dtype
    if not isinstance(value, np.ndarray) and dtype == np.float64:
        return np.dtype(np.float32)
    return dtype


def _same_dtype_parameters(kind, **values):
    """A bijector's float parameters (MindSpore's `_add_parameter`): each a float array, all of
    the first one's dtype."""
    arrays, first = {}, None
    for label, value in values.items():
        if value is None:
            raise TypeError(f"{label} cannot be type {type(value)}")
        if isinstance(value, bool):
            raise TypeError("Input cannot be Type Bool")
        if not isinstance(value, (Tensor, np.ndarray, list, int, float)):
            raise TypeError(f"Unable to convert input of type {type(value)} to a Tensor of type "
                            "Float32")
        dtype = _parameter_dtype(value)
        if first is None:
            first = dtype
        elif dtype != first:
            raise TypeError(f"{label} should have the same dtype as other arguments.")
        with x64.on():
            arrays[label] = _float_parameter(kind, label, value).astype(dtype)
    return arrays


class _ParameterisedBijector(Bijector):
    """A bijector whose float parameters (`_LABELS`) broadcast to its batch shape; its repr
    shows each when they are single numbers, else the batch shape (MindSpore's)."""

    _ON_ARRAYS = True

    _LABELS: tuple = ()

    def __init__(self, name, param):
        if not isinstance(name, str):  # (no default name: None is refused too)
            raise TypeError(f"For '{type(self).__name__}', the type of 'name' should be 'str', "
                            f"but got type '{type(name).__name__}'.")
        super().__init__(name=name, param=param)

    def _set_parameters(self, arrays):
        self._params = arrays
        self._batch_shape = batch_shape(a.shape for a in arrays.values())

    def _cast(self, value, label):
        """The parameter `label` in the dtype of the value it meets."""
        return self._params[label].astype(value.dtype)

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def is_scalar_batch(self):
        return self._batch_shape == ()

    def extend_repr(self):
        if self._batch_shape != ():
            return f"batch_shape = {self._batch_shape}"
        return ", ".join(f"{label} = {_shown(self._params[label])}" for label in self._LABELS)


class GumbelCDF(_ParameterisedBijector):
    """`GumbelCDF(loc=0.0, scale=1.0, name='GumbelCDF')`: y = exp(-exp(-(x - loc) / scale)),
    the Gumbel distribution's cdf (scale must be > 0)."""

    _LABELS = ("loc", "scale")

    def __init__(self, loc=0.0, scale=1.0, name="GumbelCDF"):
        super().__init__(name=name, param={"loc": loc, "scale": scale, "name": name,
                                           "param_dict": {"loc": loc, "scale": scale}})
        self._set_parameters(_same_dtype_parameters("GumbelCDF", loc=loc, scale=scale))
        if not np.all(np.asarray(self._params["scale"]) > 0):
            raise ValueError("scale must be greater than zero.")

    @property
    def loc(self):
        return _wrap(self._params["loc"])

    @property
    def scale(self):
        return _wrap(self._params["scale"])

    def _z(self, x):
        return (x - self._cast(x, "loc")) / self._cast(x, "scale")

    def _forward(self, x):
        return jnp.exp(-jnp.exp(-self._z(x)))

    def _inverse(self, y):
        return self._cast(y, "loc") - self._cast(y, "scale") * jnp.log(-jnp.log(y))

    def _forward_log_jacobian(self, x):
        z = self._z(x)
        return -z - jnp.exp(-z) - jnp.log(self._cast(x, "scale"))

    def _inverse_log_jacobian(self, y):
        return jnp.log(self._cast(y, "scale") / (-y * jnp.log(y)))


# below log(eps(float32)) + 1, softplus(x) is exp(x) to float32 precision; above its negation, x
_SOFTPLUS_THRESHOLD = float(np.log(np.finfo(np.float32).eps) + 1)


def _softplus(x):
    small, large = x < _SOFTPLUS_THRESHOLD, x > -_SOFTPLUS_THRESHOLD
    safe = jnp.where(small | large, jnp.ones_like(x), x)
    return jnp.where(small, jnp.exp(x), jnp.where(large, x, jnp.log(jnp.exp(safe) + 1.0)))


def _inverse_softplus(y):
    small, large = y < float(np.exp(_SOFTPLUS_THRESHOLD)), y > -_SOFTPLUS_THRESHOLD
    safe = jnp.where(small | large, jnp.ones_like(y), y)
    return jnp.where(small, jnp.log(y),
                     jnp.where(large, y, safe + jnp.log(jnp.abs(jnp.expm1(-safe)))))


class Softplus(_ParameterisedBijector):
    """`Softplus(sharpness=1.0, name='Softplus')`: y = log(1 + exp(k·x)) / k for sharpness k."""

    _LABELS = ("sharpness",)

    def __init__(self, sharpness=1.0, name="Softplus"):
        super().__init__(name=name, param={"sharpness": sharpness, "name": name,
                                           "param_dict": {"sharpness": sharpness}})
        self._set_parameters(_same_dtype_parameters("Softplus", sharpness=sharpness))
        self.log_sigmoid = LogSigmoid()

    @property
    def sharpness(self):
        return _wrap(self._params["sharpness"])

    def _forward(self, x):
        k = self._cast(x, "sharpness")
        return _softplus(k * x) / k

    def _inverse(self, y):
        k = self._cast(y, "sharpness")
        return _inverse_softplus(k * y) / k

    def _forward_log_jacobian(self, x):
        return self.log_sigmoid(_wrap(self._cast(x, "sharpness") * x))._data

    def _inverse_log_jacobian(self, y):
        scaled = self._cast(y, "sharpness") * y
        return scaled - _inverse_softplus(scaled)


class Invert(Bijector):
    """`Invert(bijector, name='')`: the inverse of `bijector` (forward is its inverse and the
    log-Jacobians swap); named 'Invert' + the bijector's name unless `name` is given."""

    def __init__(self, bijector, name=""):
        if not isinstance(bijector, Bijector):
            raise TypeError(f"For 'Invert', the type of 'bijector' should be 'Bijector', but got "
                            f"type '{type(bijector).__name__}'.")
        name = name or ("Invert" + bijector.name)
        super().__init__(is_constant_jacobian=bijector.is_constant_jacobian,
                         is_injective=bijector.is_injective, name=name, dtype=bijector.dtype,
                         param={"bijector": bijector, "name": name})
        self._bijector = bijector

    @property
    def bijector(self):
        return self._bijector

    def forward(self, value):
        return self._bijector("inverse", value)

    def inverse(self, value):
        return self._bijector("forward", value)

    def forward_log_jacobian(self, value):
        return self._bijector("inverse_log_jacobian", value)

    def inverse_log_jacobian(self, value):
        return self._bijector("forward_log_jacobian", value)
