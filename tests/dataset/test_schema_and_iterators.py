"""Behaviour msjax adds around MindSpore's pipeline API, checked against NumPy: Schema-typed
GeneratorDataset, column_types, multi-epoch iterators reshuffling, seeds, parallel map workers
giving the sequential result, Grain worker processes, and a pipeline re-created after a failure."""
import os

import numpy as np
import pytest

import msjax as ms
import msjax.dataset as ds


def _rows():
    for i in range(6):
        yield np.array([i, i + 0.5]), np.array(i)


def test_schema_types_and_names_columns():
    schema = ds.Schema()
    schema.add_column("x", ms.float32, [2])
    schema.add_column("y", "int32")
    dataset = ds.GeneratorDataset(_rows, schema=schema)
    x, y = next(dataset.create_tuple_iterator(output_numpy=True))
    assert dataset.get_col_names() == ["x", "y"]
    assert (x.dtype, y.dtype) == (np.float32, np.int32)
    assert '"type": "float32"' in schema.to_json()


def test_column_types_cast():
    dataset = ds.GeneratorDataset(_rows, ["x", "y"], column_types=[ms.float16, np.int8])
    assert [c.dtype for c in next(dataset.create_tuple_iterator(output_numpy=True))] == \
        [np.float16, np.int8]


def test_missing_names_and_schema():
    with pytest.raises(ValueError, match="Neither columns_names nor schema are provided."):
        ds.GeneratorDataset(_rows)


def test_epochs_reshuffle_and_seed_repeats_them():
    def epochs():
        ds.config.set_seed(11)
        dataset = ds.NumpySlicesDataset(np.arange(20), shuffle=True)
        iterator = dataset.create_tuple_iterator(num_epochs=2, output_numpy=True)
        return [[int(r[0]) for r in iterator] for _ in range(2)]
    first, second = epochs(), epochs()
    assert first == second
    assert first[0] != first[1] and sorted(first[0]) == sorted(first[1]) == list(range(20))


def test_parallel_map_threads_keep_order():
    data = np.arange(64, dtype=np.float32)
    dataset = ds.NumpySlicesDataset(data, shuffle=False).map(
        lambda x: x * 3, num_parallel_workers=min(4, os.cpu_count()))  # at most the CPUs
    got = [float(r[0]) for r in dataset.create_tuple_iterator(output_numpy=True)]
    np.testing.assert_array_equal(got, data * 3)


def test_tensors_feed_msjax_ops():
    dataset = ds.NumpySlicesDataset({"x": np.ones((4, 3), np.float32)}, shuffle=False).batch(2)
    for row in dataset.create_dict_iterator():
        assert isinstance(row["x"], ms.Tensor)
        assert float((row["x"] * 2).sum().asnumpy()) == 12.0


def test_failed_pipeline_can_run_again():
    calls = {"n": 0}

    def flaky(x):
        calls["n"] += 1
        if calls["n"] == 3:
            raise ValueError("third row fails once")
        return x

    dataset = ds.NumpySlicesDataset(np.arange(5), shuffle=False).map(flaky, num_parallel_workers=1)
    with pytest.raises(RuntimeError, match="third row fails once"):
        list(dataset.create_tuple_iterator(output_numpy=True))
    assert [int(r[0]) for r in dataset.create_tuple_iterator(output_numpy=True)] == [0, 1, 2, 3, 4]


@pytest.mark.heavy
def test_python_multiprocessing_runs_in_grain_worker_processes():
    import json
    import os
    import pathlib
    import subprocess
    import sys
    root = pathlib.Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, str(root / "tests" / "dataset" / "multiprocess_check.py")],
                            env=dict(os.environ, PYTHONPATH=str(root)), capture_output=True,
                            text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stderr
    facts = json.loads(result.stdout.strip().splitlines()[-1])
    assert facts["values"] == [3 * i for i in range(40)] and facts["values_equal"]
    assert facts["in_process"]
    assert len(facts["worker_pids"]) == 2 and facts["main_pid"] not in facts["worker_pids"]
    epochs = facts["epochs"]
    assert epochs["sorted"] == [[3 * i for i in range(12)]] * 3 and epochs["orders_differ"]
    assert len(epochs["pids"]) == 2, "the three epochs were not served by one pair of workers"


def test_python_multiprocessing_over_a_generator_says_it_uses_threads():
    def rows():
        for i in range(6):
            yield (np.array(i),)
    dataset = ds.GeneratorDataset(rows, ["x"]).map(lambda x: x * 2, num_parallel_workers=2,
                                                   python_multiprocessing=True)
    with pytest.warns(RuntimeWarning, match="runs in 2 threads instead"):
        values = [int(r[0]) for r in dataset.create_tuple_iterator(output_numpy=True)]
    assert values == [0, 2, 4, 6, 8, 10]


def test_dataset_cache_keeps_source_rows_and_map_outputs():
    reads = {"source": 0, "map": 0}

    class Source:
        def __getitem__(self, index):
            reads["source"] += 1
            return (np.array(index),)

        def __len__(self):
            return 5

    def count_map(x):
        reads["map"] += 1
        return x + 100

    cache = ds.DatasetCache(session_id=1)
    dataset = ds.GeneratorDataset(Source(), ["x"], shuffle=True).map(count_map, cache=cache)
    epochs = [sorted(int(r[0]) for r in dataset.create_tuple_iterator(output_numpy=True))
              for _ in range(3)]
    assert epochs == [[100, 101, 102, 103, 104]] * 3
    assert reads == {"source": 5, "map": 5}
    assert cache.get_stat()["num_mem_cached"] == 5 and cache.get_stat()["hits"] == 10


def test_dataset_cache_on_a_file_source(tmp_path):
    import struct
    folder = tmp_path / "mnist"
    folder.mkdir()
    for prefix, count in (("train", 3), ("t10k", 2)):
        images = np.arange(count * 784, dtype=np.uint8).reshape(count, 28, 28)
        with open(folder / f"{prefix}-images-idx3-ubyte", "wb") as file:
            file.write(bytes([0, 0, 8, 3]) + struct.pack(">III", count, 28, 28) + images.tobytes())
        with open(folder / f"{prefix}-labels-idx1-ubyte", "wb") as file:
            file.write(bytes([0, 0, 8, 1]) + struct.pack(">I", count) + bytes(range(count)))
    cache = ds.DatasetCache(session_id=2, size=1)
    dataset = ds.MnistDataset(str(folder), usage="train", shuffle=False, cache=cache)
    first = [int(r[1]) for r in dataset.create_tuple_iterator(output_numpy=True)]
    second = [int(r[1]) for r in dataset.create_tuple_iterator(output_numpy=True)]
    assert first == second == [0, 1, 2]
    assert cache.get_stat()["num_mem_cached"] == 3 and cache.get_stat()["hits"] == 3


def test_dataset_cache_over_a_stream_says_where_to_put_it():
    def rows():
        yield (np.array(1),)
    dataset = ds.GeneratorDataset(rows, ["x"]).map(lambda x: x, cache=ds.DatasetCache(3))
    with pytest.raises(ValueError, match="put cache= on the source instead"):
        list(dataset.create_tuple_iterator())
