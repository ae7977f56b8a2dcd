"""A small MLP Cell called repeatedly in GRAPH_MODE against the same `jax.jit` function.

Target (issue 12, "One state core"): per-call msjax/JAX <= 1.10.  Run: python benchmarks/compiled_call.py
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
        self.fc1 = nn.Dense(32, 64)
        self.fc2 = nn.Dense(64, 10)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def main():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = MLP()
    x_np = np.random.default_rng(0).standard_normal((8, 32)).astype(np.float32)
    x = Tensor(x_np)
    params = [p.asnumpy() for p in net.get_parameters()]

    @jax.jit
    def mlp(w1, b1, w2, b2, x):
        return jax.nn.relu(x @ w1.T + b1) @ w2.T + b2

    jax_params = [jnp.asarray(p) for p in params]
    x_jax = jnp.asarray(x_np)
    np.testing.assert_allclose(net(x).asnumpy(), mlp(*jax_params, x_jax), rtol=1e-5, atol=1e-6)
    number = 2000
    t_ms, t_jax = interleaved_seconds([lambda: net(x), lambda: mlp(*jax_params, x_jax)],
                                      number=number, rounds=7, sync=jax.block_until_ready)
    report("GRAPH_MODE MLP call (8x32 -> 64 -> 10)", t_ms, t_jax, 1.10)


if __name__ == "__main__":
    main()
