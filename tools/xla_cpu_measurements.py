"""Measurements behind two lowering choices of msjax on XLA's CPU backend (pure JAX, no msjax).

  python tools/xla_cpu_measurements.py rows [N]   compile time of Adam updates of N blocks'
      Parameters (6 kinds each): gradients as separate arrays, against gradients that are rows of
      one stacked array per kind (as a lax.scan over the blocks returns them), against the update
      done on the stacked arrays. Why lazy_inline inlines chains whose gradients feed an
      optimizer inside the program.
  python tools/xla_cpu_measurements.py lenet      one LeNet-5 value_and_grad, batch 64, per call:
      the bound under every JAX formulation of benchmarks/ensemble_training.py (compare
      tools/torch_ensemble_reference.py --single).
"""
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np

SHAPES = [(1024, 256), (1024,), (256, 1024), (256,), (256,), (256,)]


def adam(p, m, v, g, lr=1e-3, b1=0.9, b2=0.999):
    m = m + (g - m) * (1 - b1)
    v = v + (g * g - v) * (1 - b2)
    return p - lr * m / (jnp.sqrt(v) + 1e-8), m, v


def compile_seconds(f, *args):
    start = time.perf_counter()
    jax.jit(f).trace(*args).lower().compile()
    return time.perf_counter() - start


def rows(n):
    rng = np.random.default_rng(0)
    per_param = [[rng.standard_normal(s).astype(np.float32) for s in SHAPES for _ in range(n)]
                 for _ in range(4)]
    stacked_grads = [rng.standard_normal((n,) + s).astype(np.float32) for s in SHAPES]
    stacked = [[rng.standard_normal((n,) + s).astype(np.float32) for s in SHAPES]
               for _ in range(4)]

    def separate(P, M, V, G):
        return [adam(*t) for t in zip(P, M, V, G)]

    def from_rows(P, M, V, G):
        return separate(P, M, V, [r for g in G for r in jax.lax.unstack(g)])

    def on_stacks(P, M, V, G):
        return [adam(*t) for t in zip(P, M, V, G)]

    print(f"Adam over {6 * n} Parameters ({n} blocks), XLA compile:")
    print(f"  gradients as separate arrays     {compile_seconds(separate, *per_param):6.2f} s")
    print(f"  gradients as rows of stacks      "
          f"{compile_seconds(from_rows, *per_param[:3], stacked_grads):6.2f} s")
    print(f"  the update on stacked arrays     {compile_seconds(on_stacks, *stacked):6.2f} s")


def lenet():
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1] / "benchmarks"))
    from _timing import per_call_seconds
    from lenet import LeNet5, jax_params, loss_jax, random_batch
    params = jax_params(LeNet5())
    x, y = (jnp.asarray(a) for a in random_batch(np.random.default_rng(0), 64))
    step = jax.jit(jax.value_and_grad(loss_jax))
    jax.block_until_ready(step(params, x, y))
    seconds = per_call_seconds(lambda: step(params, x, y), number=20, repeat=5,
                               sync=jax.block_until_ready)
    print(f"LeNet-5 value_and_grad, batch 64, XLA CPU: {seconds * 1e3:.2f} ms per call")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    if what == "rows":
        rows(int(sys.argv[2]) if len(sys.argv) > 2 else 48)
    elif what == "lenet":
        lenet()
    else:
        sys.exit(__doc__)
