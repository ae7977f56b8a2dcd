"""What a map does with the rows its operations fail on, by ``config.set_error_samples_mode``
(MindSpore's MapOp with error samples):

- RETURN (the default): the error is raised.
- SKIP: the row is dropped (the dataset size still counts it, as MindSpore's does).
- REPLACE: the row is replaced by a good one. The map keeps the first 16 good rows of the epoch
  in a cache. A failed row is owed; once the cache is full, each good row that comes is preceded
  by one owed row, the cache's next entry in turn, which the good row then takes the place of.
  At the end of the epoch the owed rows are the cache's entries, one pass from its next one,
  then round and round as `_end_turn` says; with no good row at all the pipeline fails ("All
  data is garbage and cannot be replaced.").
"""
from __future__ import annotations

import grain

from msjax._src.dataset.grain_iter import _FunctionIterator
from msjax._src.dataset.rows import pipeline_error

REPLACEMENT_CACHE_ROWS = 16  # MindSpore's cache of good rows for REPLACE


class FailedRow:
    """A row the map's operations failed on (what failed, for the log)."""

    def __init__(self, message: str):
        self.message = message


def catching_failures(row_function):
    """`row_function(index, row)` with its failures returned as `FailedRow`s."""
    def apply_or_mark(index, row):
        try:
            return row_function(index, row)
        except Exception as error:  # pylint: disable=broad-except
            return FailedRow(str(error))
    return apply_or_mark


def _skipped(rows):
    for row in rows:
        if not isinstance(row, FailedRow):
            yield row


def _replaced(rows):
    cache, turn, owed = [], 0, 0
    for row in rows:
        if isinstance(row, FailedRow):
            owed += 1
            continue
        if len(cache) < REPLACEMENT_CACHE_ROWS:
            cache.append(row)
        elif owed:
            yield cache[turn]
            cache[turn] = row
            turn = (turn + 1) % REPLACEMENT_CACHE_ROWS
            owed -= 1
        yield row
    if owed and not cache:
        raise pipeline_error("All data is garbage and cannot be replaced.", "map")
    for count in range(owed):
        yield cache[_end_turn(turn, count, len(cache))]


def _end_turn(turn: int, count: int, cached: int) -> int:
    """The cache entry of the epoch's `count`-th owed row at its end (measured on MindSpore):
    one pass over the cache from `turn`, then round and round from 16 entries before where the
    pass ended (which is where it began when the cache is full)."""
    if count < cached:
        return (turn + count) % cached
    return (turn + count - REPLACEMENT_CACHE_ROWS) % cached


class ErrorSamplesIterDataset(grain.IterDataset):
    """`parent`'s rows with its `FailedRow`s skipped or replaced (`skip`) as the module says."""

    def __init__(self, parent, skip: bool):
        super().__init__(parent)
        self._handle = _skipped if skip else _replaced

    def __iter__(self):
        parent = self._parent.__iter__()
        handle = self._handle
        return _FunctionIterator(lambda: handle(parent), lambda row: row)
