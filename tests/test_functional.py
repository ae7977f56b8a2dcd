"""`msjax.functional` / `msjax.write_parameters`: a Cell as a parameter pytree and a pure function.

msjax's own API (MindSpore has none): expected values come from the same Cell run the MindSpore
way (eager calls, `mindspore.value_and_grad`) or from the computation written in pure JAX.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import optax
import pytest

import msjax as ms
from msjax import Tensor, nn, ops

X = np.random.default_rng(0).standard_normal((4, 3)).astype(np.float32)
Y = np.random.default_rng(1).standard_normal((4, 2)).astype(np.float32)
# An output near 0 is a float32 sum of terms near 0.5 that XLA may add in another order when it
# compiles the whole function: a few float32 ulps of those terms (the weights are whatever NumPy's
# global generator gives, as MindSpore's initializers draw from it).
FLOAT32_SUMS = 1e-7


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(3, 5)
        self.fc2 = nn.Dense(5, 2)

    def construct(self, x):
        return self.fc2(ops.tanh(self.fc1(x)))


def _loss(apply):
    return lambda params, x, y: ((apply(params, x) - y) ** 2).mean()


def test_params_and_apply_match_the_cell():
    net = MLP()
    params, apply = ms.functional(net)
    assert list(params) == ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]
    np.testing.assert_allclose(np.asarray(jax.jit(apply)(params, X)),
                               net(Tensor(X)).asnumpy(), rtol=1e-6, atol=FLOAT32_SUMS)


def test_jax_grad_of_apply_equals_mindspores_value_and_grad():
    net = MLP()
    params, apply = ms.functional(net)
    grads = jax.jit(jax.grad(_loss(apply)))(params, X, Y)

    def loss_fn(x, y):
        return ((net(x) - y) ** 2).mean()

    _, want = ms.value_and_grad(loss_fn, None, net.trainable_params())(Tensor(X), Tensor(Y))
    for name, expected in zip(params, want):  # jax returns dicts with sorted keys: by name
        np.testing.assert_allclose(np.asarray(grads[name]), expected.asnumpy(), rtol=1e-5,
                                   atol=1e-7)


def test_jax_vmap_over_inputs_equals_one_call_per_example():
    net = MLP()
    params, apply = ms.functional(net)
    batched = jax.vmap(apply, in_axes=(None, 0))(params, X[:, None, :])
    for i in range(len(X)):
        np.testing.assert_allclose(np.asarray(batched[i]), net(Tensor(X[i:i + 1])).asnumpy(),
                                   rtol=1e-6, atol=FLOAT32_SUMS)


def test_optax_training_and_write_back():
    net = MLP()
    params, apply = ms.functional(net)
    before = {k: np.asarray(v) for k, v in params.items()}
    optimizer = optax.sgd(0.1)
    opt_state = optimizer.init(params)
    loss = _loss(apply)

    @jax.jit
    def step(params, opt_state):
        value, grads = jax.value_and_grad(loss)(params, X, Y)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, value, grads

    new_params, opt_state, first_loss, grads = step(params, opt_state)
    for name in params:  # SGD: p - lr * g, computed in NumPy
        np.testing.assert_allclose(np.asarray(new_params[name]),
                                   before[name] - 0.1 * np.asarray(grads[name]), rtol=1e-6)
    for name, param in zip(params, net.trainable_params()):  # apply changed nothing in the Cell
        np.testing.assert_array_equal(param.asnumpy(), before[name])
    for _ in range(20):
        new_params, opt_state, last_loss, _ = step(new_params, opt_state)
    assert float(last_loss) < float(first_loss)
    ms.write_parameters(net, new_params)
    np.testing.assert_allclose(net(Tensor(X)).asnumpy(), np.asarray(apply(new_params, X)),
                               rtol=1e-6)


class Normalised(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 4)
        self.bn = nn.BatchNorm1d(4)

    def construct(self, x):
        return self.bn(self.fc(x))


def test_state_written_while_running_comes_back_through_with_updates():
    net = Normalised()
    net.set_train(True)
    params, apply = ms.functional(net)
    with pytest.raises(RuntimeError, match=r"writes its Parameters .*moving_mean.* use "
                                           r"apply.with_updates"):
        apply(params, X)
    out, new_params = jax.jit(apply.with_updates)(params, X)
    want = net(Tensor(X))  # the eager call updates the statistics in the Cell
    np.testing.assert_allclose(np.asarray(out), want.asnumpy(), rtol=1e-5, atol=1e-6)
    for name, param in net.parameters_and_names():
        np.testing.assert_allclose(np.asarray(new_params[name]), param.asnumpy(), rtol=1e-6)


class Dropping(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dropout = nn.Dropout(p=0.5)

    def construct(self, x):
        return self.dropout(x)


def test_random_draws_take_a_key():
    net = Dropping()
    net.set_train(True)
    params, apply = ms.functional(net)
    x = np.ones((64,), np.float32)
    with pytest.raises(ValueError, match="draws random numbers .* pass a JAX key"):
        apply(params, x)
    a = jax.jit(apply)(params, x, key=jax.random.PRNGKey(1))
    b = jax.jit(apply)(params, x, key=jax.random.PRNGKey(1))
    c = jax.jit(apply)(params, x, key=jax.random.PRNGKey(2))
    np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
    assert not np.array_equal(np.asarray(a), np.asarray(c))
    assert set(np.unique(np.asarray(a)).tolist()) <= {0.0, 2.0}


def test_write_parameters_checks_everything_before_writing():
    net = MLP()
    params, _ = ms.functional(net)
    before = [p.asnumpy() for p in net.trainable_params()]
    bad_shape = {**params, "fc1.bias": jnp.zeros(5), "fc2.bias": jnp.zeros(3)}
    with pytest.raises(ValueError, match=r"'fc2.bias' has shape \(2,\), but the new value has "
                                         r"shape \(3,\)"):
        ms.write_parameters(net, bad_shape)
    with pytest.raises(KeyError, match=r"has no Parameters named \['fc3.weight'\]"):
        ms.write_parameters(net, {"fc3.weight": jnp.zeros(2)})
    for param, value in zip(net.trainable_params(), before):
        np.testing.assert_array_equal(param.asnumpy(), value)
    with pytest.raises(TypeError, match="'cell' must be a mindspore.nn.Cell, but got function"):
        ms.functional(lambda x: x)


def test_a_cell_inside_a_flax_nnx_model_trains_like_the_pure_jax_loop():
    nnx = pytest.importorskip("flax.nnx", reason="Flax is a test extra (pip install -e '.[test]')")

    class FromMindSpore(nnx.Module):
        """A MindSpore Cell inside a Flax NNX model: its Parameters are nnx.Params."""

        def __init__(self, params, apply):
            self.params = nnx.Dict({k: nnx.Param(v) for k, v in params.items()})
            self.apply = apply

        def __call__(self, x):
            return self.apply({k: v[...] for k, v in self.params.items()}, x)

    params, apply = ms.functional(MLP())
    model = FromMindSpore(params, apply)
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)

    @nnx.jit
    def nnx_step(model, optimizer):
        loss, grads = nnx.value_and_grad(lambda m: ((m(X) - Y) ** 2).mean())(model)
        optimizer.update(model, grads)
        return loss

    loss = _loss(apply)
    expected = dict(params)
    for _ in range(3):
        got_loss = nnx_step(model, optimizer)
        want_loss, grads = jax.value_and_grad(loss)(expected, X, Y)  # the plain JAX SGD loop
        expected = {k: v - 0.1 * grads[k] for k, v in expected.items()}
        np.testing.assert_allclose(float(got_loss), float(want_loss), rtol=1e-5)
    for name, value in expected.items():
        np.testing.assert_allclose(np.asarray(model.params[name][...]), np.asarray(value),
                                   rtol=1e-5, atol=1e-7)
