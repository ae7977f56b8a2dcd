"""`mindspore.common.initializer`: the initializer classes and `initializer(init, shape, dtype)`.

`initializer(...)` returns a Tensor not initialised yet, as MindSpore's, that `init_data()` (or a
Parameter made from it) fills later (core/deferred_init.py). Its random numbers are MindSpore's
own: each draw takes a seed from NumPy's global generator when the values are made, as
MindSpore's do, and reproduces MindSpore's Philox stream for it (core/init_streams.py), so
`np.random.seed`/`set_seed` give MindSpore's initial weights. The distributions, fan-in/fan-out
and gain computations, defaults, aliases and error messages are MindSpore 2.10's, including two
of its quirks:

- `VarianceScaling(distribution='truncated_normal')` (the default) draws from the *uniform*
  distribution with limit `sqrt(3 * scale / n)`: MindSpore tests for 'truncated_norm', a value its
  constructor rejects, so its truncated branch never runs.
- `TruncatedNormal(sigma, mean, a, b)` truncates to the absolute interval `[a, b]`, not to
  `mean ± k·sigma`.

Random values are drawn as float32 and cast to `dtype`, as MindSpore does (an integer dtype
truncates). Inside a trace (a Cell built in a compiled function) the same distributions are drawn
by `jax.random` from the traced key the Tensor took from msjax's global key.
"""
from __future__ import annotations

import functools
import inspect
import math
import numbers

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import init_streams, x64
from msjax._src.core.random import get_seed, next_key
from msjax._src.core.tensor import INITIALIZERS, Tensor, _wrap

_INITIALIZER_ALIAS: dict[str, type] = {}
_F32 = np.float32


class Initializer:
    """`mindspore.common.initializer.Initializer(**kwargs)`: the base of all initializers.

    msjax's subclasses implement `_initialize(shape, sampler)`, returning a NumPy or JAX array
    of that shape (random ones draw from `sampler`). A user's subclass written for MindSpore
    implements MindSpore's `_initialize(arr)`, filling the NumPy array `arr` (of the requested
    dtype) in place (`_assignment(arr, value)`); msjax calls it that way. Calling an initializer
    on a NumPy array fills it in place, as in MindSpore.
    """

    def __init__(self, **kwargs):
        self._kwargs = kwargs
        self._seed = None

    @property
    def seed(self):
        if self._seed is None:
            seed = get_seed()
            return (0 if seed is None else seed), 0
        return self._seed + 1, 0

    @seed.setter
    def seed(self, value):
        self._seed = value

    def _initialize(self, shape, sampler):
        raise NotImplementedError("Must be overridden!")

    @x64.scoped
    def generate(self, shape, dtype=mstype.float32, key=None):
        """The values for a Tensor of `shape` and `dtype`, as a jax.Array, drawn from `key`
        (default: the next key of the global key)."""
        np_dtype = mstype.to_numpy_dtype(dtype)
        if _fills_an_array(type(self)):  # MindSpore's protocol: _initialize(arr)
            if key is None:
                next_key()  # a key as every initializer takes, so later draws do not shift
            values = np.zeros(tuple(shape), np_dtype)
            self._initialize(values)
            return jax.device_put(values, may_alias=False)
        values = self._initialize(tuple(shape), _sampler(key))
        if isinstance(values, jax.Array):
            return values.astype(np_dtype)
        # device_put, not jnp.asarray: the latter compiles a program per new shape (~10-20 ms)
        return jax.device_put(np.asarray(values).astype(np_dtype), may_alias=False)

    @x64.scoped
    def __call__(self, arr):
        if _fills_an_array(type(self)):
            self._initialize(arr)
            return arr
        values = np.asarray(self.generate(arr.shape, arr.dtype))
        if arr.shape == ():
            arr.reshape(1)[:] = values.reshape(1)
        else:
            arr[...] = values
        return arr

    def __repr__(self) -> str:
        module = type(self).__module__
        if module == __name__:
            module = "mindspore.common.initializer"
        return f"<{module}.{type(self).__name__} object at {hex(id(self))}>"


@functools.cache
def _fills_an_array(cls) -> bool:
    """Whether `cls._initialize` is MindSpore's `_initialize(self, arr)` (a user's subclass)
    rather than msjax's `_initialize(self, shape, sampler)`."""
    return len(inspect.signature(cls._initialize).parameters) == 2


def _register(*aliases):
    """Register a class under its lower-cased name and `aliases` (first registration wins)."""
    def register(cls):
        for name in (cls.__name__.lower(),) + aliases:
            _INITIALIZER_ALIAS.setdefault(name, cls)
        return cls
    return register


def _assignment(arr, num):
    """`mindspore.common.initializer._assignment(arr, num)`: fill the NumPy array `arr` with
    `num` (a number or an array broadcast to it) in place, and return it; real model code uses
    it in its own Initializer subclasses."""
    if arr.shape == ():
        arr = arr.reshape(1)
        arr[:] = num
        return arr.reshape(())
    arr[:] = num[:] if isinstance(num, np.ndarray) else num
    return arr


# -- fan and gain, as MindSpore computes them ---------------------------------------------------
def _calculate_fan_in_and_fan_out(shape):
    """`(fan_in, fan_out)` of a weight of `shape` ([out, in, *kernel])."""
    dimensions = len(shape)
    if dimensions < 2:
        raise ValueError("'fan_in' and 'fan_out' can not be computed for tensor with fewer than"
                         f" 2 dimensions, but got dimensions {dimensions}.")
    receptive_field_size = 1
    for dim in shape[2:]:
        receptive_field_size *= dim
    return shape[1] * receptive_field_size, shape[0] * receptive_field_size


def _calculate_correct_fan(shape, mode):
    mode = mode.lower()
    valid_modes = ["fan_in", "fan_out"]
    if mode not in valid_modes:
        raise ValueError(f"'mode' {mode} not supported, please use one of {valid_modes}")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
    return fan_in if mode == "fan_in" else fan_out


_LINEAR_FNS = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
               "conv_transpose3d", "sigmoid")


def _calculate_gain(nonlinearity, param=None):
    """The recommended gain of `nonlinearity` (`param` is leaky_relu's negative slope)."""
    if nonlinearity in _LINEAR_FNS:
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            negative_slope = 0.01
        elif (not isinstance(param, bool) and isinstance(param, int)) or isinstance(param, float):
            negative_slope = param
        else:
            raise ValueError(f"For 'HeUniform', 'negative_slope' {param} is not a valid number."
                             "When 'nonlinearity' has been set to 'leaky_relu', 'negative_slope' "
                             f"should be int or float type, but got {type(param)}.")
        return math.sqrt(2.0 / (1 + negative_slope ** 2))
    raise ValueError("For 'HeUniform', the argument 'nonlinearity' should be one of "
                     f"['sigmoid', 'tanh', 'relu' or 'leaky_relu'], but got {nonlinearity}.")


# -- random draws (float32) -------------------------------------------------------------------
class _MindSporeSampler:
    """Draws MindSpore's own numbers (core/init_streams.py): each distribution takes a seed from
    NumPy's global generator when it draws, as MindSpore's initializers do."""

    xp = np

    def normal(self, mean, sigma, shape):
        return init_streams.normal(init_streams.numpy_seed(), mean, sigma, shape)

    def uniform(self, low, high, shape):
        return init_streams.uniform(init_streams.numpy_seed(), low, high, shape)

    def truncated_normal(self, low, high, mean, sigma, shape):
        return init_streams.truncated_normal(init_streams.numpy_seed(), low, high, mean, sigma,
                                             shape)

    def zeroed_rows(self, shape, count):
        """A mask of `count` rows in each column, chosen by a NumPy permutation per column."""
        mask = np.zeros(shape, bool)
        for column in range(shape[1]):
            mask[np.random.permutation(list(range(shape[0])))[:count], column] = True
        return mask


class _JaxSampler:
    """Draws with `jax.random` from a traced key (a Cell built inside a compiled function)."""

    xp = jnp

    def __init__(self, key):
        self._keys = iter(jax.random.split(key, 4))

    def normal(self, mean, sigma, shape):
        return jax.random.normal(next(self._keys), shape, _F32) * _F32(sigma) + _F32(mean)

    def uniform(self, low, high, shape):
        return jax.random.uniform(next(self._keys), shape, _F32, _F32(low), _F32(high))

    def truncated_normal(self, low, high, mean, sigma, shape):
        values = jax.random.truncated_normal(next(self._keys), _F32((low - mean) / sigma),
                                             _F32((high - mean) / sigma), shape, _F32)
        return jnp.clip(values * _F32(sigma) + _F32(mean), _F32(low), _F32(high))

    def zeroed_rows(self, shape, count):
        noise = jax.random.uniform(next(self._keys), shape)
        return jnp.argsort(jnp.argsort(noise, axis=0), axis=0) < count


def _sampler(key=None):
    """MindSpore's numbers eagerly; `jax.random`'s from a traced key."""
    return _JaxSampler(key) if isinstance(key, jax.core.Tracer) else _MindSporeSampler()


def _normal(sampler, mean, sigma, shape):
    if sigma < 0:
        raise ValueError("sigma < 0")
    return sampler.normal(mean, sigma, shape)


def _uniform(sampler, low, high, shape):
    return sampler.uniform(low, high, shape)


def _truncated_normal(sampler, low, high, mean, sigma, shape):
    """N(mean, sigma²) truncated to the absolute interval [low, high]."""
    if sigma < 0:
        raise ValueError("sigma < 0")
    return sampler.truncated_normal(low, high, mean, sigma, shape)


# -- the initializers ---------------------------------------------------------------------------
@_register("zeros")
class Zero(Initializer):
    """`Zero()`: all zeros (alias 'zeros')."""

    def _initialize(self, shape, sampler):
        return np.zeros(shape, _F32)


@_register("ones")
class One(Initializer):
    """`One()`: all ones (alias 'ones')."""

    def _initialize(self, shape, sampler):
        return np.ones(shape, _F32)


class Constant(Initializer):
    """`Constant(value)`: every element is `value` (no string alias: 'constant' is an error)."""

    def __init__(self, value):
        super().__init__(value=value)
        self.value = value

    def _initialize(self, shape, sampler):
        return np.broadcast_to(np.asarray(self.value, np.float64), shape)


@_register("xavier_normal")
class XavierNormal(Initializer):
    """`XavierNormal(gain=1)`: N(0, sigma²), sigma = gain·sqrt(2 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, shape, sampler):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
        return _normal(sampler, 0, self.gain * math.sqrt(2.0 / float(fan_in + fan_out)), shape)


@_register("xavier_uniform")
class XavierUniform(Initializer):
    """`XavierUniform(gain=1)`: U(-b, b), b = gain·sqrt(6 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, shape, sampler):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        return _uniform(sampler, -bound, bound, shape)


@_register("he_uniform")
class HeUniform(Initializer):
    """`HeUniform(negative_slope=0, mode='fan_in', nonlinearity='leaky_relu')`:
    U(-b, b), b = sqrt(3)·gain / sqrt(fan). Dense and Conv weights use `HeUniform(math.sqrt(5))`."""

    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        self.negative_slope = negative_slope
        self.mode = mode
        self.nonlinearity = nonlinearity

    def _initialize(self, shape, sampler):
        fan = _calculate_correct_fan(shape, self.mode)
        gain = _calculate_gain(self.nonlinearity, self.negative_slope)
        bound = math.sqrt(3.0) * gain / math.sqrt(fan)
        return _uniform(sampler, -bound, bound, shape)


@_register("he_normal")
class HeNormal(Initializer):
    """`HeNormal(negative_slope=0, mode='fan_in', nonlinearity='leaky_relu')`:
    N(0, sigma²), sigma = gain / sqrt(fan)."""

    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        self.negative_slope = negative_slope
        self.mode = mode
        self.nonlinearity = nonlinearity

    def _initialize(self, shape, sampler):
        fan = _calculate_correct_fan(shape, self.mode)
        gain = _calculate_gain(self.nonlinearity, self.negative_slope)
        return _normal(sampler, 0, gain / math.sqrt(fan), shape)


@_register()
class Identity(Initializer):
    """`Identity()`: a 2-d identity matrix (`np.eye(rows, cols)`)."""

    def _initialize(self, shape, sampler):
        if len(shape) != 2:
            raise ValueError("For Identity initializer, the dimension of the initialized tensor "
                             f"should be 2, but got {len(shape)}.")
        return np.eye(shape[0], shape[1], dtype=_F32)


@_register()
class Sparse(Initializer):
    """`Sparse(sparsity, sigma=0.01)`: a 2-d N(0, sigma²) matrix with `ceil(sparsity·rows)` zeros
    at random rows of every column."""

    def __init__(self, sparsity, sigma=0.01):
        super().__init__()
        self.sparsity = sparsity
        self.sigma = sigma

    def _initialize(self, shape, sampler):
        if len(shape) != 2:
            raise ValueError("For Sparse initializer, the dimension of the initialized tensor "
                             f"should be 2, but got {len(shape)}.")
        rows = shape[0]
        zero_num = int(np.ceil(self.sparsity * rows))
        data = _normal(sampler, 0, self.sigma, shape)
        # In each column, `zero_num` rows of a random order are zeroed.
        return sampler.xp.where(sampler.zeroed_rows(shape, zero_num), _F32(0), data)


@_register()
class Dirac(Initializer):
    """`Dirac(groups=1)`: the identity of a 3-, 4- or 5-d convolution weight, per group."""

    def __init__(self, groups=1):
        super().__init__()
        self.groups = groups

    def _initialize(self, shape, sampler):
        dimension = len(shape)
        if dimension not in (3, 4, 5):
            raise ValueError("For Dirac initializer, only support to initialize tensor with "
                             f"dimension of 3, 4 or 5, but got {dimension}.")
        if shape[0] % self.groups != 0:
            raise ValueError("For Dirac initializer, the first dimension ofthe initialized tensor "
                             f"must be divisible by groups, but got first dimension{shape[0]}, "
                             f"groups{self.groups}.")
        data = np.zeros(shape, _F32)
        out_per_group = shape[0] // self.groups
        centre = tuple(s // 2 for s in shape[2:])
        for group in range(self.groups):
            for dim in range(min(out_per_group, shape[1])):
                data[(group * out_per_group + dim, dim) + centre] = 1
        return data


@_register()
class Orthogonal(Initializer):
    """`Orthogonal(gain=1.)`: a (semi-)orthogonal matrix, trailing dimensions flattened."""

    def __init__(self, gain=1.):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, shape, sampler):
        if len(shape) < 2:
            raise ValueError("For Orthogonal initializer, the dimension of the initialized tensor "
                             f"should be no less than 2, but got {len(shape)}.")
        rows = shape[0]
        cols = int(np.prod(shape)) // rows
        data = _normal(sampler, 0, 1, (rows, cols))
        if rows < cols:
            data = data.T
        xp = sampler.xp
        q, r = xp.linalg.qr(data)
        q = q * xp.sign(xp.diag(r))
        if rows < cols:
            q = q.T
        return (q * _F32(self.gain)).reshape(shape)


@_register()
class VarianceScaling(Initializer):
    """`VarianceScaling(scale=1.0, mode='fan_in', distribution='truncated_normal')`.

    With n the fan of `mode` ('fan_avg': the mean of both), 'untruncated_normal' draws
    N(0, scale/n). 'uniform' — and, as in MindSpore, the default 'truncated_normal' — draws
    U(-sqrt(3·scale/n), sqrt(3·scale/n)).
    """

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal"):
        super().__init__(scale=scale, mode=mode, distribution=distribution)
        if scale <= 0.:
            raise ValueError("For VarianceScaling initializer, the argument 'scale' must be greater "
                             f"than 0, but got {scale}.")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError("For VarianceScaling initializer, the argument 'mode' must be fan_in, "
                             f"fan_out or fan_avg, but got {mode}.")
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError("For VarianceScaling initializer, the argument 'distribution' must be "
                             "uniform, truncated_norm or untruncated_norm, but got "
                             f"{distribution}.")
        self.scale = scale
        self.mode = mode
        self.distribution = distribution

    def _initialize(self, shape, sampler):
        fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
        fan = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.}[self.mode]
        scale = self.scale / max(1., fan)
        if self.distribution == "untruncated_normal":
            return _normal(sampler, 0, math.sqrt(scale), shape)
        limit = math.sqrt(3.0 * scale)
        return _uniform(sampler, -limit, limit, shape)


@_register()
class Uniform(Initializer):
    """`Uniform(scale=0.07)`: U(-scale, scale)."""

    def __init__(self, scale=0.07):
        super().__init__(scale=scale)
        self.scale = scale

    def _initialize(self, shape, sampler):
        return _uniform(sampler, -self.scale, self.scale, shape)


@_register()
class Normal(Initializer):
    """`Normal(sigma=0.01, mean=0.0)`: N(mean, sigma²)."""

    def __init__(self, sigma=0.01, mean=0.0):
        super().__init__(sigma=sigma, mean=mean)
        self.sigma = sigma
        self.mean = mean

    def _initialize(self, shape, sampler):
        return _normal(sampler, self.mean, self.sigma, shape)


@_register()
class TruncatedNormal(Initializer):
    """`TruncatedNormal(sigma=0.01, mean=0.0, a=-2.0, b=2.0)`: N(mean, sigma²) truncated to the
    absolute interval [a, b]."""

    def __init__(self, sigma=0.01, mean=0.0, a=-2.0, b=2.0):
        super().__init__(sigma=sigma, mean=mean, a=a, b=b)
        self.sigma = sigma
        self.mean = mean
        self.a = a
        self.b = b

    def _initialize(self, shape, sampler):
        return _truncated_normal(sampler, self.a, self.b, self.mean, self.sigma, shape)


@x64.scoped
def initializer(init, shape=None, dtype=mstype.float32):
    """`mindspore.common.initializer.initializer(init, shape=None, dtype=mstype.float32)`.

    `init` is an Initializer, the (case-insensitive) name of one ('normal', 'zeros', 'ones',
    'xavier_uniform', 'he_normal', ...), a number (`Constant`) or a Tensor (returned as it is; its
    shape must equal `shape`). Returns a Tensor not initialised yet, as MindSpore's: a Parameter
    made from it, `init_data()` or `asnumpy()` draw its values (core/deferred_init.py).

    Example:
        >>> initializer('ones', (2,), mindspore.int32).init_data()
        Tensor(shape=[2], dtype=Int32, value= [1, 1])
    """
    if not isinstance(init, (Tensor, numbers.Number, str, Initializer)):
        raise TypeError("For 'initializer', the type of the 'init' argument should be 'Tensor', "
                        f"'number', 'string' or 'initializer', but got {type(init)}.")
    if isinstance(init, Tensor):
        shown = shape if isinstance(shape, (tuple, list)) else [shape]
        if init.shape != tuple(shown):
            raise ValueError("For 'initializer', the shape of the 'init' argument should be same as "
                             "the argument 'shape', but got the 'init' shape "
                             f"{list(init.shape)} and the 'shape' {shown}.")
        return init
    if isinstance(shape, list):
        shape = tuple(shape)
    elif isinstance(shape, numbers.Number):
        shape = (shape,)
    for value in shape if shape is not None else ():
        if not isinstance(value, int) or value <= 0:
            raise ValueError("For 'initializer', the argument 'shape' is invalid, the value of "
                             f"'shape' must be positive integer, but got {shape}")
    if isinstance(init, str):
        cls = _INITIALIZER_ALIAS.get(init.lower())
        if cls is None:
            raise ValueError(f"For 'initializer', the class corresponding to '{init}' was not found.")
        init = cls()
    elif isinstance(init, numbers.Number):
        init = Constant(init)
    if shape is None:
        raise AttributeError(f"'{type(init).__name__}' object has no attribute 'shape'")
    if INITIALIZERS.uninitialized_tensor is None:  # (before core/deferred_init.py is imported)
        return _wrap(init.generate(shape, dtype))
    return INITIALIZERS.uninitialized_tensor(init, shape, dtype)  # drawn by init_data()


INITIALIZERS.initializer = initializer
