"""A training script's epoch, end to end: CIFAR-10 binary files read by `Cifar10Dataset` -> map
(Rescale, Normalize, HWC2CHW; TypeCast of the label) -> batch -> `Model.train` of ResNet-18
(32x32, ImageNet-style stem, GRAPH_MODE, Momentum), against the same data through Grain (the same
files, decoded and normalised by NumPy) and a pure-JAX training step (Flax NNX + optax, one
`jax.jit` step: benchmarks/models_jax.py's ResNet-18), in one run.

* epoch time: each side's first epoch compiles; then rounds alternate one epoch of each
  (`--rounds`, default 3) and each side's figure is its best epoch (other jobs only add time),
  target msjax / JAX <= 1.10;
* peak memory: each side alone in a fresh process (the JAX one never imports msjax) runs two
  epochs and reports its peak resident set size (VmHWM), target msjax / JAX <= 1.20.

Run: python benchmarks/train_script.py [--images 1024] [--batch 32] [--rounds 3]
"""
from __future__ import annotations

import argparse
import functools
import os
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
MEAN = np.array([0.4914, 0.4822, 0.4465], np.float32)
STD = np.array([0.2470, 0.2435, 0.2616], np.float32)
LR, MOMENTUM = 0.01, 0.9


def write_cifar10(folder):
    """CIFAR-10's binary version of the training set, as cifar-10-batches-bin holds it: five
    files of 10000 records, each a label byte and 3072 bytes of image in CHW order (random)."""
    rng = np.random.default_rng(0)
    os.makedirs(folder, exist_ok=True)
    for i in range(1, 6):
        records = rng.integers(0, 256, (10000, 3073), dtype=np.uint8)
        records[:, 0] %= 10
        records.tofile(os.path.join(folder, f"data_batch_{i}.bin"))
    return folder


def msjax_epoch(folder, images, batch):
    """The script's way: mindspore.dataset into Model.train (GRAPH_MODE, no sink)."""
    import msjax as ms
    import msjax.dataset as ds
    from msjax import nn
    from msjax.dataset import transforms, vision
    from msjax.train import Model
    sys.path.insert(0, HERE)
    import models_msjax
    ms.set_context(mode=ms.GRAPH_MODE)
    data = ds.Cifar10Dataset(folder, usage="train", num_samples=images, shuffle=False)
    data = data.map([vision.Rescale(1.0 / 255.0, 0.0), vision.Normalize(MEAN.tolist(), STD.tolist()),
                     vision.HWC2CHW()], input_columns="image")
    data = data.map(transforms.TypeCast(ms.int32), input_columns="label")
    data = data.batch(batch, drop_remainder=True)
    net = models_msjax.ResNet(models_msjax.BasicBlock, (2, 2, 2, 2))
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.Momentum(net.trainable_params(), LR, MOMENTUM))

    def epoch():
        model.train(1, data, dataset_sink_mode=False)
        net.fc.weight.asnumpy()  # the last step has finished
    return epoch


def jax_epoch(folder, images, batch):
    """The same epoch in JAX: Grain over the same file, a jitted Flax NNX + optax step."""
    import grain
    import jax
    import optax
    from flax import nnx
    sys.path.insert(0, HERE)
    import models_jax
    records = np.memmap(os.path.join(folder, "data_batch_1.bin"), np.uint8, "r",
                        shape=(10000, 3073))[:images]  # the first rows, as num_samples reads

    def decode(index):
        record = records[index]
        image = np.asarray(record[1:]).reshape(3, 32, 32).transpose(1, 2, 0)  # HWC
        return (image.astype(np.float32) / 255.0 - MEAN) / STD, np.int32(record[0])

    dataset = grain.MapDataset.range(len(records)).map(decode).batch(batch, drop_remainder=True)
    model = models_jax.ResNet(models_jax.BasicBlock, (2, 2, 2, 2), rngs=nnx.Rngs(0))
    tx = optax.sgd(LR, momentum=MOMENTUM)
    graphdef, state = nnx.split(model)
    carry = [state, tx.init(nnx.state(model, nnx.Param))]

    @functools.partial(jax.jit, donate_argnums=(0, 1))
    def step(state, opt_state, x, y):
        model = nnx.merge(graphdef, state)

        def loss_fn(model):
            return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        params = nnx.state(model, nnx.Param)
        updates, opt_state = tx.update(grads, opt_state, params)
        nnx.update(model, optax.apply_updates(params, updates))
        return nnx.state(model), opt_state, loss

    def epoch():
        loss = None
        for x, y in dataset.to_iter_dataset():
            carry[0], carry[1], loss = step(carry[0], carry[1], x, y)
        loss.block_until_ready()
    return epoch


def _peak_rss_kb():
    """This process's peak resident set size in kB: /proc's VmHWM, which is this program's own
    (Linux keeps `ru_maxrss` across fork and exec, so a child started by a large parent reports
    the parent's peak); `ru_maxrss` where there is no /proc."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return float(line.split()[1])
    except OSError:
        pass
    return float(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def peak_rss_mb(side, folder, images, batch):
    """A fresh process runs two epochs of `side` alone and reports its peak RSS in MB."""
    result = subprocess.run([sys.executable, __file__, "--side", side, "--folder", folder,
                             "--images", str(images), "--batch", str(batch)],
                            capture_output=True, text=True, check=True)
    return float(result.stdout.split()[-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--images", type=int, default=1024)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--side", choices=("msjax", "jax"))
    parser.add_argument("--folder")
    args = parser.parse_args()
    if args.side:  # a child measuring peak memory
        epoch = (msjax_epoch if args.side == "msjax" else jax_epoch)(args.folder, args.images,
                                                                     args.batch)
        epoch()
        epoch()
        print(_peak_rss_kb() / 1024)
        return
    with tempfile.TemporaryDirectory() as work:
        folder = write_cifar10(os.path.join(work, "cifar-10-batches-bin"))
        import jax
        print(f"backend {jax.default_backend()}, ResNet-18 32x32, {args.images} images, "
              f"batch {args.batch}, {args.images // args.batch} steps an epoch")
        epochs = {"msjax": msjax_epoch(folder, args.images, args.batch),
                  "jax": jax_epoch(folder, args.images, args.batch)}
        first = {}
        for side, epoch in epochs.items():
            start = time.perf_counter()
            epoch()
            first[side] = time.perf_counter() - start
        best = {side: float("inf") for side in epochs}
        for _ in range(args.rounds):
            for side, epoch in epochs.items():
                start = time.perf_counter()
                epoch()
                best[side] = min(best[side], time.perf_counter() - start)
        print(f"first epoch (compile included): msjax {first['msjax']:.2f} s, "
              f"JAX {first['jax']:.2f} s")
        ratio = best["msjax"] / best["jax"]
        print(f"epoch time: msjax {best['msjax']:.2f} s, JAX {best['jax']:.2f} s, "
              f"ratio {ratio:.2f} (target <= 1.10) {'ok' if ratio <= 1.10 else 'ABOVE TARGET'}")
        rss = {side: peak_rss_mb(side, folder, args.images, args.batch) for side in epochs}
        ratio = rss["msjax"] / rss["jax"]
        print(f"peak RSS: msjax {rss['msjax']:.0f} MB, JAX {rss['jax']:.0f} MB, "
              f"ratio {ratio:.2f} (target <= 1.20) {'ok' if ratio <= 1.20 else 'ABOVE TARGET'}")


if __name__ == "__main__":
    main()
