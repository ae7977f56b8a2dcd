"""MindSpore 2.10's GeneratorDataset worker processes: a random-access source is read in worker
processes with num_parallel_workers > 1 and python_multiprocessing=True (the default), in the main
process otherwise; a generator function always in the main process. Rows keep their order.
Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/generator_processes_probe.py \\
        | grep " -> " > tests/goldens/dataset/generator_processes.txt
"""
import os

import numpy as np

import mindspore.dataset as ds


class Source:
    """Rows (the reading process's id, the index)."""

    def __getitem__(self, index):
        return np.array(os.getpid()), np.array(index)

    def __len__(self):
        return 16


def generator():
    for index in range(8):
        yield np.array(os.getpid()), np.array(index)


def readers(dataset, main):
    rows = [(int(pid), int(i)) for pid, i in dataset.create_tuple_iterator(output_numpy=True,
                                                                           num_epochs=1)]
    pids = {pid for pid, _ in rows}
    where = "main process" if pids == {main} else f"{len(pids - {main})} worker processes"
    return f"{where}, rows in order: {[i for _, i in rows] == list(range(len(rows)))}"


def main():
    pid = os.getpid()
    for multiprocessing in (None, True, False):
        for workers in (1, 2):
            kwargs = {} if multiprocessing is None else {"python_multiprocessing": multiprocessing}
            dataset = ds.GeneratorDataset(Source(), ["pid", "i"], shuffle=False,
                                          num_parallel_workers=workers, **kwargs)
            print(f"source python_multiprocessing={multiprocessing} workers={workers} ->",
                  readers(dataset, pid))
    dataset = ds.GeneratorDataset(generator, ["pid", "i"], num_parallel_workers=2)
    print("generator function workers=2 ->", readers(dataset, pid))


if __name__ == "__main__":
    main()
