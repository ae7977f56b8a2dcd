"""`nn.probability.distribution.Categorical` (a distribution over K classes given their
probabilities) and `TransformedDistribution` (a distribution pushed through a bijector), with
MindSpore 2.10's values, checks and reprs (tests/goldens/scripts/probability_probe.py).

- `Categorical(probs=None, seed=None, dtype=mstype.int32, name='Categorical')`: `probs` along
  the last axis (each row sums to 1); `prob`/`log_prob`/`cdf` of class indices, `mean` and `var`
  of the index (keeping a last axis of 1, as MindSpore's), `mode`, `entropy`, `kl_loss`,
  `cross_entropy` and `sample`.
- `TransformedDistribution(bijector, distribution, seed=None, name='transformed_distribution')`:
  y = bijector.forward(x) for x drawn from `distribution`; `log_prob(y)` is the distribution's
  at `bijector.inverse(y)` plus the inverse log-Jacobian; `mean` only for a linear bijector
  (constant Jacobian), as MindSpore's.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core import random
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.nn.probability.bijector import Bijector, Exp, GumbelCDF, Invert
from msjax._src.nn.probability.distribution import (Distribution, Normal, Uniform, _array,
                                                    _check_dtype)
from msjax._src.nn.probability.utils import check_prob, check_rank, check_sum_equal_one


class Categorical(Distribution):
    """`Categorical(probs=None, seed=None, dtype=mstype.int32, name='Categorical')` (module
    doc)."""

    _PARAMS = ("probs",)
    _DTYPES = mstype.uint_type + mstype.int_type + mstype.float_type  # (its error lists them so)

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Categorical"):
        param = {"param_dict": {"probs": probs}, "seed": seed}
        super().__init__(seed, dtype, name, param)
        if probs is not None:  # (each probability strictly inside (0, 1), as MindSpore's)
            values = np.asarray(_array(probs))
            check_rank(values)
            check_prob(values)
            check_sum_equal_one(values)
        self._stored = {"probs": None if probs is None else _array(probs)}

    def _compute_dtype(self):
        return np.dtype(np.float32)

    @property
    def probs(self):
        probs = self._stored["probs"]
        return None if probs is None else _wrap(probs)

    def _class_probs(self, value, probs):
        """The probability of each class index in `value`, broadcast with the batch."""
        value = jnp.asarray(value).astype(jnp.int32)
        shape = jnp.broadcast_shapes(value.shape, probs.shape[:-1])
        table = jnp.broadcast_to(probs, shape + probs.shape[-1:])
        return jnp.take_along_axis(table, jnp.broadcast_to(value, shape)[..., None], -1)[..., 0]

    def _prob(self, value, probs):
        return self._class_probs(value, probs)

    def _log_prob(self, value, probs):
        return jnp.log(self._class_probs(value, probs))

    def _cdf(self, value, probs):
        return self._class_probs(value, jnp.cumsum(probs, -1))

    def _classes(self, probs):
        return jnp.arange(probs.shape[-1], dtype=probs.dtype)

    def _mean(self, probs):
        return jnp.sum(probs * self._classes(probs), -1, keepdims=True)

    def _var(self, probs):
        deviation = self._classes(probs) - self._mean(probs)
        return jnp.sum(probs * deviation ** 2, -1, keepdims=True)

    def mode(self, *args, **kwargs):
        (probs,) = self._call_params(args, kwargs)
        return _wrap(jnp.argmax(probs, -1).astype(self._dtype._np))

    def _entropy(self, probs):
        return -jnp.sum(probs * jnp.log(probs), -1)

    def _kl(self, own, other):
        return jnp.sum(own[0] * (jnp.log(own[0]) - jnp.log(other[0])), -1)

    def _sample(self, key, shape, probs):
        batch = probs.shape[:-1]
        return jax.random.categorical(key, jnp.log(probs), shape=shape[:len(shape) - len(batch)]
                                      + batch)

    def sample(self, shape=(), *args, **kwargs):
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        (probs,) = self._call_params(args, kwargs)
        key = random.seeded_key(self._seed or None, type(self).__name__)  # anew at each call
        return _wrap(self._sample(key, shape + probs.shape[:-1], probs).astype(self._dtype._np))

    def extend_repr(self):
        probs = self._stored["probs"]
        return f"probs = {None if probs is None else np.asarray(probs)}"


class TransformedDistribution(Distribution):
    """`TransformedDistribution(bijector, distribution, seed=None,
    name='transformed_distribution')` (module doc)."""

    def __init__(self, bijector, distribution, seed=None, name="transformed_distribution"):
        kind = type(self).__name__
        if not isinstance(bijector, Bijector):
            raise TypeError(f"For '{kind}', the type of 'bijector' should be 'Bijector', but "
                            f"got type '{type(bijector).__name__}'.")
        if not isinstance(distribution, Distribution):
            raise TypeError(f"For '{kind}', the type of 'distribution' should be "
                            f"'Distribution', but got type '{type(distribution).__name__}'.")
        param = {"param_dict": {"bijector": bijector, "distribution": distribution},
                 "seed": seed}
        self._DTYPES = (distribution.dtype,)
        super().__init__(seed, distribution.dtype, name, param)
        self._bijector = bijector
        self._distribution = distribution
        self._is_linear_transformation = bijector.is_constant_jacobian

    @property
    def bijector(self):
        return self._bijector

    @property
    def distribution(self):
        return self._distribution

    @property
    def is_linear_transformation(self):
        return self._is_linear_transformation

    def _inverse(self, value):
        return self._bijector.inverse(value)

    def log_prob(self, value, *args, **kwargs):
        base = self._distribution.log_prob(self._inverse(value), *args, **kwargs)
        return base + self._bijector.inverse_log_jacobian(value)

    def prob(self, value, *args, **kwargs):
        return _wrap(jnp.exp(self.log_prob(value, *args, **kwargs)._data))

    def cdf(self, value, *args, **kwargs):
        return self._distribution.cdf(self._inverse(value), *args, **kwargs)

    def log_cdf(self, value, *args, **kwargs):
        return self._distribution.log_cdf(self._inverse(value), *args, **kwargs)

    def survival_function(self, value, *args, **kwargs):
        return self._distribution.survival_function(self._inverse(value), *args, **kwargs)

    def log_survival(self, value, *args, **kwargs):
        return self._distribution.log_survival(self._inverse(value), *args, **kwargs)

    def mean(self, *args, **kwargs):
        if not self._is_linear_transformation:
            raise ValueError("mean function must be implemented for non-linear transformation")
        return self._bijector.forward(self._distribution.mean(*args, **kwargs))

    def sample(self, shape=(), *args, **kwargs):
        return self._bijector.forward(self._distribution.sample(shape, *args, **kwargs))

    def extend_repr(self):
        return ""


class _ClosedForm(TransformedDistribution):
    """A transformed distribution MindSpore answers in closed form (LogNormal, Gumbel): its
    methods are the Distribution's, on its own parameters (`_PARAMS`), not the pushed-through
    ones of TransformedDistribution."""

    prob = Distribution.prob
    log_prob = Distribution.log_prob
    cdf = Distribution.cdf
    log_cdf = Distribution.log_cdf
    survival_function = Distribution.survival_function
    log_survival = Distribution.log_survival
    mean = Distribution.mean
    sample = Distribution.sample
    extend_repr = Distribution.extend_repr


_HALF_LOG_2PI = 0.5 * float(np.log(2 * np.pi))


class LogNormal(_ClosedForm):
    """`LogNormal(loc=None, scale=None, seed=0, dtype=mstype.float32, name='LogNormal')`:
    exp(X) for X ~ Normal(loc, scale), as TransformedDistribution(Exp, Normal) (its children),
    with MindSpore's closed forms (prob is nan at values ≤ 0, cdf 0 there)."""

    _PARAMS = ("loc", "scale")

    def __init__(self, loc=None, scale=None, seed=0, dtype=mstype.float32, name="LogNormal"):
        super().__init__(Exp(), Normal(loc, scale, dtype=dtype), seed=seed, name=name)
        self._param_dict = {"loc": loc, "scale": scale}
        self._store(loc=loc, scale=scale)

    @property
    def loc(self):
        return None if self._stored["loc"] is None else self._out(self._stored["loc"])

    @property
    def scale(self):
        return None if self._stored["scale"] is None else self._out(self._stored["scale"])

    def _log_prob(self, value, loc, scale):
        log_value = jnp.log(value)
        z = (log_value - loc) / scale
        return -0.5 * z * z - jnp.log(scale) - _HALF_LOG_2PI - log_value

    def _prob(self, value, loc, scale):
        return jnp.exp(self._log_prob(value, loc, scale))

    def _cdf(self, value, loc, scale):
        normal_cdf = 0.5 * jax.scipy.special.erfc(-(jnp.log(value) - loc) / (scale * np.sqrt(2)))
        return jnp.where(value > 0, normal_cdf, 0.0)

    def _mean(self, loc, scale):
        return jnp.exp(loc + 0.5 * scale * scale)

    def _mode(self, loc, scale):
        return jnp.exp(loc - scale * scale)

    def _var(self, loc, scale):
        variance = scale * scale
        return jnp.expm1(variance) * jnp.exp(2 * loc + variance)

    def _entropy(self, loc, scale):
        return loc + 0.5 + jnp.log(scale) + _HALF_LOG_2PI

    def _kl(self, own, other):
        return self._distribution._kl(own, other)

    def _sample(self, key, shape, loc, scale):
        return jnp.exp(loc + scale * jax.random.normal(key, shape, loc.dtype))


class Gumbel(_ClosedForm):
    """`Gumbel(loc, scale, seed=0, dtype=mstype.float32, name='Gumbel')`: the Gumbel
    distribution, as TransformedDistribution(Invert(GumbelCDF(loc, scale)), Uniform(0, 1)) (its
    children), in closed form. Its parameters are fixed: the methods take none (MindSpore's)."""

    _PARAMS = ("loc", "scale")

    def __init__(self, loc, scale, seed=0, dtype=mstype.float32, name="Gumbel"):
        _check_dtype("Gumbel", dtype, mstype.float_type)
        gumbel_cdf = GumbelCDF(loc, scale)
        super().__init__(Invert(gumbel_cdf), Uniform(0.0, 1.0, dtype=dtype), seed=seed,
                         name=name)
        self._param_dict = {"loc": loc, "scale": scale}
        self._store(loc=loc, scale=scale)
        self._gumbel_bijector = gumbel_cdf

    @property
    def loc(self):
        return self._out(self._stored["loc"])

    @property
    def scale(self):
        return self._out(self._stored["scale"])

    def _call_params(self, args, kwargs):
        if args or kwargs:
            raise TypeError("Gumbel's methods take no distribution parameters (loc and scale "
                            f"are fixed at construction), but got {len(args) + len(kwargs)}.")
        return [self._stored["loc"], self._stored["scale"]]

    def _other(self, dist, args):
        if dist != "Gumbel":
            raise ValueError(f"Expected dist input is Gumbel, but got {dist}.")
        if len(args) != 2:
            raise TypeError(f"Gumbel's kl_loss and cross_entropy take loc_b and scale_b, but got "
                            f"{len(args)} values.")
        return [_array(a, self._compute_dtype()) for a in args], self._call_params((), {})

    def _log_prob(self, value, loc, scale):
        z = (value - loc) / scale
        return -(z + jnp.exp(-z)) - jnp.log(scale)

    def _prob(self, value, loc, scale):
        return jnp.exp(self._log_prob(value, loc, scale))

    def _cdf(self, value, loc, scale):
        return jnp.exp(-jnp.exp(-(value - loc) / scale))

    def _mean(self, loc, scale):
        return loc + scale * np.euler_gamma

    def _mode(self, loc, scale):
        return loc * jnp.ones_like(scale)

    def _var(self, loc, scale):
        sd = scale * np.pi / np.sqrt(6.0)
        return sd * sd

    def _entropy(self, loc, scale):
        return 1.0 + jnp.log(scale) + np.euler_gamma

    def _kl(self, own, other):
        (loc_a, scale_a), (loc_b, scale_b) = own, other
        ratio = scale_a / scale_b
        return (jnp.log(scale_b / scale_a) + np.euler_gamma * (ratio - 1.0)
                + (loc_a - loc_b) / scale_b
                + jnp.expm1((loc_b - loc_a) / scale_b + jax.scipy.special.gammaln(ratio + 1.0)))

    def _sample(self, key, shape, loc, scale):
        uniform = jax.random.uniform(key, shape, loc.dtype)
        return loc - scale * jnp.log(-jnp.log(uniform))
