"""Data-parallel LeNet-5 training on 1, 2, 4 and 8 host devices, msjax against pure JAX.

The step is MindSpore's: `nn.TrainOneStepCell(nn.WithLossCell(LeNet5, SoftmaxCrossEntropyWithLogits),
nn.Momentum)` under `set_auto_parallel_context(parallel_mode=DATA_PARALLEL, gradients_mean=True)`,
with the global batch fixed; msjax spreads it over the devices. The same step in pure JAX is
`jax.jit` of `jax.shard_map` over a 1-D mesh, gradients averaged with `lax.pmean`. Each device
count runs in its own process (XLA_FLAGS must be set before JAX starts): this script re-executes
itself once per count and prints msjax/JAX for each (target <= 1.10).

    python benchmarks/pmap_scaling.py [--batch 256] [--steps 5] [--repeat 7]
"""
from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEVICE_COUNTS = (1, 2, 4, 8)
TARGET = 1.10


def _parse():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=256, help="global batch size")
    parser.add_argument("--steps", type=int, default=5, help="steps per timed run")
    parser.add_argument("--repeat", type=int, default=7, help="timed runs (best is kept)")
    parser.add_argument("--devices", type=int, default=None, help=argparse.SUPPRESS)
    return parser.parse_args()


def main():
    args = _parse()
    if args.devices is not None:
        return measure(args)
    print(f"LeNet-5 data-parallel training step, global batch {args.batch}, Momentum "
          f"(best of {args.repeat} runs of {args.steps} steps; {os.cpu_count()} CPU cores)")
    for count in DEVICE_COUNTS:
        env = dict(os.environ, JAX_PLATFORMS="cpu",
                   XLA_FLAGS=f"--xla_force_host_platform_device_count={count}",
                   PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT),
                                                            os.environ.get("PYTHONPATH")])))
        out = subprocess.run([sys.executable, __file__, "--devices", str(count),
                              "--batch", str(args.batch), "--steps", str(args.steps),
                              "--repeat", str(args.repeat)], env=env, cwd=ROOT,
                             capture_output=True, text=True, check=False)
        if out.returncode:
            print(out.stdout, out.stderr)
            raise SystemExit(f"the run on {count} device(s) failed")
        print(out.stdout.strip())
    return None


# -- one device count --------------------------------------------------------------------------
def measure(args):
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.sharding import Mesh, NamedSharding
    from jax.sharding import PartitionSpec as P

    import msjax as ms
    from benchmarks.lenet import LeNet5, jax_params, loss_jax
    from msjax import Tensor, nn
    from msjax._src.nn.distributed import DistributedGradReducer, call_data_parallel
    from msjax._src.parallel_context import is_data_parallel

    count = args.devices
    assert jax.device_count() == count, (jax.device_count(), count)
    lr, momentum = 0.01, 0.9
    rng = np.random.default_rng(0)
    x_host = rng.standard_normal((args.batch, 1, 32, 32)).astype(np.float32)
    y_host = rng.integers(0, 10, args.batch).astype(np.int32)

    # msjax: MindSpore's data-parallel training script.
    ms.set_auto_parallel_context(parallel_mode="data_parallel", gradients_mean=True)
    ms.set_seed(0)
    net = LeNet5()
    train = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")),
        nn.Momentum(net.trainable_params(), lr, momentum))
    train.set_train()
    if isinstance(train.grad_reducer, DistributedGradReducer):
        def ms_step(x, y):
            return train(x, y)
    else:  # nn.TrainOneStepCell without its data-parallel hook yet: what the hook does
        assert is_data_parallel()
        train.grad_reducer = DistributedGradReducer(train.weights, True)

        def ms_step(x, y):
            return call_data_parallel(train, (x, y))
    x_ms, y_ms = Tensor(x_host), Tensor(y_host)

    def run_msjax():
        return ms_step(x_ms, y_ms)._data

    # Pure JAX: the same step with shard_map over the devices.
    mesh = Mesh(np.array(jax.devices()), ("dp",))
    replicated, batch = NamedSharding(mesh, P()), NamedSharding(mesh, P("dp"))

    def body(params, moments, x, y):
        loss, grads = jax.value_and_grad(loss_jax)(jax.lax.pcast(params, "dp", to="varying"),
                                                   x, y)
        grads = jax.lax.pmean(grads, "dp")
        moments = jax.tree_util.tree_map(lambda m, g: m * momentum + g, moments, grads)
        params = jax.tree_util.tree_map(lambda p, m: p - lr * m, params, moments)
        return params, moments, jax.lax.pmean(loss, "dp")

    jax_step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P(), P("dp"), P("dp")),
                                     out_specs=(P(), P(), P())), donate_argnums=(0, 1))
    state = {"params": jax.device_put(jax_params(net), replicated)}
    state["moments"] = jax.tree_util.tree_map(jnp.zeros_like, state["params"])
    x_jax, y_jax = jnp.asarray(x_host), jnp.asarray(y_host)

    def run_jax():
        state["params"], state["moments"], loss = jax_step(
            state["params"], state["moments"], jax.device_put(x_jax, batch),
            jax.device_put(y_jax, batch))
        return loss

    best = {"msjax": float("inf"), "jax": float("inf")}
    for fn in (run_msjax, run_jax):  # compile, warm up
        jax.block_until_ready(fn())
        jax.block_until_ready(fn())
    for _ in range(args.repeat):  # interleaved, so both see the same machine load
        for name, fn in (("msjax", run_msjax), ("jax", run_jax)):
            start = time.perf_counter()
            for _ in range(args.steps):
                out = fn()
            jax.block_until_ready(out)
            best[name] = min(best[name], (time.perf_counter() - start) / args.steps)
    ratio = best["msjax"] / best["jax"]
    verdict = "ok" if ratio <= TARGET else "ABOVE TARGET"
    print(f"{count} device(s): msjax {best['msjax'] * 1e3:8.2f} ms/step   jax "
          f"{best['jax'] * 1e3:8.2f} ms/step   ratio {ratio:5.2f} (target <= {TARGET}) {verdict}")


if __name__ == "__main__":
    main()
