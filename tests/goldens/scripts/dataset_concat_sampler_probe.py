"""ConcatDataset.use_sampler: the rows a DistributedSampler's shard reads from a concatenation,
and the order a RandomSampler draws (rows taken from children at random, weighted by the rows
each has left), over epochs, repeats, nested concatenations, generator children and shuffled
children; get_dataset_size; and the samplers and children it refuses. One `label -> result` line
per case. (An endless repeat with a take above it never ends on MindSpore 2.10: left out.)"""
import re

import mindspore.dataset as ds


def case(label, make, epochs=1):
    try:
        data = make()
        size = data.get_dataset_size()
        it = data.create_tuple_iterator(output_numpy=True, num_epochs=epochs)
        rows = [[int(row[0]) for row in it] for _ in range(epochs)]
        print(f"{label} -> size={size} rows={rows}", flush=True)
    except Exception as error:  # noqa: BLE001
        message = re.sub(r" at 0x[0-9a-f]+", "", str(error).splitlines()[0])
        print(f"{label} -> {type(error).__name__}: {message}", flush=True)


def concat(sizes, kind="slices", shuffle=False):
    parts = []
    for index, size in enumerate(sizes):
        values = list(range(100 * index, 100 * index + size))
        if kind == "generator":
            parts.append(ds.GeneratorDataset(lambda v=values: ((x,) for x in v), ["x"]))
        else:
            parts.append(ds.NumpySlicesDataset(values, ["x"], shuffle=shuffle))
    data = parts[0]
    for part in parts[1:]:
        data = data + part
    return data


def sampled(sizes, sampler, kind="slices", shuffle=False, after=None):
    def make():
        data = concat(sizes, kind, shuffle)
        data.use_sampler(sampler())
        return after(data) if after else data
    return make


for sizes in ((3, 4), (5, 2, 4), (1, 1, 1), (2, 9)):
    for shards in (1, 2, 3, 5):
        for shard in range(shards):
            case(f"distributed sizes={sizes} shards={shards} shard={shard}",
                 sampled(sizes, lambda: ds.DistributedSampler(shards, shard, False)))
case("distributed generators shard 1", sampled((3, 4), lambda: ds.DistributedSampler(2, 1, False), "generator"))
case("distributed two epochs", sampled((3, 4), lambda: ds.DistributedSampler(2, 1, False)), epochs=2)
case("distributed then repeat(2)", sampled((3, 4), lambda: ds.DistributedSampler(3, 0, False), after=lambda d: d.repeat(2)))
case("distributed then map", sampled((3, 4), lambda: ds.DistributedSampler(2, 0, False), after=lambda d: d.map(lambda x: x * 2, "x")))
case("distributed offset=1", sampled((3, 4), lambda: ds.DistributedSampler(2, 0, False, offset=1)))
case("distributed shuffle=True", sampled((3, 4), lambda: ds.DistributedSampler(2, 0, True)))
case("distributed num_samples=2", sampled((3, 4), lambda: ds.DistributedSampler(2, 0, False, num_samples=2)))
case("sequential sampler", sampled((3, 4), ds.SequentialSampler))
case("random replacement", sampled((3, 4), lambda: ds.RandomSampler(replacement=True)))
case("random num_samples", sampled((3, 4), lambda: ds.RandomSampler(num_samples=3)))
for seed in (0, 5, 2 ** 32 - 2):
    ds.config.set_seed(seed)
    for sizes in ((3, 4), (5, 2, 4), (6, 1), (40, 25, 9)):
        for shuffle in (False, True):
            case(f"random seed={seed} sizes={sizes} shuffled children={shuffle}",
                 sampled(sizes, ds.RandomSampler, shuffle=shuffle), epochs=3)
    case(f"random seed={seed} generators", sampled((5, 3), ds.RandomSampler, "generator"), epochs=2)
    case(f"random seed={seed} then repeat(2)", sampled((3, 4), ds.RandomSampler, after=lambda d: d.repeat(2)), epochs=2)
ds.config.set_seed(7)
data = concat((4, 5))
data.use_sampler(ds.RandomSampler())
first = [int(row[0]) for row in data.create_tuple_iterator(output_numpy=True, num_epochs=1)]
second = [int(row[0]) for row in data.create_tuple_iterator(output_numpy=True, num_epochs=1)]
print(f"random two iterators -> {first} {second}")
