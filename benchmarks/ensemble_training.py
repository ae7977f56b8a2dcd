"""The vmap tutorial's ensemble training step, scaled up: M LeNet-5 models, batch 64 each,
Adam(amsgrad), compiled; msjax against three pure-JAX formulations in one run: `jax.vmap` of a
per-model step, the per-model steps unrolled in one jit (the issue's two), and one jitted
per-model step called for each model (what msjax does on CPU, the fastest here).

Target (issue "vmap, grad and model ensembling"): msjax <= 1.10x the faster pure-JAX formulation
at each M, first call <= 5 s at M = 32.  Run: python benchmarks/ensemble_training.py [M ...]
"""
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np

import msjax as ms
from msjax import Tensor, nn

from _timing import interleaved_seconds, report, verdict
from lenet import LeNet5, TrainOneStepNet, adam_init, jax_params, random_batch, train_step_jax


def first_call(step, sync):
    start = time.perf_counter()
    sync(step())
    return time.perf_counter() - start


def sync(result):
    (result._data if isinstance(result, Tensor) else result).block_until_ready()


def main(sizes):
    rng = np.random.default_rng(0)
    for m in sizes:
        nets = [LeNet5() for _ in range(m)]
        lrs = [1e-3 * (1 + i % 4) for i in range(m)]
        x, y = random_batch(rng, m, 64)
        params = [jax_params(net) for net in nets]
        stacked = jax.tree_util.tree_map(lambda *a: jnp.stack(a), *params)
        opt_stacked = jax.vmap(adam_init)(stacked)
        lr_arr = jnp.asarray(lrs, jnp.float32)

        # pure JAX, jax.vmap of a per-model step
        vmapped = jax.jit(jax.vmap(train_step_jax))
        state = [stacked, opt_stacked]

        def step_vmap():
            state[0], state[1], loss = vmapped(state[0], state[1], x, y, lr_arr)
            return loss
        first_v = first_call(step_vmap, sync)

        # pure JAX, per-model steps unrolled in one jit
        def unrolled_fn(ps, os_, x, y):
            outs = [train_step_jax(ps[i], os_[i], x[i], y[i], lrs[i]) for i in range(m)]
            return [o[0] for o in outs], [o[1] for o in outs], jnp.stack([o[2] for o in outs])
        unrolled = jax.jit(unrolled_fn)
        ustate = [params, [adam_init(p) for p in params]]

        def step_unrolled():
            ustate[0], ustate[1], loss = unrolled(ustate[0], ustate[1], x, y)
            return loss
        first_u = first_call(step_unrolled, sync)

        # pure JAX, one jitted per-model step called for each model
        per_model = jax.jit(train_step_jax)
        xs, ys = list(jnp.asarray(x)), list(jnp.asarray(y))
        lr_list = [jnp.float32(lr) for lr in lrs]
        lstate = [params, [adam_init(p) for p in params]]

        def step_looped():
            outs = [per_model(p, o, xi, yi, lr)
                    for p, o, xi, yi, lr in zip(*lstate, xs, ys, lr_list)]
            lstate[0], lstate[1] = [o[0] for o in outs], [o[1] for o in outs]
            return jnp.stack([o[2] for o in outs])
        first_l = first_call(step_looped, sync)

        # msjax: vmap over a CellList of the tutorial's TrainOneStepNet
        train = ms.vmap(nn.CellList([TrainOneStepNet(net, lr) for net, lr in zip(nets, lrs)]))
        xt, yt = Tensor(x), Tensor(y)
        first_ms = first_call(lambda: train(xt, yt), sync)
        t_v, t_u, t_l, t_ms = interleaved_seconds([step_vmap, step_unrolled, step_looped,
                                                   lambda: train(xt, yt)], number=3, rounds=4,
                                                  sync=sync)
        best = min(t_v, t_u, t_l)
        print(f"M={m}: pure JAX vmap {t_v * 1e3:.1f} ms/step (first {first_v:.1f} s), unrolled "
              f"{t_u * 1e3:.1f} ms/step (first {first_u:.1f} s), per-model jit {t_l * 1e3:.1f} "
              f"ms/step (first {first_l:.1f} s); msjax first call {first_ms:.1f} s "
              f"(target <= 5 s) {verdict(first_ms, 5)}")
        report(f"ensemble training step M={m} (vs fastest)", t_ms, best, 1.10, unit="ms")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [8, 32])
