"""Model.train of LeNet-5 on 60,000 MNIST-shaped (1x32x32) in-memory samples, batch 64, Momentum:
time per epoch against the same training written directly in JAX (one jax.jit step with optax's
SGD with momentum, which is MindSpore's Momentum), same data, same order, in one run.

Targets (issue 15): msjax/JAX <= 1.10 without sink, <= 1.0 with dataset_sink_mode=True. The
first epoch's time (compilation included) is printed too.
Run: python benchmarks/model_train.py [--samples N]
"""
import argparse
import time

import jax
import numpy as np
import optax

import msjax as ms
from msjax import nn
from msjax.train import Model

from _timing import interleaved_seconds, report
from lenet import LeNet5, jax_params, loss_jax

BATCH = 64
LR, MOMENTUM = 0.01, 0.9


class InMemoryDataset:
    """MNIST-shaped batches through MindSpore's public dataset methods (NumPy rows)."""

    def __init__(self, x, y):
        self.x, self.y = x, y

    def get_dataset_size(self):
        return len(self.x) // BATCH

    def create_tuple_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        for i in range(self.get_dataset_size()):
            yield self.x[i * BATCH:(i + 1) * BATCH], self.y[i * BATCH:(i + 1) * BATCH]


def msjax_epoch(data, sink):
    net = LeNet5()
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.Momentum(net.trainable_params(), LR, MOMENTUM))

    def epoch():
        model.train(1, data, dataset_sink_mode=sink)
        return net.fc3.weight
    return epoch, net


def jax_epoch(net, data):
    params = jax_params(net)
    tx = optax.sgd(LR, momentum=MOMENTUM)
    state = [params, tx.init(params)]

    @jax.jit
    def step(params, opt, x, y):
        loss, grads = jax.value_and_grad(loss_jax)(params, x, y)
        updates, opt = tx.update(grads, opt, params)
        return optax.apply_updates(params, updates), opt, loss

    def epoch():
        for x, y in data.create_tuple_iterator(num_epochs=1, output_numpy=True):
            state[0], state[1], _ = step(state[0], state[1], x, y)
        return state[0]["fc3.weight"]
    return epoch


def first_call_seconds(fn):
    start = time.perf_counter()
    jax.block_until_ready(fn())
    return time.perf_counter() - start


def sync(result):
    jax.block_until_ready(result._data if hasattr(result, "_data") else result)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=60000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    x = rng.standard_normal((args.samples, 1, 32, 32)).astype(np.float32)
    y = rng.integers(0, 10, (args.samples,)).astype(np.int32)
    data = InMemoryDataset(x, y)
    print(f"LeNet-5, {args.samples} samples, batch {BATCH}, Momentum; {data.get_dataset_size()} steps per "
          f"epoch; backend {jax.default_backend()}")

    # A MindSpore dataset object trains one Model (a second Model raises MindSpore's RuntimeError):
    # each Model gets its own object over the same arrays.
    plain, net = msjax_epoch(data, sink=False)
    sunk, _ = msjax_epoch(InMemoryDataset(x, y), sink=True)
    pure = jax_epoch(net, data)
    for label, fn in (("msjax Model.train", plain), ("msjax Model.train (sink)", sunk), ("jax.jit + optax", pure)):
        print(f"first epoch (compile included): {label:<26} {first_call_seconds(fn):8.2f} s")
    plain_s, sunk_s, pure_s = interleaved_seconds([plain, sunk, pure], number=1, rounds=args.rounds, sync=sync)
    report("Model.train epoch, no sink", plain_s, pure_s, 1.10, unit="s")
    report("Model.train epoch, dataset_sink_mode=True", sunk_s, pure_s, 1.0, unit="s")


if __name__ == "__main__":
    main()
