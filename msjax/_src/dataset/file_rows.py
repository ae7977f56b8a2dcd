"""The row order of MindSpore's non-mappable file sources (TextFileDataset, CSVDataset,
WikiTextDataset, PennTreebankDataset, AGNewsDataset, ...): which rows of which files an epoch
reads, in what order, as MindSpore 2.10's C++ ``NonMappableLeafOp`` produces them.

MindSpore reads such a source with ``num_parallel_workers`` worker threads. One thread lists the epoch's blocks (a file, or a range of its rows) and hands them to
the workers in turn (block ``k`` to worker ``k % workers``); each worker reads its blocks' rows in
order, and the op takes one row from each worker in turn (a worker whose rows are done is
skipped). So with one worker the files are read one after another, with several their rows
interleave.

- ``Shuffle.FILES`` shuffles the file order each epoch with ``std::mt19937`` and ``std::shuffle``
  (cpp_orders.py), the order of the last epoch again: seeded with the pipeline seed, or with
  1, 2, 3, ... (one more each epoch) when the source is sharded.
- Sharding: each shard reads ``ceil(rows / num_shards)`` rows, shard ``i`` the rows from
  ``i * per_shard`` of the files taken in the epoch's order, going round the files again from the
  first when it passes the last row (so every shard has the same count).
- ``num_samples`` keeps the first rows of that order.
- ``Shuffle.GLOBAL`` (and ``True``) is FILES followed by MindSpore's ShuffleOp (buffer_shuffle.py)
  with a buffer of ``min(4 * rows per file, 10000)`` rows (the rows per shard counted, the
  average per file rounded down).
"""
from __future__ import annotations

import math

import numpy as np

from msjax._src.dataset import config
from msjax._src.dataset.buffer_shuffle import ShuffleOrders
from msjax._src.dataset.cpp_orders import CumulativeShuffle
from msjax._src.dataset.engine import Dataset
from msjax._src.dataset.rows import mark_source_row
from msjax._src.dataset.samplers import Shuffle, _check_native_source_options, _check_num_samples
from msjax._src.dataset.sources import MappableSource

_SHUFFLE_BUFFER_CAP = 10000  # MindSpore's largest shuffle buffer for a global file shuffle
_ROWS_PER_FILE_FACTOR = 4


def shuffle_mode(shuffle) -> Shuffle:
    """MindSpore's reading of a file source's `shuffle`: None and True are ``Shuffle.GLOBAL``,
    False ``Shuffle.FALSE``; a `Shuffle` as given."""
    if shuffle is not None and not isinstance(shuffle, (bool, Shuffle)):
        raise TypeError("shuffle must be of boolean or enum of 'Shuffle' values like "
                        "'Shuffle.ADAPTIVE' or 'Shuffle.GLOBAL' or 'Shuffle.PARTIAL' or "
                        "'Shuffle.FILES' or 'Shuffle.INFILE'.")
    if isinstance(shuffle, Shuffle):
        return shuffle
    return Shuffle.GLOBAL if shuffle is None or shuffle else Shuffle.FALSE


def shard_blocks(counts, keys, num_shards, shard_id):
    """The (file, first row, end row) blocks shard `shard_id` reads, files taken in `keys`' order
    and again from the first until the shard has its ``ceil(total / num_shards)`` rows."""
    total = sum(counts)
    per_shard = math.ceil(total / num_shards) if total else 0
    start, end = shard_id * per_shard, (shard_id + 1) * per_shard
    blocks, before = [], 0
    while True:
        for key in keys:
            rows = counts[key]
            if before <= start < before + rows:
                blocks.append((key, start - before, min(end, before + rows) - before))
            elif start <= before < end:
                blocks.append((key, 0, min(end, before + rows) - before))
            before += rows
        if before >= end or total == 0:
            return blocks


def _interleave(streams):
    """One row from each stream in turn, skipping streams that are done."""
    out, position = [], [0] * len(streams)
    live = [i for i, s in enumerate(streams) if len(s)]
    while live:
        still = []
        for i in live:
            out.append(streams[i][position[i]])
            position[i] += 1
            if position[i] < len(streams[i]):
                still.append(i)
        live = still
    return out


class FileReadOrder:
    """The order a non-mappable file source reads its rows in (the module's doc): a sampler of
    the source's flat row indices (file after file, each file's rows in order)."""

    def __init__(self, source, shuffle, num_samples, num_shards, shard_id):
        self.source = source
        self.mode = shuffle
        self.num_samples = _check_num_samples(num_samples)
        self.num_shards = num_shards or 1
        self.shard_id = shard_id or 0
        self._file_orders = CumulativeShuffle(offset=1) if self.num_shards > 1 else \
            CumulativeShuffle(same_seed=True)
        self._row_orders = None

    def _shuffles_files(self) -> bool:
        return self.mode in (Shuffle.GLOBAL, Shuffle.FILES)

    def _workers(self) -> int:
        return self.source.num_parallel_workers or config.get_num_parallel_workers()

    def epoch_order(self, seed: int, epoch: int) -> np.ndarray:
        """The flat row indices epoch `epoch` reads, before the global shuffle."""
        counts = self.source.file_row_counts()
        keys = list(range(len(counts)))
        if self._shuffles_files() and keys:
            file_seed = 0 if self.num_shards > 1 else seed
            keys = self._file_orders.order(keys, file_seed, epoch).tolist()
        starts = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        workers = self._workers()
        streams = [[] for _ in range(workers)]
        for number, (key, first, end) in enumerate(
                shard_blocks(counts, keys, self.num_shards, self.shard_id)):
            streams[number % workers].extend(range(starts[key] + first, starts[key] + end))
        order = np.asarray(_interleave(streams), np.int64)
        if self.num_samples:
            order = order[:self.num_samples]
        return order

    def _buffer_size(self) -> int:
        counts = self.source.file_row_counts()
        rows = math.ceil(sum(counts) / self.num_shards)
        return min(rows // max(len(counts), 1) * _ROWS_PER_FILE_FACTOR, _SHUFFLE_BUFFER_CAP)

    def index_dataset(self, length, seed, epoch=0):
        """The epoch's row indices as a Grain ``MapDataset``."""
        import grain  # pylint: disable=import-outside-toplevel
        del length
        order = self.epoch_order(seed, epoch)
        if self.mode is Shuffle.GLOBAL and len(order):
            if self._row_orders is None:
                self._row_orders = ShuffleOrders(self._buffer_size())
            order = order[self._row_orders.order(len(order), seed, epoch)]
        return grain.MapDataset.source(order)

    def size(self, length) -> int:
        """MindSpore's dataset size: the rows per shard, at most `num_samples`."""
        rows = math.ceil(length / self.num_shards)
        return min(rows, self.num_samples) if self.num_samples else rows


class FileRowsSource(MappableSource):
    """A non-mappable file source of MindSpore: rows of files read in `FileReadOrder`.
    Subclasses give `_file_rows()`: for each file (in MindSpore's sorted order), its path and its
    rows (tuples of arrays)."""

    def __init__(self, num_samples=None, num_parallel_workers=None, shuffle=True, num_shards=None,
                 shard_id=None, cache=None):
        _check_native_source_options(None, shuffle, num_shards, shard_id)
        mode = shuffle_mode(shuffle)
        Dataset.__init__(self, [], num_parallel_workers)  # pylint: disable=non-parent-init-called
        self.cache = cache
        self.sampler = FileReadOrder(self, mode, num_samples, num_shards, shard_id)
        self._loaded = None

    def _file_rows(self) -> list:
        raise NotImplementedError

    def _load(self):
        if self._loaded is None:
            files = self._file_rows()
            rows, paths = [], []
            for path, file_rows in files:
                rows.extend(file_rows)
                paths.extend([path] * len(file_rows))
            self._loaded = ([len(r) for _, r in files], rows, paths)
        return self._loaded

    def file_row_counts(self) -> list:
        """How many rows each file has, in MindSpore's file order."""
        return self._load()[0]

    def _length(self):
        return len(self._load()[1])

    def _read(self, index):
        _, rows, paths = self._load()
        return mark_source_row(tuple(np.array(v) for v in rows[index]), paths[index])


def text_lines(path: str) -> list:
    """The non-empty lines of a text file (without their line ends), as MindSpore's text
    sources read them with ``std::getline``: a lone ``\\r`` left by CRLF line ends stays."""
    with open(path, "rb") as file:
        data = file.read().decode("utf-8", errors="replace")
    return [line for line in data.split("\n") if line]
