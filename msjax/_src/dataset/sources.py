"""`mindspore.dataset.GeneratorDataset`, `NumpySlicesDataset`, and the base of every source.

A random-access source (``__getitem__`` + ``__len__``, arrays, files) is read through a Grain
``MapDataset``: the sampler's indices (samplers.py) mapped to rows, so Grain's threads read rows in
parallel and its seeded shuffle orders them. A generator function or plain iterable is a Grain
``IterDataset`` that calls it afresh every epoch.
"""
from __future__ import annotations

import traceback
import types
import warnings

import numpy as np

from msjax._src.dataset import generator_batches, main_guard
from msjax._src.dataset import samplers as samplers_module
from msjax._src.dataset.engine import Dataset, check_num_parallel_workers
from msjax._src.dataset.rows import call_user_function, pipeline_error, to_row, user_code_error
from msjax._src.core import dtype as mstype


def _grain():
    import grain  # pylint: disable=import-outside-toplevel
    return grain


class MappableSource(Dataset):
    """A source whose rows are read by index: `_length()` rows, `_read(index)` gives one row."""

    accepts_shuffle_mode = False  # True: `shuffle` may also be a `Shuffle` (MindDataset)
    # Whether MindSpore's class is a MappableDataset (its split draws a RandomSampler order);
    # its text and TFRecord readers are not (their split shuffles through a buffer).
    mindspore_mappable = True
    python_source = False  # True: MindSpore's Python source (GeneratorDataset), with its checks

    def __init__(self, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, default_shuffle=True, cache=None):
        if not (shuffle is None or isinstance(shuffle, bool) or self.accepts_shuffle_mode):
            raise TypeError(f"Argument shuffle with value {shuffle} is not of type "
                            f"[<class 'bool'>], but got {type(shuffle)}.")
        super().__init__([], num_parallel_workers)
        self.cache = cache
        self.sampler = None
        self.use_sampler(samplers_module.select_sampler(sampler, shuffle, num_samples, num_shards,
                                                        shard_id, default_shuffle, self.python_source))

    def _length(self) -> int:
        raise NotImplementedError

    def _read(self, index: int) -> tuple:
        raise NotImplementedError

    def is_random_access(self) -> bool:
        """Whether rows are read by index (a Grain ``MapDataset``)."""
        return True

    def index_dataset(self, plan):
        """The indices this source reads in `plan`'s epoch, as a Grain ``MapDataset`` (whose
        indices past its length, read by an endless repeat, are the sampler's later passes)."""
        from msjax._src.dataset.grain_iter import EpochPassesMapDataset  # pylint: disable=import-outside-toplevel
        length, seed, epoch = self._length(), plan.seed, plan.epoch
        first = samplers_module.chained_indices(self.sampler, length, seed, epoch)
        if len(first) == 0:
            return first
        return EpochPassesMapDataset(
            first, lambda later: samplers_module.chained_indices(self.sampler, length, seed,
                                                                 epoch + later))

    def cached_read(self):
        """`_read`, through the source's DatasetCache when it has one."""
        if self.cache is None:
            return self._read
        return self.cache.cached_reader(self.node_id, self._read)

    def _build(self, plan):
        read = self.cached_read()
        return self.index_dataset(plan).map(lambda index: read(int(index)))

    def _static_size(self):
        return samplers_module.chained_size(self.sampler, self._length())

    def add_sampler(self, new_sampler):
        """`Dataset.add_sampler(new_sampler)`: `new_sampler` picks among the rows the source's
        sampler picked (it becomes the sampler, with the old one as its child)."""
        if self.sampler is not None and self.sampler.get_shuffle_mode() is samplers_module.Shuffle.PARTIAL:
            raise RuntimeError("When multiple samplers are used, ensure that the shuffle of the "
                               "current sampler must not be Shuffle.PARTIAL.")
        samplers_module.check_parent_shuffle(new_sampler, "input")
        new_sampler.add_child(self.sampler)
        self.use_sampler(new_sampler)

    def use_sampler(self, sampler):
        """`Dataset.use_sampler`: read through `sampler` from now on."""
        chained = sampler
        while chained is not None:  # a PKSampler anywhere in the chain reads the class labels
            if isinstance(chained, samplers_module.PKSampler):
                chained.class_labels = (lambda pk: lambda: self.class_labels(pk.class_column))(chained)
            chained = chained.child_sampler
        self.sampler = sampler

    def class_labels(self, class_column: str) -> np.ndarray:
        """Each row's class label, for PKSampler: the ``label`` column (a source that knows its
        labels without reading its rows answers faster)."""
        del class_column  # MindSpore reads class_column for MindDataset only
        columns = self._columns()
        if "label" not in columns:
            raise RuntimeError(f"msjax: PKSampler draws by the 'label' column, and "
                               f"{type(self).__name__} has none (its columns: {columns}).")
        position = columns.index("label")
        return np.array([int(self._read(index)[position]) for index in range(self._length())])


def _check_column_names(column_names, schema):
    if column_names is None:
        if schema is None:
            raise ValueError("Neither columns_names nor schema are provided.")
        return schema.column_names()
    if isinstance(column_names, str):
        return [column_names]
    if not isinstance(column_names, (list, tuple)) or not column_names:
        raise TypeError(f"Argument column_names with value {column_names!r} is not of type "
                        f"[<class 'str'>, <class 'list'>], but got {type(column_names)}.")
    if len(set(column_names)) != len(column_names):
        raise ValueError("Argument column_names contains duplicate names.")
    return list(column_names)


class GeneratorDataset(MappableSource):
    """`mindspore.dataset.GeneratorDataset`: rows from Python.

    `source` is a generator function (called afresh each epoch), an iterable, or a random-access
    object (``__getitem__`` + ``__len__``: sampled, shuffled and sharded like MindSpore's mappable
    sources). Each item is a tuple (or one value) of arrays, one per name in `column_names`;
    `column_types` casts them. With `num_parallel_workers` > 1 a random-access source is read in
    that many worker processes (Grain's), as MindSpore does with `python_multiprocessing` (its
    default); otherwise Grain's threads read the rows.
    """

    python_source = True

    def __init__(self, source, column_names=None, column_types=None, schema=None, num_samples=None,
                 num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None,
                 shard_id=None, python_multiprocessing=True, max_rowsize=None, batch_sampler=None,
                 collate_fn=None):
        if not callable(source):
            try:
                iter(source)
            except TypeError as error:
                raise TypeError("Input `source` function of GeneratorDataset should be callable, "
                                "iterable or random accessible, commonly it should implement one "
                                "of the method like yield, __getitem__ or __next__(__iter__).") \
                    from error
        self.column_names = _check_column_names(column_names, schema)
        if isinstance(sampler, samplers_module.PKSampler):
            raise ValueError("GeneratorDataset doesn't support PKSampler.")
        generator_batches.check_batch_sampler(batch_sampler, num_samples, shuffle, num_shards,
                                              shard_id, sampler, collate_fn)
        generator_batches.check_map_style_arguments(source, sampler, batch_sampler, num_shards)
        if isinstance(source, zip):  # a zip is iterated once: MindSpore keeps its items
            source = list(source)
        elif isinstance(source, types.GeneratorType):
            source = generator_batches.ReplayedGenerator(source)
        self.random_access = hasattr(source, "__getitem__")
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)
        self.source = source
        self.column_types = ([_numpy_dtype(t) for t in column_types] if column_types
                             else (schema.numpy_types() if schema is not None else None))
        self.num_samples = num_samples
        self.shards = (num_shards, shard_id)
        self.batch_sampler = batch_sampler
        self.collate_fn = collate_fn
        if batch_sampler is not None:
            self.batch_size = -1  # get_batch_size(): batches of the batch_sampler's sizes
        # MindSpore reads a random-access source in `num_parallel_workers` worker processes when
        # python_multiprocessing (its default) and more than one worker are asked for.
        self.python_multiprocessing = bool(python_multiprocessing) and self.random_access and \
            (num_parallel_workers or 1) > 1 and batch_sampler is None
        self._processes_refused = None

    def __getitem__(self, index):
        """`GeneratorDataset[index]`: the source's item at the `index`-th place of the order the
        sampler reads in a first epoch (under the pipeline seed), as MindSpore gives it."""
        if isinstance(index, bool) or not isinstance(index, (int, np.number)):
            raise TypeError(f"Argument index with value {index} is not of type [<class 'int'>, "
                            f"<class 'numpy.number'>], but got {type(index)}.")
        if not self.random_access:
            raise RuntimeError("Dataset don't support randomized access.")
        if self.batch_sampler is not None:
            raise RuntimeError("GeneratorDataset with batch_sampler does not support random "
                               "access.")
        index = int(index)
        order = self.sampler.index_dataset(self._length(), self._pipeline_seed(), 0)
        if not 0 <= index < len(order):
            raise pipeline_error(f"Index [{index}] exceeded the number of data samples.",
                                 "GeneratorDataset")
        return self.source[int(order[index])]

    def uses_worker_processes(self) -> bool:
        """MindSpore forks its worker processes; msjax's start by importing the main script again
        and receive the source pickled. When the script's iterating line is outside `if
        __name__ == "__main__":` or the source does not pickle, threads read it instead, with a
        warning saying why (MindSpore's results are the same either way)."""
        if not self.python_multiprocessing:
            return False
        if self._processes_refused:  # decided (and said) once
            return False
        unguarded = main_guard.unguarded_line()
        if unguarded is not None:
            why = (f"the main script {unguarded[0]} iterates it at line {unguarded[1]}, outside "
                   f"`if __name__ == \"__main__\":`, and worker processes start by importing it")
        else:
            why = self._pickling_problem()
        if why:
            self._processes_refused = why
            warnings.warn(f"msjax: GeneratorDataset(python_multiprocessing=True, "
                          f"num_parallel_workers={self.num_parallel_workers}) reads its source with "
                          f"threads, not worker processes: {why}.", RuntimeWarning, stacklevel=2)
            return False
        return True

    def _pickling_problem(self):
        if self._processes_refused is None:
            import cloudpickle  # pylint: disable=import-outside-toplevel
            try:
                cloudpickle.dumps(self.source)
                self._processes_refused = ""
            except Exception as error:  # pylint: disable=broad-except
                self._processes_refused = (f"its source does not pickle ({type(error).__name__}: "
                                           f"{error})")
        return self._processes_refused

    def _columns(self):
        return list(self.column_names)

    def is_random_access(self) -> bool:
        return self.random_access

    def _make_row(self, item):
        row = to_row(item, len(self.column_names), "GeneratorDataset")
        single = not isinstance(item, (tuple, list))  # MindSpore names no item then
        for position, value in enumerate(row, 1):
            if value.dtype == object and not isinstance(value.item() if value.ndim == 0 else None,
                                                        dict):
                which = "" if single else f"{position}th item of "
                error = TypeError(f"Data type of {which}the input or its converted Numpy array is "
                                  f"expected to be int or float or str, but got object.")
                raise user_code_error("".join(traceback.format_exception_only(error))) from error
        if self.column_types:
            row = tuple(v.astype(t, copy=False) if t is not None else v
                        for v, t in zip(row, self.column_types))
        return row

    def _length(self):
        if not hasattr(self.source, "__len__"):
            raise RuntimeError("Attempt to construct a random access dataset, '__len__' method is "
                               "required!")
        return len(self.source)

    def _read(self, index):
        item = call_user_function(self.source.__getitem__, (index,),
                                  "GeneratorDataset source __getitem__")
        return self._make_row(item)

    def _build(self, plan):
        from msjax._src.dataset.grain_iter import PythonIterableDataset  # pylint: disable=import-outside-toplevel
        if self.batch_sampler is not None:
            return PythonIterableDataset(*generator_batches.batch_stream_functions(self))
        if self.random_access:
            return super()._build(plan)
        source = self.source
        if callable(source):
            def make_iterator():
                return iter(call_user_function(source, (), "GeneratorDataset source"))
        else:
            def make_iterator():
                return iter(source)
        stream = PythonIterableDataset(make_iterator, self._make_row)
        num_shards, shard_id = self.shards
        if num_shards is not None:
            from msjax._src.dataset.grain_iter import ShardIterDataset  # pylint: disable=import-outside-toplevel
            stream = ShardIterDataset(stream, num_shards, shard_id)
        if self.num_samples:
            stream = _grain().experimental.LimitIterDataset(stream, self.num_samples)
        return stream

    def _static_size(self):
        if self.batch_sampler is not None:
            return generator_batches.static_batch_count(self.batch_sampler)
        if self.random_access:
            return super()._static_size()
        return None


def _numpy_dtype(dtype):
    if dtype is None:
        return None
    if isinstance(dtype, mstype.Type):
        return np.dtype(mstype.dtype_to_nptype(dtype))
    return np.dtype(dtype)


def _slices_columns(data, column_names):
    """NumpySlicesDataset's columns: a dict (keys are names), a tuple (one column each), or one
    list/array column."""
    if isinstance(data, dict):
        names = list(data.keys())
        columns = [np.asarray(v) for v in data.values()]
    elif isinstance(data, tuple):
        columns = [np.asarray(v) for v in data]
        names = [f"column_{i}" for i in range(len(columns))]
    else:
        columns = [np.asarray(data)]
        names = ["column_0"]
    if column_names is not None:
        names = [column_names] if isinstance(column_names, str) else list(column_names)
        if len(names) != len(columns):
            raise ValueError(f"Number of column_names ({len(names)}) does not match the number of "
                             f"data columns ({len(columns)}).")
    lengths = {len(c) for c in columns}
    if len(lengths) != 1:
        raise ValueError("Lengths of the data columns are different, they must be the same.")
    return names, columns


class _ColumnSlices:
    def __init__(self, columns):
        self.columns = columns

    def __getitem__(self, index):
        return tuple(column[index] for column in self.columns)

    def __len__(self):
        return len(self.columns[0])


class NumpySlicesDataset(GeneratorDataset):
    """`mindspore.dataset.NumpySlicesDataset`: rows sliced along the first axis of `data` (a list,
    tuple of columns, dict name -> column, or NumPy array)."""

    def __init__(self, data, column_names=None, num_samples=None, num_parallel_workers=1,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None):
        check_num_parallel_workers(num_parallel_workers)  # checked; slices are read in one thread
        names, columns = _slices_columns(data, column_names)
        super().__init__(_ColumnSlices(columns), names, num_samples=num_samples,
                         num_parallel_workers=None, shuffle=shuffle, sampler=sampler,
                         num_shards=num_shards, shard_id=shard_id)

    def _read(self, index):
        return tuple(np.asarray(v) for v in self.source[index])

    def column_reader(self, plan):
        """A function of row positions in `plan`'s epoch giving those rows' columns, each
        stacked as ``np.stack`` of the rows' values would (one fancy index per column); None
        for columns of strings or objects (whose stacked dtype depends on the rows) or a cache.
        The function gives None for indices outside the data (the row reads raise the error)."""
        columns = self.source.columns
        if self.cache is not None or any(c.dtype.kind not in "biufc" for c in columns):
            return None
        indices, length = self.index_dataset(plan), len(columns[0])

        def read_columns(positions):
            rows = np.fromiter((indices[p] for p in positions), np.int64, len(positions))
            if len(rows) and (rows.max() >= length or rows.min() < -length):
                return None
            return [column[rows] for column in columns]
        return read_columns


class PaddedDataset(GeneratorDataset):
    """`mindspore.dataset.PaddedDataset(padded_samples)`: rows given as a list of dicts (column
    name -> array), typically concatenated to a dataset to make its size divisible by the shards."""

    def __init__(self, padded_samples):
        if not isinstance(padded_samples, list) or not all(isinstance(s, dict) for s in padded_samples):
            raise TypeError("padded_samples should be a list of dict.")
        if not padded_samples:
            raise ValueError("padded_samples cannot be empty.")
        names = list(padded_samples[0])
        for sample in padded_samples:
            if list(sample) != names:
                raise ValueError("The column names of all padded_samples should be the same.")
        rows = [tuple(np.asarray(sample[name]) for name in names) for sample in padded_samples]
        super().__init__(rows, names, shuffle=False)
