"""Sampler chains (Sampler.add_child), user-defined samplers with __len__ or num_samples, and
IterSampler: the rows each reads and the dataset size MindSpore reports."""
import re

import numpy as np
import mindspore.dataset as ds


def run(label, f):
    try:
        print(label, "->", f())
    except Exception as e:  # pylint: disable=broad-except
        msg = " ".join(str(e).split())
        found = re.search(r"The actual amount of data read from generator \d+ is different from "
                          r"generator.len \d+", msg)
        if "[ERROR]" in msg:
            msg = msg[msg.index("[ERROR]"):].split(" ----")[0]
        if found:
            msg = found.group(0) + " | " + msg
        print(label, "->", type(e).__name__, msg[:300])


def rows(data):
    return [r[0].tolist() for r in data.create_tuple_iterator(num_epochs=1, output_numpy=True)]


def chained(parent, child):
    parent.add_child(child)
    return parent


def numbers(sampler, n=10):
    return ds.NumpySlicesDataset(list(range(100, 100 + n)), ["x"], sampler=sampler)


ds.config.set_seed(5)
SEQ = ds.SequentialSampler
run("seq of seq", lambda: rows(numbers(chained(SEQ(1, 2), SEQ(1, 2)), 4)))
run("seq of seq size", lambda: numbers(chained(SEQ(1, 2), SEQ(1, 2)), 4).get_dataset_size())
run("seq of seq 1", lambda: rows(numbers(chained(SEQ(1, 1), SEQ(1, 2)), 4)))
run("seq of subset", lambda: rows(numbers(chained(SEQ(0, 3), ds.SubsetSampler([7, 2, 5, 1])))))
run("subset of seq", lambda: rows(numbers(chained(ds.SubsetSampler([3, 0, 1]), SEQ(4, 5)))))
run("subset of seq size", lambda: numbers(chained(ds.SubsetSampler([3, 0, 1]), SEQ(4, 5))).get_dataset_size())
run("dist of seq", lambda: rows(numbers(chained(ds.DistributedSampler(2, 1, shuffle=False), SEQ(2, 6)))))
run("three deep", lambda: rows(numbers(chained(SEQ(1), chained(SEQ(1), SEQ(1))))))
run("seq of seq batch", lambda: [r[0].tolist() for r in numbers(chained(SEQ(0, 4), SEQ(2))).batch(2).create_tuple_iterator(output_numpy=True)])
run("seq of seq repeat", lambda: rows(numbers(chained(SEQ(0, 2), SEQ(5)), 8).repeat(2)))


class Ten(ds.Sampler):
    def __iter__(self):
        yield from range(10)


class TenLen(ds.Sampler):
    def __init__(self, length):
        self.length = length  # (MindSpore's Sampler.__init__ asks len(self))
        super().__init__()

    def __iter__(self):
        yield from range(10)

    def __len__(self):
        return self.length


class PlainLen:
    def __init__(self, length):
        self.length = length

    def __iter__(self):
        yield from range(10)

    def __len__(self):
        return self.length


class PlainIter:
    def __iter__(self):
        yield from [3, 1, 2]


for n in (None, 5, 10, 15):
    run(f"user sampler num_samples {n} size", lambda n=n: numbers(Ten(n), 12).get_dataset_size())
    run(f"user sampler num_samples {n} rows", lambda n=n: rows(numbers(Ten(n), 12)))
for n in (5, 10, 15):
    run(f"user sampler len {n} size", lambda n=n: numbers(TenLen(n), 12).get_dataset_size())
    run(f"user sampler len {n} rows", lambda n=n: rows(numbers(TenLen(n), 12)))
    run(f"plain sampler len {n} size", lambda n=n: numbers(PlainLen(n), 12).get_dataset_size())
    run(f"plain sampler len {n} rows", lambda n=n: rows(numbers(PlainLen(n), 12)))
run("plain iterable rows", lambda: rows(numbers(PlainIter())))
run("plain iterable size", lambda: numbers(PlainIter()).get_dataset_size())
run("IterSampler rows", lambda: rows(numbers(ds.IterSampler(PlainIter()))))
run("IterSampler num_samples", lambda: rows(numbers(ds.IterSampler(PlainLen(10), num_samples=4))))
run("IterSampler len size", lambda: numbers(ds.IterSampler(PlainLen(6))).get_dataset_size())
run("IterSampler attrs", lambda: (ds.IterSampler(PlainLen(6)).num_samples, ds.IterSampler(PlainIter()).num_samples))
run("user chain child", lambda: rows(numbers(chained(SEQ(1, 3), Ten()), 12)))
run("user chain parent", lambda: rows(numbers(chained(Ten(4), SEQ(2)), 12)))


def add_child_twice():
    sampler = SEQ(1)
    sampler.add_child(SEQ(1, 6))
    sampler.add_child(SEQ(4, 2))


def added(dataset, *samplers):
    for sampler in samplers:
        dataset.add_sampler(sampler)
    return dataset


run("add_child twice", add_child_twice)
run("add_sampler size", lambda: added(numbers(None, 100), ds.DistributedSampler(4, 0, shuffle=False)).get_dataset_size())
run("add_sampler rows", lambda: rows(added(ds.NumpySlicesDataset(list(range(100, 120)), ["x"], shuffle=False), SEQ(0, 8), ds.SubsetSampler([7, 0, 3]))))
run("add_sampler two sizes", lambda: added(ds.NumpySlicesDataset(list(range(100, 120)), ["x"], shuffle=False), SEQ(0, 8), SEQ(2, 3)).get_dataset_size())
run("sampler int", lambda: rows(numbers(3)))
run("subset out of bound", lambda: rows(numbers([0, 20])))
run("subset negative", lambda: rows(numbers([0, -6])))
run("subset sampler out of bound", lambda: rows(numbers(ds.SubsetSampler([10]))))
run("subset minus one", lambda: rows(numbers([0, -1])))
run("sampler str", lambda: rows(numbers("ab")))


class GetItemSampler:
    def __getitem__(self, index):
        return [3, 0, 2][index]

    def __len__(self):
        return 3


run("getitem sampler", lambda: rows(numbers(GetItemSampler())))
