"""What checking indices costs a gather-heavy training step: an embedding + cross-entropy step
(GRAPH_MODE TrainOneStep of Embedding -> mean over the sequence -> Dense -> cross_entropy, SGD)
with msjax's index checks (core/index_checks.py, on by default) against the same step compiled
with `MSJAX_CHECK_INDICES=0`, and both against the same step written in JAX.

Target (issue 28, "Nothing silent, nothing lost"): checked/unchecked <= 1.05, on the medians
of interleaved rounds: on a 2-core machine the unchecked step's rounds spread from 0.8x to 1.5x
their median from run to run (the checked step's much less), so a best-of-N figure compared
the unchecked step's rare fast rounds with the checked step's typical ones. The fastest rounds
are printed too.
Run: python benchmarks/index_checks.py
"""
import warnings

import jax
import jax.numpy as jnp
import numpy as np

import msjax as ms
from msjax import Tensor, nn, ops
from msjax._src.core import index_checks

from _timing import interleaved_rounds, median, report

VOCAB, DIM, CLASSES, BATCH, SEQ = 20000, 64, 1000, 64, 32


class Classifier(nn.Cell):
    def __init__(self):
        super().__init__()
        self.embedding = nn.Embedding(VOCAB, DIM)
        self.dense = nn.Dense(DIM, CLASSES)

    def construct(self, ids, labels):
        pooled = self.embedding(ids).mean(axis=1)
        return ops.cross_entropy(self.dense(pooled), labels)


class Step(nn.Cell):
    def __init__(self, network):
        super().__init__()
        self.network = network
        self.optimizer = nn.SGD(network.trainable_params(), 0.1)
        self.grad = ops.value_and_grad(network, None, self.optimizer.parameters)

    def construct(self, ids, labels):
        loss, grads = self.grad(ids, labels)
        self.optimizer(grads)
        return loss


def jax_step(table, weight, bias, ids, labels):
    def loss(table, weight, bias):
        pooled = jnp.take(table, ids, axis=0).mean(axis=1)
        logits = pooled @ weight.T + bias
        log_probs = jax.nn.log_softmax(logits, axis=1)
        return -jnp.take_along_axis(log_probs, labels[:, None], axis=1).mean()
    value, grads = jax.value_and_grad(loss, argnums=(0, 1, 2))(table, weight, bias)
    return value, tuple(p - 0.1 * g for p, g in zip((table, weight, bias), grads))


def main():
    ms.set_context(mode=ms.GRAPH_MODE)
    rng = np.random.default_rng(0)
    ids_np = rng.integers(0, VOCAB, (BATCH, SEQ)).astype(np.int32)
    labels_np = rng.integers(0, CLASSES, (BATCH,)).astype(np.int32)
    ids, labels = Tensor(ids_np), Tensor(labels_np)
    checked = Step(Classifier())
    checked(ids, labels)  # compiled with the checks
    previous = index_checks.set_enabled(False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "index checks are off", said once
        unchecked = Step(Classifier())
        unchecked(ids, labels)  # compiled without
    index_checks.set_enabled(previous)
    program_of = lambda step: step._graph_call.programs  # noqa: E731
    assert any(p.checked for p in program_of(checked).values())
    assert not any(p.checked for p in program_of(unchecked).values())

    state = [jnp.asarray(p.asnumpy()) for p in checked.network.trainable_params()]
    jax_train = jax.jit(jax_step, donate_argnums=(0, 1, 2))
    ids_jax, labels_jax = jnp.asarray(ids_np), jnp.asarray(labels_np)

    def jax_call():
        loss, new = jax_train(*state, ids_jax, labels_jax)
        state[:] = new
        return loss

    rounds = interleaved_rounds(
        [lambda: checked(ids, labels), lambda: unchecked(ids, labels), jax_call],
        number=100, rounds=31, sync=jax.block_until_ready)
    t_checked, t_unchecked, t_jax = (median(times) for times in rounds)
    best = [min(times) for times in rounds]
    print(f"embedding {VOCAB}x{DIM}, ids {BATCH}x{SEQ}, {CLASSES} classes, SGD step; medians of "
          f"31 interleaved rounds of 100 steps")
    report("index checks: checked / unchecked step", t_checked, t_unchecked, 1.05)
    report("checked step against JAX (info)", t_checked, t_jax, 1.10)
    report("unchecked step against JAX (info)", t_unchecked, t_jax, 1.10)
    print(f"(info) fastest rounds: checked {best[0] * 1e6:.0f} us, unchecked {best[1] * 1e6:.0f} "
          f"us, JAX {best[2] * 1e6:.0f} us; checked programs with their checks run before them "
          f"(backend/split_checks.py): "
          f"{sum(p.split is not None for p in program_of(checked).values())}")


if __name__ == "__main__":
    main()
