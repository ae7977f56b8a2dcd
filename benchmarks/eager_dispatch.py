"""Eager dispatch: msjax ops against the same `jax.numpy` calls, in one run.

    python benchmarks/eager_dispatch.py [--n 20000] [--repeat 7] [--size 4]

Prints microseconds per call for msjax and JAX and their ratio (target, issue 12: msjax/JAX
<= 1.20); `import msjax` against `import jax` is benchmarks/import_time.py. Small arrays make
the Python work per call visible: XLA's own work is a few hundred
nanoseconds, so the numbers are dispatch cost. Each figure is the best of `--repeat` rounds, and
the rounds interleave msjax and JAX so that the machine's drift affects both alike.
"""
from __future__ import annotations

import argparse
import sys

import jax
import jax.numpy as jnp
import numpy as np

import msjax
from msjax import ops

from _timing import interleaved_seconds, verdict


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20000, help="calls per timing")
    parser.add_argument("--repeat", type=int, default=7, help="rounds; the best is kept")
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
        # Tensor methods resolve their arguments against MindSpore's overload tables
        # (ops/overloads.py): one type-pattern lookup per call
        ("x.add(y)", lambda: x.add(y), "jnp.add(a, b)", lambda: jnp.add(a, b)),
        ("x.sum(0)", lambda: x.sum(0), "jnp.sum(a, 0)", lambda: jnp.sum(a, 0)),
        ("x.abs()", lambda: x.abs(), "jnp.abs(a)", lambda: jnp.abs(a)),
        # an op with MindSpore's dtype rule (ops/dtype_rules.py), checked once per signature
        ("ops.softmax(x)", lambda: ops.softmax(x), "jax.nn.softmax(a)",
         lambda: jax.nn.softmax(a)),
    ]
    print(f"eager dispatch, {args.size}x{args.size} float32, best of {args.repeat} x {args.n} "
          f"calls ({jax.default_backend()})")
    print(f"{'msjax':<18} {'us/call':>8}   {'jax':<18} {'us/call':>8}   {'ratio':>6}")
    worst = 0.0
    for ms_name, ms_fn, jax_name, jax_fn in cases:
        ms_fn(), jax_fn()  # compile outside the timing
        t_ms, t_jax = (seconds * 1e6 for seconds in interleaved_seconds(
            [ms_fn, jax_fn], number=args.n, rounds=args.repeat,
            sync=lambda out: jax.block_until_ready(getattr(out, "_data", out))))
        worst = max(worst, t_ms / t_jax)
        print(f"{ms_name:<18} {t_ms:8.2f}   {jax_name:<18} {t_jax:8.2f}   {t_ms / t_jax:6.2f}")
    print(f"worst ratio {worst:.2f} (target <= 1.20): {verdict(worst, 1.20)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
