"""An iterator over a `python_multiprocessing=True` pipeline that stops before its rows are all
read leaves no shared memory behind (shared_batches.WorkerRows): a loop left with ``break`` (the
iterator garbage-collected), ``iterator.stop()``, ``take`` and an iterator still alive at
interpreter exit. Before, multiprocessing's resource tracker removed the blocks at exit and
printed "resource_tracker: There appear to be N leaked shared_memory objects"."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = textwrap.dedent("""\
    import secrets

    import numpy as np
    import msjax.dataset as ds
    from msjax._src.dataset import shared_batches
    from msjax.dataset import vision

    STREAMS = []  # the token of each stream of rows this script starts (its blocks' names)


    class RecordedTokens:
        @staticmethod
        def token_hex(nbytes):
            STREAMS.append(secrets.token_hex(nbytes))
            return STREAMS[-1]


    shared_batches.secrets = RecordedTokens

    IMAGES = (np.arange(64 * 8 * 8 * 3) % 251).astype(np.uint8).reshape(64, 8, 8, 3)


    def double(image):
        return image * 2


    def pipeline(operations):
        return ds.NumpySlicesDataset({"image": IMAGES}, shuffle=False).map(
            operations, input_columns="image", num_parallel_workers=2,
            python_multiprocessing=True).batch(4)


    def first_sums(iterator, count):
        sums = []
        for row in iterator:
            image = row["image"] if isinstance(row, dict) else row[0]
            sums.append(int(np.asarray(image).astype(np.int64).sum()))
            if len(sums) == count:
                break
        return sums


    def left_with_break():  # batched kernels; the iterator is dropped when the function returns
        return first_sums(pipeline([vision.HWC2CHW()]).create_tuple_iterator(num_epochs=3), 2)


    def stopped():  # a Python map, rows as NumPy arrays; stop() while it is still referenced
        iterator = pipeline(double).create_tuple_iterator(num_epochs=2, output_numpy=True)
        sums = first_sums(iterator, 2)
        iterator.stop()
        return sums


    def taken():
        dataset = pipeline([vision.HWC2CHW()]).take(5)
        return first_sums(dataset.create_dict_iterator(num_epochs=1, output_numpy=True), 1)


    if __name__ == "__main__":
        print(left_with_break(), stopped(), taken())
        ALIVE_AT_EXIT = pipeline(double).create_tuple_iterator(num_epochs=2)
        print(first_sums(ALIVE_AT_EXIT, 1))
        print(" ".join(STREAMS))
    """)


def _blocks_of(streams):
    """The shared-memory blocks left in /dev/shm by these streams (another msjax process on the
    machine, such as a second test run, has blocks of its own)."""
    if not os.path.isdir("/dev/shm"):
        return set()
    prefixes = tuple(f"msjax_{stream}_" for stream in streams)
    return {name for name in os.listdir("/dev/shm") if name.startswith(prefixes)}


def _batch_sums(count, times=1):
    """What NumPy gives: the sums of the script's first `count` batches of 4 images (times 2 in
    uint8 with `times=2`)."""
    images = (np.arange(64 * 8 * 8 * 3) % 251).astype(np.uint8).reshape(64, 8, 8, 3)
    images = (images * np.uint8(times)).astype(np.int64)
    return [int(images[4 * k:4 * k + 4].sum()) for k in range(count)]


@pytest.mark.heavy  # starts worker processes four times (~15 s)
def test_an_iterator_stopped_early_leaves_no_shared_memory(tmp_path):
    script = tmp_path / "stop_early.py"
    script.write_text(SCRIPT)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300, env=env, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    *sums, streams = done.stdout.splitlines()
    assert sums == [f"{_batch_sums(2)} {_batch_sums(2, times=2)} {_batch_sums(1)}",
                    str(_batch_sums(1, times=2))]
    streams = streams.split()
    assert len(streams) == 4  # the four pipelines each started one
    assert "resource_tracker" not in done.stderr and "leaked" not in done.stderr, done.stderr
    assert "Exception ignored" not in done.stderr, done.stderr
    assert _blocks_of(streams) == set()
