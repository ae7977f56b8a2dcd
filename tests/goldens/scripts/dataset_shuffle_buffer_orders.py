"""The orders of MindSpore's Dataset.shuffle(buffer_size) (its C++ ShuffleOp) under
dataset.config.set_seed: sizes from 1 to 257 rows (dataset_shuffle_buffer_large_orders.py: to
5000), buffers of 2, 3, fewer rows than the data,
as many and more, several seeds (one at 2**32 - 1, whose next epoch wraps to 0), three epochs,
shuffle before and after repeat and batch, over NumpySlicesDataset, GeneratorDataset and a
RandomSampler source, a filtered generator, an endless repeat, two shuffles in a row, a seed set after the pipeline
is built, a second iterator over the same pipeline, mindspore.set_seed, and the error for a
buffer of 1. One `label -> epochs` line per
case; a long order is written as its first rows and a position-weighted checksum."""
import numpy as np
import mindspore as ms
import mindspore.dataset as ds


def orders_of(make, count=3, head=None):
    it = make().create_tuple_iterator(num_epochs=count, output_numpy=True)
    orders = [[int(np.asarray(row[0]).flat[0]) for row in it] for _ in range(count)]
    if head is not None:
        return " ".join(f"{o[:head]}+{sum(i * v for i, v in enumerate(o)) % 1000003}" for o in orders)
    return " ".join(str(o) for o in orders)


def source(n, **kwargs):
    return ds.NumpySlicesDataset(np.arange(n), column_names=["x"], shuffle=False, **kwargs)


def generator(n):
    def rows():
        for i in range(n):
            yield (np.array(i),)
    return ds.GeneratorDataset(rows, ["x"], shuffle=False)


def case(label, make, seed, count=3, head=None):
    ds.config.set_seed(seed)
    try:
        print(f"{label} seed={seed} -> {orders_of(make, count, head)}")
    except Exception as error:  # pylint: disable=broad-except
        print(f"{label} seed={seed} -> {type(error).__name__}: {str(error).splitlines()[0]}")


SEEDS = (0, 7, 1234, 4294967295)
for seed in SEEDS:
    for n in (1, 2, 3, 5, 8, 13, 40):
        for buffer in sorted({2, 3, max(2, n - 1), max(2, n), n + 1, n + 7}):
            case(f"numpy n={n} buffer={buffer}", lambda: source(n).shuffle(buffer), seed)
    for n, buffer in ((100, 10), (100, 64), (257, 256)):
        case(f"numpy n={n} buffer={buffer}", lambda: source(n).shuffle(buffer), seed)
    case("generator n=30 buffer=7", lambda: generator(30).shuffle(7), seed)
    case("generator n=30 buffer=30", lambda: generator(30).shuffle(30), seed)
    case("generator_repeat_shuffle n=7 count=2 buffer=3",
         lambda: generator(7).repeat(2).shuffle(3), seed)
    case("generator_shuffle_repeat n=7 buffer=3 count=2",
         lambda: generator(7).shuffle(3).repeat(2), seed)
    case("generator_filter_shuffle n=20 buffer=4",
         lambda: generator(20).filter(lambda x: x % 3 != 0).shuffle(4), seed)
    case("shuffle_repeat n=9 buffer=4 count=3", lambda: source(9).shuffle(4).repeat(3), seed, 2)
    case("repeat_shuffle n=9 buffer=4 count=3", lambda: source(9).repeat(3).shuffle(4), seed, 2)
    case("batch_shuffle n=20 batch=3 buffer=4", lambda: source(20).batch(3).shuffle(4), seed)
    case("shuffle_batch n=20 buffer=6 batch=3", lambda: source(20).shuffle(6).batch(3), seed)
    case("random_source_shuffle n=12 buffer=5",
         lambda: ds.NumpySlicesDataset(np.arange(12), column_names=["x"], shuffle=True).shuffle(5), seed)
    case("shuffle_shuffle n=15 buffer=4 buffer=6", lambda: source(15).shuffle(4).shuffle(6), seed)
    case("map_shuffle n=15 buffer=5", lambda: source(15).map(lambda x: x * 2).shuffle(5), seed)

for seed in (3, 4294967294):
    ds.config.set_seed(11)
    built = source(17).shuffle(5)
    ds.config.set_seed(seed)
    print(f"seed_after_build n=17 buffer=5 seed={seed} -> {orders_of(lambda: built, 2)}")
    ds.config.set_seed(seed)
    built = source(17).shuffle(5)
    first = orders_of(lambda: built, 2)
    print(f"second_iterator n=17 buffer=5 seed={seed} -> {first} | {orders_of(lambda: built, 2)}")

def first_rows(dataset, count):
    it = dataset.create_tuple_iterator(output_numpy=True)
    return [int(np.asarray(next(it)[0]).flat[0]) for _ in range(count)]


for seed in (2, 4294967295):  # an endless repeat goes on drawing, pass after pass
    ds.config.set_seed(seed)
    print(f"endless_repeat n=6 buffer=3 seed={seed} -> {first_rows(source(6).shuffle(3).repeat(), 24)}")
    ds.config.set_seed(seed)
    print(f"endless_repeat n=6 buffer=10 seed={seed} -> {first_rows(source(6).shuffle(10).repeat(), 24)}")
    ds.config.set_seed(seed)
    print(f"endless_repeat generator n=6 buffer=4 seed={seed} -> "
          f"{first_rows(generator(6).shuffle(4).repeat(), 24)}")
    ds.config.set_seed(seed)
    print(f"endless_repeat batch n=10 batch=3 buffer=2 seed={seed} -> "
          f"{first_rows(source(10).batch(3).shuffle(2).repeat(), 12)}")
    ds.config.set_seed(seed)
    random_source = ds.NumpySlicesDataset(np.arange(6), column_names=["x"], shuffle=True)
    print(f"endless_repeat random_source n=6 seed={seed} -> {first_rows(random_source.repeat(), 24)}")
    ds.config.set_seed(seed)
    random_source = ds.NumpySlicesDataset(np.arange(6), column_names=["x"], shuffle=True)
    print(f"endless_repeat random_source n=6 buffer=4 seed={seed} -> "
          f"{first_rows(random_source.shuffle(4).repeat(), 24)}")

ms.set_seed(21)  # mindspore.set_seed seeds the pipelines too
print(f"global_seed n=11 buffer=4 seed=21 -> {orders_of(lambda: source(11).shuffle(4))}")

for buffer in (1, 0, -1):
    try:
        source(5).shuffle(buffer)
        print(f"buffer={buffer} -> accepted")
    except Exception as error:  # pylint: disable=broad-except
        print(f"buffer={buffer} -> {type(error).__name__}: {error}")
