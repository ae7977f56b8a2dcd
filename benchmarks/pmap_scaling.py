"""Data-parallel training on 1, 2, 4 and 8 host devices, msjax against pure JAX: LeNet-5 and ResNet-18.

The step is MindSpore's: `nn.TrainOneStepCell(nn.WithLossCell(net, SoftmaxCrossEntropyWithLogits),
nn.Momentum)` under `set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL,
gradients_mean=True)`; msjax spreads each batch over the devices. The same step in pure JAX is
`jax.jit` of `jax.shard_map` over a 1-D mesh, gradients averaged with `lax.pmean`, buffers donated.

- LeNet-5 (benchmarks/lenet.py): global batch fixed (`--batch`), NCHW on both sides.
- ResNet-18 (CIFAR 32x32; the Cells of benchmarks/models_msjax.py, the Flax NNX model of
  benchmarks/models_jax.py in channels-last, the layout XLA runs fastest on a CPU): per-device
  batch fixed (`--resnet-batch`), so the global batch grows with the devices. One msjax process is
  one MindSpore rank, whose BatchNorm normalises over the rank's whole batch; the JAX model's
  BatchNorms therefore average their statistics over the mesh (`axis_name`, synchronised
  BatchNorm), the same computation.

Each (model, device count) runs in its own process (XLA_FLAGS must be set before JAX starts): this
script re-executes itself once per pair and prints msjax/JAX for each (target <= 1.10).

    python benchmarks/pmap_scaling.py [--models lenet,resnet18] [--batch 256]
                                      [--resnet-batch 4] [--steps 5] [--repeat 7]
"""
from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys

from _timing import interleaved_seconds, verdict

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEVICE_COUNTS = (1, 2, 4, 8)
MODELS = ("lenet", "resnet18")
TARGET = 1.10


def _parse():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default=",".join(MODELS), help="comma-separated: lenet,resnet18")
    parser.add_argument("--batch", type=int, default=256, help="LeNet-5's global batch size")
    parser.add_argument("--resnet-batch", type=int, default=4,
                        help="ResNet-18's batch size per device")
    parser.add_argument("--steps", type=int, default=5, help="steps per timed run")
    parser.add_argument("--repeat", type=int, default=7, help="timed runs (best is kept)")
    parser.add_argument("--devices", type=int, default=None, help=argparse.SUPPRESS)
    return parser.parse_args()


def main():
    args = _parse()
    if args.devices is not None:
        return measure(args)
    for model in args.models.split(","):
        if model not in MODELS:
            raise SystemExit(f"--models: unknown model {model!r}; expected some of {MODELS}")
        batch = (f"global batch {args.batch}" if model == "lenet"
                 else f"batch {args.resnet_batch} per device")
        print(f"{model} data-parallel training step, {batch}, Momentum "
              f"(best of {args.repeat} runs of {args.steps} steps; {os.cpu_count()} CPU cores)")
        for count in DEVICE_COUNTS:
            env = dict(os.environ, JAX_PLATFORMS="cpu",
                       XLA_FLAGS=f"--xla_force_host_platform_device_count={count}",
                       PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), str(ROOT / "benchmarks"),
                                                                os.environ.get("PYTHONPATH")])))
            out = subprocess.run([sys.executable, __file__, "--devices", str(count),
                                  "--models", model, "--batch", str(args.batch),
                                  "--resnet-batch", str(args.resnet_batch),
                                  "--steps", str(args.steps), "--repeat", str(args.repeat)],
                                 env=env, cwd=ROOT, capture_output=True, text=True, check=False)
            if out.returncode:
                print(out.stdout, out.stderr)
                raise SystemExit(f"the {model} run on {count} device(s) failed")
            print(out.stdout.rstrip())
    return None


# -- one (model, device count) -----------------------------------------------------------------
LR, MOMENTUM = 0.01, 0.9


def msjax_training(net, x_host, y_host):
    """MindSpore's data-parallel training script for `net`: returns one step's runner."""
    from msjax import Tensor, nn
    train = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")),
        nn.Momentum(net.trainable_params(), LR, MOMENTUM))
    train.set_train()
    x_ms, y_ms = Tensor(x_host), Tensor(y_host)
    return lambda: train(x_ms, y_ms)._data


def lenet(args, mesh):
    """LeNet-5: msjax's step and the pure-JAX shard_map step, global batch `--batch`."""
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    from benchmarks.lenet import LeNet5, jax_params, loss_jax

    rng = np.random.default_rng(0)
    x_host = rng.standard_normal((args.batch, 1, 32, 32)).astype(np.float32)
    y_host = rng.integers(0, 10, args.batch).astype(np.int32)
    net = LeNet5()
    run_msjax = msjax_training(net, x_host, y_host)

    def body(params, moments, x, y):
        loss, grads = jax.value_and_grad(loss_jax)(jax.lax.pcast(params, "dp", to="varying"),
                                                   x, y)
        grads = jax.lax.pmean(grads, "dp")
        moments = jax.tree_util.tree_map(lambda m, g: m * MOMENTUM + g, moments, grads)
        params = jax.tree_util.tree_map(lambda p, m: p - LR * m, params, moments)
        return params, moments, jax.lax.pmean(loss, "dp")

    jax_step = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P(), P("dp"), P("dp")),
                                     out_specs=(P(), P(), P())), donate_argnums=(0, 1))
    params = jax.device_put(jax_params(net), NamedSharding(mesh, P()))
    state = [params, jax.tree_util.tree_map(jnp.zeros_like, params)]
    return run_msjax, _jax_runner(jax_step, state, mesh, x_host, y_host)


def resnet18(args, mesh):
    """ResNet-18 (CIFAR 32x32): msjax's Cells (NCHW) and the Flax NNX model (NHWC) in a
    shard_map step with synchronised BatchNorm, `--resnet-batch` images per device."""
    import jax
    import numpy as np
    import optax
    from flax import nnx
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    import models_jax
    import models_msjax

    batch = args.resnet_batch * mesh.size
    rng = np.random.default_rng(0)
    x_host = rng.standard_normal((batch, 3, 32, 32)).astype(np.float32)
    y_host = rng.integers(0, 10, batch).astype(np.int32)
    run_msjax = msjax_training(models_msjax.ResNet(models_msjax.BasicBlock, (2, 2, 2, 2)),
                               x_host, y_host)

    model = models_jax.ResNet(models_jax.BasicBlock, (2, 2, 2, 2), rngs=nnx.Rngs(0))
    for _, module in nnx.iter_modules(model):
        if isinstance(module, nnx.BatchNorm):
            module.axis_name = "dp"  # statistics over the whole batch, as one msjax rank
    graphdef, params, stats = nnx.split(model, nnx.Param, nnx.BatchStat)
    tx = optax.sgd(LR, momentum=MOMENTUM)

    def body(params, stats, opt_state, x, y):
        model = nnx.merge(graphdef, jax.lax.pcast(params, "dp", to="varying"), stats)

        def loss_fn(model):
            return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        grads = jax.lax.pmean(grads, "dp")
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), nnx.state(model, nnx.BatchStat), opt_state,
                jax.lax.pmean(loss, "dp"))

    jax_step = jax.jit(jax.shard_map(body, mesh=mesh,
                                     in_specs=(P(), P(), P(), P("dp"), P("dp")),
                                     out_specs=(P(), P(), P(), P())), donate_argnums=(0, 1, 2))
    replicated = NamedSharding(mesh, P())
    state = [jax.device_put(params, replicated), jax.device_put(stats, replicated),
             jax.device_put(tx.init(params), replicated)]
    return run_msjax, _jax_runner(jax_step, state, mesh, x_host.transpose(0, 2, 3, 1), y_host)


def _jax_runner(jax_step, state, mesh, x_host, y_host):
    """One pure-JAX step on the batch (put on the devices each step, as msjax does): updates
    `state` (the donated buffers) in place, returns the loss."""
    import jax
    import jax.numpy as jnp
    from jax.sharding import NamedSharding
    from jax.sharding import PartitionSpec as P

    batch = NamedSharding(mesh, P("dp"))
    x_jax, y_jax = jnp.asarray(x_host), jnp.asarray(y_host)

    def run():
        *state[:], loss = jax_step(*state, jax.device_put(x_jax, batch),
                                   jax.device_put(y_jax, batch))
        return loss
    return run


def measure(args):
    import jax
    import numpy as np
    from jax.sharding import Mesh

    import msjax as ms
    from msjax import ParallelMode

    count = args.devices
    assert jax.device_count() == count, (jax.device_count(), count)
    # as a MindSpore data-parallel script sets it up
    ms.set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL, gradients_mean=True)
    ms.set_seed(0)
    mesh = Mesh(np.array(jax.devices()), ("dp",))
    run_msjax, run_jax = {"lenet": lenet, "resnet18": resnet18}[args.models](args, mesh)

    for fn in (run_msjax, run_jax):  # compile, warm up
        jax.block_until_ready(fn())
        jax.block_until_ready(fn())
    # interleaved, so both see the same machine load
    msjax_s, jax_s = interleaved_seconds([run_msjax, run_jax], number=args.steps,
                                         rounds=args.repeat, sync=jax.block_until_ready)
    ratio = msjax_s / jax_s
    print(f"  {count} device(s): msjax {msjax_s * 1e3:8.2f} ms/step   jax "
          f"{jax_s * 1e3:8.2f} ms/step   ratio {ratio:5.2f} (target <= {TARGET}) "
          f"{verdict(ratio, TARGET)}")


if __name__ == "__main__":
    main()
