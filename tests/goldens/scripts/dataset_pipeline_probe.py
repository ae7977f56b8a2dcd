"""MindSpore 2.10 goldens for mindspore.dataset pipelines: sources, operations, iterators, errors.

Each case prints one ``label -> result`` line. Regenerate from the repository root with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_pipeline_probe.py \
        | grep " -> " > tests/goldens/dataset/pipeline_probe.txt

tests/dataset/test_pipeline_goldens.py runs this same script with ``mindspore`` answered by msjax
and compares every line. Rows are printed as ``dtype shape values`` per column; shuffled pipelines
print their sorted multiset (MindSpore's random order itself is not reproducible elsewhere).
"""
import re

import numpy as np

import mindspore as ms
import mindspore.dataset as ds


def column_text(value):
    array = np.asarray(value)
    return f"{array.dtype}{list(array.shape)}{array.tolist()}"


def rows(dataset, sort=False):
    out = [" ".join(column_text(column) for column in row)
           for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)]
    return sorted(out) if sort else out


def tensor_types(dataset):
    row = next(iter(dataset.create_tuple_iterator(num_epochs=1)))
    return [(type(column).__name__, str(column.dtype)) for column in row]


def dict_rows(dataset):
    return [{key: column_text(value) for key, value in row.items()}
            for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1)]


def generator_rows():
    for i in range(5):
        yield np.array([i, i + 1], np.float32), np.array(i, np.int32)


class RandomAccess:
    def __init__(self, n=6):
        self.data = np.arange(n * 2, dtype=np.float32).reshape(n, 2)
        self.label = np.arange(n, dtype=np.int32)

    def __getitem__(self, index):
        return self.data[index], self.label[index]

    def __len__(self):
        return len(self.data)


class IterableOnly:
    def __iter__(self):
        return iter([(np.array([1, 2], np.int64),), (np.array([3, 4], np.int64),)])


def python_scalars():
    yield 1, 2.5, True
    yield 2, 3.5, False


def ragged():
    yield (np.ones(2, np.float32),)
    yield (np.ones(3, np.float32),)


def lengths():
    for n in (1, 4, 2, 6, 3, 5, 1):
        yield (np.arange(n, dtype=np.int32),)


class EveryOther(ds.Sampler):
    def __iter__(self):
        return iter(range(0, self.dataset_size, 2))


def failing_op(x):
    raise ValueError("bad value in op")


def gen():
    return ds.GeneratorDataset(generator_rows, ["data", "label"], shuffle=False)


def slices():
    return ds.NumpySlicesDataset({"a": np.arange(10, dtype=np.int32),
                                  "b": np.arange(10, dtype=np.float64) / 2}, shuffle=False)


CASES = {
    "generator rows": lambda: rows(gen()),
    "generator tensor types": lambda: tensor_types(gen()),
    "generator size": lambda: gen().get_dataset_size(),
    "generator col names": lambda: gen().get_col_names(),
    "generator output shapes": lambda: gen().output_shapes(),
    "generator output types": lambda: [str(t) for t in gen().output_types()],
    "generator dict": lambda: dict_rows(gen()),
    "python scalars": lambda: rows(ds.GeneratorDataset(python_scalars, ["i", "f", "b"])),
    "python scalar types": lambda: tensor_types(ds.GeneratorDataset(python_scalars, ["i", "f", "b"])),
    "random access": lambda: rows(ds.GeneratorDataset(RandomAccess(), ["x", "y"], shuffle=False)),
    "random access size": lambda: ds.GeneratorDataset(RandomAccess(), ["x", "y"]).get_dataset_size(),
    "random access shuffled multiset": lambda: rows(ds.GeneratorDataset(RandomAccess(), ["x", "y"]), sort=True),
    "iterable": lambda: rows(ds.GeneratorDataset(IterableOnly(), ["x"])),
    "num_samples": lambda: rows(ds.GeneratorDataset(RandomAccess(), ["x", "y"], shuffle=False, num_samples=3)),
    "sampler sequential": lambda: rows(ds.GeneratorDataset(RandomAccess(), ["x", "y"], sampler=ds.SequentialSampler(start_index=2, num_samples=3))),
    "sampler subset": lambda: rows(ds.GeneratorDataset(RandomAccess(), ["x", "y"], sampler=[4, 0, 2])),
    "sampler subset random multiset": lambda: rows(ds.GeneratorDataset(RandomAccess(), ["x", "y"], sampler=ds.SubsetRandomSampler([5, 1, 3])), sort=True),
    "sampler random size": lambda: ds.GeneratorDataset(RandomAccess(), ["x", "y"], sampler=ds.RandomSampler(num_samples=4)).get_dataset_size(),
    "shard 0 of 3": lambda: rows(ds.GeneratorDataset(RandomAccess(7), ["x", "y"], shuffle=False, num_shards=3, shard_id=0)),
    "shard 2 of 3": lambda: rows(ds.GeneratorDataset(RandomAccess(7), ["x", "y"], shuffle=False, num_shards=3, shard_id=2)),
    "shard size": lambda: ds.GeneratorDataset(RandomAccess(7), ["x", "y"], num_shards=3, shard_id=1).get_dataset_size(),
    "distributed sampler": lambda: rows(ds.GeneratorDataset(RandomAccess(7), ["x", "y"], sampler=ds.DistributedSampler(2, 1, shuffle=False))),
    "slices dict": lambda: rows(slices()),
    "slices dict names": lambda: slices().get_col_names(),
    "slices list": lambda: rows(ds.NumpySlicesDataset([1, 2, 3], shuffle=False)),
    "slices list names": lambda: ds.NumpySlicesDataset([1, 2, 3]).get_col_names(),
    "slices tuple": lambda: rows(ds.NumpySlicesDataset((np.ones((3, 2), np.float32), [7, 8, 9]), column_names=["x", "y"], shuffle=False)),
    "slices tuple default names": lambda: ds.NumpySlicesDataset((np.ones((3, 2)), [7, 8, 9])).get_col_names(),
    "slices float list": lambda: rows(ds.NumpySlicesDataset([0.5, 1.5], shuffle=False)),
    "slices shard": lambda: rows(ds.NumpySlicesDataset(list(range(10)), shuffle=False, num_shards=4, shard_id=3)),
    "batch": lambda: rows(slices().batch(4)),
    "batch drop": lambda: rows(slices().batch(4, drop_remainder=True)),
    "batch size": lambda: (slices().batch(4).get_dataset_size(), slices().batch(4, True).get_dataset_size(), slices().batch(4).get_batch_size()),
    "batch shapes": lambda: slices().batch(4, True).output_shapes(),
    "batch per_batch_map": lambda: rows(slices().batch(3, input_columns=["a"], per_batch_map=lambda a, info: ([x * np.int32(10) for x in a],))),
    "batch info": lambda: rows(slices().batch(4, per_batch_map=lambda a, b, info: ([np.array(info.get_batch_num())] * len(a), b))),
    "repeat": lambda: rows(gen().repeat(2).take(7)),
    "repeat size": lambda: (gen().repeat(3).get_dataset_size(), gen().repeat(3).get_repeat_count()),
    "batch repeat size": lambda: slices().batch(3).repeat(2).get_dataset_size(),
    "take": lambda: rows(slices().take(3)),
    "take size": lambda: slices().take(3).get_dataset_size(),
    "skip": lambda: rows(slices().skip(7)),
    "skip size": lambda: slices().skip(7).get_dataset_size(),
    "project": lambda: rows(gen().project(["label", "data"])),
    "project names": lambda: gen().project(["label"]).get_col_names(),
    "rename": lambda: gen().rename(["data"], ["image"]).get_col_names(),
    "map": lambda: rows(gen().map(lambda x: x * 2, input_columns=["data"])),
    "map default columns": lambda: rows(ds.NumpySlicesDataset([1, 2], shuffle=False).map(lambda x: x + 1)),
    "map output columns": lambda: (lambda d: (d.get_col_names(), rows(d)))(gen().map(lambda x: (x, x.sum()), input_columns=["data"], output_columns=["data", "total"])),
    "map list of ops": lambda: rows(gen().map([lambda x: x + 1, lambda x: x * 3], input_columns="data")),
    "map two inputs": lambda: rows(gen().map(lambda x, y: x + y.astype(np.float32), input_columns=["data", "label"], output_columns=["sum"])),
    "map two inputs names": lambda: gen().map(lambda x, y: x + y, input_columns=["data", "label"], output_columns=["sum"]).get_col_names(),
    "map python int": lambda: rows(ds.NumpySlicesDataset([1, 2], shuffle=False).map(lambda x: int(x) * 2)),
    "map python float": lambda: rows(ds.NumpySlicesDataset([1, 2], shuffle=False).map(lambda x: float(x) / 4)),
    "filter": lambda: rows(slices().filter(lambda a: a % 3 == 0, input_columns=["a"])),
    "filter size": lambda: slices().filter(lambda a: a % 3 == 0, input_columns=["a"]).get_dataset_size(),
    "zip": lambda: rows(ds.zip((gen(), slices()))),
    "zip names": lambda: gen().zip(slices()).get_col_names(),
    "zip size": lambda: gen().zip(slices()).get_dataset_size(),
    "concat": lambda: rows(gen().take(2) + gen().skip(4)),
    "concat size": lambda: gen().concat([gen(), gen()]).get_dataset_size(),
    "split": lambda: [rows(part) for part in ds.NumpySlicesDataset(list(range(10)), shuffle=False).split([3, 7], randomize=False)],
    "split fractions": lambda: [rows(part) for part in ds.NumpySlicesDataset(list(range(10)), shuffle=False).split([0.2, 0.8], randomize=False)],
    "split random multiset": lambda: sorted(len(rows(part)) for part in ds.NumpySlicesDataset(list(range(10)), shuffle=False).split([0.3, 0.7])),
    "shuffle multiset": lambda: rows(slices().shuffle(4), sort=True),
    "shuffle size": lambda: slices().shuffle(4).get_dataset_size(),
    "tuple iterator plain": lambda: [len(row) for row in gen()],
    "tuple iterator types": lambda: [type(row).__name__ for row in gen().create_tuple_iterator()][:1],
    "dict iterator types": lambda: [type(v).__name__ for row in gen().create_dict_iterator() for v in row.values()][:2],
    "numpy iterator types": lambda: [type(v).__name__ for row in gen().create_tuple_iterator(output_numpy=True) for v in row][:2],
    "iterator epochs": lambda: (lambda it: [len(list(it)), len(list(it))])(gen().create_tuple_iterator(num_epochs=2)),
    "strings": lambda: [[str(v) for v in row] for row in ds.NumpySlicesDataset(["ab", "c"], shuffle=False).create_tuple_iterator(output_numpy=True)],
    "string type": lambda: [type(v).__name__ + str(v.dtype.kind) for row in ds.NumpySlicesDataset(["ab", "c"], shuffle=False) for v in row][:1],
    "padded_batch": lambda: rows(ds.GeneratorDataset(ragged, ["x"], shuffle=False).padded_batch(2, pad_info={"x": ([4], -1.0)})),
    "padded_batch longest": lambda: rows(ds.GeneratorDataset(ragged, ["x"], shuffle=False).padded_batch(2, pad_info={"x": (None, 0.0)})),
    "bucket_batch_by_length": lambda: rows(ds.GeneratorDataset(lengths, ["x"], shuffle=False).bucket_batch_by_length(["x"], [3, 5], [2, 2, 1], pad_info={"x": (None, 0)})),
    "bucket_batch sizes": lambda: [r.split(" ")[0].split("]")[0] for r in rows(ds.GeneratorDataset(lengths, ["x"], shuffle=False).bucket_batch_by_length(["x"], [3], [2, 3], pad_info={"x": (None, 0)}, drop_remainder=True))],
    "weighted sampler size": lambda: ds.GeneratorDataset(RandomAccess(), ["x", "y"], sampler=ds.WeightedRandomSampler([0.1, 0.0, 0.5, 0.2, 0.1, 0.1], num_samples=4)).get_dataset_size(),
    "weighted sampler zero weight": lambda: sorted(set(int(r[1]) for r in ds.GeneratorDataset(RandomAccess(), ["x", "y"], sampler=ds.WeightedRandomSampler([0.0, 0.0, 1.0, 0.0, 0.0, 0.0], num_samples=5)).create_tuple_iterator(output_numpy=True))),
    "random sampler replacement size": lambda: len(rows(ds.GeneratorDataset(RandomAccess(), ["x", "y"], sampler=ds.RandomSampler(replacement=True, num_samples=9)))),
    "sequential sampler num_samples": lambda: ds.GeneratorDataset(RandomAccess(), ["x", "y"], sampler=ds.SequentialSampler(num_samples=4)).get_dataset_size(),
    "user sampler": lambda: rows(ds.GeneratorDataset(RandomAccess(), ["x", "y"], sampler=EveryOther())),
    "repeat shuffle multiset": lambda: rows(ds.GeneratorDataset(RandomAccess(3), ["x", "y"]).repeat(2), sort=True),
    "rename then map": lambda: rows(gen().rename(["data"], ["image"]).map(lambda x: x + 1, "image").project("image")),
    "config seed from mindspore.set_seed": lambda: (ms.set_seed(5), ds.config.get_seed())[1],
    "config seed": lambda: (ds.config.set_seed(7), ds.config.get_seed())[1],
    "config workers": lambda: (ds.config.set_num_parallel_workers(2), ds.config.get_num_parallel_workers())[1],
    "config prefetch": lambda: (ds.config.set_prefetch_size(4), ds.config.get_prefetch_size())[1],
    "config shared mem": lambda: [(ds.config.set_enable_shared_mem(flag), ds.config.get_enable_shared_mem())[1] for flag in (False, True)],
    "config numa": lambda: [(ds.config.set_numa_enable(flag), ds.config.get_numa_enable())[1] for flag in (True, False)],
    "config autotune": lambda: [(ds.config.set_enable_autotune(False), ds.config.get_enable_autotune())[1], (ds.config.set_autotune_interval(3), ds.config.get_autotune_interval())[1], (ds.config.set_autotune_interval(0), ds.config.get_autotune_interval())[1]],
    "config debug mode": lambda: [(ds.config.set_debug_mode(False), ds.config.get_debug_mode())[1]],
    "config auto offload": lambda: [(ds.config.set_auto_offload(False), ds.config.get_auto_offload())[1]],
    "shuffle enum": lambda: [str(ds.Shuffle.GLOBAL), str(ds.Shuffle.FILES), str(ds.Shuffle.INFILE), ds.Shuffle.GLOBAL.value],
    "error shuffle enum in NumpySlicesDataset": lambda: len(rows(ds.NumpySlicesDataset({"a": np.arange(6)}, shuffle=ds.Shuffle.GLOBAL))),
    "batch and repeat classes": lambda: [type(gen().batch(2)).__name__, isinstance(gen().batch(2), ds.BatchDataset), type(gen().repeat(2)).__name__, isinstance(gen().repeat(2), ds.RepeatDataset)],
    # Bad input.
    "error ragged batch": lambda: rows(ds.GeneratorDataset(ragged, ["x"]).batch(2)),
    "error map raises": lambda: rows(gen().map(failing_op, input_columns=["data"])),
    "error map unknown column": lambda: rows(gen().map(lambda x: x, input_columns=["nope"])),
    "error project unknown": lambda: rows(gen().project(["nope"])),
    "error rename unknown": lambda: rows(gen().rename(["nope"], ["x"])),
    "error zip duplicate": lambda: rows(gen().zip(gen())),
    "error column names count": lambda: rows(ds.GeneratorDataset(generator_rows, ["only"])),
    "error batch size zero": lambda: gen().batch(0),
    "error shard id": lambda: ds.GeneratorDataset(RandomAccess(), ["x", "y"], num_shards=2, shard_id=2),
    "error shard without id": lambda: ds.GeneratorDataset(RandomAccess(), ["x", "y"], num_shards=2),
    "error sampler with shuffle": lambda: rows(ds.GeneratorDataset(RandomAccess(), ["x", "y"], shuffle=True, sampler=[0, 1])),
    "error sampler with shards": lambda: rows(ds.GeneratorDataset(RandomAccess(), ["x", "y"], num_shards=2, shard_id=0, sampler=[0, 1])),
    "error generator not callable": lambda: ds.GeneratorDataset(5, ["x"]),
    "error take negative": lambda: gen().take(-5),
    "error split sizes": lambda: slices().split([3, 4], randomize=False),
    "error mnist missing dir": lambda: ds.MnistDataset("/nonexistent/mnist"),
    "error mnist usage": lambda: ds.MnistDataset("/tmp", usage="valid"),
    "error cifar missing dir": lambda: ds.Cifar10Dataset("/nonexistent/cifar"),
    "error image folder missing": lambda: ds.ImageFolderDataset("/nonexistent/images"),
    "error text file missing": lambda: ds.TextFileDataset("/nonexistent/a.txt"),
    "error csv missing": lambda: ds.CSVDataset("/nonexistent/a.csv"),
    "infinite repeat size": lambda: (gen().repeat().get_dataset_size(), ds.NumpySlicesDataset([1, 2, 3]).repeat().get_dataset_size(), gen().repeat().get_repeat_count()),
    "infinite repeat batch size": lambda: gen().repeat().batch(2).get_dataset_size(),
    "error iterator beyond num_epochs": lambda: (lambda it: [len(list(it)), len(list(it))])(gen().create_tuple_iterator(num_epochs=1)),
    "error num_epochs zero": lambda: gen().create_tuple_iterator(num_epochs=0),
    "error config seed": lambda: ds.config.set_seed(-1),
    "error config workers": lambda: ds.config.set_num_parallel_workers(0),
    "error config prefetch": lambda: ds.config.set_prefetch_size(0),
    "error config int settings": lambda: config_errors(["monitor_sampling_interval", "callback_timeout", "autotune_interval", "multiprocessing_timeout_interval"], (True, 1.5, -1, 0, 2**31, 2**31 - 1)),
    "error config bool settings": lambda: config_errors(["numa_enable", "enable_shared_mem", "auto_num_workers", "enable_autotune", "auto_offload", "enable_watchdog", "debug_mode"], (1, "yes")),
    "error repeat zero": lambda: gen().repeat(0),
    "error skip negative": lambda: gen().skip(-1),
    "error shuffle buffer": lambda: gen().shuffle(1),
    "error concat different columns": lambda: rows(gen() + slices()),
    "error map output count": lambda: rows(gen().map(lambda x: (x, x), input_columns=["data"], output_columns=["a"])),
    "batch larger than data drop": lambda: (slices().batch(20, drop_remainder=True).get_dataset_size(), rows(slices().batch(20, drop_remainder=True))),
    "take beyond size": lambda: (slices().take(50).get_dataset_size(), len(rows(slices().take(50)))),
    "skip beyond size": lambda: (slices().skip(50).get_dataset_size(), rows(slices().skip(50))),
    "zip shortest": lambda: rows(gen().zip(ds.NumpySlicesDataset({"z": [7, 8]}, shuffle=False))),
    "filter numpy bool": lambda: rows(slices().filter(lambda a, b: np.array(b > 3.0), input_columns=["a", "b"])),
    "padded dataset": lambda: rows(ds.PaddedDataset([{"image": np.zeros(2, np.uint8), "label": np.array(1, np.int32)}, {"image": np.ones(2, np.uint8), "label": np.array(-1, np.int32)}])),
    "padded dataset names": lambda: ds.PaddedDataset([{"b": np.zeros(1), "a": np.ones(1)}]).get_col_names(),
    "padded dataset concat": lambda: rows(ds.NumpySlicesDataset({"label": np.array([5, 6], np.int32)}, shuffle=False) + ds.PaddedDataset([{"label": np.array(0, np.int32)}])),
    "error padded dataset empty": lambda: ds.PaddedDataset([]),
    "recreate after failure": lambda: [summary_of(lambda: rows(gen().map(failing_op, input_columns=["data"]))), rows(gen().take(2))],
}


def error_summary(error):
    """The exception type and the parts of MindSpore's message that do not name temporary paths:
    its first line, the pipeline's ``[ERROR]`` sentence and the user error's last line."""
    message = " ".join(str(error).split())
    parts = [message.split(" ----")[0]]
    python_stack = re.search(r"Python Call Stack: -+ (.*?) -{10}", message)
    if python_stack:
        stack = python_stack.group(1)
        last_error = re.search(r"(\w+(?:Error|Exception): [^:]*)$", stack)
        parts.append(last_error.group(1) if "Traceback" in stack and last_error else stack)
    pipeline_error = re.search(r"\[ERROR\] (.*?) -{10}", message)
    if pipeline_error:
        parts.append(pipeline_error.group(1))
    return f"{type(error).__name__}: " + " | ".join(parts)


def config_errors(names, values):
    """What each `ds.config.set_<name>(value)` raises ("ok" when it takes it); settings restored."""
    out = {}
    for name in names:
        before = getattr(ds.config, "get_" + name)()
        setter = getattr(ds.config, "set_" + name)
        out[name] = [summary_of(lambda: setter(value)) or "ok" for value in values]
        setter(before)
    return out


def summary_of(case):
    try:
        return case()
    except Exception as error:  # pylint: disable=broad-except
        return error_summary(error)


def main():
    for label, case in CASES.items():
        print(f"{label} -> {summary_of(case)}", flush=True)


if __name__ == "__main__":
    main()
