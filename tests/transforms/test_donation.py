"""Buffer donation of compiled training steps (compiled.py `_compile`, `owned_values`).

A compiled step donates the input buffers of the Parameters and optimizer state it writes, so
an update reuses them instead of holding two copies. On CPU, jax 0.10.2 honours donation: the
updated value lands in the donated buffer (`unsafe_buffer_pointer` unchanged), which is what
these tests check; an array something else still references is copied first, so it stays
usable. Expected values come from the same steps run in PYNATIVE mode (no donation).
"""
from __future__ import annotations

import numpy as np

import msjax as ms
from msjax import Parameter, Tensor, nn

_X = Tensor(np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3))
_Y = Tensor(np.linspace(0, 1, 8, dtype=np.float32).reshape(4, 2))


def _train_step():
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    return net, opt, nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)


def _run(mode, steps=3):
    ms.set_context(mode=mode)
    net, opt, step = _train_step()
    losses = [float(step(_X, _Y).asnumpy()) for _ in range(steps)]
    return losses, [p.asnumpy() for p in (net.weight, net.bias, *opt.moments)]


def test_graph_mode_train_step_donates_written_buffers_and_matches_pynative():
    ms.set_context(mode=ms.GRAPH_MODE)
    net, opt, step = _train_step()
    step(_X, _Y)  # compile
    written = (net.weight, net.bias, *opt.moments)
    before = [p._value.unsafe_buffer_pointer() for p in written]
    lr_before = opt.learning_rate._value.unsafe_buffer_pointer()
    step(_X, _Y)
    assert [p._value.unsafe_buffer_pointer() for p in written] == before  # updated in place
    assert opt.learning_rate._value.unsafe_buffer_pointer() == lr_before  # read, not written
    assert not opt.learning_rate._value.is_deleted()
    graph, pynative = _run(ms.GRAPH_MODE), _run(ms.PYNATIVE_MODE)
    np.testing.assert_allclose(graph[0], pynative[0], rtol=1e-6)
    for a, b in zip(graph[1], pynative[1]):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)


def test_jit_value_and_grad_step_donates():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = nn.SGD(net.trainable_params(), 0.1)
    loss_fn = nn.MSELoss()
    grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)

    @ms.jit
    def step(x, y):
        loss, grads = grad_fn(x, y)
        opt(grads)
        return loss

    step(_X, _Y)
    before = net.weight._value.unsafe_buffer_pointer()
    loss = float(step(_X, _Y).asnumpy())
    assert net.weight._value.unsafe_buffer_pointer() == before
    w = np.ones((2, 3), np.float32)
    b = np.zeros(2, np.float32)
    x, y = _X.asnumpy(), _Y.asnumpy()
    for _ in range(2):  # the same two SGD steps in NumPy
        err = x @ w.T + b - y
        expected_loss = float((err ** 2).mean())
        w = w - 0.1 * (2 * err.T @ x / err.size)
        b = b - 0.1 * (2 * err.sum(0) / err.size)
    np.testing.assert_allclose(loss, expected_loss, rtol=1e-5)
    np.testing.assert_allclose(net.weight.asnumpy(), w, rtol=1e-5)


def test_value_the_user_keeps_is_not_donated():
    ms.set_context(mode=ms.GRAPH_MODE)
    net, _, step = _train_step()
    step(_X, _Y)
    kept = net.weight.value()  # aliases the Parameter's array
    kept_numbers = kept.asnumpy().copy()
    before = net.weight._value.unsafe_buffer_pointer()
    step(_X, _Y)
    assert not kept._data.is_deleted()
    np.testing.assert_array_equal(kept.asnumpy(), kept_numbers)
    assert net.weight._value.unsafe_buffer_pointer() != before  # a copy was donated
    assert not np.array_equal(net.weight.asnumpy(), kept_numbers)


def test_array_shared_by_two_parameters_is_not_donated():
    ms.set_context(mode=ms.GRAPH_MODE)
    net, _, step = _train_step()
    other = Parameter(Tensor(np.ones((2, 3), np.float32)), name="other")
    step(_X, _Y)
    other._value = net.weight._value  # the same array held by a Parameter outside the step
    step(_X, _Y)
    assert not other._value.is_deleted()
    assert not np.array_equal(other.asnumpy(), net.weight.asnumpy())
