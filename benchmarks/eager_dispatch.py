"""Eager dispatch: msjax ops against the same `jax.numpy` calls, in one run.

    python benchmarks/eager_dispatch.py [--n 20000] [--repeat 7] [--size 4]

Prints microseconds per call for msjax and JAX and their ratio (target, issue 12: msjax/JAX
<= 1.20); `import msjax` against `import jax` is benchmarks/import_time.py. Small arrays make
the Python work per call visible: XLA's own work is a few hundred
nanoseconds, so the numbers are dispatch cost. Each figure is the best of `--repeat` runs.
"""
from __future__ import annotations

import argparse
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np

import msjax
from msjax import ops


def per_call_us(fn, n: int, repeat: int) -> float:
    """Best-of-`repeat` microseconds per call of `fn` over `n` calls (waiting for the last)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(n):
            out = fn()
        jax.block_until_ready(getattr(out, "_data", out))
        best = min(best, (time.perf_counter() - start) / n)
    return best * 1e6


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20000, help="calls per timing")
    parser.add_argument("--repeat", type=int, default=7, help="timings; the best is kept")
    parser.add_argument("--size", type=int, default=4, help="the arrays are size x size")
    args = parser.parse_args(argv)

    rng = np.random.default_rng(0)
    a_np = rng.standard_normal((args.size, args.size)).astype(np.float32)
    b_np = rng.standard_normal((args.size, args.size)).astype(np.float32)
    a, b = jnp.asarray(a_np), jnp.asarray(b_np)
    x, y = msjax.Tensor(a_np), msjax.Tensor(b_np)
    cases = [
        ("ops.add(x, y)", lambda: ops.add(x, y), "jnp.add(a, b)", lambda: jnp.add(a, b)),
        ("x + y", lambda: x + y, "a + b", lambda: a + b),
        ("ops.matmul(x, y)", lambda: ops.matmul(x, y), "jnp.matmul(a, b)",
         lambda: jnp.matmul(a, b)),
        ("x * 2.0", lambda: x * 2.0, "a * 2.0", lambda: a * 2.0),
    ]
    print(f"eager dispatch, {args.size}x{args.size} float32, best of {args.repeat} x {args.n} "
          f"calls ({jax.default_backend()})")
    print(f"{'msjax':<18} {'us/call':>8}   {'jax':<18} {'us/call':>8}   {'ratio':>6}")
    worst = 0.0
    for ms_name, ms_fn, jax_name, jax_fn in cases:
        ms_fn(), jax_fn()  # compile outside the timing
        t_jax = per_call_us(jax_fn, args.n, args.repeat)
        t_ms = per_call_us(ms_fn, args.n, args.repeat)
        worst = max(worst, t_ms / t_jax)
        print(f"{ms_name:<18} {t_ms:8.2f}   {jax_name:<18} {t_jax:8.2f}   {t_ms / t_jax:6.2f}")
    print(f"worst ratio {worst:.2f} (target <= 1.20): {'ok' if worst <= 1.20 else 'ABOVE TARGET'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
