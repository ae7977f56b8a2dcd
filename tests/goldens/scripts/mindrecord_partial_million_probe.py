"""Probe: MindDataset's Shuffle.PARTIAL over 1,000,010 rows in two files (400,000 and 600,010
rows), past MindSpore's runs of 1,000,000: two seeds, two epochs, and shard 1 of 2. Prints each
order's length, first, middle and last rows and a checksum. Golden:
tests/goldens/dataset/mindrecord_partial_million_probe.out (MindSpore 2.10, CPU; about a minute);
test: tests/dataset/test_mindrecord_partial.py (msjax's orders from the sampler, unread)."""
import os, tempfile, time
import numpy as np
import mindspore.dataset as ds
from mindspore.mindrecord import FileWriter
d = tempfile.mkdtemp()
t = time.time()
N = 1000010
paths = []
start = 0
for k, n in enumerate((400000, 600010)):
    p = os.path.join(d, f"big{k}.mindrecord")
    w = FileWriter(p, shard_num=1, overwrite=True)
    w.add_schema({"id": {"type": "int32"}}, "s")
    for b in range(0, n, 100000):
        w.write_raw_data([{"id": start + i} for i in range(b, min(b + 100000, n))])
    w.commit()
    start += n
    paths.append(p)
def summary(rows):
    rows = np.asarray(rows, np.int64)
    return f"n={len(rows)} head={rows[:6].tolist()} mid={rows[999997:1000003].tolist()} tail={rows[-6:].tolist()} check={int((rows * np.arange(1, len(rows) + 1)).sum() % 1000000007)}"
for seed in (5, 123456789):
    ds.config.set_seed(seed)
    data = ds.MindDataset(paths, shuffle=ds.Shuffle.PARTIAL)
    it = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
    for e in range(2):
        rows = [int(r[0]) for r in it]
        print(f"big seed={seed} epoch={e} -> {summary(rows)}", flush=True)
    t = time.time()
ds.config.set_seed(5)
data = ds.MindDataset(paths, shuffle=ds.Shuffle.PARTIAL, num_shards=2, shard_id=1)
rows = [int(r[0]) for r in data.create_tuple_iterator(num_epochs=1, output_numpy=True)]
r = np.asarray(rows); print(f"big shards=2 id=1 -> n={len(r)} head={r[:6].tolist()} tail={r[-6:].tolist()} check={int((r * np.arange(1, len(r) + 1)).sum() % 1000000007)}")
