"""mindspore.data_sink, DatasetHelper and connect_network_with_dataset (MindSpore's CPU build
refuses data sinking; msjax sinks on every backend), checked against pure JAX."""
import numpy as np
import pytest

import msjax as ms
from msjax import nn
from tests.train.helpers import (TinyDataset, batches, initial_weights, jax_momentum_training, loss_fn,
                                 make_arrays, make_net, weights_of)


def _train_cell():
    net = make_net()
    return net, nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn()), nn.Momentum(net.trainable_params(), 0.1, 0.9))


@pytest.mark.parametrize("jit_config", [None, {"jit_level": "O0"}])
def test_data_sink_runs_sink_size_steps_per_call(jit_config):
    x, y = make_arrays(1)
    net, train = _train_cell()
    sink = ms.data_sink(train, TinyDataset(x, y, 4), sink_size=4, jit_config=jit_config)
    losses = [float(sink().asnumpy()) for _ in range(3)]  # 12 steps: two passes over 6 batches
    expected, expected_losses, _, _ = jax_momentum_training(initial_weights(), batches(x, y, 4) * 2)
    np.testing.assert_allclose(losses, expected_losses[3::4], rtol=1e-5)
    for ours, theirs in zip(weights_of(net), expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)


def test_data_sink_checks_sink_size():
    x, y = make_arrays(1)
    with pytest.raises(ValueError, match="The 'sink_size' must be positive, but got sink_size 0."):
        ms.data_sink(lambda a, b: a, TinyDataset(x, y, 4), sink_size=0)


def test_dataset_helper_with_connected_network_in_sink_mode():
    x, y = make_arrays(1)
    net, train = _train_cell()
    helper = ms.DatasetHelper(TinyDataset(x, y, 4), dataset_sink_mode=True, sink_size=3)
    connected = ms.connect_network_with_dataset(train, helper)
    outputs = [connected(*inputs) for inputs in helper]
    assert len(outputs) == 2 and helper.sink_size() == 3
    expected, losses, _, _ = jax_momentum_training(initial_weights(), batches(x, y, 4))
    np.testing.assert_allclose(float(outputs[-1].asnumpy()), losses[-1], rtol=1e-5)
    for ours, theirs in zip(weights_of(net), expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)


def test_dataset_helper_without_sink_yields_rows():
    x, y = make_arrays(1)
    net, train = _train_cell()
    helper = ms.DatasetHelper(TinyDataset(x, y, 4), dataset_sink_mode=False)
    assert ms.connect_network_with_dataset(train, helper) is train
    for inputs in helper:
        train(*inputs)
    expected, _, _, _ = jax_momentum_training(initial_weights(), batches(x, y, 4))
    for ours, theirs in zip(weights_of(net), expected):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)
    dtypes, shapes = helper.types_shapes()
    assert shapes == [(4, 4), (4,)] and dtypes == [ms.float32, ms.int32]
