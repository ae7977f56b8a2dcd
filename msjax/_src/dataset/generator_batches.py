"""GeneratorDataset's `batch_sampler` and `collate_fn`, its argument checks, and a generator
object read again each epoch.

With a `batch_sampler` (an iterable of lists of indices, iterated afresh each epoch) every row
GeneratorDataset gives is one batch: the source's items at those indices, column by column either
stacked (as ``batch`` stacks them) or handed to ``collate_fn(column_0_values, column_1_values,
...)``, whose result is the row (a tuple, one value a column, or one value).
"""
from __future__ import annotations

import collections.abc
import itertools

import numpy as np

from msjax._src.dataset.samplers import Sampler
from msjax._src.dataset.rows import (call_user_function, pipeline_error, python_dict,
                                     stack_column, to_row, user_code_error)


def check_batch_sampler(batch_sampler, num_samples, shuffle, num_shards, shard_id, sampler,
                        collate_fn):
    """MindSpore's checks of GeneratorDataset's `batch_sampler` and `collate_fn`."""
    if batch_sampler is not None:
        if not all(p is None for p in (num_samples, shuffle, num_shards, shard_id, sampler)):
            raise ValueError("batch_sampler is mutually exclusive with num_samples, shuffle, "
                             "num_shards, shard_id and sampler.")
        if not isinstance(batch_sampler, (Sampler, collections.abc.Iterable)):
            raise TypeError("batch_sampler should have __getitem__ or __iter__ method.")
    if collate_fn is not None:
        if batch_sampler is None:
            raise ValueError("collate_fn can be specified only when batch_sampler is set.")
        if not callable(collate_fn):
            raise TypeError("collate_fn should be callable.")


def check_map_style_arguments(source, sampler, batch_sampler, num_shards):
    """MindSpore refuses a sampler, batch_sampler or shards for a source without ``__getitem__``."""
    if hasattr(source, "__getitem__"):
        return
    for name, value in (("sampler", sampler), ("batch_sampler", batch_sampler),
                        ("num_shards", num_shards)):
        if value is not None:
            raise ValueError(f"{name} is not supported if source does not have attribute "
                             f"'__getitem__'.")


class ReplayedGenerator:
    """A generator object as a GeneratorDataset source: each iteration replays its items from
    the first (MindSpore tees it), so every epoch reads them all."""

    def __init__(self, generator):
        self._items = generator

    def __iter__(self):
        self._items, replay = itertools.tee(self._items)
        return replay


def _batch_indices(batch):
    if isinstance(batch, (int, np.integer)):
        raise pipeline_error("Batch sampler should return a list, but got an integer.",
                             "GeneratorDataset")
    indices = list(batch)
    for index in indices:
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)):
            kind = "string" if isinstance(index, str) else type(index).__name__
            raise pipeline_error(f"Python sampler should return index of type integer, but got: "
                                 f"{kind}", "GeneratorDataset")
    return indices


def _collated_row(dataset, rows):
    columns = [list(values) for values in zip(*rows)]
    if dataset.collate_fn is None:
        return tuple(stack_column(values, i) for i, values in enumerate(columns))
    columns = [[_as_python(value) for value in values] for values in columns]
    result = call_user_function(dataset.collate_fn, columns, "GeneratorDataset collate_fn")
    values = result if isinstance(result, (tuple, list)) else (result,)
    for name, value in zip(dataset.column_names, values):
        _check_collated_rows(name, value, len(rows))
    return to_row(result, len(dataset.column_names), "GeneratorDataset")


def _as_python(value):
    """A column value as collate_fn is given it: a Python-object column's dict itself."""
    held = python_dict(value)
    return value if held is None else held


def _check_collated_rows(name, value, count):
    """MindSpore runs collate_fn as a batch's per_batch_map: each column it returns (but a dict)
    holds the batch's `count` rows."""
    if isinstance(value, dict):
        return
    if not hasattr(value, "__len__") or (isinstance(value, np.ndarray) and value.ndim == 0):
        error = TypeError(f"'{type(value).__module__.replace('builtins', '')}"
                          f"{'.' if type(value).__module__ != 'builtins' else ''}"
                          f"{type(value).__name__}' object is not iterable")
        raise user_code_error(f"{type(error).__name__}: {error}")
    if len(value) != count:
        raise pipeline_error(f"Invalid data, column: {name} expects: {count} rows returned from "
                             f"'per_batch_map', got: {len(value)}", "GeneratorDataset")


def batch_stream_functions(dataset):
    """For a GeneratorDataset with a batch_sampler: a function starting an epoch's iterator of
    batches (lists of indices) and one making a batch's row."""

    def make_iterator():
        return iter(dataset.batch_sampler)

    def to_batch_row(batch):
        rows = [dataset._read(i) for i in _batch_indices(batch)]  # pylint: disable=protected-access
        if not rows:
            raise user_code_error("GeneratorDataset batch_sampler gave an empty batch.")
        return _collated_row(dataset, rows)
    return make_iterator, to_batch_row


def static_batch_count(batch_sampler):
    """How many batches `batch_sampler` gives, when it says (``__len__``); else None."""
    return len(batch_sampler) if hasattr(batch_sampler, "__len__") else None
