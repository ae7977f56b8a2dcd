"""Compile time against depth: a residual MLP block (Dense 256->1024->256, GELU, LayerNorm)
stacked N times, a compiled value_and_grad step, with and without @lazy_inline, against pure JAX
unrolled and pure JAX lax.scan. Each configuration runs in a fresh process (first-call time).

Targets (issue "Compile cache and lazy_inline"): with lazy_inline, first call at N=48 <= 1/10 of
msjax without it and <= 2x pure JAX's scan; time(N=96)/time(N=12) <= 3.

The pure-JAX block adds the second Dense's bias before the residual, `x + (h @ w2.T + b2)`, as
msjax's `x + fc2(h)` does. Written `x + h @ w2.T + b2`, the same block takes XLA's CPU compiler
20x longer unrolled (31 s instead of 1.7 s at N=48): `--literal-order` adds that formulation.
Steady-state time per step is printed too: a scan runs slower than the unrolled program on
XLA's CPU backend, which is what lazy_inline trades for its compile time.
`--train` measures a training step instead: value_and_grad and an Adam update in one compiled
program. There msjax runs lazy_inline chains inlined (see lazy_inline.py): no depth target.
Run: python benchmarks/depth.py [--literal-order] [--train] [N ...]
"""
import subprocess
import sys
import time

from _timing import verdict

BATCH, D, H = 32, 256, 1024


def run_msjax(n, lazy, train=False):
    import numpy as np
    import msjax as ms
    from msjax import Tensor, nn

    class Block(nn.Cell):
        def __init__(self, d, h):
            super().__init__()
            self.fc1 = nn.Dense(d, h)
            self.fc2 = nn.Dense(h, d)
            self.act = nn.GELU()
            self.norm = nn.LayerNorm((d,))

        def construct(self, x):
            return self.norm(x + self.fc2(self.act(self.fc1(x))))

    if lazy:
        Block.__init__ = ms.lazy_inline(Block.__init__)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.blocks = nn.CellList([Block(D, H) for _ in range(n)])

        def construct(self, x):
            for i in range(n):
                x = self.blocks[i](x)
            return x.sum()

    net = Net()
    grad_fn = ms.value_and_grad(net, None, net.trainable_params())
    if train:
        optimizer = nn.Adam(net.trainable_params(), 1e-3)

        def train_step(x):
            loss, grads = grad_fn(x)
            optimizer(grads)
            return loss
        step = ms.jit(train_step)
    else:
        step = ms.jit(grad_fn)
    x = Tensor(np.random.default_rng(0).standard_normal((BATCH, D)).astype(np.float32))
    return first_and_steady(lambda: step(x), lambda out: (out if train else out[0])._data
                            .block_until_ready())


def run_jax(n, scan, literal_order=False, train=False):
    import jax
    import jax.numpy as jnp
    import numpy as np

    def block(p, x):
        h = jax.nn.gelu(x @ p["w1"].T + p["b1"], approximate=True)  # nn.GELU's default
        if literal_order:
            y = x + h @ p["w2"].T + p["b2"]
        else:
            y = x + (h @ p["w2"].T + p["b2"])
        mean = y.mean(-1, keepdims=True)
        var = y.var(-1, keepdims=True)
        return (y - mean) * jax.lax.rsqrt(var + 1e-7) * p["g"] + p["beta"]

    rng = np.random.default_rng(0)
    params = [{"w1": rng.standard_normal((H, D)).astype(np.float32) * 0.02,
               "b1": np.zeros(H, np.float32),
               "w2": rng.standard_normal((D, H)).astype(np.float32) * 0.02,
               "b2": np.zeros(D, np.float32), "g": np.ones(D, np.float32),
               "beta": np.zeros(D, np.float32)} for _ in range(n)]
    if scan:
        stacked = jax.tree_util.tree_map(lambda *a: jnp.stack(a), *params)

        def loss(p, x):
            out, _ = jax.lax.scan(lambda c, q: (block(q, c), None), x, p)
            return out.sum()
        args = stacked
    else:
        def loss(p, x):
            for q in p:
                x = block(q, x)
            return x.sum()
        args = params
    value_and_grad = jax.value_and_grad(loss)
    if train:  # MindSpore's Adam, as nn.Adam computes it
        def step(p, x, m, v, b1=0.9, b2=0.999, lr=1e-3, eps=1e-8):
            value, g = value_and_grad(p, x)
            m = jax.tree_util.tree_map(lambda m, g: m + (g - m) * (1 - b1), m, g)
            v = jax.tree_util.tree_map(lambda v, g: v + (g * g - v) * (1 - b2), v, g)
            step_size = lr * jnp.sqrt(1 - b2) / (1 - b1)
            p = jax.tree_util.tree_map(lambda p, m, v: p - step_size * m / (jnp.sqrt(v) + eps),
                                       p, m, v)
            return value, p, m, v
        zeros = jax.tree_util.tree_map(np.zeros_like, args)
        call = jax.jit(step)
        extra = (zeros, zeros)
    else:
        call = jax.jit(value_and_grad)
        extra = ()
    x = rng.standard_normal((BATCH, D)).astype(np.float32)
    return first_and_steady(lambda: call(args, x, *extra), lambda out: out[0].block_until_ready())


def first_and_steady(step, sync):
    """`first call seconds, steady seconds per call` (the best of 3 runs of 3 calls)."""
    start = time.perf_counter()
    sync(step())
    first = time.perf_counter() - start
    steady = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(3):
            out = step()
        sync(out)
        steady = min(steady, (time.perf_counter() - start) / 3)
    return f"{first} {steady}"


def measure(kind, n, train=False):
    """First-call seconds and steady seconds per call of one configuration, in a fresh
    process."""
    code = (f"import sys; sys.path.insert(0, {sys.path[0]!r}); import depth; "
            f"print(depth._one({kind!r}, {n}, {train}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    first, steady = map(float, out.stdout.strip().splitlines()[-1].split())
    return first, steady


def _one(kind, n, train=False):
    return {"msjax": lambda: run_msjax(n, False, train),
            "msjax_lazy": lambda: run_msjax(n, True, train),
            "jax_unrolled": lambda: run_jax(n, False, train=train),
            "jax_scan": lambda: run_jax(n, True, train=train),
            "jax_unrolled_literal": lambda: run_jax(n, False, literal_order=True,
                                                    train=train)}[kind]()


def main(depths, literal_order=False, train=False):
    results, steady = {}, {}
    kinds = ("msjax_lazy", "jax_scan", "msjax", "jax_unrolled")
    for n in depths:
        for kind in kinds + (("jax_unrolled_literal",) if literal_order else ()):
            results[(kind, n)], steady[(kind, n)] = measure(kind, n, train)
        literal = (f"   jax unrolled, literal order {results[('jax_unrolled_literal', n)]:6.2f} s"
                   if literal_order else "")
        print(f"N={n:3d}: first call  msjax+lazy_inline {results[('msjax_lazy', n)]:6.2f} s   "
              f"jax scan {results[('jax_scan', n)]:6.2f} s   msjax {results[('msjax', n)]:6.2f} s   "
              f"jax unrolled {results[('jax_unrolled', n)]:6.2f} s{literal}", flush=True)
        print(f"       then per step  msjax+lazy_inline {steady[('msjax_lazy', n)] * 1e3:5.0f} ms  "
              f"jax scan {steady[('jax_scan', n)] * 1e3:5.0f} ms  "
              f"msjax {steady[('msjax', n)] * 1e3:5.0f} ms  "
              f"jax unrolled {steady[('jax_unrolled', n)] * 1e3:5.0f} ms", flush=True)
    if train:
        return  # the targets are the value_and_grad step's
    if 48 in depths:
        lazy, plain, scan = (results[(k, 48)] for k in ("msjax_lazy", "msjax", "jax_scan"))
        print(f"N=48: lazy/plain {lazy / plain:.3f} (target <= 0.1) {verdict(lazy / plain, 0.1)}, "
              f"lazy/jax-scan {lazy / scan:.2f} (target <= 2) {verdict(lazy / scan, 2)}")
    if 12 in depths and 96 in depths:
        growth = results[('msjax_lazy', 96)] / results[('msjax_lazy', 12)]
        print(f"lazy time(N=96)/time(N=12) = {growth:.2f} (target <= 3) {verdict(growth, 3)}")


if __name__ == "__main__":
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    if set(flags) - {"--literal-order", "--train"}:
        sys.exit(f"depth.py: unknown option {flags}; usage: depth.py [--literal-order] [--train] "
                 "[N ...]")
    main([int(a) for a in sys.argv[1:] if not a.startswith("--")] or [12, 48, 96],
         literal_order="--literal-order" in flags, train="--train" in flags)
