"""Data-parallel training on 8 host devices of one process (run by test_multi_device.py in a
subprocess with XLA_FLAGS=--xla_force_host_platform_device_count=8)."""
import jax
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn, ops
from msjax._src.nn.distributed import call_data_parallel
from tests.parallel.training import LeNet5, batches, train_lenet
from tests.support import PRIVATE_JAX


def setup_module():
    assert jax.device_count() == 8, "these checks run with 8 host devices"


def _data_parallel():
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL,
                                 gradients_mean=True)


def _assert_same_parameters(actual, expected):
    assert actual.keys() == expected.keys()
    for name in expected:
        np.testing.assert_allclose(actual[name], expected[name], rtol=2e-5, atol=2e-6,
                                   err_msg=name)


@pytest.mark.parametrize("batch", [32, 12])
def test_lenet_data_parallel_equals_one_device_on_the_whole_batch(batch):
    """8 devices (6 for a batch of 12: as many as divide it) train as one device does."""
    data = batches(batch=batch)
    expected, expected_losses = train_lenet(data)
    _data_parallel()
    actual, losses = train_lenet(data)
    _assert_same_parameters(actual, expected)
    np.testing.assert_allclose(losses, expected_losses, rtol=1e-5)


def test_the_step_runs_on_every_device_and_writes_one_copy():
    _data_parallel()
    ms.set_seed(1)
    net = LeNet5()
    train = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")),
        nn.Momentum(net.trainable_params(), 0.01, 0.9))
    (x, y), = batches(steps=1)
    loss = train(Tensor(x), Tensor(y))
    program = next(iter(train._data_parallel_step.programs.values()))
    assert program.context.mesh.devices.shape == (8,)
    # With JAX's private fast paths the results and Parameters are arrays not committed to a
    # device; public JAX cannot uncommit one, and they are committed to the default device,
    # where eager code's arrays go (everything the step gives is on that one device): no copy
    # through the host each step.
    default = jax.devices()[0]
    for value in [loss._data] + [param._value for param in net.get_parameters()]:
        assert value.devices() == {default}
        assert value.committed is not PRIVATE_JAX
    # Parameters are ordinary arrays again: eager code and evaluation work as before.
    assert net(Tensor(x)).shape == (32, 10)


class MeanOfDeviceLosses(nn.Cell):
    """The loss of a batch as 8 devices compute it: the mean of the losses of its 8 slices,
    each through the network alone (its BatchNorm normalising with the slice's statistics)."""

    def __init__(self, net, devices=8):
        super().__init__(auto_prefix=False)
        self.net, self.devices = net, devices
        self.loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def construct(self, x, y):
        share = x.shape[0] // self.devices
        total = 0.0
        for d in range(self.devices):
            rows = slice(d * share, (d + 1) * share)
            total = total + self.loss_fn(self.net(x[rows]), y[rows])
        return total / self.devices


def test_batchnorm_statistics_are_those_of_each_devices_rows():
    data = batches(steps=2)
    ms.set_seed(1)
    net = LeNet5(batch_norm=True)
    train = nn.TrainOneStepCell(MeanOfDeviceLosses(net),
                                nn.Momentum(net.trainable_params(), 0.01, 0.9))
    train.set_train()
    losses = [float(train(Tensor(x), Tensor(y)).asnumpy()) for x, y in data]
    expected = {p.name: p.asnumpy() for p in net.trainable_params()}
    whole, _ = train_lenet(data, batch_norm=True)  # one BatchNorm over the whole batch
    _data_parallel()
    actual, actual_losses = train_lenet(data, batch_norm=True)
    _assert_same_parameters({k: actual[k] for k in expected}, expected)
    np.testing.assert_allclose(actual_losses, losses, rtol=1e-5)  # the process's mean loss
    assert not np.allclose(actual["conv1.weight"], whole["conv1.weight"], rtol=1e-4)
    # the moving statistics are the first device's: those of its rows alone
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.STAND_ALONE)
    first_rows, _ = train_lenet([(x[:4], y[:4]) for x, y in data[:1]], batch_norm=True)
    _data_parallel()
    one_step, _ = train_lenet(data[:1], batch_norm=True)
    np.testing.assert_allclose(one_step["bn.moving_mean"], first_rows["bn.moving_mean"],
                               rtol=1e-5, atol=1e-6)


def test_steady_steps_copy_nothing_through_the_host(monkeypatch):
    """After the first step a data-parallel step reads the replicated copies it wrote and
    writes back the first device's copies: no array goes through the host (on a GPU each copy
    is a synchronisation and two transfers; an H200 ran a ResNet-18 step 34x slower so). With
    JAX's private fast paths off too (as with a JAX newer than msjax's range), where public JAX
    cannot uncommit an array."""
    from msjax._src.backend import jax_private
    data = batches(steps=4)
    for private in (True, False):
        if not private:
            monkeypatch.setattr(jax_private, "uncommitted", lambda shard: None)
        _data_parallel()
        ms.set_seed(1)
        net = LeNet5(batch_norm=True)  # BatchNorm: statistics written per device
        train = nn.TrainOneStepCell(
            nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True,
                                                                  reduction="mean")),
            nn.Momentum(net.trainable_params(), 0.01, 0.9))
        assert train.reducer_flag
        train.set_train()
        inputs = [(Tensor(x), Tensor(y)) for x, y in data]
        train(*inputs[0])  # traces: the Parameters' first values are the user's arrays
        train(*inputs[1])  # traces again, over the arrays the first step wrote
        before = {p.name: p.asnumpy() for p in net.get_parameters()}
        with jax.transfer_guard_host_to_device("disallow_explicit"):
            for x, y in inputs[2:]:
                loss = train(x, y)
        assert np.isfinite(float(loss.asnumpy()))
        after = {p.name: p.asnumpy() for p in net.get_parameters()}
        assert not np.allclose(after["conv1.weight"], before["conv1.weight"])
        assert not np.allclose(after["bn.moving_mean"], before["bn.moving_mean"])
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.STAND_ALONE)


def test_collectives_inside_a_data_parallel_step_act_over_the_devices():
    class Probe(nn.Cell):
        def construct(self, x):
            return ops.AllReduce()(x.sum()), ops.AllGather()(x[:1])

    total, gathered = call_data_parallel(Probe(), (Tensor(np.ones((8, 3), np.float32)),))
    assert float(total.asnumpy()) == 24.0  # the sum of the 8 devices' sums: the whole batch
    assert gathered.shape == (8, 3)  # a device's first row from each of the 8


def test_plain_train_one_step_cell_picks_up_the_data_parallel_context():
    _data_parallel()
    ms.set_seed(1)
    net = LeNet5()
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params()))
    assert train.reducer_flag
    assert isinstance(train.grad_reducer, nn.DistributedGradReducer)
