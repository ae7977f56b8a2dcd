"""Train-mode BatchNorm's written-out gradient (msjax/_src/ops/batch_norm_train.py) against JAX's
autodiff of the same formulation, and the forward-mode paths that must not use it.

Expected values come from `jax.vjp` / `jax.jacfwd` of the plain formulation (`jnp.mean`,
`jnp.var`, the normalisation), which is what msjax used before the gradient was written out.
The float64 reference and MindSpore's goldens for BatchNorm2d training are checked in
tests/nn/test_batchnorm_training.py (through `msjax.grad`, which uses the written gradient).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msjax
from msjax import Tensor, nn
from msjax._src.ops import batch_norm_train as bnt
from tests.support import PRIVATE_JAX

EPS = 1e-5


def plain(x, weight, bias, axis=1):
    axes = tuple(a for a in range(x.ndim) if a != axis)
    mean, var = jnp.mean(x, axes), jnp.var(x, axes)
    return bnt._normalize(x, mean, var, weight, bias, EPS, axis), mean, var


def inputs(shape, seed=0, axis=1):
    rng = np.random.default_rng(seed)
    channels = shape[axis]
    x = rng.normal(0.5, 2.0, shape).astype(np.float32)
    weight = rng.normal(1.0, 0.3, channels).astype(np.float32)
    bias = rng.normal(0.0, 0.3, channels).astype(np.float32)
    return x, weight, bias


def written(x, weight, bias, axis=1):
    return bnt._with_written_gradient(x, weight, bias, EPS, axis)


@pytest.mark.parametrize("shape, axis", [((4, 3, 5, 5), 1), ((6, 4), 1), ((2, 3, 4, 2, 3), 1),
                                         ((4, 5, 5, 3), 3)],
                         ids=["2d", "1d", "3d", "2d-channels-last"])
@pytest.mark.parametrize("cotangents", ["all", "output_only", "statistics_only"])
def test_written_gradient_equals_autodiff(shape, axis, cotangents):
    """Along axis 1 and along the last axis (MindSpore's NHWC layers and Primitives)."""
    x, weight, bias = inputs(shape, axis=axis)
    rng = np.random.default_rng(1)
    d_out = rng.normal(size=shape).astype(np.float32)
    d_mean = rng.normal(size=shape[axis]).astype(np.float32)
    d_var = rng.normal(size=shape[axis]).astype(np.float32)

    def loss(fn):
        def f(x, weight, bias):
            out, mean, var = fn(x, weight, bias)
            total = jnp.zeros((), x.dtype)
            if cotangents != "statistics_only":
                total = total + jnp.sum(out * d_out)
            if cotangents != "output_only":
                total = total + jnp.sum(mean * d_mean) + jnp.sum(var * d_var)
            return total
        return f

    want = jax.grad(loss(lambda *a: plain(*a, axis=axis)), argnums=(0, 1, 2))(x, weight, bias)
    got = jax.grad(loss(lambda *a: written(*a, axis=axis)), argnums=(0, 1, 2))(x, weight, bias)
    for name, g, w in zip(("dx", "dweight", "dbias"), got, want):
        scale = float(np.abs(w).max()) + 1e-6
        np.testing.assert_allclose(g, w, rtol=0, atol=2e-5 * scale, err_msg=name)


def test_channels_last_is_channels_first_transposed():
    """Normalising along the last axis gives the channels-first result moved (to float rounding:
    the reductions run in another order)."""
    x, weight, bias = inputs((4, 3, 5, 5))
    last = np.moveaxis(x, 1, -1)
    for got, want in zip(jax.jit(lambda x: written(x, weight, bias, axis=3))(last),
                         jax.jit(lambda x: written(x, weight, bias))(x)):
        want = np.moveaxis(np.asarray(want), 1, -1) if want.ndim == 4 else np.asarray(want)
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-6, atol=1e-6)


def test_forward_values_are_bit_identical():
    """Compiled, the written-gradient function computes what the plain formulation does."""
    x, weight, bias = inputs((4, 3, 5, 5))
    for got, want in zip(jax.jit(written)(x, weight, bias), jax.jit(plain)(x, weight, bias)):
        np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


def test_used_only_inside_reverse_mode_engine_and_not_under_forward_mode():
    x, weight, bias = inputs((4, 3, 5, 5))
    outside = jax.make_jaxpr(bnt.batch_norm_train, static_argnums=3)(x, weight, bias, EPS)
    assert "custom_vjp" not in str(outside)

    def traced_inside(x):
        with bnt.reverse_mode_only():
            return bnt.batch_norm_train(x, weight, bias, EPS)[0]
    # Whether a value is differentiated in forward mode is seen through JAX's private trace
    # classes: without them the written gradient is not used (JAX's autodiff of the plain
    # formulation, right in every mode).
    assert ("custom_vjp" in str(jax.make_jaxpr(traced_inside)(x))) is PRIVATE_JAX
    # forward mode inside the engine (jacfwd over grad) falls back to the plain formulation
    jac = jax.jacfwd(lambda x: jax.grad(lambda y: traced_inside(y).sum() ** 2)(x))(x[:1, :1])
    want = jax.jacfwd(lambda x: jax.grad(lambda y: plain(y, weight[:1], bias[:1])[0].sum() ** 2)(x))(x[:1, :1])
    np.testing.assert_allclose(jac, want, rtol=1e-4, atol=1e-4)


def test_msjax_grad_through_training_batchnorm_uses_the_written_gradient():
    x, weight, bias = inputs((4, 2, 3, 3))
    bn = nn.BatchNorm2d(2)
    bn.gamma.set_data(Tensor(weight))
    bn.beta.set_data(Tensor(bias))
    bn.set_train()
    d_out = np.random.default_rng(2).normal(size=x.shape).astype(np.float32)

    def weighted_sum(inp):
        return (bn(inp) * Tensor(d_out)).sum()

    marked = []

    def weighted_sum_recording(inp):
        marked.append(bnt._REVERSE_MODE_ONLY.get())
        return weighted_sum(inp)

    dx, (dgamma, dbeta) = msjax.grad(weighted_sum_recording, grad_position=0,
                                     weights=[bn.gamma, bn.beta])(Tensor(x))
    assert marked == [True]  # msjax's reverse-mode engine traces with the written gradient
    want = jax.grad(lambda x, w, b: jnp.sum(plain(x, w, b)[0] * d_out),
                    argnums=(0, 1, 2))(x, weight, bias)
    for got, w in zip((dx, dgamma, dbeta), want):
        np.testing.assert_allclose(got.asnumpy(), w, rtol=0,
                                   atol=2e-5 * (float(np.abs(w).max()) + 1e-6))


def test_float16_input_with_float32_parameters_keeps_dtypes():
    x, weight, bias = inputs((4, 3, 5, 5))
    x16 = x.astype(np.float16)
    d_out = np.random.default_rng(3).normal(size=x.shape).astype(np.float16)

    def loss(fn):
        return lambda x, w, b: jnp.sum((fn(x, w, b)[0] * d_out).astype(jnp.float32))

    want = jax.grad(loss(plain), argnums=(0, 1, 2))(x16, weight, bias)
    got = jax.grad(loss(written), argnums=(0, 1, 2))(x16, weight, bias)
    for name, g, w in zip(("dx", "dweight", "dbias"), got, want):
        assert g.dtype == w.dtype, name
        scale = float(np.abs(np.asarray(w, np.float32)).max())
        np.testing.assert_allclose(np.asarray(g, np.float32), np.asarray(w, np.float32),
                                   rtol=0, atol=4e-3 * scale, err_msg=name)
