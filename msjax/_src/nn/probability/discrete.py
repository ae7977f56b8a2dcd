"""`nn.probability.distribution.Geometric` and `Poisson`: distributions over counts, with
MindSpore 2.10's values, checks and reprs (tests/goldens/scripts/distributions_more_probe.py).

- `Geometric(probs=None, seed=None, dtype=mstype.int32, name='Geometric')`: the number of
  failures before the first success, P(k) = probs·(1 - probs)^k for k = floor(value) ≥ 0.
- `Poisson(rate=None, seed=None, dtype=mstype.float32, name='Poisson')`: P(k) =
  rate^k e^(-rate) / k!; it has no entropy or KL divergence in MindSpore 2.10.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.nn.probability.distribution import (Distribution, _check_dtype, _check_scale,
                                                    _not_implemented)
from msjax._src.nn.probability.utils import check_prob

_NUMBER_TYPES = mstype.int_type + mstype.uint_type + mstype.float_type


class Geometric(Distribution):
    """`Geometric(probs=None, seed=None, dtype=mstype.int32, name='Geometric')` (module doc)."""

    _PARAMS = ("probs",)
    _DTYPES = _NUMBER_TYPES

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Geometric"):
        super().__init__(seed, dtype, name, {"param_dict": {"probs": probs}, "seed": seed})
        if probs is not None:
            check_prob(probs)
        self._store(probs=probs)

    @property
    def probs(self):
        return None if self._stored["probs"] is None else self._out(self._stored["probs"])

    def _prob(self, value, p):
        k = jnp.floor(value)
        return jnp.where(k < 0, 0.0, jnp.exp(jnp.log1p(-p) * k + jnp.log(p)))

    def _log_prob(self, value, p):
        return jnp.log(self._prob(value, p))

    def _cdf(self, value, p):
        k = jnp.floor(value)
        return jnp.where(k < 0, 0.0, 1.0 - jnp.power(1.0 - p, k + 1.0))

    def _mean(self, p):
        return (1.0 - p) / p

    def _var(self, p):
        return (1.0 - p) / (p * p)

    def mode(self, *args, **kwargs):
        """0, in the distribution's dtype (MindSpore's)."""
        (p,) = self._call_params(args, kwargs)
        return self._sample_out(jnp.zeros_like(p))

    def _entropy(self, p):
        q = 1.0 - p
        return (-q * jnp.log(q) - p * jnp.log(p)) / p

    def _kl(self, own, other):
        (a,), (b,) = own, other
        return jnp.log(a / b) + (1.0 - a) / a * jnp.log((1.0 - a) / (1.0 - b))

    def _sample(self, key, shape, p):
        tiny = np.finfo(np.float32).tiny
        uniform = jax.random.uniform(key, shape, jnp.float32, minval=tiny, maxval=1.0)
        return jnp.floor(jnp.log(uniform) / jnp.log1p(-p))


class Poisson(Distribution):
    """`Poisson(rate=None, seed=None, dtype=mstype.float32, name='Poisson')` (module doc)."""

    _PARAMS = ("rate",)
    _DTYPES = _NUMBER_TYPES

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Poisson"):
        _check_dtype("Poisson", dtype, _NUMBER_TYPES)  # (MindSpore checks it before `rate`)
        if isinstance(rate, (int, float)):
            raise TypeError("Input rate can't be scalar")
        super().__init__(seed, dtype, name, {"param_dict": {"rate": rate}, "seed": seed})
        _check_scale(rate, "rate must be greater than zero.")
        self._store(rate=rate)

    @property
    def rate(self):
        return None if self._stored["rate"] is None else self._out(self._stored["rate"])

    def _log_prob(self, value, rate):
        safe = jnp.maximum(value, 0.0)
        log_unnormalised = jnp.log(rate) * safe - jsp.gammaln(safe + 1.0)
        return jnp.where(value == safe, log_unnormalised, -jnp.inf) - rate

    def _prob(self, value, rate):
        return jnp.exp(self._log_prob(value, rate))

    def _cdf(self, value, rate):
        safe = jnp.maximum(value, 0.0)
        return jnp.where(value < 0, 0.0, jsp.gammaincc(1.0 + safe, rate))

    def _mean(self, rate):
        return rate

    _var = _mean

    def _mode(self, rate):
        return jnp.floor(rate)

    entropy = _not_implemented("entropy")
    kl_loss = _not_implemented("kl_loss")
    cross_entropy = _not_implemented("cross_entropy")

    def _sample(self, key, shape, rate):
        return jax.random.poisson(key, rate, shape)
