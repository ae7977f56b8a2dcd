"""`mindspore.dataset.Dataset`: MindSpore's pipeline API, each operation mapped onto Grain.

A pipeline is a tree of these nodes. Iterating it builds, once per epoch, the matching Grain
dataset: a ``grain.MapDataset`` (random access: sources with ``__getitem__``, arrays, files) for as
long as every operation keeps random access, then a ``grain.IterDataset``. Grain does the work:
``MapDataset.source``/``shuffle``/``slice``/``repeat``/``batch``/``map``/``filter``, its zip and
concatenation, ``to_iter_dataset`` with read threads and a prefetch buffer, and ``mp_prefetch``
worker processes when an operation asks for ``python_multiprocessing``. Rows are tuples of NumPy
arrays (see rows.py).

The samplers' orders are MindSpore's (samplers.py), and so is the order of ``Dataset.shuffle``'s
buffer (buffer_shuffle.py).
"""
from __future__ import annotations

import itertools
import multiprocessing
import sys
import warnings

import numpy as np

from msjax._src.dataset import (config, cpp_orders, main_guard, random_ops, samplers,
                                shared_batches)
from msjax._src.dataset.transform_base import check_int_type
from msjax._src.dataset.rows import (call_user_function, carry_source_file, pipeline_error,
                                     source_file, to_array, type_name, user_value,
                                     user_code_error, user_function_error)
from msjax._src.dataset import thread_reads
from msjax._src.dataset.buffer_shuffle import BufferShuffler, ShuffleOrders
from msjax._src.dataset.callbacks import check_map_callbacks
from msjax._src.dataset.fused_ops import fuse_operations
from msjax._src.dataset.iterators import DictIterator, TupleIterator
from msjax._src.dataset.saving import save_dataset

_INT32_MAX = 2 ** 31 - 1
# A shuffle over a stream places each pass's draws after all the rows of the passes before, as
# MindSpore's take and zip read their input to its end. A pass left unfinished (take or zip above
# the shuffle) is counted when the next one begins; past this many rows it is taken for an endless
# generator and the next pass is refused with an error (MindSpore itself never ends there).
UNFINISHED_PASS_ROW_LIMIT = 1_000_000
# What `Dataset`'s methods make of the modules built on this one, which put it here at their import
# (msjax._src.dataset imports them): batching.py's BatchDataset, PaddedBatchDataset and
# BucketBatchByLengthDataset; splitting.py's split_dataset; serialization.py's to_json.
DATASET_KINDS: dict = {}
_node_ids = itertools.count()


def _grain():
    import grain  # pylint: disable=import-outside-toplevel
    return grain


def _use_default_grain_flags():
    """Grain's worker processes read its absl flags; a program that never parsed absl flags (any
    MindSpore script) gets their defaults instead of absl's UnparsedFlagAccessError."""
    from absl import flags  # pylint: disable=import-outside-toplevel
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()


def _read_in_worker_processes(stream, processes: int, for_tensors: bool):
    """The rows of `stream` (a Grain IterDataset) read by `processes` worker processes, which
    hand them over in shared blocks (shared_batches.py), taken out of shared memory (as Tensors
    with `for_tensors`)."""
    main_guard.check_main_is_guarded()
    _use_default_grain_flags()
    return shared_batches.WorkerRows(stream, processes, for_tensors)


class _SharedEpochStream:
    """One stream of rows from worker processes holding several epochs back to back: epoch `i`
    yields its own rows, even when the epoch before was left unfinished (the rest of it is
    skipped). The stream (its workers, any shared block left) is closed when this object is
    dropped (shared_batches.WorkerRows): not at the end of the last epoch, where every block has
    been read and removed already, and stopping Grain's workers would keep the loop waiting
    (~1 s per worker: Grain's prefetch threads wait out a queue timeout)."""

    def __init__(self, rows, lengths):
        self._rows = rows
        self._starts = list(itertools.accumulate(lengths, initial=0))  # Python ints: no overflow
        self._endless = [length >= sys.maxsize for length in lengths]  # an endless repeat's
        self._position = 0

    def epoch(self, index):
        start, stop = self._starts[index], self._starts[index + 1]
        if self._position < start and any(self._endless[:index]):
            raise RuntimeError(
                f"Epoch {index} cannot begin: an epoch before it is endless (repeat() with no "
                f"count) and was left unfinished, so its rows would be skipped forever. Give "
                f"repeat() a count, or read the epochs of an endless pipeline with one iterator "
                f"loop (num_epochs=1).")
        while self._position < start:
            self._rows.skip()
            self._position += 1
        while self._position < stop:
            row = next(self._rows)
            self._position += 1
            yield row


class Plan:
    """What one epoch of a pipeline is built with: its seed, epoch, worker threads and processes."""

    def __init__(self, seed: int, epoch: int, threads: int, processes: int, finite=False,
                 positions=None, read_choices=None, iterator_epoch=None, callbacks=None):
        self.finite = finite
        # The iterator's dataset callbacks (callbacks.IteratorCallbacks); None: the maps run
        # none (a pipeline read to count its size or shapes)
        self.callbacks = callbacks
        # The epoch of the iterator reading the pipeline (a repeat's passes share it), as
        # MindSpore's BatchInfo.get_epoch_num() counts: `epoch` counts the passes below a repeat.
        self.iterator_epoch = epoch if iterator_epoch is None else iterator_epoch
        self.positions = positions or {}
        # The pipeline's ThreadReadChoice per place Grain reads with threads (thread_reads.py),
        # kept across epochs: the n-th `to_iter` of every epoch is the same place.
        self.read_choices = {} if read_choices is None else read_choices
        self._reads_placed = 0
        self.seed = seed
        self.epoch = epoch
        self.threads = threads
        self.processes = processes

    def seed_for(self, node) -> int:
        """A seed for `node` in this epoch: stable for a pipeline seed and the node's place in the
        pipeline, new every epoch."""
        position = self.positions.get(id(node), node.node_id)
        return int(np.random.SeedSequence([self.seed, position, self.epoch]).generate_state(1)[0])

    def to_iter(self, dataset, in_worker_processes=False):
        """A Grain dataset as a ``grain.IterDataset``; a ``MapDataset`` is read by Grain's threads
        (several threads: running at once or taking turns, whichever measures faster; see
        thread_reads.py). `in_worker_processes`: the stream is read by each of Grain's worker
        processes (``mp_prefetch``), each of which is one of the ``num_parallel_workers``, so
        each reads with one thread, as a MindSpore worker process does."""
        grain = _grain()
        if isinstance(dataset, grain.MapDataset):
            if in_worker_processes:  # a short read-ahead: Grain's queue buffers the rest
                return dataset.to_iter_dataset(grain.ReadOptions(num_threads=1,
                                                                 prefetch_buffer_size=2))
            if self.threads > 1 and self.processes <= 1:
                place = self._reads_placed
                self._reads_placed += 1
                choice = self.read_choices.get(place)
                if choice is None:
                    choice = self.read_choices[place] = thread_reads.ThreadReadChoice(self.threads)
                dataset = thread_reads.read_with_choice(dataset, choice)
            options = grain.ReadOptions(num_threads=self.threads,
                                        prefetch_buffer_size=config.get_prefetch_size())
            return dataset.to_iter_dataset(options)
        return dataset


def _check_int(value, name, low, high, interval=None):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"Argument {name} with value {value!r} is not of type [<class 'int'>], "
                        f"but got {type(value)}.")
    if not low <= value <= high:
        raise ValueError(interval or f"Input {name} is not within the required interval of "
                                     f"[{low}, {high}].")


def _column_list(columns, name):
    if columns is None:
        return None
    if isinstance(columns, str):
        return [columns]
    if not isinstance(columns, (list, tuple)) or not all(isinstance(c, str) for c in columns):
        raise TypeError(f"Argument {name} with value {columns!r} is not of type [<class 'list'>, "
                        f"<class 'str'>], but got {type(columns)}.")
    return list(columns)


def check_num_parallel_workers(value):
    """MindSpore's check of a source's or an operation's `num_parallel_workers`: an int from 1 to
    the machine's CPU count (None: the config's default)."""
    if value is None:
        return None
    check_int_type(value, "num_parallel_workers")
    cpus = multiprocessing.cpu_count()
    if not 1 <= value <= cpus:
        raise ValueError(f"num_parallel_workers exceeds the boundary between 1 and {cpus}!")
    return value


class Dataset:
    """`mindspore.dataset.Dataset`: the base of every source and pipeline operation."""

    def __init__(self, children=(), num_parallel_workers=None):
        self.children = list(children)
        self.num_parallel_workers = check_num_parallel_workers(num_parallel_workers)
        self.node_id = next(_node_ids)
        self._estimated_size = None
        self._init_step = None

    # -- what every node defines ------------------------------------------------------------
    def _columns(self) -> list:
        return self.children[0]._columns()

    def _build(self, plan: Plan):
        raise NotImplementedError(f"{type(self).__name__} is an abstract pipeline node")

    def _static_size(self):
        """The number of rows when known without reading them, else None."""
        return None

    # -- pipeline operations ----------------------------------------------------------------
    def map(self, operations, input_columns=None, output_columns=None, column_order=None,
            num_parallel_workers=None, python_multiprocessing=False, cache=None, callbacks=None,
            max_rowsize=None, offload=None):
        """`Dataset.map`: apply `operations` (a callable, a transform or a list of them) to
        `input_columns` (default: the first column), writing `output_columns`.

        `num_parallel_workers` threads are Grain's read threads. Unlike MindSpore's C++ threads
        they share Python's GIL: when their first reads measure that taking turns (one read at a
        time) is faster than running at once, they take turns (see thread_reads.py); the rows
        are the same either way. `python_multiprocessing=True` runs them as processes.
        `callbacks`: DSCallbacks run as rows pass (callbacks.py)."""
        return MapDataset(self, operations, input_columns, output_columns, num_parallel_workers,
                          python_multiprocessing, cache, check_map_callbacks(callbacks))

    def batch(self, batch_size, drop_remainder=False, num_parallel_workers=None,
              per_batch_map=None, input_columns=None, output_columns=None, python_multiprocessing=False,
              max_rowsize=None):
        """`Dataset.batch`: stack `batch_size` rows (an int, or a callable given each batch's
        BatchInfo and returning its size); `per_batch_map(*columns, batch_info)` may rewrite
        `input_columns` of each batch."""
        return DATASET_KINDS["BatchDataset"](self, batch_size, drop_remainder,
                                             num_parallel_workers, per_batch_map, input_columns,
                                             output_columns)

    def padded_batch(self, batch_size, drop_remainder=False, num_parallel_workers=None,
                     pad_info=None):
        """`Dataset.padded_batch`: batch, padding each column to the longest row (or `pad_info`)."""
        return DATASET_KINDS["PaddedBatchDataset"](self, batch_size, drop_remainder,
                                                   num_parallel_workers, pad_info)

    def bucket_batch_by_length(self, column_names, bucket_boundaries, bucket_batch_sizes,
                               element_length_function=None, pad_info=None,
                               pad_to_bucket_boundary=False, drop_remainder=False):
        """`Dataset.bucket_batch_by_length`: batch rows of similar length together."""
        return DATASET_KINDS["BucketBatchByLengthDataset"](
            self, column_names, bucket_boundaries, bucket_batch_sizes, element_length_function,
            pad_info, pad_to_bucket_boundary, drop_remainder)

    def device_que(self, send_epoch_end=True, create_data_info_queue=False, queue_name=""):
        """`Dataset.device_que`: a TransferDataset whose `send` puts the rows on the device
        (transfer.py)."""
        return DATASET_KINDS["device_que"](self, send_epoch_end, create_data_info_queue,
                                           queue_name)

    def shuffle(self, buffer_size):
        """`Dataset.shuffle`: the rows through a buffer of `buffer_size` rows, sent in MindSpore's
        order (see ShuffleDataset)."""
        _check_int(buffer_size, "buffer_size", 2, _INT32_MAX)
        if DATASET_KINDS["sync_barriers"](self):
            raise RuntimeError("No shuffle after sync operators.")
        return ShuffleDataset(self, buffer_size)

    def repeat(self, count=None):
        """`Dataset.repeat`: `count` passes over the data (None or -1: forever)."""
        if count is not None and count != -1:
            _check_int(count, "count", 1, _INT32_MAX,
                       "count should be either -1 or positive integer, range[1, INT32_MAX].")
        return RepeatDataset(self, None if count in (None, -1) else count)

    def take(self, count=-1):
        """`Dataset.take`: the first `count` rows (-1: all)."""
        if count != -1:
            _check_int(count, "count", 1, _INT32_MAX,
                       f"count should be either -1 or within the required interval of "
                       f"(0, {_INT32_MAX}], got {count}.")
        return TakeDataset(self, count)

    def skip(self, count):
        """`Dataset.skip`: drop the first `count` rows."""
        _check_int(count, "count", 0, _INT32_MAX)
        return SkipDataset(self, count)

    def project(self, columns):
        """`Dataset.project`: keep `columns`, in that order."""
        return ProjectDataset(self, _column_list(columns, "columns"))

    def rename(self, input_columns, output_columns):
        """`Dataset.rename`."""
        return RenameDataset(self, _column_list(input_columns, "input_columns"),
                             _column_list(output_columns, "output_columns"))

    def filter(self, predicate, input_columns=None, num_parallel_workers=None):
        """`Dataset.filter`: keep the rows for which `predicate(*input_columns)` is true."""
        return FilterDataset(self, predicate, _column_list(input_columns, "input_columns"))

    def zip(self, datasets):
        """`Dataset.zip`: rows side by side (column names must differ); as long as the shortest."""
        if isinstance(datasets, Dataset):
            datasets = (datasets,)
        return ZipDataset((self, *datasets))

    def concat(self, datasets):
        """`Dataset.concat` (also ``+``): one dataset after another."""
        if isinstance(datasets, Dataset):
            datasets = [datasets]
        return ConcatDataset([self, *datasets])

    def __add__(self, other):
        return self.concat(other)

    def flat_map(self, func):
        """`Dataset.flat_map(func)`: `func(*row)` for each row of one epoch (NumPy arrays), read
        now, as MindSpore does; the datasets it returns concatenated (a ConcatDataset when there
        are several)."""
        if not callable(func):
            raise TypeError("func must be a function.")
        dataset = None
        for row in self.create_tuple_iterator(num_epochs=1, output_numpy=True):
            returned = func(*row)
            if not isinstance(returned, Dataset):
                raise TypeError("flat_map must return a Dataset object.")
            dataset = returned if dataset is None else dataset + returned
        if dataset is None:
            raise TypeError("flat_map must return a Dataset object.")
        return dataset

    def apply(self, apply_func):
        """`Dataset.apply`: the dataset `apply_func(self)` returns (it must return a Dataset)."""
        if not callable(apply_func):
            raise TypeError("apply_func must be a function.")
        dataset = apply_func(self)
        if not isinstance(dataset, Dataset):
            raise TypeError("apply_func must return a dataset.")
        return dataset

    def split(self, sizes, randomize=True):
        """`Dataset.split`: datasets of the given sizes (row counts, or fractions summing to 1)."""
        return DATASET_KINDS["split_dataset"](self, sizes, randomize)

    def sync_wait(self, condition_name, num_batch=1, callback=None):
        """`Dataset.sync_wait`: a barrier letting `num_batch` rows through, then one more batch
        per `sync_update` (synchronising.py)."""
        return DATASET_KINDS["SyncWaitDataset"](self, condition_name, num_batch, callback)

    def sync_update(self, condition_name, num_batch=None, data=None):
        """`Dataset.sync_update`: release the barrier `condition_name`, calling its callback with
        `data`."""
        DATASET_KINDS["sync_update"](self, condition_name, num_batch, data)

    def disable_sync(self):
        """`Dataset.disable_sync()`: every sync_wait barrier of the pipeline lets all rows
        through from now on."""
        for barrier in DATASET_KINDS["sync_barriers"](self).values():
            barrier.disable()

    # -- iteration ----------------------------------------------------------------------------
    def _bootstrap_sync(self):
        """A new iterator's start: every `sync_wait` barrier of the pipeline lets its first rows
        through again."""
        for barrier in DATASET_KINDS["sync_barriers"](self).values():
            barrier.reset()

    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False, do_copy=True):
        """`Dataset.create_tuple_iterator`: each row as a list of Tensors (NumPy arrays with
        `output_numpy`); `num_epochs` passes, one per ``for`` loop over the iterator."""
        source = self.project(columns) if columns is not None else self
        self._bootstrap_sync()
        return TupleIterator(source, num_epochs, output_numpy)

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        """`Dataset.create_dict_iterator`: each row as a dict column name -> Tensor."""
        self._bootstrap_sync()
        return DictIterator(self, num_epochs, output_numpy)

    def __iter__(self):
        return iter(self.create_tuple_iterator())

    def _plan(self, seed, epoch, finite=False, callbacks=None):
        positions = {}
        for position, node in enumerate(self._pipeline_nodes()):
            positions.setdefault(id(node), position)
        if finite:
            read_choices = {}
        else:
            read_choices = self.__dict__.setdefault("_thread_read_choices", {})
        return Plan(seed, epoch, self._worker_threads(), self._worker_processes(), finite,
                    positions, read_choices, callbacks=None if finite else callbacks)

    def _epochs_rows(self, seed: int, first_epoch: int, count: int, for_tensors=False,
                     callbacks=None):
        """Iterators over the rows of `count` epochs from `first_epoch`, one after another. With
        worker processes over a random-access pipeline, one Grain pipeline (one set of worker
        processes, started once) serves them all; otherwise each epoch is built when reached.
        `for_tensors`: the rows become Tensors (which copy their arrays). `callbacks`: the
        iterator's dataset callbacks (callbacks.IteratorCallbacks)."""
        grain = _grain()
        if self._worker_processes() > 1 and count > 1:
            built = [self._build(self._plan(seed, e, callbacks=callbacks))
                     for e in range(first_epoch, first_epoch + count)]
            if all(isinstance(b, grain.MapDataset) for b in built):
                plan = self._plan(seed, first_epoch)
                rows = _read_in_worker_processes(
                    plan.to_iter(grain.MapDataset.concatenate(built), True), plan.processes,
                    for_tensors)
                shared = _SharedEpochStream(rows, [len(b) for b in built])
                return (shared.epoch(i) for i in range(count))
        return (self._epoch_rows(seed, e, for_tensors=for_tensors, callbacks=callbacks)
                for e in range(first_epoch, first_epoch + count))

    def _epoch_rows(self, seed: int, epoch: int, finite: bool = False, for_tensors=False,
                    callbacks=None):
        """An iterator over one epoch's rows, read through Grain (with `finite`, an endless
        ``repeat`` reads its data once: how MindSpore counts a dataset's size)."""
        plan = self._plan(seed, epoch, finite, callbacks)
        processes = plan.processes
        built = self._build(plan)
        grain = _grain()
        dataset = plan.to_iter(built, processes > 1 and isinstance(built, grain.MapDataset))
        if processes > 1 and not isinstance(built, grain.MapDataset):
            warnings.warn(
                "python_multiprocessing=True: Grain's worker processes each take a slice of a "
                "random-access pipeline, and this one is not random-access (a generator function, "
                "filter, shuffle of a stream or bucketing comes first), so its map runs in "
                f"{processes} threads instead.", RuntimeWarning, stacklevel=3)
            processes = 0
        if processes <= 1 and not isinstance(built, grain.MapDataset):
            # A stream (generator source, filter, ...) is read ahead in a background thread too.
            dataset = grain.experimental.ThreadPrefetchIterDataset(
                dataset, prefetch_buffer_size=config.get_prefetch_size())
        if processes > 1:
            return _read_in_worker_processes(dataset, processes, for_tensors)
        return iter(dataset)

    def _pipeline_nodes(self):
        yield self
        for child in self.children:
            yield from child._pipeline_nodes()

    def _worker_threads(self) -> int:
        counts = [n.num_parallel_workers for n in self._pipeline_nodes() if n.num_parallel_workers]
        return max(counts, default=config.get_num_parallel_workers())

    def _worker_processes(self) -> int:
        counts = [n.num_parallel_workers or config.get_num_parallel_workers()
                  for n in self._pipeline_nodes() if n.uses_worker_processes()]
        return max(counts, default=0)

    def uses_worker_processes(self) -> bool:
        """Whether this node asks for worker processes (`python_multiprocessing`)."""
        return bool(getattr(self, "python_multiprocessing", False))

    # -- what the pipeline produces -------------------------------------------------------------
    def save(self, file_name, num_files=1, file_type="mindrecord"):
        """`Dataset.save`: the rows as MindRecord files (dataset/saving.py)."""
        save_dataset(self, file_name, num_files, file_type)

    def to_json(self, filename=""):
        """`Dataset.to_json(filename="")`: the pipeline as MindSpore's JSON description (a dict),
        also written to `filename` when given (serialization.py)."""
        return DATASET_KINDS["to_json"](self, filename)

    def get_col_names(self):
        """`Dataset.get_col_names`."""
        return list(self._columns())

    def get_class_indexing(self):
        """`Dataset.get_class_indexing`: the class name -> label dict of the source under this
        node's first input (ImageFolderDataset, VOCDataset's Detection task, ...), as MindSpore
        looks it up through shuffle, repeat, batch, zip...; {} when it has none."""
        return self.children[0].get_class_indexing() if self.children else {}

    def num_classes(self):
        """`Dataset.num_classes`: the number of classes of the source under this node's first
        input, when it counts them (ImageFolderDataset); else None (a VOCDataset's too, as in
        MindSpore)."""
        return self.children[0].num_classes() if self.children else None

    def get_dataset_size(self):
        """`Dataset.get_dataset_size`: the rows (batches) of one epoch; counted by reading the
        pipeline when no operation knows it (as MindSpore does)."""
        size = self._static_size()
        if size is None:
            if self._estimated_size is None:
                self._estimated_size = sum(
                    1 for _ in self._epoch_rows(self._pipeline_seed(), 0, finite=True))
            size = self._estimated_size
        return size

    def __len__(self):
        """`len(dataset)`: `get_dataset_size()`, as in MindSpore (so a dataset is true when it has
        rows)."""
        return self.get_dataset_size()

    def _first_row(self):
        return next(self._epoch_rows(self._pipeline_seed(), 0))

    def output_shapes(self, estimate=False):
        """`Dataset.output_shapes`: the shapes of the first row's columns."""
        return [list(column.shape) for column in self._first_row()]

    def output_types(self):
        """`Dataset.output_types`: the NumPy dtypes of the first row's columns (a string column's
        is ``np.str_``'s, of no length, as MindSpore gives it)."""
        return [np.dtype(column.dtype.type) if column.dtype.kind in "US" else column.dtype
                for column in self._first_row()]

    def get_batch_size(self):
        """`Dataset.get_batch_size`: 1 unless the pipeline batches."""
        for node in self._pipeline_nodes():
            if hasattr(node, "batch_size"):
                return node.batch_size
        return 1

    def get_repeat_count(self):
        """`Dataset.get_repeat_count`: the count of the last `repeat`, 1 without one."""
        for node in self._pipeline_nodes():
            if isinstance(node, RepeatDataset):
                return -1 if node.count is None else node.count
        return 1

    def reset(self):
        """`Dataset.reset()`: does nothing, as MindSpore 2.10's (each iterator starts its own
        epochs); `Model` calls it after every epoch, so a counted size stays counted."""

    def set_init_step(self, init_step):
        """`Dataset.set_init_step(init_step)`: iterators made from now on start at global step
        `init_step` (epoch `init_step // size`, with its shuffles, that many rows in), to resume
        a training run."""
        self._init_step = init_step

    def get_init_step(self):
        """The step `set_init_step` gave this node, else its only child's, else 0."""
        if self._init_step is not None:
            return self._init_step
        return self.children[0].get_init_step() if len(self.children) == 1 else 0

    def _pipeline_seed(self) -> int:
        if config.seed_was_set():
            return config.get_seed()
        return int(np.random.SeedSequence().generate_state(1)[0])

    def _column_index(self, name, message):
        columns = self._columns()
        if name not in columns:
            raise pipeline_error(message.format(name=name), type(self).__name__)
        return columns.index(name)


def _as_operations(operations):
    """`map`'s `operations` as a list, checked as MindSpore does: a class (a transform not
    instantiated) or anything not callable is a ValueError."""
    if operations is None:
        operations = []
    if not isinstance(operations, (list, tuple)):
        operations = [operations]
    for operation in operations:
        if isinstance(operation, type):
            raise ValueError(f"Parameter operations's element of method map should be a dataset "
                             f"processing operation instance, but got: {operation}. It may be "
                             f"missing parentheses for instantiation.")
        if not callable(operation):
            raise ValueError(f"Parameter operations's element of method map should be a python "
                             f"function or class method which should be callable, but got: "
                             f"{operation}. It doesn't need parentheses for python function or "
                             f"class method.")
    return list(operations)


def _operation_name(operation) -> str:
    return type(operation).__name__ if hasattr(operation, "implementation") else "PyFunc"


def _map_operation_error(operation, error: Exception, data_file=None) -> tuple:
    """The error a map raises when `operation` raised `error`, and what it is chained to: a
    transform's own error as MindSpore reports it from a map (``map operation: [Name] failed.
    ...``), a user function's as MindSpore's RuntimeError with the user's traceback; either names
    the file the row was read from, when a source read it from one (`data_file`)."""
    name = _operation_name(getattr(error, "failed_operation", operation))
    if not getattr(error, "raised_by_pipeline", False):
        return user_function_error(error, f"map operation: [{name}]", data_file), error
    message = getattr(error, "pipeline_message", None)
    if name == "PyFunc" or message is None or not isinstance(error, RuntimeError):
        return error, error.__cause__
    where = f"The corresponding data file is: {data_file}. " if data_file else ""
    return pipeline_error(f"map operation: [{name}] failed. {where}{message}", "map"), None


_NONE_RESULT = ("map operation: [PyFunc] failed. Got None from Python object. The subprocess of "
                "dataset may exit unexpected or be killed, main process will exit. If this is not "
                "an artificial operation, you can use mindspore.dataset.config."
                "set_enable_watchdog(False) to block this error.")
_NONE_IN_RESULT = ("map operation: [PyFunc] failed. Expect pyfunc to return numpy array(s), but "
                   "got None. If python_multiprocessing is True, it maybe due to pyfunc execution "
                   "timeout.")


def run_operations(operations, values: tuple) -> tuple:
    """`operations` applied one after another to one row's input columns (the hot path of every
    map: one ``try`` for the chain, errors translated only when one is raised)."""
    step, result, inputs = 0, values, values
    try:
        for step, operation in enumerate(operations):
            result = operation(*values)
            values = result if isinstance(result, tuple) else (result,)
    except Exception as error:  # pylint: disable=broad-except
        raised, cause = _map_operation_error(operations[step], error, source_file(inputs))
        if raised is error:
            raise
        raise raised from cause
    if result is None:
        raise user_code_error(_NONE_RESULT)
    carry_source_file(inputs, values)
    return values


def _nothing_to_check():
    """What `MapDataset._build` calls for an operation without `check_when_built`."""


class MapDataset(Dataset):
    """`mindspore.dataset.MapDataset`: the result of `Dataset.map`."""

    def __init__(self, child, operations, input_columns, output_columns, num_parallel_workers,
                 python_multiprocessing, cache=None, callbacks=()):
        super().__init__([child], num_parallel_workers)
        self.cache = cache
        self.callbacks = list(callbacks)
        self.operations = _as_operations(operations)
        self.input_columns = _column_list(input_columns, "input_columns")
        self.output_columns = _column_list(output_columns, "output_columns")
        self.python_multiprocessing = python_multiprocessing

    def _inputs(self):
        child_columns = self.children[0]._columns()
        inputs = self.input_columns or child_columns[:1]
        for name in inputs:
            if name not in child_columns:
                raise pipeline_error(f"Invalid parameter, input column name: {name} doesn't exist "
                                     f"in the dataset columns.", "map")
        return inputs

    def _column_layout(self) -> list:
        """MindSpore's columns after the map, as (name, source) pairs: source ("out", k) is the
        k-th value the operations return, ("in", i) the child's i-th column, passed through.
        When the operations return as many columns as they take, output k takes input k's
        place; otherwise the outputs come first, then the columns that are not inputs. A name
        given twice keeps its last column, in that column's place."""
        child_columns = self.children[0]._columns()
        inputs = self._inputs()
        outputs = self.output_columns or inputs
        if len(outputs) == len(inputs):
            layout = [(outputs[inputs.index(c)], ("out", inputs.index(c))) if c in inputs
                      else (c, ("in", i)) for i, c in enumerate(child_columns)]
        else:
            layout = [(name, ("out", k)) for k, name in enumerate(outputs)]
            layout += [(c, ("in", i)) for i, c in enumerate(child_columns) if c not in inputs]
        last = {name: position for position, (name, _) in enumerate(layout)}
        return [entry for position, entry in enumerate(layout) if last[entry[0]] == position]

    def _columns(self):
        return [name for name, _ in self._column_layout()]

    def _output_sources(self) -> list:
        """For each output column: ("out", k) the k-th value the operations return, or ("in", i)
        the i-th column of the child's row, passed through."""
        return [source for _, source in self._column_layout()]

    def _row_function(self):
        """The map of one row (its random draws from the generator the caller sets)."""
        child_columns = self.children[0]._columns()
        input_positions = [child_columns.index(c) for c in self._inputs()]
        operations = fuse_operations(self.operations)
        output_count = len(self.output_columns or input_positions)
        sources = self._output_sources()

        def apply_operations(row):
            values = run_operations(operations, tuple(user_value(row[i]) for i in input_positions))
            if any(v is None for v in values):
                raise user_code_error(_NONE_IN_RESULT)
            if len(values) != output_count:
                raise pipeline_error(
                    f"Invalid columns, the number of columns returned in 'map' operations should "
                    f"match the number of 'output_columns', but got the number of columns returned "
                    f"in 'map' operations: {len(values)}, the number of 'output_columns': "
                    f"{output_count}.", "map")
            returned, values = values, tuple(to_array(v) for v in values)
            for original, value in zip(returned, values):
                if value.dtype == object and not isinstance(original, dict):
                    raise user_code_error("map operation: [PyFunc] failed. Failed to create tensor "
                                          "from numpy array, data type is unknown.")
            return tuple(values[i] if kind == "out" else row[i] for kind, i in sources)
        return apply_operations

    def _indexed_row_function(self, plan):
        """The map of row `index` of `plan`'s epoch: its draws from that row's generator."""
        apply_operations = self._row_function()
        node_seed = plan.seed_for(self)

        def apply_operations_to_row(index, row):
            previous = random_ops.use_generator(random_ops.row_generator(node_seed, index))
            try:
                return apply_operations(row)
            finally:
                random_ops.use_generator(previous)
        return apply_operations_to_row

    def _build(self, plan):
        for operation in self.operations:  # MindSpore checks some C++ arguments at build time
            getattr(operation, "check_when_built", _nothing_to_check)()
        child = self.children[0]
        if self.callbacks and plan.callbacks is not None:
            from msjax._src.dataset.grain_iter import CallbackMapIterDataset  # pylint: disable=import-outside-toplevel
            return CallbackMapIterDataset(plan.to_iter(child._build(plan)),
                                          self._indexed_row_function(plan),
                                          plan.callbacks.of(self), plan.iterator_epoch)
        if self.cache is None:
            mode = config.get_error_samples_mode()
            if mode == config.ErrorSamplesMode.RETURN:
                return child._build(plan).map_with_index(self._indexed_row_function(plan))
            from msjax._src.dataset import error_samples  # pylint: disable=import-outside-toplevel
            marked = child._build(plan).map_with_index(
                error_samples.catching_failures(self._indexed_row_function(plan)))
            return error_samples.ErrorSamplesIterDataset(
                plan.to_iter(marked), skip=mode == config.ErrorSamplesMode.SKIP)
        apply_operations = self._row_function()
        if not getattr(child, "is_random_access", lambda: False)():
            raise ValueError("msjax's DatasetCache caches a map only directly over a random-access "
                             "source (MnistDataset, ImageFolderDataset, GeneratorDataset over "
                             "__getitem__, ...); put cache= on the source instead.")
        read = child.cached_read()
        cached = self.cache.cached_reader(self.node_id, lambda index: apply_operations(read(index)))
        return child.index_dataset(plan).map(lambda index: cached(int(index)))

    def _static_size(self):
        return self.children[0]._static_size()


class ShuffleDataset(Dataset):
    """`mindspore.dataset.ShuffleDataset`: the result of `Dataset.shuffle(buffer_size)`, in
    MindSpore's order (buffer_shuffle.py): over a random-access input the order of each pass is
    computed at once and the rows read through Grain's map; over a stream the rows go through
    the same buffer one by one."""

    def __init__(self, child, buffer_size):
        super().__init__([child])
        self.buffer_size = buffer_size
        self._orders = ShuffleOrders(buffer_size)

    def _build(self, plan):
        from msjax._src.dataset import grain_iter  # pylint: disable=import-outside-toplevel
        grain = _grain()
        parent = self.children[0]._build(plan)
        seed, first_pass, orders = plan.seed, plan.epoch, self._orders
        if isinstance(parent, grain.MapDataset):
            count = len(parent)
            if count == 0:
                return parent
            return grain_iter.PassOrderMapDataset(
                parent, count, lambda later: orders.order(count, seed, first_pass + later))

        def rows_of_pass(earlier):  # a pass no iterator has read to its end: count its rows
            earlier_plan = Plan(plan.seed, earlier, plan.threads, plan.processes, plan.finite,
                                plan.positions, plan.read_choices, callbacks=plan.callbacks)
            rows = earlier_plan.to_iter(self.children[0]._build(earlier_plan))
            limit = UNFINISHED_PASS_ROW_LIMIT
            counted = sum(1 for _ in itertools.islice(rows, limit + 1))
            if counted > limit:
                raise RuntimeError(
                    f"Dataset.shuffle(buffer_size={self.buffer_size}): pass {earlier + 1} of the "
                    f"shuffle (an epoch, or a repeat above it) cannot begin: pass {earlier} of its "
                    f"input, a stream such as a generator, was left unfinished (a take() or zip() "
                    f"above the shuffle stopped reading it) and has more than {limit} rows, "
                    f"perhaps endlessly many. MindSpore reads such a pass to its end (an endless "
                    f"generator never ends) and draws the next pass's order after all of its "
                    f"rows. Make the generator finite, or take its rows before the shuffle: "
                    f"GeneratorDataset(...).take(n).shuffle({self.buffer_size}).")
            return counted

        drawn = {}

        def make_shuffler(later):
            drawn[later] = orders.pass_start(seed, first_pass + later, rows_of_pass)
            return BufferShuffler(self.buffer_size, orders.generator_at(seed, drawn[later]))

        def on_end(later, rows_read, generator):
            orders.record_pass_start(seed, first_pass + later + 1, drawn[later] + rows_read)
            orders.keep(seed, drawn[later] + rows_read, generator)

        return grain_iter.BufferShuffleIterDataset(plan.to_iter(parent), make_shuffler, on_end)

    def _static_size(self):
        return self.children[0]._static_size()


class RepeatDataset(Dataset):
    """`mindspore.dataset.RepeatDataset`: the result of `Dataset.repeat(count)`."""

    def __init__(self, child, count):
        super().__init__([child])
        self.count = count

    def _build(self, plan):
        grain = _grain()
        if self.count is None:
            parent = self.children[0]._build(plan)
            if plan.finite:
                return parent
            if isinstance(parent, grain.MapDataset):
                return parent.repeat(None)
            from msjax._src.dataset.grain_iter import EndlessPassesIterDataset  # pylint: disable=import-outside-toplevel

            def later_pass(index):  # each pass built afresh, as MindSpore runs its input again
                later_plan = Plan(plan.seed, plan.epoch + index, plan.threads, plan.processes,
                                  plan.finite, plan.positions, plan.read_choices,
                                  plan.iterator_epoch, plan.callbacks)
                return later_plan.to_iter(self.children[0]._build(later_plan))
            return EndlessPassesIterDataset(parent, later_pass)
        passes = [self.children[0]._build(Plan(plan.seed, plan.epoch * self.count + i,
                                               plan.threads, plan.processes, plan.finite,
                                               plan.positions, plan.read_choices,
                                               plan.iterator_epoch, plan.callbacks))
                  for i in range(self.count)]
        return _concatenate(passes, plan)

    def _static_size(self):
        size = self.children[0]._static_size()
        if self.count is None:
            return size
        return None if size is None else size * self.count


def _concatenate(parts, plan):
    grain = _grain()
    if all(isinstance(p, grain.MapDataset) for p in parts):
        return grain.MapDataset.concatenate(parts)
    from msjax._src.dataset.grain_iter import ChainIterDataset  # pylint: disable=import-outside-toplevel
    return ChainIterDataset([plan.to_iter(p) for p in parts])


class TakeDataset(Dataset):
    """`mindspore.dataset.TakeDataset`: the result of `Dataset.take(count)`."""

    def __init__(self, child, count):
        super().__init__([child])
        self.count = count

    def _build(self, plan):
        grain = _grain()
        parent = self.children[0]._build(plan)
        if self.count == -1:
            return parent
        if isinstance(parent, grain.MapDataset):
            return parent.slice(slice(0, self.count))
        return grain.experimental.LimitIterDataset(parent, self.count)

    def _static_size(self):
        size = self.children[0]._static_size()
        if self.count == -1 or size is None:
            return size
        return min(size, self.count)


class SkipDataset(Dataset):
    """`mindspore.dataset.SkipDataset`: the result of `Dataset.skip(count)`."""

    def __init__(self, child, count):
        super().__init__([child])
        self.count = count

    def _build(self, plan):
        grain = _grain()
        parent = self.children[0]._build(plan)
        if isinstance(parent, grain.MapDataset):
            return parent.slice(slice(self.count, None))
        from msjax._src.dataset.grain_iter import SkipIterDataset  # pylint: disable=import-outside-toplevel
        return SkipIterDataset(parent, self.count)

    def _static_size(self):
        size = self.children[0]._static_size()
        return None if size is None else max(size - self.count, 0)


class ProjectDataset(Dataset):
    """`mindspore.dataset.ProjectDataset`: the result of `Dataset.project(columns)`."""

    def __init__(self, child, columns):
        super().__init__([child])
        self.columns = columns

    def _columns(self):
        child = self.children[0]
        for name in self.columns:
            child._column_index(name, "Invalid column, column name: {name} does not exist.")
        return list(self.columns)

    def _build(self, plan):
        positions = [self.children[0]._columns().index(c) for c in self._columns()]
        return self.children[0]._build(plan).map(lambda row: tuple(row[i] for i in positions))

    def _static_size(self):
        return self.children[0]._static_size()


class RenameDataset(Dataset):
    """`mindspore.dataset.RenameDataset`: the result of `Dataset.rename`."""

    def __init__(self, child, input_columns, output_columns):
        super().__init__([child])
        if len(input_columns) != len(output_columns):
            raise ValueError("Number of column in input_columns and output_columns is not equal.")
        self.renames = dict(zip(input_columns, output_columns))

    def _columns(self):
        child_columns = self.children[0]._columns()
        if any(name not in child_columns for name in self.renames):
            raise pipeline_error("Invalid column, column to be renamed does not exist.", "rename")
        return [self.renames.get(c, c) for c in child_columns]

    def _build(self, plan):
        self._columns()
        return self.children[0]._build(plan)

    def _static_size(self):
        return self.children[0]._static_size()


class FilterDataset(Dataset):
    """`mindspore.dataset.FilterDataset`: the result of `Dataset.filter`."""

    def __init__(self, child, predicate, input_columns):
        super().__init__([child])
        self.predicate = predicate
        self.input_columns = input_columns

    def _build(self, plan):
        child = self.children[0]
        names = self.input_columns or child._columns()
        positions = [child._column_index(n, "Invalid parameter, column name: {name} does not "
                                            "exist in the dataset columns.") for n in names]
        predicate = self.predicate

        def keep(row):
            result = call_user_function(predicate, tuple(row[i] for i in positions),
                                        "filter operation: [PyFunc]")
            return bool(np.asarray(to_array(result)).all())

        return plan.to_iter(child._build(plan)).filter(keep)


class ZipDataset(Dataset):
    """`mindspore.dataset.ZipDataset`: the result of `Dataset.zip` and `mindspore.dataset.zip`."""

    def _columns(self):
        columns = [name for child in self.children for name in child._columns()]
        duplicates = [name for i, name in enumerate(columns) if name in columns[:i]]
        if duplicates:
            raise pipeline_error(f"Invalid data, duplicate column {duplicates[-1]} already exists "
                                 f"when zipping datasets.", "zip")
        return columns

    def _build(self, plan):
        grain = _grain()
        self._columns()
        parents = [child._build(plan) for child in self.children]
        if all(isinstance(p, grain.MapDataset) for p in parents):
            shortest = min(len(p) for p in parents)
            zipped = grain.experimental.ZipMapDataset([p.slice(slice(0, shortest)) for p in parents])
        else:
            zipped = grain.experimental.ZipIterDataset([plan.to_iter(p) for p in parents],
                                                       strict=False)
        return zipped.map(lambda rows: tuple(itertools.chain.from_iterable(rows)))

    def _static_size(self):
        sizes = [child._static_size() for child in self.children]
        return None if None in sizes else min(sizes)


class ConcatDataset(Dataset):
    """`mindspore.dataset.ConcatDataset`: the result of `Dataset.concat` and ``+``; read in turn,
    or through the sampler `use_sampler` sets."""

    _sampler = None
    _children_sizes = None
    _draws = None

    def use_sampler(self, sampler):
        """`ConcatDataset.use_sampler`, as MindSpore 2.10's: with ``DistributedSampler(num_shards,
        shard_id, shuffle=False)`` shard `shard_id` reads the rows whose position in the whole
        concatenation is `shard_id` modulo `num_shards`; with ``RandomSampler()`` each row comes
        from a child drawn at random, weighted by the rows each child has left (MindSpore's
        ConcatOp's draws, cpp_orders.ConcatDraws), every child in its own order, and the
        concatenations below this one draw so too."""
        if not isinstance(sampler, (samplers.DistributedSampler, samplers.RandomSampler)):
            raise TypeError(f"The parameter {sampler} of concat must be DistributedSampler or "
                            f"RandomSampler!")
        self._estimated_size = None  # counted again through the new sampler
        if isinstance(sampler, samplers.RandomSampler):
            if sampler.replacement:
                raise ValueError("The parameter replacement of RandomSampler must be False!")
            if sampler.num_samples is not None:
                raise ValueError("The parameter num_samples of RandomSampler is not support to "
                                 "be set!")
            sizes = {node: [child.get_dataset_size() for child in node.children]
                     for node in self._pipeline_nodes() if isinstance(node, ConcatDataset)}
            for node, node_sizes in sizes.items():
                node._sampler, node._children_sizes = sampler, node_sizes
                node._draws = cpp_orders.ConcatDraws()
            return
        if sampler.shuffle is not samplers.Shuffle.FALSE:
            raise ValueError("The parameter shuffle of DistributedSampler must be False!")
        if sampler.num_samples is not None:
            raise ValueError("The parameter num_samples of DistributedSampler is not support to "
                             "be set!")
        for child in self.children:
            if getattr(getattr(child, "sampler", None), "num_samples", None) is not None:
                raise ValueError(f"The parameter NumSamples of {child} is not support to be set!")
            if isinstance(child, DATASET_KINDS["BatchDataset"]):  # (and PaddedBatchDataset)
                raise TypeError(f"The parameter {child} of concat must not be BatchDataset or "
                                f"PaddedBatchDataset!")
        self._sampler, self._children_sizes, self._draws = sampler, None, None

    def _columns(self):
        columns = self.children[0]._columns()
        if any(child._columns() != columns for child in self.children[1:]):
            raise pipeline_error("Invalid columns, 'column name' or 'column order' of concat "
                                 "datasets should be the same.", "concat")
        return columns

    def _build(self, plan):
        from msjax._src.dataset import grain_iter  # pylint: disable=import-outside-toplevel
        parts = [child._build(plan) for child in self.children]
        if not plan.finite:  # (MindSpore counts the rows without comparing the columns)
            self._columns()
            parts = _checking_column_types(parts)
        if self._sampler is None:
            return _concatenate(parts, plan)
        grain = _grain()
        mapped = all(isinstance(part, grain.MapDataset) for part in parts)
        if self._draws is None:  # a DistributedSampler
            shards, shard = self._sampler.num_shards, self._sampler.shard_id
            if not mapped:
                return grain_iter.ShardIterDataset(_concatenate(parts, plan), shards, shard)
            whole = grain.MapDataset.concatenate(parts)
            positions = np.arange(shard, len(whole), shards)
            if not len(positions):
                return whole.slice(slice(0, 0))
            return grain_iter.PassOrderMapDataset(whole, len(positions), lambda later: positions,
                                                  parent_length=len(whole))
        sizes, draws, seed, first_pass = self._children_sizes, self._draws, plan.seed, plan.epoch
        if mapped:
            whole = grain.MapDataset.concatenate(parts)
            starts = np.cumsum([0, *sizes[:-1]])

            def positions_of(later):
                children = draws.children(sizes, seed, first_pass + later)
                positions = np.empty(len(children), np.int64)
                for child, start in enumerate(starts):
                    rows = children == child
                    positions[rows] = start + np.arange(int(rows.sum()))
                return positions
            return grain_iter.PassOrderMapDataset(whole, len(whole), positions_of)
        streams = [plan.to_iter(part) for part in parts]

        def rows():
            iterators = [iter(stream) for stream in streams]
            for child in draws.children(sizes, seed, first_pass):
                yield next(iterators[child])
        return grain_iter.PythonIterableDataset(rows, lambda row: row)

    def _static_size(self):
        if self._children_sizes is not None:
            return sum(self._children_sizes)
        sizes = [child._static_size() for child in self.children]
        if None in sizes:
            return None
        if self._sampler is not None:
            return len(range(self._sampler.shard_id, sum(sizes), self._sampler.num_shards))
        return sum(sizes)


def _checking_column_types(parts):
    """The parts of a concatenation, each row checked against the column types of the first row
    read (strings of any width are one type): rows of another part with other types fail as
    MindSpore's ConcatOp fails."""
    first = {}

    def checked(part_index):
        def check(row):
            types = tuple(type_name(column.dtype) if isinstance(column, np.ndarray) else None
                          for column in row)
            if not first:
                first.update(part=part_index, types=types)
            elif part_index != first["part"] and types != first["types"]:
                theirs, ours = next((a, b) for a, b in zip(first["types"], types) if a != b)
                raise pipeline_error(f"Concat: the data types of the two datasets to be "
                                     f"concatenated should be the same, but got: {theirs} and "
                                     f"{ours}.", "concat")
            return row
        return check
    return [part.map(checked(index)) for index, part in enumerate(parts)]


def zip_datasets(datasets):
    """`mindspore.dataset.zip`: the datasets' rows side by side."""
    datasets = tuple(datasets)
    if len(datasets) < 2:
        raise ValueError("zip() needs at least 2 datasets.")
    return datasets[0].zip(datasets[1:])

