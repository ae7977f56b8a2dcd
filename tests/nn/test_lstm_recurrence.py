"""`lstm_recurrence` (nn.LSTM's scan with its JVP written out) against the plain `lax.scan` of the
same cell differentiated by JAX, without and with `seq_length`: values, reverse- and forward-mode
derivatives, second order, `vmap`, and arguments that are not differentiated (symbolic zero
tangents)."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

from msjax._src.nn.layers.lstm_recurrence import lstm_recurrence

T, N, H = 5, 3, 4


@pytest.fixture(autouse=True)
def _with_64_bit_types():
    """These tests call msjax's JAX-level code directly, in float64: with 64-bit types on, as
    msjax runs its own code (core/x64.py)."""
    with jax.enable_x64(True):
        yield


LENGTHS = jnp.asarray([5, 2, 0], jnp.int32)  # a full sample, a short one, an empty one


def plain_recurrence(projected, h0, c0, w_hh, seq_length=None):
    """The LSTM cell as `rnn_jax.py` writes it: a scan JAX differentiates itself; with
    `seq_length`, a sample's state is kept and its output zero past its length."""
    def cell(state, gi):
        h, c = state
        i, f, g, o = jnp.split(gi + h @ w_hh.T, 4, axis=-1)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        h = jax.nn.sigmoid(o) * jnp.tanh(c)
        return (h, c), h
    if seq_length is None:
        (h, c), outputs = jax.lax.scan(cell, (h0, c0), projected)
        return outputs, h, c

    def masked_cell(state, step_inputs):
        gi, t = step_inputs
        new, h = cell(state, gi)
        valid = t < seq_length[:, None]
        state = (jnp.where(valid, new[0], state[0]), jnp.where(valid, new[1], state[1]))
        return state, jnp.where(valid, h, 0)
    (h, c), outputs = jax.lax.scan(masked_cell, (h0, c0),
                                   (projected, jnp.arange(projected.shape[0])))
    return outputs, h, c


def with_lengths(recurrence, seq_length):
    return lambda *args: recurrence(*args, seq_length=seq_length)


MASKS = pytest.mark.parametrize("seq_length", [None, LENGTHS], ids=["unmasked", "seq_length"])


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


@MASKS
def test_values_are_the_plain_scan_bit_for_bit(seq_length):
    args = inputs(dtype=np.float32)
    for ours, plain in zip(lstm_recurrence(*args, seq_length=seq_length),
                           plain_recurrence(*args, seq_length=seq_length)):
        np.testing.assert_array_equal(np.asarray(ours), np.asarray(plain))


@MASKS
def test_gradients_of_every_argument_match_autodiff_of_the_scan(seq_length):
    args, cots = inputs(), cotangents()
    ours = jax.grad(weighted_sum(with_lengths(lstm_recurrence, seq_length), cots),
                    argnums=(0, 1, 2, 3))(*args)
    plain = jax.grad(weighted_sum(with_lengths(plain_recurrence, seq_length), cots),
                     argnums=(0, 1, 2, 3))(*args)
    for a, b in zip(ours, plain):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-10, atol=1e-12)


def test_float32_gradients_under_jit_match_autodiff_of_the_scan():
    args = inputs(dtype=np.float32)
    cots = tuple(c.astype(jnp.float32) for c in cotangents())
    ours = jax.jit(jax.grad(weighted_sum(lstm_recurrence, cots), argnums=(0, 1, 2, 3)))(*args)
    plain = jax.grad(weighted_sum(plain_recurrence, cots), argnums=(0, 1, 2, 3))(*args)
    for a, b in zip(ours, plain):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=2e-5, atol=2e-6)


@MASKS
def test_forward_mode_matches_the_scan(seq_length):
    args = inputs()
    rng = np.random.default_rng(3)
    tangents = tuple(jnp.asarray(rng.normal(size=a.shape)) for a in args)
    _, ours = jax.jvp(with_lengths(lstm_recurrence, seq_length), args, tangents)
    _, plain = jax.jvp(with_lengths(plain_recurrence, seq_length), args, tangents)
    for a, b in zip(ours, plain):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-10, atol=1e-12)


@MASKS
@pytest.mark.parametrize("argnums", [(0,), (3,), (1, 2)])
def test_gradients_with_some_arguments_held_fixed(argnums, seq_length):
    # The other arguments' tangents are symbolic zeros: the rule skips or fills them.
    args, cots = inputs(), cotangents()
    ours = jax.grad(weighted_sum(with_lengths(lstm_recurrence, seq_length), cots),
                    argnums=argnums)(*args)
    plain = jax.grad(weighted_sum(with_lengths(plain_recurrence, seq_length), cots),
                     argnums=argnums)(*args)
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


@MASKS
def test_vmap_of_the_gradient_matches_the_scan(seq_length):
    batched = [jnp.stack([a, a * 0.5]) for a in inputs()]
    cots = cotangents()

    def grads(recurrence):
        loss = weighted_sum(with_lengths(recurrence, seq_length), cots)
        return jax.vmap(jax.grad(loss, argnums=(0, 3)))(*batched)
    for a, b in zip(grads(lstm_recurrence), grads(plain_recurrence)):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-10, atol=1e-12)
