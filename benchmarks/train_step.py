"""LeNet-5, batch 64: a compiled TrainOneStepCell step with Adam against the same step in pure
JAX with optax, in one run, with peak memory of each.

Target (issue "Graph mode"): time msjax/JAX <= 1.10, peak memory <= 1.2x.
Run: python benchmarks/train_step.py
"""
import resource
import subprocess
import sys

import jax
import numpy as np
import optax

import msjax as ms
from msjax import Tensor, nn

from _timing import per_call_seconds, report, verdict
from lenet import LeNet5, jax_params, loss_jax, random_batch


def msjax_step():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = LeNet5()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), nn.Adam(net.trainable_params(), 1e-3))
    x, y = random_batch(np.random.default_rng(0), 64)
    xt, yt = Tensor(x), Tensor(y)
    return lambda: train(xt, yt), lambda r: r._data.block_until_ready(), net


def jax_step(net):
    params = jax_params(net)
    tx = optax.adam(1e-3)
    opt = tx.init(params)
    x, y = random_batch(np.random.default_rng(0), 64)

    @jax.jit
    def step(params, opt, x, y):
        loss, grads = jax.value_and_grad(loss_jax)(params, x, y)
        updates, opt = tx.update(grads, opt, params)
        return optax.apply_updates(params, updates), opt, loss

    state = [params, opt]

    def run():
        state[0], state[1], loss = step(state[0], state[1], x, y)
        return loss
    return run, lambda r: r.block_until_ready()


def peak_memory_mb(which: str) -> float:
    """Peak resident memory of a fresh process running 20 steps of one formulation."""
    code = (f"import sys; sys.path.insert(0, {str(__file__.rsplit('/', 1)[0])!r}); "
            f"import train_step as t; t._run_only({which!r})")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def _run_only(which):
    run, sync, net = msjax_step()
    if which == "jax":
        run, sync = jax_step(net)
    for _ in range(20):
        sync(run())
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def main():
    run_ms, sync_ms, net = msjax_step()
    run_jax, sync_jax = jax_step(net)
    sync_ms(run_ms())
    sync_jax(run_jax())
    t_ms = per_call_seconds(run_ms, number=20, sync=sync_ms)
    t_jax = per_call_seconds(run_jax, number=20, sync=sync_jax)
    report("LeNet-5 TrainOneStepCell(Adam) step, batch 64", t_ms, t_jax, 1.10, unit="ms")
    mem_ms, mem_jax = peak_memory_mb("msjax"), peak_memory_mb("jax")
    print(f"peak RSS (20 steps, fresh process): msjax {mem_ms:.0f} MB, jax {mem_jax:.0f} MB, "
          f"ratio {mem_ms / mem_jax:.2f} (target <= 1.2) {verdict(mem_ms / mem_jax, 1.2)}")


if __name__ == "__main__":
    main()
