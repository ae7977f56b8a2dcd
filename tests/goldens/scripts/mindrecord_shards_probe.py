"""Probe: MindDataset's sharded orders (num_shards/shard_id and DistributedSampler) over three
MindRecord files of 5, 7 and 4 rows: shuffle None, True, False, GLOBAL, FILES and INFILE, three
epochs of one iterator, two seeds, num_samples; then the same in MindSpore's block mode
(MS_DEV_MINDRECORD_SHARD_BY_BLOCK=true: each shard a run of consecutive rows). Prints `label -> size=... epoch | epoch | epoch`.
Golden: tests/goldens/dataset/mindrecord_shards_probe.out (MindSpore 2.10, CPU); test:
tests/dataset/test_mindrecord_shards.py."""
import os, tempfile
import numpy as np
import mindspore.dataset as ds
from mindspore.dataset import Shuffle
from mindspore.mindrecord import FileWriter

ROOT = tempfile.mkdtemp()
paths, start = [], 0
for index, count in enumerate((5, 7, 4)):
    path = os.path.join(ROOT, f"part{index}.mindrecord")
    writer = FileWriter(path, 1, overwrite=True)
    writer.add_schema({"id": {"type": "int32"}}, "rows")
    writer.write_raw_data([{"id": start + i} for i in range(count)])
    writer.commit()
    start += count
    paths.append(path)

def epochs(make, n=3):
    """Sizes and the rows of `n` epochs of one iterator."""
    data = make()
    it = data.create_tuple_iterator(num_epochs=n, output_numpy=True)
    out = [[int(r[0]) for r in it] for _ in range(n)]
    return f"size={data.get_dataset_size()} " + " | ".join(str(e) for e in out)

def show(label, make):
    try:
        print(label, "->", epochs(make))
    except Exception as error:  # pylint: disable=broad-except
        print(label, "->", type(error).__name__, str(error).splitlines()[0])

for seed in (0, 5):
    ds.config.set_seed(seed)
    for shuffle in (None, True, False, Shuffle.GLOBAL, Shuffle.FILES, Shuffle.INFILE):
        for shard in range(3):
            show(f"seed={seed} shuffle={shuffle} shards=3 id={shard}",
                 lambda: ds.MindDataset(paths, shuffle=shuffle, num_shards=3, shard_id=shard))
        show(f"seed={seed} shuffle={shuffle} shards=3 id=1 num_samples=4",
             lambda: ds.MindDataset(paths, shuffle=shuffle, num_shards=3, shard_id=1, num_samples=4))
    for shuffle in (True, False):
        show(f"seed={seed} DistributedSampler(3, 2, shuffle={shuffle})",
             lambda: ds.MindDataset(paths, sampler=ds.DistributedSampler(3, 2, shuffle=shuffle)))
        show(f"seed={seed} DistributedSampler(4, 0, shuffle={shuffle}, num_samples=3)",
             lambda: ds.MindDataset(paths, sampler=ds.DistributedSampler(4, 0, shuffle=shuffle, num_samples=3)))

os.environ["MS_DEV_MINDRECORD_SHARD_BY_BLOCK"] = "true"
ds.config.set_seed(3)
for shuffle in (None, False, Shuffle.FILES, Shuffle.INFILE):
    for shard in range(3):
        show(f"block shuffle={shuffle} shards=3 id={shard}",
             lambda: ds.MindDataset(paths, shuffle=shuffle, num_shards=3, shard_id=shard))
show("block shuffle=None shards=3 id=1 num_samples=4",
     lambda: ds.MindDataset(paths, num_shards=3, shard_id=1, num_samples=4))
show("block DistributedSampler(4, 3)", lambda: ds.MindDataset(paths, sampler=ds.DistributedSampler(4, 3)))
del os.environ["MS_DEV_MINDRECORD_SHARD_BY_BLOCK"]
