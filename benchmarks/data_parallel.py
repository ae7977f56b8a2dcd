"""Data-parallel ResNet-18 training, msjax against pure JAX: on 2 processes and on 1-8 host devices.

1. **Processes.** `msjax msrun --worker_num=2` starts this script twice; each process is a rank
   with one CPU device. msjax's step is MindSpore's script: `init()`,
   `set_auto_parallel_context(parallel_mode=DATA_PARALLEL, gradients_mean=True)`,
   `nn.TrainOneStepCell(nn.WithLossCell(ResNet-18, SoftmaxCrossEntropyWithLogits), Momentum)`
   called on the rank's batch. The same step in pure JAX: `jax.distributed` (the job msrun
   started), `jax.jit` of `jax.shard_map` over the mesh of the ranks, the batch assembled with
   `jax.make_array_from_process_local_data`, gradients averaged with `lax.pmean`, BatchNorm
   statistics per rank (as MindSpore's, without SyncBatchNorm), buffers donated. Rank 0 prints
   msjax/JAX (target <= 1.10).
2. **Scaling.** The same step in one process with 1, 2, 4 and 8 XLA host devices
   (`--xla_force_host_platform_device_count`; pmap_scaling.py's ResNet-18 measurement, one
   process per count), printed as a table with each count's images/s relative to one device.

    python benchmarks/data_parallel.py [--processes 2] [--resnet-batch 4] [--steps 5]
                                       [--repeat 5] [--skip-processes] [--skip-scaling]
"""
from __future__ import annotations

import argparse
import os
import pathlib
import re
import socket
import subprocess
import sys
import tempfile

from _timing import interleaved_seconds, verdict

ROOT = pathlib.Path(__file__).resolve().parents[1]
DEVICE_COUNTS = (1, 2, 4, 8)
TARGET = 1.10
LR, MOMENTUM = 0.01, 0.9


def _parse(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=2, help="ranks of the multi-process run")
    parser.add_argument("--resnet-batch", type=int, default=4, help="batch size per rank/device")
    parser.add_argument("--steps", type=int, default=5, help="steps per timed run")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs (best is kept)")
    parser.add_argument("--skip-processes", action="store_true", help="only the scaling table")
    parser.add_argument("--skip-scaling", action="store_true", help="only the processes run")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args(argv)


def _env():
    return dict(os.environ, JAX_PLATFORMS="cpu", PYTHONPATH=os.pathsep.join(filter(None, [
        str(ROOT), str(ROOT / "benchmarks"), os.environ.get("PYTHONPATH")])))


def main():
    args = _parse()
    if args.worker:
        return worker(args)
    if not args.skip_processes:
        run_processes(args)
    if not args.skip_scaling:
        run_scaling(args)
    return None


# -- 1. processes --------------------------------------------------------------------------------
def run_processes(args):
    print(f"ResNet-18 (CIFAR 32x32) data-parallel training step on {args.processes} processes "
          f"(one CPU device each), batch {args.resnet_batch} per rank, Momentum (best of "
          f"{args.repeat} runs of {args.steps} steps; {os.cpu_count()} CPU cores)", flush=True)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as logs:
        done = subprocess.run(
            [sys.executable, "-m", "msjax", "msrun", f"--worker_num={args.processes}",
             "--join=True", f"--master_port={port}", f"--log_dir={logs}", "--tail_worker_log=0",
             __file__, "--worker", "--resnet-batch", str(args.resnet_batch), "--steps",
             str(args.steps), "--repeat", str(args.repeat)],
            env=_env(), cwd=ROOT, capture_output=True, text=True, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("  ")]
    if done.returncode or not lines:
        print(done.stdout[-3000:], done.stderr[-3000:])
        raise SystemExit("the multi-process run failed")
    print("\n".join(lines), flush=True)


def worker(args):
    import jax
    import jax.numpy as jnp
    import numpy as np
    import optax
    from flax import nnx
    from jax.sharding import Mesh, NamedSharding
    from jax.sharding import PartitionSpec as P

    import models_jax
    import models_msjax
    import msjax as ms
    from msjax import Tensor, nn
    from msjax.communication import get_group_size, get_rank, init

    init()  # the job msrun describes: jax.distributed
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
    ms.set_seed(0)
    rank, ranks = get_rank(), get_group_size()
    rng = np.random.default_rng(rank)
    x_host = rng.standard_normal((args.resnet_batch, 3, 32, 32)).astype(np.float32)
    y_host = rng.integers(0, 10, args.resnet_batch).astype(np.int32)

    # msjax: the MindSpore script's step on this rank's batch.
    net = models_msjax.ResNet(models_msjax.BasicBlock, (2, 2, 2, 2))
    train = nn.TrainOneStepCell(
        nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")),
        nn.Momentum(net.trainable_params(), LR, MOMENTUM))
    train.set_train()
    x_ms, y_ms = Tensor(x_host), Tensor(y_host)

    def run_msjax():
        return train(x_ms, y_ms)._data

    # Pure JAX: shard_map over the ranks' devices, BatchNorm statistics per rank.
    mesh = Mesh(np.array(jax.devices()), ("dp",))
    model = models_jax.ResNet(models_jax.BasicBlock, (2, 2, 2, 2), rngs=nnx.Rngs(0))
    graphdef, params, stats = nnx.split(model, nnx.Param, nnx.BatchStat)
    tx = optax.sgd(LR, momentum=MOMENTUM)

    def body(params, stats, opt_state, x, y):
        stats = jax.tree_util.tree_map(lambda s: s[0], stats)
        model = nnx.merge(graphdef, jax.lax.pcast(params, "dp", to="varying"), stats)

        def loss_fn(model):
            return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        grads = jax.lax.pmean(grads, "dp")
        updates, opt_state = tx.update(grads, opt_state, params)
        new_stats = jax.tree_util.tree_map(lambda s: s[None], nnx.state(model, nnx.BatchStat))
        return optax.apply_updates(params, updates), new_stats, opt_state, loss[None]

    step = jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=(P(), P("dp"), P(), P("dp"), P("dp")),
                                 out_specs=(P(), P("dp"), P(), P("dp"))),
                   donate_argnums=(0, 1, 2))
    replicated, per_rank = NamedSharding(mesh, P()), NamedSharding(mesh, P("dp"))

    def global_array(local):
        return jax.make_array_from_process_local_data(per_rank, np.asarray(local))

    state = [jax.device_put(params, replicated),
             jax.tree_util.tree_map(lambda s: global_array(np.asarray(s)[None]), stats),
             jax.device_put(tx.init(params), replicated)]
    x_nhwc = jnp.asarray(x_host.transpose(0, 2, 3, 1))
    y_jax = jnp.asarray(y_host)

    def run_jax():
        *state[:], loss = step(*state, global_array(x_nhwc), global_array(y_jax))
        return loss

    for fn in (run_msjax, run_jax):  # compile, warm up
        jax.block_until_ready(fn())
        jax.block_until_ready(fn())
    # interleaved, so both see the same machine load
    msjax_s, jax_s = interleaved_seconds([run_msjax, run_jax], number=args.steps,
                                         rounds=args.repeat, sync=jax.block_until_ready)
    if rank == 0:
        ratio = msjax_s / jax_s
        print(f"  {ranks} processes: msjax {msjax_s * 1e3:8.2f} ms/step   jax "
              f"{jax_s * 1e3:8.2f} ms/step   ratio {ratio:5.2f} (target <= {TARGET}) "
              f"{verdict(ratio, TARGET)}", flush=True)


# -- 2. scaling over host devices ----------------------------------------------------------------
_LINE = re.compile(r"(\d+) device\(s\): msjax\s+([\d.]+) ms/step\s+jax\s+([\d.]+) ms/step\s+"
                   r"ratio\s+([\d.]+)")


def run_scaling(args):
    print(f"ResNet-18 data-parallel training step in one process on 1-8 host devices, batch "
          f"{args.resnet_batch} per device (best of {args.repeat} runs of {args.steps} steps)",
          flush=True)
    print("  devices  msjax ms/step  jax ms/step  ratio  msjax images/s  vs 1 device", flush=True)
    single = None
    for count in DEVICE_COUNTS:
        env = dict(_env(), XLA_FLAGS=f"--xla_force_host_platform_device_count={count}")
        out = subprocess.run(
            [sys.executable, str(ROOT / "benchmarks" / "pmap_scaling.py"), "--devices",
             str(count), "--models", "resnet18", "--resnet-batch", str(args.resnet_batch),
             "--steps", str(args.steps), "--repeat", str(args.repeat)],
            env=env, cwd=ROOT, capture_output=True, text=True, check=False)
        found = _LINE.search(out.stdout)
        if out.returncode or not found:
            print(out.stdout, out.stderr[-3000:])
            raise SystemExit(f"the run on {count} device(s) failed")
        ms_step, jax_step, ratio = (float(found.group(i)) for i in (2, 3, 4))
        images = args.resnet_batch * count / (ms_step / 1e3)
        single = single or images
        print(f"  {count:7d}  {ms_step:13.2f}  {jax_step:11.2f}  {ratio:5.2f}  {images:14.1f}  "
              f"{images / single:10.2f}x  {verdict(ratio, TARGET)}", flush=True)


if __name__ == "__main__":
    main()
