"""Instructions per call of msjax against pure JAX, counted by valgrind's callgrind.

    python tools/instruction_counts.py matmul|add|plus|mul_scalar|cell [--n 2000]

The cases are those of benchmarks/eager_dispatch.py (`ops.matmul(x, y)` against
`jnp.matmul(a, b)`, ...) and benchmarks/compiled_call.py (`cell`: the GRAPH_MODE MLP call against
its `jax.jit` function). On a shared machine wall times drift by tens of percent; instruction
counts do not, so they show what a change to a hot path saves. The script runs itself under
`valgrind --tool=callgrind` (several minutes of wall time: valgrind is slow), after the imports
and warm-up calls zeroes the counters (`--zero-before` on a marker, `binascii.crc_hqx`), runs
the msjax calls through `itertools.starmap` and the JAX calls through `map`, and reads each
loop's inclusive count from `callgrind_annotate`.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = ("matmul", "add", "plus", "mul_scalar", "cell")


def _callables(case):
    """(msjax call taking no argument, JAX call taking one ignored argument) for `case`."""
    import jax
    import jax.numpy as jnp
    import numpy as np

    import msjax
    from msjax import Tensor, ops

    rng = np.random.default_rng(0)
    a_np = rng.standard_normal((4, 4)).astype(np.float32)
    b_np = rng.standard_normal((4, 4)).astype(np.float32)
    a, b = jnp.asarray(a_np), jnp.asarray(b_np)
    x, y = Tensor(a_np), Tensor(b_np)
    if case == "matmul":
        return (lambda: ops.matmul(x, y)), (lambda _: jnp.matmul(a, b))
    if case == "add":
        return (lambda: ops.add(x, y)), (lambda _: jnp.add(a, b))
    if case == "plus":
        return (lambda: x + y), (lambda _: a + b)
    if case == "mul_scalar":
        return (lambda: x * 2.0), (lambda _: a * 2.0)
    msjax.set_context(mode=msjax.GRAPH_MODE)
    sys.path.insert(0, os.path.join(_ROOT, "benchmarks"))
    from compiled_call import MLP  # the benchmark's own Cell

    net = MLP()
    inputs_np = rng.standard_normal((8, 32)).astype(np.float32)
    inputs, inputs_jax = Tensor(inputs_np), jnp.asarray(inputs_np)
    params = [jnp.asarray(p.asnumpy()) for p in net.get_parameters()]

    @jax.jit
    def mlp(w1, b1, w2, b2, data):
        return jax.nn.relu(data @ w1.T + b1) @ w2.T + b2
    return (lambda: net(inputs)), (lambda _: mlp(*params, inputs_jax))


def run_loops(case: str, n: int) -> None:
    """What runs under callgrind: warm-up, the counters' zeroing marker, the two loops."""
    import binascii
    import collections
    import itertools

    import jax
    msjax_call, jax_call = _callables(case)
    for _ in range(20):
        msjax_call()
        jax_call(None)
    jax.block_until_ready(jax_call(None))
    binascii.crc_hqx(b"", 0)  # callgrind --zero-before marker
    collections.deque(itertools.starmap(msjax_call, itertools.repeat((), n)), 0)
    collections.deque(map(jax_call, itertools.repeat(None, n)), 0)


def count(case: str, n: int) -> tuple:
    """(msjax, JAX) instructions per call of `case`, from one callgrind run."""
    env = dict(os.environ, PYTHONPATH=_ROOT)
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--zero-before=binascii_crc_hqx*",
                        f"--callgrind-out-file={out}", os.path.realpath(sys.executable),
                        os.path.abspath(__file__), case, "--n", str(n), "--inner"],
                       env=env, check=True, capture_output=True)
        annotated = subprocess.run(["callgrind_annotate", "--inclusive=yes", out], check=True,
                                   capture_output=True, text=True).stdout
    totals = {}
    for line in annotated.splitlines():
        found = re.match(r"\s*([\d,]+) .*:(starmap_next|map_next) ", line)
        if found:
            totals[found.group(2)] = int(found.group(1).replace(",", ""))
    if set(totals) != {"starmap_next", "map_next"}:
        raise RuntimeError("instruction_counts: callgrind_annotate listed no loop counts; is "
                           "this CPython built with symbols (itertoolsmodule.c:starmap_next)?")
    return totals["starmap_next"] / n, totals["map_next"] / n


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("case", choices=CASES)
    parser.add_argument("--n", type=int, default=2000, help="calls counted of each")
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inner:
        run_loops(args.case, args.n)
        return 0
    msjax_count, jax_count = count(args.case, args.n)
    print(f"{args.case}: msjax {msjax_count:.0f}  jax {jax_count:.0f} instructions per call, "
          f"ratio {msjax_count / jax_count:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
