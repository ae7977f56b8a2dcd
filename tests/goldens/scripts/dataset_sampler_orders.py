"""The orders MindSpore's seeded samplers draw (dataset.config.set_seed): RandomSampler (with and
without replacement, num_samples), DistributedSampler (a source's num_shards/shard_id and the
sampler), SubsetRandomSampler, GeneratorDataset's shuffle and split(randomize=True), over several
seeds, sizes and epochs. One `label -> epochs` line per case."""
import numpy as np
import mindspore.dataset as ds


def epochs(make, count=2, head=None):
    it = make().create_tuple_iterator(num_epochs=count, output_numpy=True)
    orders = [[int(row[0]) for row in it] for _ in range(count)]
    if head is not None:  # a long order: its first rows and a position-weighted checksum
        return " ".join(f"{o[:head]}+{sum(i * v for i, v in enumerate(o)) % 1000003}" for o in orders)
    return " ".join(str(o) for o in orders)


def source(n, **kwargs):
    return ds.NumpySlicesDataset(np.arange(n), column_names=["x"], **kwargs)


for seed in (0, 7, 1234, 4294967294):
    for n in (1, 6, 11, 32):
        case = f"seed={seed} n={n}"
        ds.config.set_seed(seed)
        print(f"random {case} -> {epochs(lambda: source(n, shuffle=True), 3)}")
        ds.config.set_seed(seed)
        print(f"random_num_samples {case} -> "
              f"{epochs(lambda: source(n, sampler=ds.RandomSampler(num_samples=4)), 3)}")
        ds.config.set_seed(seed)
        print(f"random_replacement {case} -> "
              f"{epochs(lambda: source(n, sampler=ds.RandomSampler(replacement=True)))}")
        ds.config.set_seed(seed)
        print(f"random_replacement_num_samples {case} -> "
              f"{epochs(lambda: source(n, sampler=ds.RandomSampler(replacement=True, num_samples=3)))}")
        for shard in range(3):
            ds.config.set_seed(seed)
            print(f"distributed {case} shard={shard} -> "
                  f"{epochs(lambda: source(n, num_shards=3, shard_id=shard, shuffle=True), 3)}")
        ds.config.set_seed(seed)
        print(f"distributed_sampler {case} -> "
              f"{epochs(lambda: source(n, sampler=ds.DistributedSampler(2, 1)))}")
        if n >= 6:
            ds.config.set_seed(seed)
            print(f"subset_random {case} -> "
                  f"{epochs(lambda: source(n, sampler=ds.SubsetRandomSampler([5, 1, 3, 0, 2, 4])), 3)}")
            ds.config.set_seed(seed)
            print(f"subset_random_num_samples {case} -> "
                  f"{epochs(lambda: source(n, sampler=ds.SubsetRandomSampler([5, 1, 3, 0, 2, 4], num_samples=3)), 3)}")
            ds.config.set_seed(seed)
            first, second = source(n, shuffle=False).split([0.5, 0.5])
            print(f"split {case} -> {epochs(lambda: first)} | {epochs(lambda: second)}")
        ds.config.set_seed(seed)
        print(f"generator_shuffle {case} -> "
              f"{epochs(lambda: ds.GeneratorDataset(list(range(n)), ['x'], shuffle=True))}")
        ds.config.set_seed(seed)
        print(f"zip_of_two_random {case} -> "
              f"{epochs(lambda: source(n).zip(ds.NumpySlicesDataset(np.arange(n), column_names=['y'])))}")

for n in (65535, 65536, 70001):  # two swap positions per draw up to 65535 rows, one beyond
    ds.config.set_seed(3)
    print(f"random_long seed=3 n={n} -> {epochs(lambda: source(n), 2, head=8)}")
ds.config.set_seed(3)
print(f"distributed_long seed=3 n=70001 -> "
      f"{epochs(lambda: source(70001, num_shards=4, shard_id=2), 2, head=8)}")
