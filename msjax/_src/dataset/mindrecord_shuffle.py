"""MindDataset's random orders, drawn as MindSpore 2.10's MindRecord reader (its ShardShuffle)
draws them.

The reader keeps a list of the rows to read (at first every row, file after file) and, before each
epoch, reorders that list of the last epoch with a generator seeded ``seed + 1 + epoch`` (``seed``
the pipeline seed): ``std::default_random_engine`` (minstd_rand0) and libstdc++'s
``std::shuffle`` (cpp_orders.py).

- ``Shuffle.GLOBAL`` (and ADAPTIVE, True, a RandomSampler, up to 100 million rows): the whole
  list shuffled, then its first ``num_samples`` kept (the later epochs shuffle those).
- with replacement (``num_samples`` given with the default shuffle, or
  ``RandomSampler(replacement=True)``): ``num_samples`` rows drawn from the list, the ``i``-th with
  ``std::uniform_int_distribution`` over a ``std::mt19937`` seeded ``seed + 1 + epoch + i``.
- ``Shuffle.FILES``: the list cut where the files' rows end (their counts, in file order), and the
  pieces put in the order of the file indices shuffled.
- ``Shuffle.INFILE``: each of those pieces shuffled, each with a generator of the same seed.

Sharded (``num_shards`` or a DistributedSampler), the reader starts every epoch from the rows in
file order, reorders them as above (GLOBAL, FILES or INFILE; not with ``shuffle=False``) with the
generator seeded ``seed + 1 + epoch`` (``seed`` the sampler's: the pipeline seed when it was
made), and shard ``i`` of ``n`` reads the rows at ``i, i + n, i + 2n, ...`` of that list, going
round to its start until it has ``ceil(rows / n)`` (at most ``num_samples``). With the environment
variable ``MS_DEV_MINDRECORD_SHARD_BY_BLOCK=true`` when the dataset is made, shard ``i`` reads
the ``ceil(rows / n)`` rows from ``i * ceil(rows / n)`` instead (MindSpore's block mode).

``Shuffle.PARTIAL`` (ShardPartialSampler) starts every epoch afresh, with one generator seed
``seed + 1 + epoch`` for all its draws: the file indices shuffled, the files' rows laid end to end
in that order (padded samples after them), the first ``num_samples`` positions of that list kept
(or, sharded, shard ``i`` of ``n`` keeping positions ``i, i + n, ...`` as above, or its block), and
the kept positions shuffled in runs of 1,000,000, each run with a generator of that seed.
``replacement`` draws nothing different. A shard reading more than 1,000,000 rows raises
NotImplementedError: its order past the first run is not yet checked against MindSpore (unsharded
it is: golden mindrecord_partial_million_probe).

``Shuffle.ADAPTIVE`` (ShardAdaptiveSampler; also ``shuffle=None`` or ``True``, and a RandomSampler
or DistributedSampler made with ``shuffle=Shuffle.ADAPTIVE``) is ``Shuffle.GLOBAL`` while the files
read hold at most ``ADAPTIVE_GLOBAL_LIMIT`` (100,000,000) rows, and exactly ``Shuffle.PARTIAL``
(the same sampler, sharded or not) past that: MindSpore 2.10's ShardReader::Init counts the rows
of all the files (before ``num_samples``, padded samples and sharding) and, if more than
100,000,000, ShardReader::UpdateLoadModeByShuffleMode turns every ADAPTIVE sampler into PARTIAL
(mindrecord/io/shard_reader.cc). That switch past 100 million rows is not checked against MindSpore
itself (too many rows to write here); the two orders on either side of it are.

Checked against MindSpore 2.10 over seeds and epochs (goldens: ds19c_mindrecord_shuffle_probe,
mindrecord_shards_probe, mindrecord_partial_probe).
"""
from __future__ import annotations

import os
import threading

import numpy as np

from msjax._src.dataset.cpp_orders import (MinstdRand0, Mt19937Words, OwnLockWhenCopied,
                                           shuffle_in_place, uniform_int)
from msjax._src.dataset.samplers import Sampler, Shuffle


class ShardShuffleSampler(OwnLockWhenCopied, Sampler):
    """MindDataset's shuffling sampler (the module's doc). `file_counts()` gives the rows of each
    file, in file order."""

    def __init__(self, mode, num_samples=None, replacement=False, file_counts=None):
        Sampler.__init__(self, num_samples)
        self.mode = Shuffle.GLOBAL if mode in (Shuffle.ADAPTIVE, None) else mode
        self.shuffle = self.mode
        self.replacement = replacement
        self._file_counts = file_counts
        self._lock = threading.Lock()
        self._key, self._epoch, self._tasks = None, -1, None

    def get_shuffle_mode(self):
        return self.shuffle

    def size(self, length):
        if self.replacement:
            return self.num_samples or length
        return self._limit(length)

    def _step(self, tasks: list, seed: int) -> list:
        if self.mode is Shuffle.GLOBAL and self.replacement:
            count = self.num_samples or len(tasks)
            return [tasks[uniform_int(Mt19937Words(seed + i), 0, len(tasks) - 1)]
                    for i in range(count)]
        if self.mode is Shuffle.GLOBAL:
            shuffle_in_place(tasks, MinstdRand0(seed))
            return tasks[:self.num_samples] if self.num_samples else tasks
        bounds = np.cumsum([0] + list(self._file_counts())).tolist()
        pieces = [tasks[bounds[i]:bounds[i + 1]] for i in range(len(bounds) - 1)]
        if self.mode is Shuffle.FILES:
            files = list(range(len(pieces)))
            shuffle_in_place(files, MinstdRand0(seed))
            return [task for i in files for task in pieces[i]]
        for piece in pieces:  # Shuffle.INFILE
            shuffle_in_place(piece, MinstdRand0(seed))
        return [task for piece in pieces for task in piece]

    def index_dataset(self, length, seed, epoch=0):
        import grain  # pylint: disable=import-outside-toplevel
        with self._lock:
            if self._key != (length, seed) or epoch < self._epoch:
                self._key, self._epoch, self._tasks = (length, seed), -1, list(range(length))
            while self._epoch < epoch and length:
                self._epoch += 1
                self._tasks = self._step(list(self._tasks), (seed + 1 + self._epoch) & 0xFFFFFFFF)
            return grain.MapDataset.source(np.asarray(self._tasks, np.int64))


class ShardDistributedSampler(Sampler):
    """MindDataset's sharded reading (the module's doc): shard `shard_id` of `num_shards` under
    `mode` (Shuffle.GLOBAL, FILES, INFILE or FALSE), seeded with `seed`."""

    def __init__(self, num_shards, shard_id, mode, num_samples, seed, file_counts):
        super().__init__(num_samples)
        self.num_shards, self.shard_id = num_shards, shard_id
        self.mode = Shuffle.GLOBAL if mode in (Shuffle.ADAPTIVE, None, True) else \
            Shuffle.FALSE if mode is False else mode
        self.shuffle = self.mode
        self.seed = seed
        self._reorder = ShardShuffleSampler(self.mode, file_counts=file_counts)
        self.by_block = os.environ.get("MS_DEV_MINDRECORD_SHARD_BY_BLOCK", "").lower() == "true"

    def get_shuffle_mode(self):
        return self.shuffle

    def size(self, length):
        return self._limit(-(-length // self.num_shards)) if length else 0

    def rows(self, length, epoch) -> list:
        """The rows this shard reads in epoch `epoch` of `length` rows."""
        tasks = list(range(length))
        if self.mode is not Shuffle.FALSE and length:
            tasks = self._reorder._step(tasks, (self.seed + 1 + epoch) & 0xFFFFFFFF)
        taking = self.size(length)
        if self.by_block:
            return [tasks[(self.shard_id * -(-length // self.num_shards) + k) % length]
                    for k in range(taking)]
        return [tasks[(self.shard_id + k * self.num_shards) % length] for k in range(taking)]

    def index_dataset(self, length, seed, epoch=0):
        import grain  # pylint: disable=import-outside-toplevel
        del seed  # the sampler's own, as MindSpore's
        return grain.MapDataset.source(np.asarray(self.rows(length, epoch), np.int64))


# MindSpore's PARTIAL shuffles the rows it reads in runs of this many.
PARTIAL_RUN = 1_000_000


class ShardPartialSampler(Sampler):
    """MindDataset's ``Shuffle.PARTIAL`` (the module's doc): every row, or shard `shard_id` of
    `num_shards`, at most `num_samples` rows. `file_counts()` gives the rows of each file, in file
    order; `seed` is the sharded sampler's own (unsharded, the pipeline's seed is used)."""

    def __init__(self, num_samples=None, file_counts=None, num_shards=None, shard_id=None,
                 seed=None):
        super().__init__(num_samples)
        self.mode = self.shuffle = Shuffle.PARTIAL
        self.num_shards, self.shard_id, self.seed = num_shards, shard_id, seed
        self._file_counts = file_counts
        self.by_block = num_shards is not None and \
            os.environ.get("MS_DEV_MINDRECORD_SHARD_BY_BLOCK", "").lower() == "true"

    def get_shuffle_mode(self):
        return Shuffle.PARTIAL

    def size(self, length):
        if self.num_shards is None:
            return self._limit(length)
        return self._limit(-(-length // self.num_shards)) if length else 0

    def _positions(self, length) -> list:
        """The positions of the laid-out rows this sampler keeps, before shuffling."""
        if self.num_shards is None:
            return list(range(self.size(length)))
        step, taking = -(-length // self.num_shards), self.size(length)
        if self.by_block:
            return [(self.shard_id * step + k) % length for k in range(taking)]
        return [(self.shard_id + k * self.num_shards) % length for k in range(taking)]

    def rows(self, length, seed, epoch) -> list:
        """The rows read in epoch `epoch` of `length` rows (padded samples last) with seed
        `seed`."""
        if not length:
            return []
        seed = (seed + 1 + epoch) & 0xFFFFFFFF
        counts = list(self._file_counts())
        bounds = np.cumsum([0] + counts).tolist()
        files = list(range(len(counts)))
        shuffle_in_place(files, MinstdRand0(seed))
        laid_out = [row for f in files for row in range(bounds[f], bounds[f + 1])]
        laid_out += range(bounds[-1], length)  # padded samples
        positions = self._positions(length)
        if self.num_shards is not None and len(positions) > PARTIAL_RUN:
            raise NotImplementedError(
                f"msjax: MindDataset(shuffle=Shuffle.PARTIAL, num_shards={self.num_shards}) "
                f"reading {len(positions)} rows in a shard: MindSpore shuffles PARTIAL in runs of "
                f"{PARTIAL_RUN} rows, and msjax's order of a shard past its first run is not yet "
                f"checked against MindSpore 2.10's. Use more shards (at most {PARTIAL_RUN} rows "
                f"each) or num_samples, or shuffle=Shuffle.GLOBAL.")
        for start in range(0, len(positions), PARTIAL_RUN):
            run = positions[start:start + PARTIAL_RUN]
            shuffle_in_place(run, MinstdRand0(seed))
            positions[start:start + PARTIAL_RUN] = run
        return [laid_out[p] for p in positions]

    def index_dataset(self, length, seed, epoch=0):
        import grain  # pylint: disable=import-outside-toplevel
        if self.seed is not None:
            seed = self.seed
        return grain.MapDataset.source(np.asarray(self.rows(length, seed, epoch), np.int64))


# MindSpore's Shuffle.ADAPTIVE is GLOBAL up to this many rows in the files read, PARTIAL past it.
ADAPTIVE_GLOBAL_LIMIT = 100_000_000


class ShardAdaptiveSampler(Sampler):
    """MindDataset's ``Shuffle.ADAPTIVE`` (the module's doc): `global_order` (a
    ShardShuffleSampler or ShardDistributedSampler) while the files hold at most
    ``ADAPTIVE_GLOBAL_LIMIT`` rows, `partial_order` (a ShardPartialSampler of the same rows,
    shard and seed) past it. `file_counts()` gives the rows of each file; they are counted when
    the order is first needed. Its shuffle mode shows as the global order's, as MindSpore's
    Python sampler is never changed by the switch."""

    def __init__(self, global_order, partial_order, file_counts):
        super().__init__(global_order.num_samples)
        self.global_order, self.partial_order = global_order, partial_order
        self._file_counts = file_counts

    def chosen(self):
        """The sampler MindSpore's ADAPTIVE becomes for these files."""
        if sum(self._file_counts()) > ADAPTIVE_GLOBAL_LIMIT:
            return self.partial_order
        return self.global_order

    def get_shuffle_mode(self):
        return self.global_order.get_shuffle_mode()

    def size(self, length):
        return self.chosen().size(length)

    def index_dataset(self, length, seed, epoch=0):
        return self.chosen().index_dataset(length, seed, epoch)
