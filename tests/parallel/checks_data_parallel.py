"""Data-parallel training on 8 host devices of one process (run by test_multi_device.py in a
subprocess with XLA_FLAGS=--xla_force_host_platform_device_count=8)."""
import jax
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn, ops
from msjax._src.nn.distributed import call_data_parallel
from tests.parallel.training import LeNet5, batches, train_lenet


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
    assert program.context.mesh.devices.shape == (1, 8)
    assert loss.shape == () and not loss._data.committed
    for param in net.get_parameters():
        assert len(param._value.sharding.device_set) == 1 and not param._value.committed
    # Parameters are ordinary arrays again: eager code and evaluation work as before.
    assert net(Tensor(x)).shape == (32, 10)


def test_batchnorm_statistics_are_those_of_the_rank_batch():
    data = batches(steps=2)
    expected, _ = train_lenet(data, batch_norm=True)
    _data_parallel()
    actual, _ = train_lenet(data, batch_norm=True)
    _assert_same_parameters(actual, expected)  # moving mean and variance included


def test_collectives_inside_a_data_parallel_step_act_over_the_ranks():
    class Probe(nn.Cell):
        def construct(self, x):
            return ops.AllReduce()(x.sum()), ops.AllGather()(x[:1])

    total, gathered = call_data_parallel(Probe(), (Tensor(np.ones((8, 3), np.float32)),))
    assert float(total.asnumpy()) == 24.0  # one rank: its whole batch
    assert gathered.shape == (1, 3)


def test_plain_train_one_step_cell_picks_up_the_data_parallel_context():
    _data_parallel()
    ms.set_seed(1)
    net = LeNet5()
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params()))
    assert train.reducer_flag
    assert isinstance(train.grad_reducer, nn.DistributedGradReducer)
