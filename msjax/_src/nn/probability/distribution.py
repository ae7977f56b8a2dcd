"""`mindspore.nn.probability.distribution`: probability distributions as Cells.

A distribution holds its parameters (given at construction, or None) and answers `prob`,
`log_prob`, `cdf`, `log_cdf`, `survival_function`, `log_survival`, `mean`, `sd`, `var`, `mode`,
`entropy`, `kl_loss`, `cross_entropy` and `sample`. Each method takes the parameters again as
optional trailing arguments, which replace the stored ones for that call (MindSpore's rule); a
Cell call `dist('prob', value)` names the method. Values, checks and messages are MindSpore
2.10's (tests/goldens/scripts/conformance_probe8.py); draws come from msjax's random key
(`set_seed`), or from `seed` when one is given.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import random
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.nn.cell import Cell
from msjax._src.nn.probability.utils import batch_shape as _batch_shape
from msjax._src.nn.probability.utils import check_prob
from msjax._src.nn.layers.special import DiGamma, LBeta

_FLOAT_TYPES = mstype.float_type
_NUMBER_TYPES = mstype.int_type + mstype.uint_type + mstype.float_type


def _type_list(types) -> str:
    return "[" + ", ".join(map(repr, types)) + "]"


def _array(value, dtype=jnp.float32):
    if isinstance(value, Tensor):
        return value._data.astype(dtype)
    return jnp.asarray(np.asarray(value), dtype)


def _check_dtype(kind, dtype, types):
    if dtype not in types:
        raise TypeError(f"For '{kind}', the 'dtype' should be one of {_type_list(types)}, but "
                        f"got '{dtype!r}'.")


class Distribution(Cell):
    """`mindspore.nn.probability.distribution.Distribution(seed, dtype, name, param)`: the base
    of the distributions (module doc). A subclass names its parameters (`_PARAMS`) and
    implements `_prob`/`_log_prob`/... on jax arrays, each taking the value (where there is
    one) and then the parameters."""

    _PARAMS: tuple = ()
    _DTYPES: tuple = _FLOAT_TYPES

    def __init__(self, seed, dtype, name, param):
        super().__init__()
        kind = type(self).__name__
        if not isinstance(name, str):
            raise TypeError(f"For '{kind}', the type of 'name' should be 'str', but got type "
                            f"'{type(name).__name__}'.")
        if seed is None:
            seed = 0
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"For '{kind}', the 'seed' must be int, but got "
                            f"'{type(seed).__name__}'")
        _check_dtype(kind, dtype, self._DTYPES)
        self._seed, self._dtype, self._name = seed, dtype, name
        self._param_dict = dict(param.get("param_dict", {})) if isinstance(param, dict) else {}
        # MindSpore's `parameters`: the constructor's arguments, then the parameters again
        self._parameters = {**self._param_dict, "seed": param.get("seed"), "dtype": dtype,
                            "name": name, "param_dict": self._param_dict}
        self._stored = {}

    # -- parameters ----------------------------------------------------------------------------
    def _store(self, **values):
        """Keep the parameters given at construction (None: to be given at each call), as
        arrays broadcast against each other; MindSpore checks them here."""
        given = {k: _array(v, self._compute_dtype()) for k, v in values.items() if v is not None}
        if len(given) > 1:
            shape = _batch_shape(v.shape for v in given.values())
            given = {k: jnp.broadcast_to(v, shape) for k, v in given.items()}
        self._stored = {k: given.get(k) for k in values}

    def _compute_dtype(self):
        return np.dtype(self._dtype._np) if self._dtype in _FLOAT_TYPES else np.dtype(np.float32)

    def _call_params(self, args, kwargs):
        """The distribution's parameters for a call: those given (by position after the value,
        or by name), else those stored."""
        values = []
        for i, name in enumerate(self._PARAMS):
            given = args[i] if i < len(args) else kwargs.get(name)
            if given is None:
                given = self._stored.get(name)
                if given is None:
                    raise TypeError(f"the type {name} must be subclass of Tensor. It can not be "
                                    "None since it is not specified during initialization.")
            values.append(_array(given, self._compute_dtype()))
        return values

    def _out(self, array):
        return _wrap(jnp.asarray(array, self._compute_dtype()))

    # -- the methods -----------------------------------------------------------------------------
    def _call_with_value(self, method, value, args, kwargs):
        return self._out(method(_array(value, self._compute_dtype()),
                                *self._call_params(args, kwargs)))

    def _implementation(self, method, *ways):
        """The array function that answers `method`: the first of `ways` (name of an array
        method, and what to apply to its result) the distribution implements; a subclass that
        implements none raises MindSpore's NotImplementedError."""
        for name, then in ways:
            if getattr(type(self), name, None) is not None:
                found = getattr(self, name)
                return found if then is None else (lambda *a: then(found(*a)))
        raise NotImplementedError(f"{method} is not implemented for {self.name} distribution.")

    def prob(self, value, *args, **kwargs):
        fn = self._implementation("prob", ("_prob", None), ("_log_prob", jnp.exp))
        return self._call_with_value(fn, value, args, kwargs)

    def log_prob(self, value, *args, **kwargs):
        fn = self._implementation("log_prob", ("_log_prob", None), ("_prob", jnp.log))
        return self._call_with_value(fn, value, args, kwargs)

    def cdf(self, value, *args, **kwargs):
        return self._call_with_value(self._implementation("cdf", ("_cdf", None)), value, args,
                                     kwargs)

    def log_cdf(self, value, *args, **kwargs):
        fn = self._implementation("log_cdf", ("_cdf", jnp.log))
        return self._call_with_value(fn, value, args, kwargs)

    def survival_function(self, value, *args, **kwargs):
        fn = self._implementation("survival_function", ("_cdf", lambda c: 1.0 - c))
        return self._call_with_value(fn, value, args, kwargs)

    def log_survival(self, value, *args, **kwargs):
        fn = self._implementation("log_survival", ("_cdf", lambda c: jnp.log1p(-c)))
        return self._call_with_value(fn, value, args, kwargs)

    def _moment(self, method, *ways, args, kwargs):
        fn = self._implementation(method, *ways)
        return self._out(fn(*self._call_params(args, kwargs)))

    def mean(self, *args, **kwargs):
        return self._moment("mean", ("_mean", None), args=args, kwargs=kwargs)

    def var(self, *args, **kwargs):
        return self._moment("var", ("_var", None), args=args, kwargs=kwargs)

    def sd(self, *args, **kwargs):
        return self._moment("sd", ("_var", jnp.sqrt), args=args, kwargs=kwargs)

    def mode(self, *args, **kwargs):
        return self._moment("mode", ("_mode", None), args=args, kwargs=kwargs)

    def entropy(self, *args, **kwargs):
        return self._moment("entropy", ("_entropy", None), args=args, kwargs=kwargs)

    def _other(self, dist, args):
        kind = type(self).__name__
        if dist != kind:
            raise ValueError(f"Expected dist input is {kind}, but got {dist}.")
        n = len(self._PARAMS)
        other = [_array(a, self._compute_dtype()) for a in args[:n]]
        return other, self._call_params(args[n:], {})

    def kl_loss(self, dist, *args):
        """KL(self || dist): `args` are the other distribution's parameters, then (optionally)
        this one's."""
        kl = self._implementation("kl_loss", ("_kl", None))
        other, own = self._other(dist, args)
        return self._out(kl(own, other))

    def cross_entropy(self, dist, *args):
        """H(self, dist) = entropy(self) + KL(self || dist)."""
        kl = self._implementation("cross_entropy", ("_kl", None))
        entropy = self._implementation("cross_entropy", ("_entropy", None))
        other, own = self._other(dist, args)
        return self._out(entropy(*own) + kl(own, other))

    def sample(self, shape=(), *args, **kwargs):
        self._implementation("sample", ("_sample", None))
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        params = self._call_params(args, kwargs)
        batch = jnp.broadcast_shapes(*(p.shape for p in params))
        key = random.seeded_key(self._seed or None, type(self).__name__)  # anew at each call
        return self._sample_out(self._sample(key, shape + batch, *params))

    def _sample_out(self, array):
        return _wrap(jnp.asarray(array, self._dtype._np))

    def construct(self, name, *args, **kwargs):
        """`dist('prob', value, ...)`: the method `name`."""
        return getattr(self, name)(*args, **kwargs)

    @property
    def dtype(self):
        return self._dtype

    @property
    def name(self):
        return self._name

    @property
    def seed(self):
        return self._seed

    @property
    def parameters(self):
        return self._parameters

    # the parameters' names in the repr, as MindSpore prints them (default: their own names)
    _REPR_LABELS: tuple = ()

    def extend_repr(self):
        """The parameters when each is one number (or None), else the batch's shape."""
        stored = list(self._stored.values())
        if any(v is not None and np.ndim(v) for v in stored):
            shape = jnp.broadcast_shapes(*(v.shape for v in stored if v is not None))
            return f"batch_shape = {shape}"
        labels = self._REPR_LABELS or tuple(self._stored)
        return ", ".join(f"{k} = {_shown(v)}" for k, v in zip(labels, stored))


def _shown(value):
    if value is None:
        return "None"
    value = np.asarray(value)
    return str(value[()]) if value.ndim == 0 else str(value)


def _check_positive(value, name):
    if value is not None and not bool(np.all(np.asarray(_array(value)) > 0)):
        raise ValueError(f"{name} must be greater than zero.")


class Bernoulli(Distribution):
    """`Bernoulli(probs=None, seed=None, dtype=mstype.int32, name='Bernoulli')`: 1 with
    probability `probs`, else 0."""

    _PARAMS = ("probs",)
    _DTYPES = _NUMBER_TYPES

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Bernoulli"):
        super().__init__(seed, dtype, name, {"param_dict": {"probs": probs}})
        if probs is not None:
            check_prob(probs)
        self._store(probs=probs)

    @property
    def probs(self):
        return None if self._stored["probs"] is None else self._out(self._stored["probs"])

    def _prob(self, value, p):
        return jnp.where(value == 1, p, jnp.where(value == 0, 1 - p, 0.0))

    def _log_prob(self, value, p):
        return jnp.log(self._prob(value, p))

    def _cdf(self, value, p):
        return jnp.where(value < 0, 0.0, jnp.where(value < 1, 1 - p, 1.0))

    def _mean(self, p):
        return p

    def _var(self, p):
        return p * (1 - p)

    def _mode(self, p):
        return jnp.where(p > 0.5, 1.0, 0.0)

    def _entropy(self, p):
        return -(p * jnp.log(p) + (1 - p) * jnp.log1p(-p))

    def _kl(self, own, other):
        (a,), (b,) = own, other
        return a * jnp.log(a / b) + (1 - a) * jnp.log((1 - a) / (1 - b))

    def _sample(self, key, shape, p):
        return jax.random.bernoulli(key, p, shape)


class Gamma(Distribution):
    """`Gamma(concentration=None, rate=None, seed=None, dtype=mstype.float32, name='Gamma')`:
    density `rate^c x^(c-1) e^(-rate x) / Gamma(c)`."""

    _PARAMS = ("concentration", "rate")

    def __init__(self, concentration=None, rate=None, seed=None, dtype=mstype.float32,
                 name="Gamma"):
        super().__init__(seed, dtype, name,
                         {"param_dict": {"concentration": concentration, "rate": rate}})
        for label, value in (("concentration", concentration), ("rate", rate)):
            if isinstance(value, (bool, int, float)):
                raise TypeError(f"Input {label} can't be scalar")
        _check_positive(concentration, "concentration")
        _check_positive(rate, "rate")
        self._store(concentration=concentration, rate=rate)

    @property
    def concentration(self):
        value = self._stored["concentration"]
        return None if value is None else self._out(value)

    @property
    def rate(self):
        return None if self._stored["rate"] is None else self._out(self._stored["rate"])

    def _log_prob(self, value, c, r):
        return c * jnp.log(r) + (c - 1) * jnp.log(value) - r * value - jsp.gammaln(c)

    def _prob(self, value, c, r):
        return jnp.exp(self._log_prob(value, c, r))

    def _cdf(self, value, c, r):
        return jsp.gammainc(c, r * value)

    def _mean(self, c, r):
        return c / r

    def _var(self, c, r):
        return c / (r * r)

    def _mode(self, c, r):
        return jnp.where(c >= 1, (c - 1) / r, jnp.nan)

    def _entropy(self, c, r):
        return c - jnp.log(r) + jsp.gammaln(c) + (1 - c) * jsp.digamma(c)

    def _kl(self, own, other):
        (ca, ra), (cb, rb) = own, other
        return ((ca - cb) * jsp.digamma(ca) - jsp.gammaln(ca) + jsp.gammaln(cb)
                + cb * (jnp.log(ra) - jnp.log(rb)) + ca * (rb - ra) / ra)

    def _sample(self, key, shape, c, r):
        return jax.random.gamma(key, jnp.broadcast_to(c, shape), shape) / r


class Uniform(Distribution):
    """`Uniform(low=None, high=None, seed=None, dtype=mstype.float32, name='Uniform')`: the
    uniform distribution on [low, high]."""

    _PARAMS = ("low", "high")

    def __init__(self, low=None, high=None, seed=None, dtype=mstype.float32, name="Uniform"):
        super().__init__(seed, dtype, name, {"param_dict": {"low": low, "high": high}})
        self._store(low=low, high=high)
        low_v, high_v = self._stored["low"], self._stored["high"]
        if low_v is not None and high_v is not None and not bool(jnp.all(low_v < high_v)):
            raise ValueError("low must be less than high")

    @property
    def low(self):
        return None if self._stored["low"] is None else self._out(self._stored["low"])

    @property
    def high(self):
        return None if self._stored["high"] is None else self._out(self._stored["high"])

    def _prob(self, value, low, high):
        inside = (value >= low) & (value <= high)
        return jnp.where(inside, 1.0 / (high - low), 0.0)

    def _log_prob(self, value, low, high):
        return jnp.log(self._prob(value, low, high))

    def _cdf(self, value, low, high):
        return jnp.clip((value - low) / (high - low), 0.0, 1.0)

    def _mean(self, low, high):
        return (low + high) / 2

    def _var(self, low, high):
        return (high - low) ** 2 / 12

    def _mode(self, low, high):
        raise NotImplementedError("For Uniform, the mode is not defined (every value in "
                                  "[low, high] is one), as in MindSpore.")

    def _entropy(self, low, high):
        return jnp.log(high - low)

    def _kl(self, own, other):
        (la, ha), (lb, hb) = own, other
        inside = (lb <= la) & (ha <= hb)
        return jnp.where(inside, jnp.log((hb - lb) / (ha - la)), jnp.inf)

    def _sample(self, key, shape, low, high):
        return jax.random.uniform(key, shape, minval=low, maxval=high)


def _check_scale(value, message):
    if value is not None and not bool(np.all(np.asarray(_array(value)) > 0)):
        raise ValueError(message)


def _not_implemented(method):
    def fail(self, *args, **kwargs):
        raise NotImplementedError(f"{method} is not implemented for {type(self).__name__} "
                                  "distribution.")
    return fail


class _DensityOnly(Distribution):
    """A distribution MindSpore 2.10 answers `prob` and `log_prob` for only (Laplace,
    HalfNormal, StudentT): its other methods raise NotImplementedError, as MindSpore's (whose
    `log_survival` names `log_cdf`); the repr shows no parameters."""

    cdf = _not_implemented("cdf")
    log_cdf = _not_implemented("log_cdf")
    survival_function = _not_implemented("survival_function")
    log_survival = _not_implemented("log_cdf")
    mean = _not_implemented("mean")
    sd = _not_implemented("sd")
    var = _not_implemented("var")
    mode = _not_implemented("mode")
    entropy = _not_implemented("entropy")
    kl_loss = _not_implemented("kl_loss")
    cross_entropy = _not_implemented("cross_entropy")
    sample = _not_implemented("sample")

    def _prob(self, value, *params):
        return jnp.exp(self._log_prob(value, *params))

    def extend_repr(self):
        return ""


class Normal(Distribution):
    """`Normal(mean=None, sd=None, seed=None, dtype=mstype.float32, name='Normal')`: the Gaussian
    distribution of mean `mean` and standard deviation `sd`."""

    _PARAMS = ("mean", "sd")
    _REPR_LABELS = ("mean", "standard deviation")

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Normal"):
        super().__init__(seed, dtype, name, {"param_dict": {"mean": mean, "sd": sd}})
        _check_scale(sd, "Standard deviation must be greater than zero.")
        self._store(mean=mean, sd=sd)

    def _log_prob(self, value, mean, sd):
        z = (value - mean) / sd
        return -0.5 * z * z - jnp.log(sd) - 0.5 * jnp.log(2 * jnp.pi)

    def _prob(self, value, mean, sd):
        return jnp.exp(self._log_prob(value, mean, sd))

    def _cdf(self, value, mean, sd):
        return 0.5 * jsp.erfc(-(value - mean) / (sd * jnp.sqrt(2.0)))

    def _mean(self, mean, sd):
        return jnp.broadcast_to(mean, jnp.broadcast_shapes(mean.shape, sd.shape))

    def _var(self, mean, sd):
        return jnp.broadcast_to(sd * sd, jnp.broadcast_shapes(mean.shape, sd.shape))

    _mode = _mean

    def _entropy(self, mean, sd):
        return jnp.broadcast_to(0.5 * jnp.log(2 * jnp.pi * jnp.e * sd * sd),
                                jnp.broadcast_shapes(mean.shape, sd.shape))

    def _kl(self, own, other):
        (ma, sa), (mb, sb) = own, other
        return jnp.log(sb / sa) + (sa * sa + (ma - mb) ** 2) / (2 * sb * sb) - 0.5

    def _sample(self, key, shape, mean, sd):
        return mean + sd * jax.random.normal(key, shape)


class Laplace(_DensityOnly):
    """`Laplace(mean=None, sd=None, seed=None, dtype=mstype.float32, name='Laplace')`: density
    `exp(-|x - mean| / sd) / (2 sd)` (`sd` is the scale); `prob` and `log_prob` only."""

    _PARAMS = ("mean", "sd")

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Laplace"):
        super().__init__(seed, dtype, name, {"param_dict": {"mean": mean, "sd": sd}})
        _check_scale(sd, "Standard deviation must be greater than zero.")
        self._store(mean=mean, sd=sd)

    def _log_prob(self, value, mean, sd):
        return -jnp.log(2 * sd) - jnp.abs(value - mean) / sd


class HalfNormal(_DensityOnly):
    """`HalfNormal(mean=None, sd=None, seed=None, dtype=mstype.float32, name='HalfNormal')`:
    density `sqrt(2 / pi) / sd * exp(-((x - mean) / sd)^2 / 2)` for x >= 0 (zero below 0, as
    MindSpore's: the support starts at 0 whatever `mean` is); `prob` and `log_prob` only."""

    _PARAMS = ("mean", "sd")

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="HalfNormal"):
        super().__init__(seed, dtype, name, {"param_dict": {"mean": mean, "sd": sd}})
        _check_scale(sd, "Standard deviation must be greater than zero.")
        self._store(mean=mean, sd=sd)

    def _prob(self, value, mean, sd):
        z = (value - mean) / sd
        return jnp.sqrt(2.0 / jnp.pi) / sd * jnp.exp(-0.5 * z * z) * (value >= 0)

    def _log_prob(self, value, mean, sd):
        return jnp.log(self._prob(value, mean, sd))


class StudentT(_DensityOnly):
    """`StudentT(df=None, mean=None, sd=None, seed=None, dtype=mstype.float32, name='StudentT')`:
    Student's t distribution of `df` degrees of freedom, location `mean` and scale `sd`; `prob`
    and `log_prob` only."""

    _PARAMS = ("df", "mean", "sd")

    def __init__(self, df=None, mean=None, sd=None, seed=None, dtype=mstype.float32,
                 name="StudentT"):
        super().__init__(seed, dtype, name, {"param_dict": {"df": df, "mean": mean, "sd": sd}})
        _check_scale(sd, "Standard deviation must be greater than zero.")
        _check_scale(df, "Degrees of freedom must be greater than zero.")
        self._store(df=df, mean=mean, sd=sd)

    def _log_prob(self, value, df, mean, sd):
        y = (value - mean) / sd
        normalization = (jnp.log(jnp.abs(sd)) + 0.5 * jnp.log(df) + 0.5 * jnp.log(jnp.pi)
                         + jsp.gammaln(0.5 * df) - jsp.gammaln(0.5 * (df + 1.0)))
        return -0.5 * (df + 1.0) * jnp.log1p(y * y / df) - normalization


class Exponential(Distribution):
    """`Exponential(rate=None, seed=None, dtype=mstype.float32, name='Exponential')`: density
    `rate e^(-rate x)` on x >= 0."""

    _PARAMS = ("rate",)

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Exponential"):
        super().__init__(seed, dtype, name, {"param_dict": {"rate": rate}})
        _check_scale(rate, "rate must be greater than zero.")
        self._store(rate=rate)

    def _log_prob(self, value, rate):
        return jnp.where(value >= 0, jnp.log(rate) - rate * value, -jnp.inf)

    def _prob(self, value, rate):
        return jnp.exp(self._log_prob(value, rate))

    def _cdf(self, value, rate):
        return jnp.where(value >= 0, -jnp.expm1(-rate * value), 0.0)

    def _mean(self, rate):
        return 1 / rate

    def _var(self, rate):
        return 1 / (rate * rate)

    def _mode(self, rate):
        return jnp.zeros_like(rate)

    def _entropy(self, rate):
        return 1 - jnp.log(rate)

    def _kl(self, own, other):
        (a,), (b,) = own, other
        return jnp.log(a / b) + b / a - 1

    def _sample(self, key, shape, rate):
        return jax.random.exponential(key, shape) / rate


class Logistic(Distribution):
    """`Logistic(loc=None, scale=None, seed=None, dtype=mstype.float32, name='Logistic')`: the
    logistic distribution (cdf `sigmoid((x - loc) / scale)`); MindSpore 2.10 has no KL
    divergence for it (kl_loss and cross_entropy raise NotImplementedError)."""

    _PARAMS = ("loc", "scale")

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Logistic"):
        super().__init__(seed, dtype, name, {"param_dict": {"loc": loc, "scale": scale}})
        _check_scale(scale, "scale must be greater than zero.")
        self._store(loc=loc, scale=scale)

    kl_loss = _not_implemented("kl_loss")
    cross_entropy = _not_implemented("cross_entropy")

    def _log_prob(self, value, loc, scale):
        z = (value - loc) / scale
        return -z - 2 * jax.nn.softplus(-z) - jnp.log(scale)

    def _prob(self, value, loc, scale):
        return jnp.exp(self._log_prob(value, loc, scale))

    def _cdf(self, value, loc, scale):
        return jax.nn.sigmoid((value - loc) / scale)

    def _mean(self, loc, scale):
        return jnp.broadcast_to(loc, jnp.broadcast_shapes(loc.shape, scale.shape))

    def _var(self, loc, scale):
        return jnp.broadcast_to((scale * jnp.pi) ** 2 / 3,
                                jnp.broadcast_shapes(loc.shape, scale.shape))

    _mode = _mean

    def _entropy(self, loc, scale):
        return jnp.broadcast_to(jnp.log(scale) + 2, jnp.broadcast_shapes(loc.shape, scale.shape))

    def _sample(self, key, shape, loc, scale):
        return loc + scale * jax.random.logistic(key, shape)


class Cauchy(Distribution):
    """`Cauchy(loc=None, scale=None, seed=None, dtype=mstype.float32, name='Cauchy')`: density
    `1 / (pi scale (1 + ((x - loc) / scale)^2))`; its mean, sd and var are undefined
    (MindSpore's ValueError)."""

    _PARAMS = ("loc", "scale")
    _REPR_LABELS = ("location", "scale")

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Cauchy"):
        super().__init__(seed, dtype, name, {"param_dict": {"loc": loc, "scale": scale}})
        _check_scale(scale, "scale must be greater than zero.")
        self._store(loc=loc, scale=scale)

    def _log_prob(self, value, loc, scale):
        z = (value - loc) / scale
        return -jnp.log(jnp.pi * scale) - jnp.log1p(z * z)

    def _prob(self, value, loc, scale):
        return jnp.exp(self._log_prob(value, loc, scale))

    def _cdf(self, value, loc, scale):
        return 0.5 + jnp.arctan((value - loc) / scale) / jnp.pi

    def mean(self, *args, **kwargs):
        raise ValueError("mean is undefined for Cauchy distribution.")

    def sd(self, *args, **kwargs):
        raise ValueError("standard deviation is undefined for Cauchy distribution.")

    def var(self, *args, **kwargs):
        raise ValueError("variance is undefined for Cauchy distribution.")

    def _mode(self, loc, scale):
        return jnp.broadcast_to(loc, jnp.broadcast_shapes(loc.shape, scale.shape))

    def _entropy(self, loc, scale):
        return jnp.broadcast_to(jnp.log(4 * jnp.pi * scale),
                                jnp.broadcast_shapes(loc.shape, scale.shape))

    def _kl(self, own, other):
        (la, sa), (lb, sb) = own, other
        return jnp.log(((sa + sb) ** 2 + (la - lb) ** 2) / (4 * sa * sb))

    def _sample(self, key, shape, loc, scale):
        return loc + scale * jax.random.cauchy(key, shape)


class Beta(Distribution):
    """`Beta(concentration1=None, concentration0=None, seed=None, dtype=mstype.float32,
    name='Beta')`: density x^(c1-1) (1-x)^(c0-1) / B(c1, c0) on (0, 1). MindSpore 2.10 has no
    cdf for it (cdf and its relatives raise NotImplementedError)."""

    _PARAMS = ("concentration1", "concentration0")

    def __init__(self, concentration1=None, concentration0=None, seed=None, dtype=mstype.float32,
                 name="Beta"):
        _check_dtype("Beta", dtype, _FLOAT_TYPES)
        for label, value in (("concentration0", concentration0),
                             ("concentration1", concentration1)):
            if isinstance(value, float):
                raise TypeError(f"Input {label} can't be scalar")
        super().__init__(seed, dtype, name,
                         {"param_dict": {"concentration1": concentration1,
                                         "concentration0": concentration0}, "seed": seed})
        _check_positive(concentration1, "concentration1")
        _check_positive(concentration0, "concentration0")
        self._store(concentration1=concentration1, concentration0=concentration0)
        self.digamma = DiGamma()
        self.lbeta = LBeta()

    @property
    def concentration1(self):
        value = self._stored["concentration1"]
        return None if value is None else self._out(value)

    @property
    def concentration0(self):
        value = self._stored["concentration0"]
        return None if value is None else self._out(value)

    def _log_prob(self, value, c1, c0):
        return ((c1 - 1) * jnp.log(value) + (c0 - 1) * jnp.log1p(-value)
                - _log_beta(c1, c0))

    def _prob(self, value, c1, c0):
        return jnp.exp(self._log_prob(value, c1, c0))

    cdf = _not_implemented("cdf")
    log_cdf = _not_implemented("log_cdf")
    survival_function = _not_implemented("survival_function")
    log_survival = _not_implemented("log_cdf")  # (MindSpore's message names log_cdf)

    def _mean(self, c1, c0):
        return c1 / (c1 + c0)

    def _var(self, c1, c0):
        total = c1 + c0
        return c1 * c0 / (total * total * (total + 1))

    def _mode(self, c1, c0):
        return jnp.where((c1 > 1) & (c0 > 1), (c1 - 1) / (c1 + c0 - 2), jnp.nan)

    def _entropy(self, c1, c0):
        total = c1 + c0
        return (_log_beta(c1, c0) - (c1 - 1) * jsp.digamma(c1) - (c0 - 1) * jsp.digamma(c0)
                + (total - 2) * jsp.digamma(total))

    def _kl(self, own, other):
        (c1a, c0a), (c1b, c0b) = own, other
        return (_log_beta(c1b, c0b) - _log_beta(c1a, c0a)
                - jsp.digamma(c1a) * (c1b - c1a) - jsp.digamma(c0a) * (c0b - c0a)
                + jsp.digamma(c1a + c0a) * (c1b + c0b - c1a - c0a))

    def _sample(self, key, shape, c1, c0):
        return jax.random.beta(key, jnp.broadcast_to(c1, shape), jnp.broadcast_to(c0, shape),
                               shape, c1.dtype)


def _log_beta(a, b):
    return jsp.gammaln(a) + jsp.gammaln(b) - jsp.gammaln(a + b)
