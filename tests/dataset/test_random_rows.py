"""Random transforms in a pipeline draw per row: the same seed gives the same augmented rows
whatever the worker threads, a new epoch or another seed gives others, and a map over a stream
(a generator function) is as repeatable."""
import os

import numpy as np

import msjax.dataset as ds
from msjax.dataset import vision

IMAGES = np.random.default_rng(0).integers(0, 256, (48, 8, 8, 3), dtype=np.uint8)
AUGMENT = [vision.RandomCrop(6, padding=2), vision.RandomHorizontalFlip(), vision.RandomVerticalFlip()]


def _epochs(source, workers=1, seed=5, epochs=2):
    ds.config.set_seed(seed)
    dataset = source().map(list(AUGMENT), "image", num_parallel_workers=workers).batch(8)
    iterator = dataset.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
    return [np.concatenate([row[0] for row in iterator]) for _ in range(epochs)]


def _slices():
    return ds.NumpySlicesDataset({"image": IMAGES}, shuffle=False)


def _stream():
    return ds.GeneratorDataset(lambda: ((image,) for image in IMAGES), ["image"])


def test_augmented_rows_do_not_depend_on_worker_threads():
    one, two, three = (_epochs(_slices, 1), _epochs(_slices, 2),
                       _epochs(_slices, min(3, os.cpu_count())))  # at most the CPUs
    for epoch in range(2):
        np.testing.assert_array_equal(one[epoch], two[epoch])
        np.testing.assert_array_equal(one[epoch], three[epoch])


def test_each_epoch_and_each_seed_draws_anew():
    first, second = _epochs(_slices)
    assert not np.array_equal(first, second)
    assert not np.array_equal(first, _epochs(_slices, seed=6)[0])


def test_a_map_over_a_stream_repeats_for_a_seed():
    for run_a, run_b in zip(_epochs(_stream), _epochs(_stream, workers=2)):
        np.testing.assert_array_equal(run_a, run_b)
