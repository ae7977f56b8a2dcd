"""A map of per-image transforms followed by batch runs on whole batches (batched_map.py) and
gives, value for value, the batches of the per-image map: the same random draws per image for a
seed, whatever the batch's remainder, worker threads or processes.

The per-image reference is the same pipeline with an identity Python function appended to the
map's operations: a function has no batched kernel, so that map runs image by image, and it
draws the same numbers (each row's generator depends on the row and the map's place only)."""
import os
import secrets

import numpy as np
import pytest

import msjax.dataset as ds
from msjax.dataset import vision
from msjax._src.dataset.batched_map import MapThenBatchDataset

MEAN, STD = [125.3, 123.0, 113.9], [63.0, 62.1, 66.7]


def _identity(image):
    return image


def _images(count, shape, dtype=np.uint8, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype) == np.uint8:
        return rng.integers(0, 256, (count,) + shape, dtype=np.uint8)
    return (rng.random((count,) + shape) * 255).astype(dtype)


class _RandomAccessRows:
    """A GeneratorDataset source read by index (its batches are read row by row)."""

    def __init__(self, images, labels):
        self.images, self.labels = images, labels

    def __getitem__(self, index):
        return self.labels[index], self.images[index]

    def __len__(self):
        return len(self.images)


def _pipeline(images, operations, batch_size, drop_remainder=False, workers=1,
              processes=False, per_image=False, shuffle=False, output_columns=None,
              source="slices", sampler=None):
    labels = np.arange(len(images), dtype=np.int32)
    if sampler is not None:
        shuffle = None  # MindSpore refuses a sampler given with shuffle
    if source == "slices":
        dataset = ds.NumpySlicesDataset({"label": labels, "image": images}, shuffle=shuffle,
                                        sampler=sampler)
    else:
        dataset = ds.GeneratorDataset(_RandomAccessRows(images, labels), ["label", "image"],
                                      shuffle=shuffle, sampler=sampler)
    operations = list(operations) + ([_identity] if per_image else [])
    dataset = dataset.map(operations, input_columns="image", output_columns=output_columns,
                          num_parallel_workers=workers, python_multiprocessing=processes)
    return dataset.batch(batch_size, drop_remainder=drop_remainder)


def _batches(dataset, num_epochs=1):
    iterator = dataset.create_tuple_iterator(output_numpy=True, num_epochs=num_epochs)
    return [[list(batch) for batch in iterator] for _ in range(num_epochs)]


def _runs_batched(dataset) -> bool:
    return isinstance(dataset._build(dataset._plan(0, 0)), MapThenBatchDataset)


def _assert_same_batches(got, expected):
    assert len(got) == len(expected)
    for got_epoch, expected_epoch in zip(got, expected):
        assert len(got_epoch) == len(expected_epoch)
        for got_batch, expected_batch in zip(got_epoch, expected_epoch):
            assert len(got_batch) == len(expected_batch)
            for got_column, expected_column in zip(got_batch, expected_batch):
                assert got_column.dtype == expected_column.dtype
                assert got_column.shape == expected_column.shape
                np.testing.assert_array_equal(got_column, expected_column)


def _cifar_operations():
    return [vision.RandomCrop(8, padding=2), vision.RandomHorizontalFlip(),
            vision.Normalize(MEAN, STD), vision.HWC2CHW()]


# (name, per-image shape, dtype, operations): each runs batched.
CASES = [
    ("cifar", (8, 8, 3), np.uint8, _cifar_operations),
    ("crop_without_padding_vertical_flip", (9, 7, 3), np.uint8,
     lambda: [vision.RandomCrop((5, 4)), vision.RandomVerticalFlip(0.3)]),
    ("crop_padding_fill_four_sides", (6, 5, 3), np.uint8,
     lambda: [vision.RandomCrop((7, 9), padding=[1, 2, 3, 4], fill_value=7),
              vision.RandomHorizontalFlip(0.7), vision.HWC2CHW()]),
    ("float_images", (7, 7, 3), np.float32,
     lambda: [vision.RandomCrop(6, padding=1), vision.RandomHorizontalFlip(),
              vision.Normalize(MEAN, STD), vision.HWC2CHW()]),
    ("grey_two_dimensional", (7, 6), np.uint8,
     lambda: [vision.RandomCrop(5, padding=1), vision.RandomHorizontalFlip(),
              vision.Normalize([120.0], [60.0]), vision.HWC2CHW()]),
    ("one_channel", (6, 6, 1), np.uint8,
     lambda: [vision.RandomHorizontalFlip(), vision.Normalize([120.0], [60.0]), vision.HWC2CHW()]),
    ("normalize_chw", (6, 6, 3), np.uint8,
     lambda: [vision.HWC2CHW(), vision.Normalize(MEAN, STD, is_hwc=False)]),
    ("odd_width_normalize", (7, 5, 3), np.uint8,
     lambda: [vision.RandomHorizontalFlip(), vision.Normalize(MEAN, STD), vision.HWC2CHW()]),
    ("flips_always_and_never", (5, 6, 3), np.uint8,
     lambda: [vision.RandomHorizontalFlip(1.0), vision.RandomVerticalFlip(0.0)]),
]


@pytest.mark.parametrize("name, shape, dtype, make_operations", CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("seed", [0, 1, 12345])
@pytest.mark.parametrize("drop_remainder", [True, False])
def test_batched_map_gives_the_per_image_batches(name, shape, dtype, make_operations, seed,
                                                 drop_remainder):
    images = _images(29, shape, dtype, seed)
    ds.config.set_seed(seed)
    batched = _pipeline(images, make_operations(), 8, drop_remainder)
    assert _runs_batched(batched)
    got = _batches(batched, num_epochs=2)
    per_image = _pipeline(images, make_operations(), 8, drop_remainder, per_image=True)
    assert not _runs_batched(per_image)
    expected = _batches(per_image, num_epochs=2)
    _assert_same_batches(got, expected)
    assert len(got[0]) == (3 if drop_remainder else 4)
    if name not in ("flips_always_and_never", "normalize_chw"):  # the cases that draw
        assert not np.array_equal(got[0][0][1], got[1][0][1]), "each epoch draws anew"


@pytest.mark.parametrize("source", ["slices", "random_access_generator"])
@pytest.mark.parametrize("workers", [1, 2])
def test_batched_map_with_worker_threads_and_a_shuffle(workers, source):
    images = _images(40, (8, 8, 3), seed=3)
    ds.config.set_seed(7)
    batched = _pipeline(images, _cifar_operations(), 16, workers=workers, shuffle=True,
                        source=source)
    assert _runs_batched(batched)
    expected = _pipeline(images, _cifar_operations(), 16, per_image=True, shuffle=True,
                         source=source)
    _assert_same_batches(_batches(batched, 2), _batches(expected, 2))


@pytest.mark.parametrize("sampler", [
    lambda: ds.SequentialSampler(start_index=3, num_samples=20),
    lambda: ds.RandomSampler(replacement=True, num_samples=25),
    lambda: ds.SubsetRandomSampler([5, 0, 17, 3, 3, 9, 30, 12, 1]),
], ids=["sequential_from_3", "random_with_replacement", "subset"])
def test_batched_map_reads_the_rows_a_sampler_chooses(sampler):
    images = _images(32, (8, 8, 3), seed=8)
    ds.config.set_seed(4)
    got = _batches(_pipeline(images, _cifar_operations(), 6, sampler=sampler()), 2)
    expected = _batches(_pipeline(images, _cifar_operations(), 6, per_image=True,
                                  sampler=sampler()), 2)
    _assert_same_batches(got, expected)


def test_a_column_of_strings_keeps_each_batch_s_own_string_width():
    images = _images(6, (8, 8, 3), seed=9)
    names = np.array(["a", "bb", "c", "d", "eeeeee", "f"])
    def pipeline(extra):
        dataset = ds.NumpySlicesDataset({"name": names, "image": images}, shuffle=False)
        return dataset.map(_cifar_operations() + extra, input_columns="image").batch(3)
    ds.config.set_seed(1)
    got, expected = _batches(pipeline([])), _batches(pipeline([_identity]))
    _assert_same_batches(got, expected)
    assert [batch[0].dtype.str for batch in got[0]] == ["<U2", "<U6"]


def test_batched_map_renames_its_output_and_keeps_the_other_columns():
    images = _images(10, (8, 8, 3), seed=4)
    ds.config.set_seed(2)
    batched = _pipeline(images, _cifar_operations(), 4, output_columns=["pixels"])
    assert batched.get_col_names() == ["label", "pixels"] and _runs_batched(batched)
    got = _batches(batched)
    expected = _batches(_pipeline(images, _cifar_operations(), 4, per_image=True,
                                  output_columns=["pixels"]))
    _assert_same_batches(got, expected)
    assert got[0][2][0].tolist() == [8, 9]


def test_rows_of_different_shapes_made_equal_by_the_map_run_image_by_image():
    rng = np.random.default_rng(5)
    images = [rng.integers(0, 256, (8 + i % 3, 9, 3), dtype=np.uint8) for i in range(6)]
    operations = [vision.RandomCrop(6), vision.RandomHorizontalFlip()]

    def pipeline(extra):
        dataset = ds.NumpySlicesDataset({"i": np.arange(6)}, shuffle=False).map(
            lambda i: images[int(i)], input_columns="i", output_columns="image")
        return dataset.map(operations + extra, input_columns="image").batch(3)
    ds.config.set_seed(3)
    _assert_same_batches(_batches(pipeline([])), _batches(pipeline([_identity])))


def test_a_batch_the_transform_rejects_raises_the_per_image_error():
    images = _images(4, (6, 6, 3))
    operations = [vision.RandomHorizontalFlip(), vision.Normalize([1.0, 2.0], [1.0, 1.0])]
    dataset = _pipeline(images, operations, 2)
    assert _runs_batched(dataset)
    with pytest.raises(RuntimeError, match=r"map operation: \[Normalize\] failed\. Normalize: "
                                           r"number of channels does not match"):
        _batches(dataset)
    crop = _pipeline(images, [vision.RandomCrop(9, padding=1)], 2)
    with pytest.raises(RuntimeError, match=r"RandomCrop: invalid crop size, crop size is bigger"):
        _batches(crop)


@pytest.mark.heavy  # starts worker processes twice (~15 s)
@pytest.mark.parametrize("drop_remainder, output_numpy", [(True, True), (False, False)])
def test_batched_map_in_worker_processes_gives_the_in_process_batches(drop_remainder,
                                                                      output_numpy):
    images = _images(24, (8, 8, 3), seed=6)
    ds.config.set_seed(11)
    dataset = _pipeline(images, _cifar_operations(), 10, drop_remainder, workers=2, processes=True)
    iterator = dataset.create_tuple_iterator(output_numpy=output_numpy, num_epochs=2)
    got = [[list(batch) for batch in iterator] for _ in range(2)]
    if output_numpy:  # copied out of the workers' shared memory
        assert all(type(column) is np.ndarray for epoch in got for batch in epoch  # pylint: disable=unidiomatic-typecheck
                   for column in batch)
    else:
        got = [[[column.asnumpy() for column in batch] for batch in epoch] for epoch in got]
    expected = _batches(_pipeline(images, _cifar_operations(), 10, drop_remainder,
                                  per_image=True), num_epochs=2)
    _assert_same_batches(got, expected)


def test_a_worker_s_shared_blocks_carry_rows_and_are_used_again():
    from msjax._src.dataset import shared_batches
    pool = shared_batches._WorkerPool(shared_batches._block_name_prefix(secrets.token_hex(4), 0))
    reader = shared_batches.BlockReader()
    rows = [(np.full((4, 3), k, np.float32), np.arange(k, k + 5, dtype=np.int64))
            for k in range(3)]
    sent = pool.send(rows[0])
    assert isinstance(sent, shared_batches.BlockRow)
    taken = reader.take(sent, np.array)
    for got, expected in zip(taken, rows[0]):
        assert type(got) is np.ndarray and got.dtype == expected.dtype  # pylint: disable=unidiomatic-typecheck
        np.testing.assert_array_equal(got, expected)
    again = pool.send(rows[1])  # the block read above is free again: the same block
    assert again.name == sent.name and len(pool.blocks) == 1
    held = [pool.send(rows[2]) for _ in range(shared_batches.MAX_BLOCKS - 1)]
    assert len({row.name for row in held} | {again.name}) == shared_batches.MAX_BLOCKS
    assert pool.send(rows[2]) is rows[2], "with every block in use the row goes as it is"
    np.testing.assert_array_equal(reader.take(again, np.array)[0], rows[1][0])
    reader.release(held[0])  # a row skipped unread frees its block too
    assert pool.send(rows[0]).name in {again.name, held[0].name}
    strings = (np.array(["a", "b"]), np.zeros(2, object))
    assert pool.send(strings) is strings
    mapped = set(reader._blocks)  # the reader removed the names of the blocks it mapped
    reader.close()
    for block in pool.blocks:
        block.close()
        if block.name not in mapped:
            block.unlink()


def test_a_stopped_stream_removes_the_blocks_never_read():
    from multiprocessing import shared_memory

    from msjax._src.dataset import shared_batches
    stream = secrets.token_hex(4)
    pools = [shared_batches._WorkerPool(shared_batches._block_name_prefix(stream, w))
             for w in range(2)]
    row = (np.arange(6, dtype=np.float32),)
    sent = [pool.send(row) for pool in pools for _ in range(3)]
    assert [s.name for s in sent[:3]] == [f"msjax_{stream}_0_{k}" for k in range(3)]
    reader = shared_batches.BlockReader()
    np.testing.assert_array_equal(reader.take(sent[0], np.array)[0], row[0])  # read: unlinked
    for pool in pools:  # the workers stop
        for block in pool.blocks:
            block.close()
    watch = shared_batches._Watch(2)
    shared_batches._close_stream([], reader, stream, 2, watch)
    assert not os.path.exists(watch.pids.path)  # the file of the workers' process ids too
    for unread in sent:
        with pytest.raises(FileNotFoundError):
            shared_memory.SharedMemory(unread.name)


def test_the_watchdog_stops_reading_the_pid_file_once_it_knows_every_worker(monkeypatch):
    import multiprocessing

    from msjax._src.dataset import shared_batches

    class Child:  # a child process as multiprocessing.active_children lists it
        def __init__(self, pid):
            self.pid, self.exitcode = pid, None
    children = [Child(101), Child(102)]
    reads = []
    monkeypatch.setattr(multiprocessing, "active_children",
                        lambda: reads.append(1) or list(children))
    pids = shared_batches.WorkerPids(2)
    try:
        for worker, child in enumerate(children):  # what start_worker writes
            with open(pids.path, "r+b") as file:
                file.seek(shared_batches._PID.size * worker)
                file.write(shared_batches._PID.pack(child.pid))
            assert pids.failure() is None
            assert os.path.exists(pids.path) == (worker == 0)  # removed once both are known
        reads_when_known = len(reads)
        children[1].exitcode = -9
        assert pids.failure() == (-9, 102)
        assert len(reads) == reads_when_known
    finally:
        pids.remove()


def test_per_batch_map_numbers_batches_by_their_place_whatever_the_threads():
    import time

    def number_and_dawdle(values, info):
        time.sleep(0.002 * (int(values[0]) % 3))  # batches finish out of order in threads
        return ([np.array(info.get_batch_num())] * len(values),)
    workers = min(4, os.cpu_count())  # MindSpore refuses more workers than CPUs
    ds.config.set_num_parallel_workers(workers)
    dataset = ds.NumpySlicesDataset({"x": np.arange(48)}, shuffle=False).batch(
        2, per_batch_map=number_and_dawdle, num_parallel_workers=workers)
    numbers = [int(batch[0][0]) for batch in dataset.create_tuple_iterator(output_numpy=True)]
    assert numbers == list(range(24))


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.uint8, np.bool_])
def test_a_tensor_taken_from_a_block_keeps_its_values_when_the_block_is_filled_again(dtype):
    from msjax._src.dataset import shared_batches
    pool = shared_batches._WorkerPool(shared_batches._block_name_prefix(secrets.token_hex(4), 0))
    reader = shared_batches.BlockReader()
    first = (np.arange(2 * 3 * 5).reshape(2, 3, 5).astype(dtype),)
    tensor, = reader.take(pool.send(first), shared_batches._tensor_or_copy)
    again = pool.send((np.zeros_like(first[0]),))  # the same block, overwritten
    assert again.name == pool.blocks[0].name
    assert tensor.shape == first[0].shape and tensor.asnumpy().dtype == first[0].dtype
    np.testing.assert_array_equal(tensor.asnumpy(), first[0])
    reader.take(again, np.array)
    reader.close()
    for block in pool.blocks:
        block.close()
