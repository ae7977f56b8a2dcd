"""A CIFAR-10-shaped input pipeline: msjax's mindspore.dataset against the same pipeline written
directly on Grain, and against MindSpore 2.10's own figure; then a compiled LeNet step fed by the
pipeline against the same step fed from batches already in memory.

Pipeline: 4096 uint8 32x32x3 images in memory -> RandomCrop(32, padding=4) ->
RandomHorizontalFlip -> Normalize -> HWC2CHW -> batch 128 (drop remainder), with 1 and 2 worker
threads (num_parallel_workers) and with 2 worker processes (python_multiprocessing=True, one
iterator over several epochs, so the processes start once; Grain's own processes likewise).
MindSpore's ops run in C++ threads; msjax's Python transforms need processes to scale.

Targets (issue #14): images/s msjax / Grain >= 0.9; msjax / MindSpore 2.10 >= 1.0; LeNet step fed
by the pipeline <= 1.10x the step fed from memory.

Run:  python benchmarks/dataset_pipeline.py
MindSpore's figure was measured by running this same file under the oracle
(``/work/shared/tools/mindspore-oracle benchmarks/dataset_pipeline.py``, which prints a JSON line)
and is recorded in benchmarks/dataset_pipeline_mindspore.json; rerun it there to refresh it.
"""
import importlib.util
import itertools
import json
import os
import sys
import time

import numpy as np

IMAGES, BATCH = 4096, 128
MEAN = np.array([125.3, 123.0, 113.9], np.float32)
STD = np.array([63.0, 62.1, 66.7], np.float32)
HERE = os.path.dirname(os.path.abspath(__file__))
MINDSPORE_FIGURES = os.path.join(HERE, "dataset_pipeline_mindspore.json")


def cifar_like():
    rng = np.random.default_rng(0)
    images = rng.integers(0, 256, (IMAGES, 32, 32, 3), dtype=np.uint8)
    labels = rng.integers(0, 10, IMAGES).astype(np.int32)
    return images, labels


def mindspore_pipeline(ds, vision, workers, processes=False):
    """The pipeline in MindSpore's API (run by msjax, or by MindSpore under the oracle)."""
    images, labels = cifar_like()
    dataset = ds.NumpySlicesDataset({"image": images, "label": labels}, shuffle=False)
    dataset = dataset.map([vision.RandomCrop(32, padding=4), vision.RandomHorizontalFlip(),
                           vision.Normalize(MEAN.tolist(), STD.tolist()), vision.HWC2CHW()],
                          input_columns="image", num_parallel_workers=workers,
                          python_multiprocessing=processes)
    return dataset.batch(BATCH, drop_remainder=True)


def grain_pipeline(workers, processes=0, epochs=1):
    """The same pipeline written directly on Grain, as a Grain user would (with `processes`,
    `epochs` passes through one set of Grain worker processes)."""
    import grain
    images, labels = cifar_like()

    def augment(row, rng):
        image, label = row
        padded = np.zeros((40, 40, 3), np.uint8)
        padded[4:36, 4:36] = image
        top, left = rng.integers(0, 9, 2)
        image = padded[top:top + 32, left:left + 32]
        if rng.random() < 0.5:
            image = image[:, ::-1]
        normalized = np.subtract(image, MEAN, dtype=np.float32)
        normalized /= STD
        return np.ascontiguousarray(normalized.transpose(2, 0, 1)), label

    source = grain.MapDataset.range(IMAGES).map(lambda i: (images[i], labels[i]))
    batched = source.random_map(augment, seed=0).batch(BATCH, drop_remainder=True)
    if processes:
        batched = grain.MapDataset.concatenate([batched] * epochs)
    stream = batched.to_iter_dataset(grain.ReadOptions(num_threads=workers, prefetch_buffer_size=16))
    if processes:
        from absl import flags
        if not flags.FLAGS.is_parsed():
            flags.FLAGS.mark_as_parsed()
        stream = stream.mp_prefetch(grain.MultiprocessingOptions(num_workers=processes))
    return stream


def images_per_second_in_one_stream(epoch_rows, epochs):
    """Best images/s of one epoch among `epochs` read from one stream (the first epoch, which
    starts the worker processes, takes part but is rarely the best); `epoch_rows()` gives the
    next epoch's batches."""
    best = 0.0
    for _ in range(epochs):
        start = time.perf_counter()
        count = sum(len(batch[0]) for batch in epoch_rows())
        best = max(best, count / (time.perf_counter() - start))
    return best


def images_per_second(make_iterator, epochs=3):
    """Best images/s over `epochs` full passes (a fresh iterator each)."""
    return interleaved_images_per_second([make_iterator], epochs)[0]


def interleaved_images_per_second(make_iterators, rounds=5):
    """Best images/s of each of `make_iterators` over `rounds` rounds of one full pass of each
    (a fresh iterator each), interleaved so that the shared machine's drift affects them alike."""
    best = [0.0] * len(make_iterators)
    for _ in range(rounds):
        for k, make_iterator in enumerate(make_iterators):
            start = time.perf_counter()
            count = sum(len(batch[0]) for batch in make_iterator())
            best[k] = max(best[k], count / (time.perf_counter() - start))
    return best


def run_under_mindspore():
    import mindspore.dataset as ds
    from mindspore.dataset import vision
    figures = {}
    for workers in (1, 2):
        pipeline = mindspore_pipeline(ds, vision, workers)
        figures[str(workers)] = images_per_second(
            lambda: pipeline.create_tuple_iterator(output_numpy=True, num_epochs=1))
    print(json.dumps({"mindspore_version": __import__("mindspore").__version__,
                      "images_per_second": figures}))


def report_ratio(label, value, reference, target, higher_is_better=True):
    ratio = value / reference
    good = ratio >= target if higher_is_better else ratio <= target
    sign = ">=" if higher_is_better else "<="
    verdict = "ok" if good else ("BELOW TARGET" if higher_is_better else "ABOVE TARGET")
    print(f"{label:<52} ratio {ratio:5.2f} (target {sign} {target}) {verdict}")


def worker_processes_cpu_seconds():
    """{pid: CPU time (user + system)} of this process's worker processes (Grain's, started by
    multiprocessing), read from /proc: None where there is no /proc."""
    import multiprocessing
    seconds = {}
    for child in multiprocessing.active_children():
        try:
            with open(f"/proc/{child.pid}/stat", encoding="ascii") as file:
                fields = file.read().rsplit(")", 1)[1].split()
        except OSError:
            return None
        seconds[child.pid] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return seconds


def _cpu_used(before, after):
    """CPU seconds the processes alive at both readings used between them."""
    return sum(after[pid] - before[pid] for pid in before.keys() & after.keys())


def lenet_fed_by_pipeline(epochs=5):
    """A compiled LeNet-5 training step (3 input channels) fed by the pipeline (2 worker processes,
    one iterator over `epochs` epochs, as a training loop reads it), against the same steps over
    the same batches already in memory as Tensors: the best epoch of each, alternating (on the
    shared 2-core machine an epoch's time varies by half between neighbours, so 5 of each)."""
    sys.path.insert(0, HERE)
    import msjax as ms
    import msjax.dataset as ds
    from msjax import nn
    from msjax.dataset import vision
    from lenet import LeNet5
    ms.set_context(mode=ms.GRAPH_MODE)
    net = LeNet5(num_channel=3)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn),
                                nn.Momentum(net.trainable_params(), 0.01, 0.9))
    pipeline = mindspore_pipeline(ds, vision, 2, processes=True)
    in_memory = list(mindspore_pipeline(ds, vision, 1).create_tuple_iterator(num_epochs=1))
    train(*in_memory[0])._data.block_until_ready()
    iterator = pipeline.create_tuple_iterator(num_epochs=epochs + 1)
    for image, label in iterator:  # the first epoch starts the worker processes: not timed
        loss = train(image, label)
    loss._data.block_until_ready()  # its queued steps must not run in the first timed epoch

    def from_pipeline():
        for image, label in iterator:
            loss = train(image, label)
        return loss

    def from_memory():
        for image, label in in_memory:
            loss = train(image, label)
        return loss

    best = {"pipeline": float("inf"), "memory": float("inf")}
    worker_cpu = []  # (before, after) per pipeline-fed epoch
    for _ in range(epochs):
        for name, run in (("pipeline", from_pipeline), ("memory", from_memory)):
            cpu_before = worker_processes_cpu_seconds()
            start = time.perf_counter()
            run()._data.block_until_ready()
            best[name] = min(best[name], time.perf_counter() - start)
            if name == "pipeline":
                worker_cpu.append((cpu_before, worker_processes_cpu_seconds()))
    steps = len(in_memory)
    print(f"LeNet-5 step fed by the pipeline   {best['pipeline'] / steps * 1e3:8.2f} ms/step   "
          f"fed from memory {best['memory'] / steps * 1e3:8.2f} ms/step (best of {epochs} epochs "
          f"each; machine load {os.getloadavg()[0]:.1f})")
    if all(None not in pair for pair in worker_cpu):  # competes with XLA's step for the cores
        per_batch = sum(_cpu_used(*pair) for pair in worker_cpu) / (steps * epochs)
        print(f"  the 2 worker processes' CPU per batch {per_batch * 1e3:6.2f} ms "
              f"(/proc, clock-tick resolution)")
    report_ratio("LeNet-5 step: pipeline-fed / memory-fed", best["pipeline"], best["memory"],
                 1.10, higher_is_better=False)


def main():
    if importlib.util.find_spec("msjax") is None:
        run_under_mindspore()
        return
    import msjax.dataset as ds
    from msjax.dataset import vision
    mindspore_figures = None
    if os.path.exists(MINDSPORE_FIGURES):
        with open(MINDSPORE_FIGURES, encoding="utf-8") as file:
            mindspore_figures = json.load(file)
    print(f"CIFAR-10-shaped pipeline, {IMAGES} images, batch {BATCH} (images/s, best of 5 "
          f"epochs, msjax's and Grain's alternating); machine load {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores (MindSpore's figure is recorded, not measured in this run)")
    for workers in (1, 2):
        pipeline = mindspore_pipeline(ds, vision, workers)
        msjax_ips, grain_ips = interleaved_images_per_second([
            lambda: pipeline.create_tuple_iterator(output_numpy=True, num_epochs=1),
            lambda: iter(grain_pipeline(workers))])  # pylint: disable=cell-var-from-loop
        line = f"{workers} worker(s): msjax {msjax_ips:8.0f}   grain {grain_ips:8.0f}"
        if mindspore_figures:
            ms_ips = mindspore_figures["images_per_second"][str(workers)]
            line += f"   MindSpore {mindspore_figures['mindspore_version']} {ms_ips:8.0f}"
        print(line)
        report_ratio(f"  msjax / Grain, {workers} worker(s)", msjax_ips, grain_ips, 0.9)
        if mindspore_figures:
            report_ratio(f"  msjax / MindSpore, {workers} worker(s)", msjax_ips, ms_ips, 1.0)
    epochs = 4
    pipeline = mindspore_pipeline(ds, vision, 2, processes=True)
    iterator = pipeline.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    msjax_ips = images_per_second_in_one_stream(lambda: iterator, epochs)
    stream = iter(grain_pipeline(1, 2, epochs))
    grain_ips = images_per_second_in_one_stream(
        lambda: itertools.islice(stream, IMAGES // BATCH), epochs)
    stream.close()  # as Grain asks of an mp_prefetch iterator: its workers and segments go now
    del stream
    line = f"2 worker processes (python_multiprocessing): msjax {msjax_ips:8.0f}   grain {grain_ips:8.0f}"
    if mindspore_figures:
        line += f"   MindSpore (2 workers) {mindspore_figures['images_per_second']['2']:8.0f}"
    print(line)
    report_ratio("  msjax / Grain, 2 processes", msjax_ips, grain_ips, 0.9)
    if mindspore_figures:
        report_ratio("  msjax / MindSpore, 2 workers", msjax_ips,
                     mindspore_figures["images_per_second"]["2"], 1.0)
    lenet_fed_by_pipeline()


if __name__ == "__main__":
    main()
