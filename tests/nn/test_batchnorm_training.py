"""`nn.BatchNorm2d` training against the exact math and against MindSpore 2.10.

The exact math is a float64 NumPy reference of train-mode BatchNorm: forward with the batch
statistics, the gradients with respect to the input, gamma and beta, and MindSpore's documented
moving-statistics update (``moving = momentum * moving + (1 - momentum) * batch``, with the
*unbiased* batch variance, which is what MindSpore 2.10 stores: the golden shows it). msjax is
checked against the reference at tiny batch and spatial sizes (N=2, 1x1), eagerly and compiled;
MindSpore's recorded outputs are checked against the same reference, which is how we know which
side deviates (neither does, within float32 rounding; see ``docs/migration.md``). A ResNet-shaped
network loaded from a MindSpore-written checkpoint then trains three steps as MindSpore does.

Goldens: ``tests/goldens/nn/batchnorm_training.{npz,json}`` and ``bn_resnet.ckpt``, recorded by
``tests/goldens/scripts/batchnorm_training.py``.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

import msjax
from msjax import Tensor, nn, ops

from tests.conftest import GOLDENS

GOLDEN = np.load(GOLDENS / "nn" / "batchnorm_training.npz")
META = json.loads((GOLDENS / "nn" / "batchnorm_training.json").read_text(encoding="utf-8"))
LAYER_CASES = list(META["layer_cases"])
EPS = 1e-5
MOMENTUM = 0.9          # MindSpore's: the weight of the old moving value
FLOAT32_EPS = float(np.finfo(np.float32).eps)


def batchnorm_train_reference(x, gamma, beta, moving_mean, moving_variance, dy, momentum=MOMENTUM,
                              eps=EPS):
    """Train-mode BatchNorm2d in float64: returns y, dx, dgamma, dbeta, new mean, new variance."""
    x, dy = x.astype(np.float64), dy.astype(np.float64)
    axes = (0, 2, 3)
    count = x.size // x.shape[1]
    per_channel = (1, -1, 1, 1)
    mean = x.mean(axes)
    variance = ((x - mean.reshape(per_channel)) ** 2).mean(axes)
    inv_std = 1.0 / np.sqrt(variance + eps)
    x_hat = (x - mean.reshape(per_channel)) * inv_std.reshape(per_channel)
    g = gamma.astype(np.float64).reshape(per_channel)
    y = x_hat * g + beta.astype(np.float64).reshape(per_channel)
    dgamma = (dy * x_hat).sum(axes)
    dbeta = dy.sum(axes)
    dx_hat = dy * g
    dx = (dx_hat - dx_hat.mean(axes, keepdims=True)
          - x_hat * (dx_hat * x_hat).mean(axes, keepdims=True)) * inv_std.reshape(per_channel)
    unbiased = variance * count / (count - 1)
    new_mean = momentum * moving_mean + (1 - momentum) * mean
    new_variance = momentum * moving_variance + (1 - momentum) * unbiased
    return dict(y=y, dx=dx, dgamma=dgamma, dbeta=dbeta, moving_mean=new_mean,
                moving_variance=new_variance)


def float32_tolerances(case):
    """Absolute tolerances for float32 results against the float64 reference.

    Centring x costs about eps32 * max|x| absolute, which normalisation divides by the batch
    standard deviation: the error of x_hat grows with max|x| / std (the conditioning). Every
    result is scaled by its own magnitude (|gamma|, |dy|, 1/std, the count).
    """
    x, dy, gamma = (GOLDEN[f"layer/{case}/{k}"].astype(np.float64) for k in ("x", "dy", "gamma"))
    axes = (0, 2, 3)
    count = x.size // x.shape[1]
    std = np.sqrt(x.var(axes) + EPS)
    conditioning = float(np.max(np.abs(x).max(axes) / std))
    rounding = 64 * FLOAT32_EPS * conditioning
    dy_max, gamma_max = float(np.abs(dy).max()), float(np.abs(gamma).max())
    return dict(y=rounding * (gamma_max + 1),
                dx=rounding * gamma_max * dy_max / float(std.min()),
                dgamma=rounding * dy_max * count,
                dbeta=64 * FLOAT32_EPS * dy_max * count,
                moving_mean=64 * FLOAT32_EPS * float(np.abs(x).max()),
                moving_variance=rounding * float(std.max() ** 2) + 64 * FLOAT32_EPS)


def reference_for(case):
    inputs = {k: GOLDEN[f"layer/{case}/{k}"] for k in ("x", "gamma", "beta", "dy")}
    channels = inputs["x"].shape[1]
    return batchnorm_train_reference(inputs["x"], inputs["gamma"], inputs["beta"],
                                     np.zeros(channels), np.ones(channels), inputs["dy"])


def msjax_batchnorm_train(case, compiled):
    """One train-mode call (y and the statistics), then the gradients (a second call), as the
    golden script does."""
    x, dy, gamma, beta = (GOLDEN[f"layer/{case}/{k}"] for k in ("x", "dy", "gamma", "beta"))
    bn = nn.BatchNorm2d(x.shape[1], momentum=MOMENTUM)
    bn.gamma.set_data(Tensor(gamma))
    bn.beta.set_data(Tensor(beta))
    bn.set_train()
    forward = msjax.jit(bn) if compiled else bn
    y = forward(Tensor(x)).asnumpy()
    stats = bn.moving_mean.asnumpy().copy(), bn.moving_variance.asnumpy().copy()

    def weighted_sum(inp):
        return (bn(inp) * Tensor(dy)).sum()

    grad_fn = msjax.grad(weighted_sum, grad_position=0, weights=[bn.gamma, bn.beta])
    if compiled:
        grad_fn = msjax.jit(grad_fn)
    dx, (dgamma, dbeta) = grad_fn(Tensor(x))
    return dict(y=y, moving_mean=stats[0], moving_variance=stats[1], dx=dx.asnumpy(),
                dgamma=dgamma.asnumpy(), dbeta=dbeta.asnumpy())


@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "jit"])
@pytest.mark.parametrize("case", LAYER_CASES)
def test_msjax_batchnorm_training_matches_float64_reference(case, compiled):
    expected, tolerance = reference_for(case), float32_tolerances(case)
    got = msjax_batchnorm_train(case, compiled)
    for key, value in got.items():
        np.testing.assert_allclose(value, expected[key], rtol=0, atol=tolerance[key],
                                   err_msg=f"{case}: {key}")


@pytest.mark.parametrize("case", LAYER_CASES)
def test_mindspore_batchnorm_training_matches_float64_reference(case):
    """MindSpore 2.10's own outputs meet the same reference: it does not deviate either."""
    expected, tolerance = reference_for(case), float32_tolerances(case)
    for key in expected:
        np.testing.assert_allclose(GOLDEN[f"layer/{case}/{key}"], expected[key], rtol=0,
                                   atol=tolerance[key], err_msg=f"{case}: {key}")


def test_moving_variance_is_the_unbiased_batch_variance():
    """At N=2 and 1x1 spatial the unbiased variance is twice the biased one: the reference, msjax
    and MindSpore store the unbiased one (a biased update would be off by far more than rounding)."""
    case = "2x3x1x1_loc0.5_scale2.0"
    x = GOLDEN[f"layer/{case}/x"].astype(np.float64)
    biased = MOMENTUM + (1 - MOMENTUM) * x.var((0, 2, 3))
    got = msjax_batchnorm_train(case, compiled=False)["moving_variance"]
    np.testing.assert_allclose(got, reference_for(case)["moving_variance"], rtol=1e-6)
    np.testing.assert_allclose(GOLDEN[f"layer/{case}/moving_variance"], got, rtol=1e-6)
    assert np.max(np.abs(got - biased)) > 1e-2


# ----------------------------------------------------------------------------------------------
# A ResNet-shaped network with MindSpore's weights, three training steps
# ----------------------------------------------------------------------------------------------
def conv3x3(cin, cout, stride):
    return nn.Conv2d(cin, cout, 3, stride=stride, pad_mode="pad", padding=1, has_bias=False)


class BasicBlock(nn.Cell):
    """ResNet's basic block: two 3x3 conv + BatchNorm, a 1x1 conv + BatchNorm shortcut when the
    shape changes."""

    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = conv3x3(cin, cout, stride)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = conv3x3(cout, cout, 1)
        self.bn2 = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU()
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.SequentialCell([nn.Conv2d(cin, cout, 1, stride=stride, has_bias=False),
                                           nn.BatchNorm2d(cout)])

    def construct(self, x):
        identity = x if self.down is None else self.down(x)
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        return self.relu(out + identity)


class ResNetShaped(nn.Cell):
    """The golden script's network: 8x8 input down to 1x1 spatial (BatchNorm over 8 values)."""

    def __init__(self, num_classes=10):
        super().__init__()
        self.conv1 = conv3x3(3, 8, 1)
        self.bn1 = nn.BatchNorm2d(8)
        self.relu = nn.ReLU()
        self.layer1 = BasicBlock(8, 8, 2)
        self.layer2 = BasicBlock(8, 16, 2)
        self.layer3 = BasicBlock(16, 16, 2)
        self.pool = ops.ReduceMean(keep_dims=False)
        self.fc = nn.Dense(16, num_classes)

    def construct(self, x):
        x = self.relu(self.bn1(self.conv1(x)))
        x = self.layer3(self.layer2(self.layer1(x)))
        return self.fc(self.pool(x, (2, 3)))


def loaded_resnet():
    net = ResNetShaped()
    not_loaded = msjax.load_param_into_net(
        net, msjax.load_checkpoint(str(GOLDENS / "nn" / "bn_resnet.ckpt")))
    assert not any(not_loaded), not_loaded
    assert [n for n, _ in net.parameters_and_names()] == META["resnet"]["parameters_and_names"]
    return net


def relative_error(got, expected):
    return float(np.max(np.abs(got - expected)) / max(float(np.max(np.abs(expected))), 1e-30))


def test_resnet_shaped_gradients_match_mindspore():
    net = loaded_resnet()
    net.set_train()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def forward_fn(data, label):
        return loss_fn(net(data), label)

    grad_fn = msjax.value_and_grad(forward_fn, None, net.trainable_params())
    loss, grads = grad_fn(Tensor(GOLDEN["resnet/x"]), Tensor(GOLDEN["resnet/y"]))
    assert abs(float(loss.asnumpy()) - META["resnet"]["value_and_grad_loss"]) < 1e-5
    for param, grad in zip(net.trainable_params(), grads):
        assert relative_error(grad.asnumpy(), GOLDEN["resnet/grad/" + param.name]) < 1e-5, \
            param.name


def test_resnet_shaped_three_training_steps_match_mindspore():
    """GRAPH_MODE, TrainOneStepCell + Momentum: every parameter (BatchNorm moving statistics
    included) within 1e-5 relative of MindSpore's after each of three steps."""
    msjax.set_context(mode=msjax.GRAPH_MODE)
    net = loaded_resnet()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
    train.set_train()
    x, y = Tensor(GOLDEN["resnet/x"]), Tensor(GOLDEN["resnet/y"])
    for step in range(1, 4):
        loss = float(train(x, y).asnumpy())
        assert abs(loss - GOLDEN["resnet/loss"][step - 1]) <= 1e-5 * abs(loss), step
        for name, param in net.parameters_and_names():
            expected = GOLDEN[f"resnet/step{step}/{name}"]
            assert relative_error(param.asnumpy(), expected) < 1e-5, (step, name)

