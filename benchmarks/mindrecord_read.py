"""Reading a 1 GiB MindRecord file: msjax's MindDataset against MindSpore 2.10's, rows/s, and the
reader's memory (it streams: the resident set grows by a few rows, not by the file).

The file: 4096 rows of {"image": 256 KiB of bytes, "label": int32, "feature": int32 [64]} written
with FileWriter into $MSJAX_BENCH_DIR (default /tmp/msjax_mindrecord_bench; the bytes are the same
whichever of msjax and MindSpore writes them). Reading: MindDataset(file, shuffle=False) ->
create_tuple_iterator(output_numpy=True), one pass, best of 3; the peak resident set during the
pass is compared with the resident set before it.

Target (issue #26): memory flat while reading (resident growth < 10% of the file).

Run:  python benchmarks/mindrecord_read.py
MindSpore's figure: ``/work/shared/tools/mindspore-oracle benchmarks/mindrecord_read.py`` (writes
the file if absent, prints a JSON line), recorded in benchmarks/mindrecord_read_mindspore.json.
"""
import importlib.util
import json
import os
import resource
import sys
import threading
import time

import numpy as np

ROWS, IMAGE_BYTES = 4096, 256 * 1024
FOLDER = os.environ.get("MSJAX_BENCH_DIR", "/tmp/msjax_mindrecord_bench")
PATH = os.path.join(FOLDER, "bench.mindrecord")
HERE = os.path.dirname(os.path.abspath(__file__))
MINDSPORE_FIGURES = os.path.join(HERE, "mindrecord_read_mindspore.json")


def write_file():
    from mindspore.mindrecord import FileWriter
    os.makedirs(FOLDER, exist_ok=True)
    writer = FileWriter(PATH, overwrite=True)
    writer.add_schema({"image": {"type": "bytes"}, "label": {"type": "int32"},
                       "feature": {"type": "int32", "shape": [-1]}}, "bench")
    rng = np.random.default_rng(0)
    block = rng.integers(0, 256, IMAGE_BYTES, dtype=np.uint8).tobytes()
    for start in range(0, ROWS, 256):
        writer.write_raw_data([{"image": block[i:] + block[:i], "label": start + i,
                                "feature": np.arange(64, dtype=np.int32) * (start + i)}
                               for i in range(256)])
    writer.commit()


def resident_bytes():
    with open("/proc/self/statm") as file:
        return int(file.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def read_once(ds):
    """One pass; (rows/s, peak resident growth in bytes) sampled by a watcher thread."""
    base, peak, done = resident_bytes(), [0], threading.Event()

    def watch():
        while not done.is_set():
            peak[0] = max(peak[0], resident_bytes() - base)
            time.sleep(0.005)
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    start = time.perf_counter()
    count = 0
    dataset = ds.MindDataset(PATH, shuffle=False)
    for _image, _label, _feature in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1):
        count += 1
    elapsed = time.perf_counter() - start
    done.set()
    watcher.join()
    assert count == ROWS, count
    return ROWS / elapsed, peak[0]


def measure(ds):
    if not os.path.exists(PATH):
        write_file()
    results = [read_once(ds) for _ in range(3)]
    return max(r[0] for r in results), max(r[1] for r in results)


def main():
    if importlib.util.find_spec("mindspore") is not None and "msjax" not in sys.modules:
        import mindspore
        import mindspore.dataset as ds
        rows_per_second, growth = measure(ds)
        print(json.dumps({"mindspore_version": mindspore.__version__,
                          "rows_per_second": round(rows_per_second),
                          "resident_growth_mib": round(growth / 2 ** 20, 1)}))
        return
    import msjax.compat
    msjax.compat.install(force=True)
    import mindspore.dataset as ds
    rows_per_second, growth = measure(ds)
    size = os.path.getsize(PATH)
    line = (f"MindRecord read, {ROWS} rows, {size / 2 ** 30:.2f} GiB: msjax {rows_per_second:8.0f} "
            f"rows/s ({rows_per_second * size / ROWS / 2 ** 20:6.0f} MiB/s), resident growth "
            f"{growth / 2 ** 20:6.1f} MiB")
    if os.path.exists(MINDSPORE_FIGURES):
        with open(MINDSPORE_FIGURES, encoding="utf-8") as file:
            figures = json.load(file)
        line += (f"   MindSpore {figures['mindspore_version']} {figures['rows_per_second']:8.0f} "
                 f"rows/s, resident growth {figures['resident_growth_mib']:6.1f} MiB   ratio "
                 f"{rows_per_second / figures['rows_per_second']:5.2f}")
    print(line)
    verdict = "met" if growth < 0.1 * size else "NOT met"
    print(f"memory flat while reading (growth {growth / size:6.1%} of the file, target < 10%): "
          f"{verdict}")
    print(f"peak resident set of the process {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
