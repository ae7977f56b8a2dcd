"""A map with ``python_multiprocessing=True`` and 2 workers runs in Grain's worker processes and
gives the rows of the same pipeline run in this process. Prints one JSON line.

    python tests/dataset/multiprocess_check.py
"""
import json
import os

import numpy as np

import msjax.dataset as ds


def times_three_with_pid(x):
    return x * 3, np.array(os.getpid())


def pipeline(multiprocessing):
    dataset = ds.NumpySlicesDataset({"x": np.arange(40, dtype=np.int64)}, shuffle=False)
    dataset = dataset.map(times_three_with_pid, input_columns="x", output_columns=["x", "pid"],
                          num_parallel_workers=2, python_multiprocessing=multiprocessing)
    return dataset.batch(4)


def epochs_share_workers():
    """Three epochs of one iterator are served by one set of worker processes, each epoch with its
    own shuffle; a loop started after one next() carries on with that epoch."""
    dataset = ds.NumpySlicesDataset({"x": np.arange(12, dtype=np.int64)}, shuffle=True)
    dataset = dataset.map(times_three_with_pid, input_columns="x", output_columns=["x", "pid"],
                          num_parallel_workers=2, python_multiprocessing=True)
    iterator = dataset.create_tuple_iterator(num_epochs=3, output_numpy=True)
    first = [(int(x), int(p)) for x, p in iterator]
    partial = [(int(x), int(p)) for x, p in [next(iterator)]]
    second = partial + [(int(x), int(p)) for x, p in iterator]
    third = [(int(x), int(p)) for x, p in iterator]
    return {"sorted": [sorted(x for x, _ in e) for e in (first, second, third)],
            "orders_differ": len({tuple(x for x, _ in e) for e in (first, second, third)}) > 1,
            "pids": sorted({p for _, p in first + second + third})}


if __name__ == "__main__":
    rows = {}
    for multiprocessing in (False, True):
        batches = list(pipeline(multiprocessing).create_tuple_iterator(output_numpy=True))
        rows[multiprocessing] = (np.concatenate([b[0] for b in batches]).tolist(),
                                 sorted({int(p) for b in batches for p in b[1]}))
    print(json.dumps({"values_equal": rows[False][0] == rows[True][0],
                      "values": rows[True][0],
                      "in_process": rows[False][1] == [os.getpid()],
                      "worker_pids": rows[True][1], "main_pid": os.getpid(),
                      "epochs": epochs_share_workers()}))
