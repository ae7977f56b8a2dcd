"""The attributes MindSpore's samplers show (num_shards, shard_id, shuffle, num_samples, seed,
offset, replacement, start_index, indices, weights, ...): a DistributedSampler's before and after
set_seed, after a dataset is built on it, its size counted, iterators made and read (and the
orders they read), and every built-in sampler's after construction and after iterating. One
`label -> result` line per case."""
import numpy as np
import mindspore.dataset as ds

NAMES = ("num_shards", "shard_id", "shuffle", "num_samples", "seed", "offset", "replacement",
         "start_index", "indices", "weights", "num_val", "num_class", "class_column",
         "child_sampler")


def attrs(sampler):
    return " ".join(f"{name}={getattr(sampler, name)!r}" for name in NAMES
                    if hasattr(sampler, name))


def order(rows):
    return [int(row[0]) for row in rows]


ds.config.set_seed(7)
s = ds.DistributedSampler(2, 1)
print("built ->", attrs(s))
ds.config.set_seed(9)
print("set_seed after building ->", attrs(s))
d = ds.NumpySlicesDataset(np.arange(10), column_names=["x"], sampler=s)
print("in dataset ->", attrs(s))
print(f"size {d.get_dataset_size()} ->", attrs(s))
it = d.create_tuple_iterator(num_epochs=2, output_numpy=True)
print("iterator made ->", attrs(s))
print(f"epoch0 {order(it)} ->", attrs(s))
print(f"epoch1 {order(it)} ->", attrs(s))
it2 = d.create_tuple_iterator(num_epochs=1, output_numpy=True)
print(f"iterator2 {order(it2)} ->", attrs(s))
print(f"for dataset {order(d)} ->", attrs(s))
print(f"for dataset again {order(d)} ->", attrs(s))
rows = [int(r["x"]) for r in d.create_dict_iterator(num_epochs=1, output_numpy=True)]
print(f"dict iterator {rows} ->", attrs(s))
m = d.map(lambda x: x * 2, ["x"])
print(f"mapped size {m.get_dataset_size()} ->", attrs(s))
print(f"mapped {order(m.create_tuple_iterator(num_epochs=1, output_numpy=True))} ->", attrs(s))
ds.config.set_seed(4294967294)  # the C++ sampler's seed + 1 is UINT32_MAX
s = ds.DistributedSampler(3, 0)
d = ds.NumpySlicesDataset(np.arange(10), column_names=["x"], sampler=s)
print(f"seed 4294967294 {order(d.create_tuple_iterator(num_epochs=1, output_numpy=True))} ->",
      attrs(s))
ds.config.set_seed(9)
for kwargs in ({}, {"shuffle": False}, {"shuffle": ds.Shuffle.GLOBAL},
               {"shuffle": ds.Shuffle.FALSE}, {"num_samples": 3}, {"num_samples": 0}):
    s = ds.DistributedSampler(3, 0, **kwargs)
    d = ds.NumpySlicesDataset(np.arange(7), column_names=["x"], sampler=s)
    print(f"distributed {kwargs} {order(d.create_tuple_iterator(num_epochs=1, output_numpy=True))}"
          f" ->", attrs(s))
print("distributed offset=2 ->", attrs(ds.DistributedSampler(3, 0, offset=2)))
for make in ("ds.RandomSampler()", "ds.RandomSampler(True, 4)", "ds.RandomSampler(num_samples=0)",
             "ds.SequentialSampler()", "ds.SequentialSampler(2, 3)",
             "ds.SubsetRandomSampler([3, 1])", "ds.SubsetSampler([3, 1], 1)",
             "ds.SubsetSampler([3, 1, 4])", "ds.WeightedRandomSampler([0.5, 0.5], 2)",
             "ds.PKSampler(2)"):
    s = eval(make)  # pylint: disable=eval-used
    print(make, "->", attrs(s))
    if "PK" not in make:  # (GeneratorDataset refuses a PKSampler)
        d = ds.NumpySlicesDataset(np.arange(6), column_names=["x"], sampler=s)
        order(d.create_tuple_iterator(num_epochs=1, output_numpy=True))
        print(make, "after iterating ->", attrs(s))
for make in ("ds.RandomSampler(shuffle=ds.Shuffle.FILES)", "ds.RandomSampler(shuffle=False)",
             "ds.DistributedSampler(2, 0, shuffle=ds.Shuffle.FILES)",
             "ds.DistributedSampler(2, 0, shuffle=1)"):
    try:
        s = eval(make)  # pylint: disable=eval-used
        d = ds.NumpySlicesDataset(np.arange(6), column_names=["x"], sampler=s)
        print(make, "->", order(d.create_tuple_iterator(num_epochs=1, output_numpy=True)))
    except Exception as exc:  # pylint: disable=broad-except
        print(make, "->", f"{type(exc).__name__}: {str(exc).strip().splitlines()[0]}")
