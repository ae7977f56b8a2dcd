"""MindSpore's mixed_precision tutorial's functional loop: DynamicLossScaler with value_and_grad,
all_finite and an `if` on it inside `jit`, checked against the unscaled training in pure JAX
(scales are powers of two, so scaling is exact in float32)."""
import numpy as np

import msjax as ms
from msjax import Tensor, amp, nn
from tests.train.helpers import batches, initial_weights, jax_momentum_training, loss_fn, make_arrays, make_net


def test_dynamic_loss_scaler_loop_under_jit():
    model = make_net()
    criterion = loss_fn()
    optimizer = nn.Momentum(model.trainable_params(), 0.1, 0.9)
    loss_scaler = amp.DynamicLossScaler(scale_value=2 ** 16, scale_factor=2, scale_window=2)

    def forward_fn(data, label):
        logits = model(data)
        loss = criterion(logits, label)
        loss = loss_scaler.scale(loss)
        return loss, logits

    grad_fn = ms.value_and_grad(forward_fn, None, model.trainable_params(), has_aux=True)

    @ms.jit
    def train_step(data, label):
        (loss, _), grads = grad_fn(data, label)
        loss = loss_scaler.unscale(loss)
        is_finite = amp.all_finite(grads)
        if is_finite:
            grads = loss_scaler.unscale(grads)
            optimizer(grads)
        loss_scaler.adjust(is_finite)
        return loss

    x, y = make_arrays(1)
    losses = [float(train_step(Tensor(a), Tensor(b)).asnumpy()) for a, b in batches(x, y, 4)]
    expected, expected_losses, _, _ = jax_momentum_training(initial_weights(), batches(x, y, 4))
    np.testing.assert_allclose(losses, expected_losses, rtol=1e-5)
    for ours, theirs in zip([p.asnumpy() for p in model.trainable_params()], expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)
    assert float(loss_scaler.scale_value.asnumpy()) == 2.0 ** 19  # doubled after every 2 finite steps
