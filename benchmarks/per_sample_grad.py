"""Per-sample gradients: msjax's vmap of grad over a batch of 256 against the same in pure JAX.

Target (issue "vmap, grad and model ensembling"): msjax/JAX <= 1.10.
Run: python benchmarks/per_sample_grad.py
"""
import jax
import jax.numpy as jnp
import numpy as np

import msjax as ms
from msjax import Tensor, nn

from _timing import interleaved_seconds, report


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(64, 256)
        self.fc2 = nn.Dense(256, 10)
        self.relu = nn.ReLU()

    def construct(self, x, y):
        logits = self.fc2(self.relu(self.fc1(x)))
        return -(ms.ops.log_softmax(logits, -1) * y).sum()


def loss_jax(p, x, y):
    logits = jax.nn.relu(x @ p["fc1.weight"].T + p["fc1.bias"]) @ p["fc2.weight"].T + p["fc2.bias"]
    return -(jax.nn.log_softmax(logits, -1) * y).sum()


def main():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((256, 64)).astype(np.float32)
    y = np.eye(10, dtype=np.float32)[rng.integers(0, 10, 256)]
    net = MLP()
    weights = net.trainable_params()
    per_sample = ms.vmap(ms.grad(net, None, weights))
    xt, yt = Tensor(x), Tensor(y)
    params = {name: jnp.asarray(p.asnumpy()) for name, p in net.parameters_and_names()}
    per_sample_jax = jax.jit(jax.vmap(jax.grad(loss_jax), in_axes=(None, 0, 0)))
    ours = per_sample(xt, yt)
    theirs = per_sample_jax(params, x, y)
    for g, name in zip(ours, ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]):
        np.testing.assert_allclose(g.asnumpy(), theirs[name], rtol=1e-4, atol=1e-5)
    t_ms, t_jax = interleaved_seconds([lambda: per_sample(xt, yt),
                                       lambda: per_sample_jax(params, x, y)],
                                      number=50, rounds=7, sync=jax.block_until_ready)
    report("vmap(grad) per-sample gradients, batch 256", t_ms, t_jax, 1.10, unit="ms")


if __name__ == "__main__":
    main()
