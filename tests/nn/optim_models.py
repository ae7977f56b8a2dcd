"""The models of tests/goldens/scripts/lenet.py, built from raw Parameters and msjax ops.

They hold exactly the parameters (names, shapes, order) of the MindSpore models the goldens were
recorded with, and compute the same functions, without depending on msjax's nn layers. Weights
come from the golden arrays (lenet.npz ``init/...``, ``small/init/...``, ``smallbn/init/...``).
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from msjax import Parameter, Tensor, ops
from msjax._src.nn.cell import Cell

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "goldens" / "nn"
LENET = np.load(GOLDEN_DIR / "lenet.npz")
LENET_META = json.loads((GOLDEN_DIR / "lenet.json").read_text(encoding="utf-8"))
EXTRA = json.loads((GOLDEN_DIR / "optim_extra.json").read_text(encoding="utf-8"))


class RawDense(Cell):
    """`nn.Dense`: `x @ weight.T + bias`."""

    def __init__(self, weight, bias):
        super().__init__()
        self.weight = Parameter(Tensor(weight))
        self.bias = Parameter(Tensor(bias))

    def construct(self, x):
        return ops.matmul(x, ops.transpose(self.weight, (1, 0))) + self.bias


class RawConv(Cell):
    """`nn.Conv2d(pad_mode='valid', has_bias=False)`."""

    def __init__(self, weight):
        super().__init__()
        self.weight = Parameter(Tensor(weight))

    def construct(self, x):
        return ops.conv2d(x, self.weight, pad_mode="valid")


class RawBatchNorm1d(Cell):
    """`nn.BatchNorm1d(n)` in training mode: batch statistics, moving averages with momentum 0.9
    (the moving variance from the unbiased batch variance), written with `ops.assign`."""

    def __init__(self, moving_mean, moving_variance, gamma, beta, eps=1e-5, momentum=0.9):
        super().__init__()
        self.moving_mean = Parameter(Tensor(moving_mean), requires_grad=False)
        self.moving_variance = Parameter(Tensor(moving_variance), requires_grad=False)
        self.gamma = Parameter(Tensor(gamma))
        self.beta = Parameter(Tensor(beta))
        self.eps, self.momentum = eps, momentum

    def construct(self, x):
        mean = ops.mean(x, 0)
        var = ops.mean(ops.square(x - mean), 0)
        n = x.shape[0]
        ops.assign(self.moving_mean, self.moving_mean * self.momentum + mean * (1 - self.momentum))
        ops.assign(self.moving_variance, self.moving_variance * self.momentum
                   + ops.stop_gradient(var) * (n / (n - 1)) * (1 - self.momentum))
        return (x - mean) / ops.sqrt(var + self.eps) * self.gamma + self.beta


class Small(Cell):
    """fc1=Dense(4,3), relu, fc2=Dense(3,2)."""

    def __init__(self, prefix="small/init/"):
        super().__init__()
        self.fc1 = RawDense(LENET[prefix + "fc1.weight"], LENET[prefix + "fc1.bias"])
        self.fc2 = RawDense(LENET[prefix + "fc2.weight"], LENET[prefix + "fc2.bias"])

    def construct(self, x):
        return self.fc2(ops.relu(self.fc1(x)))


class SmallBN(Cell):
    """fc1=Dense(4,3), bn=BatchNorm1d(3), relu, fc2=Dense(3,2)."""

    def __init__(self):
        super().__init__()
        init = "smallbn/init/"
        self.fc1 = RawDense(LENET[init + "fc1.weight"], LENET[init + "fc1.bias"])
        self.bn = RawBatchNorm1d(LENET[init + "bn.moving_mean"], LENET[init + "bn.moving_variance"],
                                 LENET[init + "bn.gamma"], LENET[init + "bn.beta"])
        self.fc2 = RawDense(LENET[init + "fc2.weight"], LENET[init + "fc2.bias"])

    def construct(self, x):
        return self.fc2(ops.relu(self.bn(self.fc1(x))))


def max_pool_2x2(x):
    """`nn.MaxPool2d(kernel_size=2, stride=2)` on even-sized inputs."""
    n, c, h, w = x.shape
    return ops.amax(ops.reshape(x, (n, c, h // 2, 2, w // 2, 2)), (3, 5))


class LeNet5(Cell):
    """The model-zoo LeNet-5 of lenet.py (convolutions without bias, 'valid' padding)."""

    def __init__(self):
        super().__init__()
        self.conv1 = RawConv(LENET["init/conv1.weight"])
        self.conv2 = RawConv(LENET["init/conv2.weight"])
        self.fc1 = RawDense(LENET["init/fc1.weight"], LENET["init/fc1.bias"])
        self.fc2 = RawDense(LENET["init/fc2.weight"], LENET["init/fc2.bias"])
        self.fc3 = RawDense(LENET["init/fc3.weight"], LENET["init/fc3.bias"])

    def construct(self, x):
        x = max_pool_2x2(ops.relu(self.conv1(x)))
        x = max_pool_2x2(ops.relu(self.conv2(x)))
        x = ops.flatten(x)
        x = ops.relu(self.fc1(x))
        x = ops.relu(self.fc2(x))
        return self.fc3(x)


class MSELoss(Cell):
    def construct(self, logits, labels):
        return ops.mse_loss(logits, labels)


class SparseSoftmaxCrossEntropy(Cell):
    """`nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')`."""

    def construct(self, logits, labels):
        return ops.cross_entropy(logits, labels)


MODELS = {"lenet": (LeNet5, SparseSoftmaxCrossEntropy, "x", "y"),
          "small": (Small, MSELoss, "small/x", "small/y"),
          "smallbn": (SmallBN, MSELoss, "small/x", "small/y")}


def make_case(model):
    """(network, loss Cell, x Tensor, y Tensor) of a golden model."""
    net_cls, loss_cls, x_key, y_key = MODELS[model]
    return net_cls(), loss_cls(), Tensor(LENET[x_key]), Tensor(LENET[y_key])
