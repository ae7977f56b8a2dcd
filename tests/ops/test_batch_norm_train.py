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
    """Compiled, the written-gradient function computes what the function autodiff
    differentiates (`_statistics_and_normalize`) does, bit for bit; and what the two-pass
    formulation (jnp.var) does, to float32 rounding."""
    x, weight, bias = inputs((4, 3, 5, 5))
    written_values = jax.jit(written)(x, weight, bias)
    unwritten = jax.jit(lambda *a: bnt._statistics_and_normalize(*a, EPS, 1))(x, weight, bias)
    for got, want in zip(written_values, unwritten):
        np.testing.assert_array_equal(np.asarray(got), np.asarray(want))
    for got, want in zip(written_values, jax.jit(plain)(x, weight, bias)):  # exact on a CPU
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=2e-6, atol=2e-6)


@pytest.mark.parametrize("offset, spread", [(0.5, 2.0), (1e3, 1e-2), (-4e4, 3.0), (0.0, 1e-6)],
                         ids=["unit", "large-mean-small-spread", "large-negative-mean", "tiny"])
@pytest.mark.parametrize("axis", [1, 3])
def test_one_pass_statistics_keep_float32_accuracy(offset, spread, axis):
    """The shifted one-pass sums (BatchNorm's statistics off XLA's CPU) against float64 NumPy:
    float32's accuracy, where the naive one-pass E[x**2] - E[x]**2 loses every digit (a mean
    1e5 times the spread) and jnp.var's two passes lose some (1.8e-3 relative there)."""
    rng = np.random.default_rng(3)
    x = (offset + spread * rng.normal(size=(8, 4, 6, 6))).astype(np.float32)
    x = np.moveaxis(x, 1, axis)
    axes = tuple(a for a in range(4) if a != axis)
    mean, var = jax.jit(bnt._one_pass_statistics, static_argnums=1)(x, axes)
    want_mean = x.astype(np.float64).mean(axes)
    want_var = x.astype(np.float64).var(axes)
    np.testing.assert_allclose(np.asarray(mean), want_mean, rtol=1e-6,
                               atol=1e-6 * (abs(offset) + spread))
    np.testing.assert_allclose(np.asarray(var), want_var, rtol=2e-6)
    naive = (x.astype(np.float32) ** 2).mean(axes) - x.astype(np.float32).mean(axes) ** 2
    if offset / spread > 1e4:  # the naive formula really fails here: the test's point
        assert np.abs(naive - want_var).max() > 10 * want_var.max()


def test_statistics_in_one_pass_off_the_cpu_and_in_two_on_it():
    """`jax.lax.platform_dependent` picks the formulation when the program is lowered: lowered
    for cuda or tpu (from this CPU) the activation is read by one multi-output pass after the
    first example's slice; for the CPU the two passes of jnp.var, computing here exactly what
    they do."""
    x, _, _ = inputs((4, 3, 5, 5))
    stats = jax.jit(bnt.batch_statistics, static_argnums=1)
    for platform in ("cuda", "tpu"):
        text = stats.trace(x, 1).lower(lowering_platforms=(platform,)).as_text()
        assert "stablehlo.slice" in text, platform
    cpu_text = stats.trace(x, 1).lower(lowering_platforms=("cpu",)).as_text()
    assert "stablehlo.slice" not in cpu_text
    if jax.default_backend() == "cpu":
        for got, want in zip(stats(x, 1), jax.jit(lambda x: (jnp.mean(x, (0, 2, 3)),
                                                            jnp.var(x, (0, 2, 3))))(x)):
            np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


def test_empty_batch_statistics_are_nan_as_jnp_var():
    mean, var = bnt.batch_statistics(jnp.zeros((0, 3, 2, 2), jnp.float32), 1)
    assert mean.shape == var.shape == (3,)
    assert np.isnan(np.asarray(mean)).all() and np.isnan(np.asarray(var)).all()


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
