"""LeNet-5 in msjax and the same model and Adam(amsgrad) step in pure JAX, shared by benchmarks."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

import msjax as ms
from msjax import nn


class LeNet5(nn.Cell):
    def __init__(self, num_class=10, num_channel=1):
        super().__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode="valid")
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_class)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        return self.fc3(x)


class TrainOneStepNet(nn.Cell):
    """The vmap tutorial's training step."""

    def __init__(self, net, lr):
        super().__init__()
        self.loss_fn = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True,
                                                                             reduction="mean"))
        self.weight = ms.ParameterTuple(net.trainable_params())
        self.adam_optim = nn.Adam(self.weight, learning_rate=lr, use_amsgrad=True)

    def construct(self, batch, targets):
        loss = self.loss_fn(batch, targets)
        grad_weights = ms.grad(self.loss_fn, grad_position=None, weights=self.weight)(batch,
                                                                                      targets)
        self.adam_optim(grad_weights)
        return loss


# -- pure JAX ----------------------------------------------------------------------------------
def jax_params(net):
    """The weights of an msjax LeNet5 as a dict of jax arrays (same values)."""
    return {name: jnp.asarray(p.asnumpy()) for name, p in net.parameters_and_names()}


def _conv(x, w, b=None):
    out = jax.lax.conv_general_dilated(x, w, (1, 1), "VALID",
                                       dimension_numbers=("NCHW", "OIHW", "NCHW"))
    return out if b is None else out + b.reshape(1, -1, 1, 1)


def _pool(x):
    return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")


def lenet_jax(p, x):
    x = _pool(jax.nn.relu(_conv(x, p["conv1.weight"])))
    x = _pool(jax.nn.relu(_conv(x, p["conv2.weight"])))
    x = x.reshape(x.shape[0], -1)
    x = jax.nn.relu(x @ p["fc1.weight"].T + p["fc1.bias"])
    x = jax.nn.relu(x @ p["fc2.weight"].T + p["fc2.bias"])
    return x @ p["fc3.weight"].T + p["fc3.bias"]


def loss_jax(p, x, y):
    logits = lenet_jax(p, x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))


def adam_init(p):
    zeros = jax.tree_util.tree_map(jnp.zeros_like, p)
    return {"m": zeros, "v": zeros, "vhat": zeros, "b1p": jnp.float32(1.0),
            "b2p": jnp.float32(1.0)}


def train_step_jax(p, opt, x, y, lr, b1=0.9, b2=0.999, eps=1e-8):
    """One step of MindSpore's Adam(amsgrad) written directly in JAX."""
    loss, g = jax.value_and_grad(loss_jax)(p, x, y)
    b1p, b2p = opt["b1p"] * b1, opt["b2p"] * b2
    step = lr * jnp.sqrt(1 - b2p) / (1 - b1p)
    m = jax.tree_util.tree_map(lambda m, g: m + (g - m) * (1 - b1), opt["m"], g)
    v = jax.tree_util.tree_map(lambda v, g: v + (g * g - v) * (1 - b2), opt["v"], g)
    vhat = jax.tree_util.tree_map(jnp.maximum, opt["vhat"], v)
    p = jax.tree_util.tree_map(lambda p, m, vh: p - step * m / (jnp.sqrt(vh) + eps), p, m, vhat)
    return p, {"m": m, "v": v, "vhat": vhat, "b1p": b1p, "b2p": b2p}, loss


def random_batch(rng, *lead):
    x = rng.standard_normal((*lead, 1, 32, 32)).astype(np.float32)
    y = rng.integers(0, 10, lead).astype(np.int32)
    return x, y
