"""Probe: MindDataset's Shuffle.PARTIAL orders. One file of 23 rows, the three files a
FileWriter(shard_num=3) makes of 24 rows (8 each: with a remainder MindSpore's writer puts the odd
rows in different files from run to run), and a list of three files of 5, 7 and 4 rows: three
epochs of one iterator for four seeds (the largest shuffles the files visibly); num_samples; num_shards/shard_id (MindSpore's interleaved
and block modes, num_samples, padded samples); a RandomSampler or DistributedSampler made with
shuffle=PARTIAL; repeat; and the errors MindSpore raises for PARTIAL in a sampler chain. Prints
`label -> size=... epoch | epoch | epoch`.
Golden: tests/goldens/dataset/mindrecord_partial_probe.out (MindSpore 2.10, CPU); test:
tests/dataset/test_mindrecord_partial.py."""
import os, tempfile
import mindspore.dataset as ds
from mindspore.dataset import Shuffle
from mindspore.mindrecord import FileWriter

ROOT = tempfile.mkdtemp()
PARTIAL = Shuffle.PARTIAL


def write(name, rows, shards=1):
    path = os.path.join(ROOT, name)
    writer = FileWriter(path, shard_num=shards, overwrite=True)
    writer.add_schema({"id": {"type": "int32"}}, "rows")
    writer.write_raw_data([{"id": i} for i in rows])
    writer.commit()
    return path if shards == 1 else path + "0"


ONE = write("one.mindrecord", range(23))
THREE = write("three.mindrecord", range(24), 3)
LIST, start = [], 0
for index, count in enumerate((5, 7, 4)):
    LIST.append(write(f"part{index}.mindrecord", range(start, start + count)))
    start += count
SOURCES = (("one", ONE), ("three", THREE), ("list", LIST))


def epochs(make, n=3):
    """Sizes and the rows of `n` epochs of one iterator."""
    data = make()
    it = data.create_tuple_iterator(num_epochs=n, output_numpy=True)
    out = [[int(r[0]) for r in it] for _ in range(n)]
    return f"size={data.get_dataset_size()} " + " | ".join(str(e) for e in out)


def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:  # pylint: disable=broad-except
        print(label, "->", type(error).__name__, str(error).splitlines()[0])


for index in range(3):
    show(f"three file {index}", lambda: epochs(
        lambda: ds.MindDataset([THREE[:-1] + str(index)], shuffle=False), 1))
for seed in (1, 3, 1234, 2000000000):
    ds.config.set_seed(seed)
    for name, path in SOURCES:
        show(f"seed={seed} {name}", lambda: epochs(lambda: ds.MindDataset(path, shuffle=PARTIAL)))
        for count in (7, 30):
            show(f"seed={seed} {name} num_samples={count}",
                 lambda: epochs(lambda: ds.MindDataset(path, shuffle=PARTIAL, num_samples=count)))
        for shards in (2, 3):
            for shard in range(shards):
                show(f"seed={seed} {name} shards={shards} id={shard}",
                     lambda: epochs(lambda: ds.MindDataset(path, shuffle=PARTIAL, num_shards=shards,
                                                           shard_id=shard)))
        show(f"seed={seed} {name} shards=3 id=1 num_samples=4",
             lambda: epochs(lambda: ds.MindDataset(path, shuffle=PARTIAL, num_shards=3, shard_id=1,
                                                   num_samples=4)))
        show(f"seed={seed} {name} repeat", lambda: epochs(
            lambda: ds.MindDataset(path, shuffle=PARTIAL).repeat(2), 1))
    show(f"seed={seed} RandomSampler(shuffle=PARTIAL)", lambda: epochs(
        lambda: ds.MindDataset(THREE, sampler=ds.RandomSampler(shuffle=PARTIAL))))
    show(f"seed={seed} RandomSampler(num_samples=5, shuffle=PARTIAL)", lambda: epochs(
        lambda: ds.MindDataset(THREE, sampler=ds.RandomSampler(num_samples=5, shuffle=PARTIAL))))
    show(f"seed={seed} RandomSampler(replacement=True, num_samples=5, shuffle=PARTIAL)",
         lambda: epochs(lambda: ds.MindDataset(THREE, sampler=ds.RandomSampler(
             replacement=True, num_samples=5, shuffle=PARTIAL))))
    for shard in range(3):
        show(f"seed={seed} DistributedSampler(3, {shard}, shuffle=PARTIAL)", lambda: epochs(
            lambda: ds.MindDataset(LIST, sampler=ds.DistributedSampler(3, shard, shuffle=PARTIAL))))
    show(f"seed={seed} DistributedSampler(4, 1, shuffle=PARTIAL, num_samples=3)", lambda: epochs(
        lambda: ds.MindDataset(LIST, sampler=ds.DistributedSampler(4, 1, shuffle=PARTIAL,
                                                                   num_samples=3))))
    for shard in range(3):
        show(f"seed={seed} padded shards=3 id={shard}", lambda: epochs(
            lambda: ds.MindDataset(LIST, columns_list=["id"], shuffle=PARTIAL, num_shards=3,
                                   shard_id=shard, padded_sample={"id": -1},
                                   num_padded=2)))

os.environ["MS_DEV_MINDRECORD_SHARD_BY_BLOCK"] = "true"
ds.config.set_seed(3)
for name, path in SOURCES:
    for shard in range(3):
        show(f"block {name} shards=3 id={shard}", lambda: epochs(
            lambda: ds.MindDataset(path, shuffle=PARTIAL, num_shards=3, shard_id=shard)))
show("block list shards=3 id=1 num_samples=4", lambda: epochs(
    lambda: ds.MindDataset(LIST, shuffle=PARTIAL, num_shards=3, shard_id=1, num_samples=4)))
del os.environ["MS_DEV_MINDRECORD_SHARD_BY_BLOCK"]


def add_sampler_to_partial():
    data = ds.MindDataset(LIST, shuffle=PARTIAL)
    data.add_sampler(ds.SequentialSampler())
    return epochs(lambda: data, 1)


def partial_sampler_chain():
    sampler = ds.SequentialSampler()
    sampler.add_child(ds.RandomSampler(shuffle=PARTIAL))
    return epochs(lambda: ds.MindDataset(LIST, sampler=sampler), 1)


def partial_parent_sampler():
    sampler = ds.RandomSampler(shuffle=PARTIAL)
    sampler.add_child(ds.SequentialSampler())
    return epochs(lambda: ds.MindDataset(LIST, sampler=sampler), 1)


show("add_sampler to PARTIAL", add_sampler_to_partial)
show("child sampler PARTIAL", partial_sampler_chain)
show("parent sampler PARTIAL", partial_parent_sampler)
show("PARTIAL with sampler", lambda: epochs(
    lambda: ds.MindDataset(LIST, shuffle=PARTIAL, sampler=ds.SequentialSampler()), 1))
