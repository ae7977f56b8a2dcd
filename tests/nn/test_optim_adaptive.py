"""The adaptive optimizers where MindSpore 2.10's CPU build cannot be the reference: `nn.Lamb`
(no CPU kernel) against optax.lamb, `nn.FTRL` and `nn.Adagrad(update_slots=False)` (the CPU
kernels deviate from MindSpore's documented formulas) against NumPy; and every adaptive optimizer
the same eagerly and inside one compiled training step. Their MindSpore goldens (training
losses, states, parameter names, argument errors) are checked in test_optim.py."""
import jax.numpy as jnp
import numpy as np
import optax
import pytest

import msjax
from msjax import Parameter, Tensor, nn

GRADS = [np.array([[0.1, -0.2], [0.3, 0.05]], np.float32),
         np.array([[-0.3, 0.1], [0.2, -0.4]], np.float32),
         np.array([[0.05, 0.3], [-0.1, 0.2]], np.float32)]
START = np.array([[0.5, -0.3], [0.2, 0.8]], np.float32)


def run(optimizer_of, grads=GRADS, name="w"):
    weight = Parameter(Tensor(START), name=name)
    optimizer = optimizer_of([weight])
    values = []
    for grad in grads:
        optimizer((Tensor(grad),))
        values.append(weight.asnumpy().copy())
    return values, optimizer


@pytest.mark.parametrize("weight_decay, name", [(0.0, "w"), (0.1, "w"), (0.1, "bias.beta")])
def test_lamb_is_optax_lamb(weight_decay, name):
    """MindSpore's Lamb is Adam's bias-corrected direction plus weight decay, scaled by the trust
    ratio: optax.lamb; parameters named like 'beta'/'gamma' get no weight decay."""
    values, optimizer = run(lambda ps: nn.Lamb(ps, 0.01, weight_decay=weight_decay), name=name)
    decay = weight_decay if "beta" not in name else 0.0
    tx = optax.lamb(0.01, b1=0.9, b2=0.999, eps=1e-6, weight_decay=decay)
    params = jnp.asarray(START)
    state = tx.init(params)
    for grad, got in zip(GRADS, values):
        updates, state = tx.update(jnp.asarray(grad), state, params)
        params = optax.apply_updates(params, updates)
        np.testing.assert_allclose(got, params, rtol=1e-5, atol=1e-6)
    assert [p.name for p in optimizer.moments1] == [f"lamb_m.{name}"]


def numpy_ftrl(w, grads, lr, l1, l2, lr_power, accum0):
    accum, linear = np.full_like(w, accum0), np.zeros_like(w)
    out = []
    for g in grads:
        new_accum = accum + g * g
        linear = linear + g - (new_accum ** -lr_power - accum ** -lr_power) / lr * w
        quadratic = new_accum ** -lr_power / lr + 2 * l2
        w = np.where(np.abs(linear) > l1, (np.sign(linear) * l1 - linear) / quadratic, 0.0)
        accum = new_accum
        out.append(w.astype(np.float32))
    return out


def test_ftrl_follows_its_documented_formula():
    values, optimizer = run(lambda ps: nn.FTRL(ps, learning_rate=0.1, l1=0.001, l2=0.01))
    expected = numpy_ftrl(START, GRADS, 0.1, 0.001, 0.01, -0.5, 0.1)
    for got, want in zip(values, expected):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    assert [p.name for p in optimizer.get_parameters()][-2:] == ["moments.w", "linear.w"]


def test_adagrad_without_update_slots_keeps_accum():
    values, optimizer = run(lambda ps: nn.Adagrad(ps, accum=0.5, learning_rate=0.1,
                                                  update_slots=False))
    w = START.copy()
    for grad, got in zip(GRADS, values):
        w = w - 0.1 * grad / np.sqrt(0.5)
        np.testing.assert_allclose(got, w, rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(optimizer.accum[0].asnumpy(), np.full((2, 2), 0.5, np.float32))


OPTIMIZERS = {
    "RMSProp": lambda ps: nn.RMSProp(ps, learning_rate=0.01, momentum=0.9, centered=True),
    "Adagrad": lambda ps: nn.Adagrad(ps, learning_rate=0.1),
    "AdaMax": lambda ps: nn.AdaMax(ps, learning_rate=0.01),
    "Adadelta": lambda ps: nn.Adadelta(ps),
    "Lamb": lambda ps: nn.Lamb(ps, 0.01, weight_decay=0.01),
    "Rprop": lambda ps: nn.Rprop(ps),
    "ASGD": lambda ps: nn.ASGD(ps, lambd=0.01, t0=1.0),
    "FTRL": lambda ps: nn.FTRL(ps, learning_rate=0.1),
}


@pytest.mark.parametrize("kind", list(OPTIMIZERS))
def test_compiled_training_equals_eager(kind):
    def trained(compiled):
        msjax.set_seed(0)
        net = nn.Dense(3, 2)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                                   OPTIMIZERS[kind](net.trainable_params()))
        call = msjax.jit(step) if compiled else step
        x = Tensor(np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3))
        y = Tensor(np.ones((4, 2), np.float32))
        losses = [float(call(x, y).asnumpy()) for _ in range(3)]
        return losses, [p.asnumpy() for p in step.optimizer.get_parameters()]

    eager_losses, eager_states = trained(False)
    jit_losses, jit_states = trained(True)
    np.testing.assert_allclose(jit_losses, eager_losses, rtol=1e-5)
    assert eager_losses[-1] < eager_losses[0]
    for a, b in zip(jit_states, eager_states):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
