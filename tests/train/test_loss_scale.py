"""Loss-scaled training where MindSpore's CPU build refuses it: checked against the same training
written in pure JAX (tests/train/helpers.py), in float32, float16 and bfloat16."""
import jax.numpy as jnp
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn
from msjax.train import DynamicLossScaleManager, FixedLossScaleManager, Model
from tests.train.helpers import (RecordSteps, TinyDataset, batches, initial_weights, jax_momentum_training,
                                 loss_fn, make_arrays, make_net, weights_of)


def _train(manager, x, y, epochs=1):
    net = make_net()
    model = Model(net, loss_fn(), nn.Momentum(net.trainable_params(), 0.1, 0.9), loss_scale_manager=manager)
    record = RecordSteps()
    model.train(epochs, TinyDataset(x, y, 4), callbacks=[record])
    return net, model, record


def test_dynamic_manager_matches_pure_jax_with_overflowing_first_steps():
    # 3e38 overflows float32 in the backward pass: the first steps are skipped and the scale halves
    # until the gradients are finite, then training proceeds with a scale doubled every 2 steps.
    x, y = make_arrays(1)
    x = x * 10  # gradients of the first layer then exceed float32's range at a scale of 3e38
    manager = DynamicLossScaleManager(init_loss_scale=3e38, scale_factor=2, scale_window=2)
    net, model, record = _train(manager, x, y)
    expected, losses, scales, overflows = jax_momentum_training(
        initial_weights(), batches(x, y, 4), scale=3e38, scale_window=2)
    assert overflows[0] and not all(overflows)  # the case really overflows, then trains
    for ours, theirs in zip(weights_of(net), expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose([loss for _, _, loss in record.records], losses, rtol=1e-5)
    scale_sense = model.train_network.scale_sense.asnumpy()
    np.testing.assert_allclose(scale_sense, scales[-1], rtol=1e-6)
    assert type(model.train_network).__name__ == "TrainOneStepWithLossScaleCell"
    assert manager.get_loss_scale() == pytest.approx(scales[-1], rel=1e-6)  # host copy follows


def test_overflowing_step_leaves_weights_and_optimizer_state_unchanged():
    net = make_net()
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    train = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, loss_fn()), opt,
                                             scale_sense=Tensor(np.float32(3e38)))
    before = {p.name: p.asnumpy().copy() for p in train.get_parameters()}
    x, y = make_arrays(1)
    loss, overflow, scale = train(Tensor(x[:4] * 10), Tensor(y[:4]))
    assert bool(overflow.asnumpy())
    assert np.isfinite(float(loss.asnumpy()))
    for p in train.get_parameters():
        np.testing.assert_array_equal(p.asnumpy(), before[p.name], err_msg=p.name)
    assert float(scale.asnumpy()) == pytest.approx(3e38)  # a Tensor scale is fixed


@pytest.mark.parametrize("dtype, scale, overflows", [
    (ms.float16, 2.0 ** 20, True),   # float16 gradients above 65504: overflow
    (ms.float16, 2.0 ** 4, False),
    (ms.bfloat16, 3e38, True),       # bfloat16 has float32's range
    (ms.bfloat16, 2.0 ** 4, False),
])
def test_overflow_detection_in_low_precision(dtype, scale, overflows):
    net = make_net()
    net.to_float(dtype)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    update = nn.DynamicLossScaleUpdateCell(loss_scale_value=scale, scale_factor=2, scale_window=1000)
    train = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, loss_fn()), opt, scale_sense=update)
    x, y = make_arrays(1)
    x = x * 10
    loss, overflow, new_scale = train(Tensor(x[:4]), Tensor(y[:4]))
    assert bool(overflow.asnumpy()) is overflows
    compute = jnp.float16 if dtype == ms.float16 else jnp.bfloat16
    expected, _, scales, flags = jax_momentum_training(initial_weights(), batches(x[:4], y[:4], 4),
                                                       scale=scale, scale_window=1000, compute_dtype=compute)
    assert flags == [overflows]
    assert float(new_scale.asnumpy()) == pytest.approx(scales[0])
    tolerance = 1e-2 if dtype == ms.bfloat16 else 2e-3
    for ours, theirs in zip(weights_of(net), expected):
        assert ours.dtype == np.float32  # to_float casts the computation, not the Parameters
        np.testing.assert_allclose(ours, theirs, rtol=tolerance, atol=tolerance)


def test_fixed_manager_with_drop_matches_unscaled_training():
    x, y = make_arrays(1)
    net, _, record = _train(FixedLossScaleManager(1024.0), x, y)
    expected, losses, _, _ = jax_momentum_training(initial_weights(), batches(x, y, 4))
    for ours, theirs in zip(weights_of(net), expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose([loss for _, _, loss in record.records], losses, rtol=1e-5)


def test_amp_o2_trains_in_float16_with_its_default_dynamic_manager():
    net = make_net()
    model = Model(net, loss_fn(), nn.Momentum(net.trainable_params(), 0.1, 0.9), amp_level="O2")
    x, y = make_arrays(1)
    model.train(1, TinyDataset(x, y, 4))
    expected, _, _, _ = jax_momentum_training(initial_weights(), batches(x, y, 4), scale=2.0 ** 24,
                                              compute_dtype=jnp.float16)
    assert type(model.train_network).__name__ == "TrainOneStepWithLossScaleCell"
    for ours, theirs in zip(weights_of(net), expected):
        np.testing.assert_allclose(ours, theirs, rtol=5e-3, atol=5e-3)


def test_all_finite_and_scalers_on_low_precision_values():
    from msjax import amp
    values = (Tensor(np.array([1.0, 2.0], np.float16)), Tensor(np.array([3.0], np.float32)))
    assert bool(amp.all_finite(values).asnumpy())
    big = Tensor(np.array([60000.0], np.float16)) * 2
    assert not bool(amp.all_finite((big,)).asnumpy())
    assert not bool(amp.all_finite([Tensor(np.array([np.nan], np.float32))]).asnumpy())
    assert amp.init_status().shape == (8,)
    scaler = amp.DynamicLossScaler(scale_value=2.0 ** 10, scale_factor=2, scale_window=3)
    scaled = scaler.scale(Tensor(np.float16(1.5)))
    assert scaled.dtype == ms.float16 and float(scaled.asnumpy()) == 1536.0
    scale = Parameter(Tensor(np.float32(4.0)), name="s")
    nn.FixedLossScaleUpdateCell(4.0)(scale, Tensor(True))
    assert float(scale.asnumpy()) == 4.0


def test_o2_keeps_batchnorm_in_float32_and_its_attributes_reachable():
    from msjax import amp

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(4, 6)
            self.bn = nn.BatchNorm1d(6)

        def construct(self, x):
            return self.bn(self.dense(x))

    net = Net()
    wrapped = amp.auto_mixed_precision(net, "O2")
    x, _ = make_arrays(1)
    out = wrapped(Tensor(x[:4]))
    assert out.dtype == ms.float32  # O2's output cast
    assert net.bn.gamma.dtype == ms.float32 and net.bn.fp32 and net.dense.fp16
    assert wrapped.dense is net.dense  # the wrapper forwards attribute access to its backbone
    assert net.dense(Tensor(x[:4])).dtype == ms.float16 and net.dense.weight.dtype == ms.float32
    # the Dense ran in float16: its output equals the float16 computation
    dense16 = x[:4].astype(np.float16) @ net.dense.weight.asnumpy().astype(np.float16).T \
        + net.dense.bias.asnumpy().astype(np.float16)
    bn = net.bn  # inference mode: the moving statistics (mean 0, variance 1)
    expected = (dense16.astype(np.float32) - bn.moving_mean.asnumpy()) / np.sqrt(
        bn.moving_variance.asnumpy() + bn.eps) * bn.gamma.asnumpy() + bn.beta.asnumpy()
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=2e-3, atol=2e-3)
