"""`lstm_recurrence` (nn.LSTM's scan with its JVP written out) against the plain `lax.scan` of the
same cell differentiated by JAX: values, reverse- and forward-mode derivatives, second order,
`vmap`, and arguments that are not differentiated (symbolic zero tangents)."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

from msjax._src.nn.layers.lstm_recurrence import lstm_recurrence

T, N, H = 5, 3, 4


def plain_recurrence(projected, h0, c0, w_hh):
    """The LSTM cell as `rnn_jax.py` writes it: a scan JAX differentiates itself."""
    def cell(state, gi):
        h, c = state
        i, f, g, o = jnp.split(gi + h @ w_hh.T, 4, axis=-1)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        h = jax.nn.sigmoid(o) * jnp.tanh(c)
        return (h, c), h
    (h, c), outputs = jax.lax.scan(cell, (h0, c0), projected)
    return outputs, h, c


def inputs(seed=0, dtype=np.float64):
    rng = np.random.default_rng(seed)
    return tuple(jnp.asarray(rng.normal(size=shape), dtype) for shape in
                 [(T, N, 4 * H), (N, H), (N, H), (4 * H, H)])


def weighted_sum(recurrence, cotangents):
    def loss(*args):
        return sum(jnp.vdot(out, cot) for out, cot in zip(recurrence(*args), cotangents))
    return loss


def cotangents():
    rng = np.random.default_rng(7)
    return tuple(jnp.asarray(rng.normal(size=shape)) for shape in [(T, N, H), (N, H), (N, H)])


def test_values_are_the_plain_scan_bit_for_bit():
    args = inputs(dtype=np.float32)
    for ours, plain in zip(lstm_recurrence(*args), plain_recurrence(*args)):
        np.testing.assert_array_equal(np.asarray(ours), np.asarray(plain))


def test_gradients_of_every_argument_match_autodiff_of_the_scan():
    args, cots = inputs(), cotangents()
    ours = jax.grad(weighted_sum(lstm_recurrence, cots), argnums=(0, 1, 2, 3))(*args)
    plain = jax.grad(weighted_sum(plain_recurrence, cots), argnums=(0, 1, 2, 3))(*args)
    for a, b in zip(ours, plain):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-10, atol=1e-12)


def test_float32_gradients_under_jit_match_autodiff_of_the_scan():
    args = inputs(dtype=np.float32)
    cots = tuple(c.astype(jnp.float32) for c in cotangents())
    ours = jax.jit(jax.grad(weighted_sum(lstm_recurrence, cots), argnums=(0, 1, 2, 3)))(*args)
    plain = jax.grad(weighted_sum(plain_recurrence, cots), argnums=(0, 1, 2, 3))(*args)
    for a, b in zip(ours, plain):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=2e-5, atol=2e-6)


def test_forward_mode_matches_the_scan():
    args = inputs()
    rng = np.random.default_rng(3)
    tangents = tuple(jnp.asarray(rng.normal(size=a.shape)) for a in args)
    _, ours = jax.jvp(lstm_recurrence, args, tangents)
    _, plain = jax.jvp(plain_recurrence, args, tangents)
    for a, b in zip(ours, plain):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("argnums", [(0,), (3,), (1, 2)])
def test_gradients_with_some_arguments_held_fixed(argnums):
    # The other arguments' tangents are symbolic zeros: the rule skips or fills them.
    args, cots = inputs(), cotangents()
    ours = jax.grad(weighted_sum(lstm_recurrence, cots), argnums=argnums)(*args)
    plain = jax.grad(weighted_sum(plain_recurrence, cots), argnums=argnums)(*args)
    for a, b in zip(ours, plain):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-10, atol=1e-12)


def test_second_order_matches_the_scan():
    args, cots = inputs(), cotangents()

    def gradient_norm(recurrence):
        grad = jax.grad(weighted_sum(recurrence, cots), argnums=3)
        return lambda *a: jnp.sum(grad(*a) ** 2)
    ours = jax.grad(gradient_norm(lstm_recurrence), argnums=(0, 3))(*args)
    plain = jax.grad(gradient_norm(plain_recurrence), argnums=(0, 3))(*args)
    for a, b in zip(ours, plain):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-9, atol=1e-11)


def test_vmap_of_the_gradient_matches_the_scan():
    batched = [jnp.stack([a, a * 0.5]) for a in inputs()]
    cots = cotangents()

    def grads(recurrence):
        return jax.vmap(jax.grad(weighted_sum(recurrence, cots), argnums=(0, 3)))(*batched)
    for a, b in zip(grads(lstm_recurrence), grads(plain_recurrence)):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-10, atol=1e-12)
