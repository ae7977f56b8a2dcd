"""LeNet-5 and its training, shared by the data-parallel checks, the 2-process worker and the
benchmark: built from msjax.nn, trained with Momentum and SoftmaxCrossEntropyWithLogits."""
from __future__ import annotations

import numpy as np

import msjax as ms
from msjax import Tensor, nn


class LeNet5(nn.Cell):
    def __init__(self, num_class=10, num_channel=1, batch_norm=False):
        super().__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode="valid")
        self.bn = nn.BatchNorm2d(6) if batch_norm else None
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_class)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.conv1(x)
        if self.bn is not None:
            x = self.bn(x)
        x = self.max_pool2d(self.relu(x))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


def batches(steps=3, batch=32, seed=0):
    rng = np.random.default_rng(seed)
    return [(rng.standard_normal((batch, 1, 32, 32)).astype(np.float32),
             rng.integers(0, 10, batch).astype(np.int32)) for _ in range(steps)]


def train_lenet(data, train_cell_type=nn.TrainOneStepCell, seed=1, batch_norm=False, lr=0.01):
    """Train a LeNet-5 (initialised from `seed`) on `data` (a list of (x, y) arrays); returns its
    parameters by name (after training) and the losses."""
    ms.set_seed(seed)
    net = LeNet5(batch_norm=batch_norm)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=lr, momentum=0.9)
    train = train_cell_type(nn.WithLossCell(net, loss_fn), optimizer)
    train.set_train()
    losses = [float(train(Tensor(x), Tensor(y)).asnumpy()) for x, y in data]
    return {name: p.asnumpy() for name, p in net.parameters_and_names()}, losses
