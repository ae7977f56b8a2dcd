"""`mindspore.dataset.DatasetCache`: rows kept in memory after their first read.

MindSpore's cache is a separate server process shared by pipelines; msjax keeps the rows in this
process instead (``hostname``, ``port``, ``num_connections`` and ``prefetch_size`` are accepted
and unused). A source given ``cache=`` keeps each row it reads, by its index in the source; a
``map`` given ``cache=`` keeps its output rows (random augmentations are then drawn once, as with
MindSpore's cache). ``size`` (MB, 0 = no limit) bounds the memory: rows beyond it are recomputed.
"""
from __future__ import annotations

import threading


class DatasetCache:
    """`mindspore.dataset.DatasetCache(session_id, size=0, spilling=False, hostname=None,
    port=None, num_connections=None, prefetch_size=None)`."""

    def __init__(self, session_id, size=0, spilling=False, hostname=None, port=None,
                 num_connections=None, prefetch_size=None):
        if isinstance(session_id, bool) or not isinstance(session_id, int) or session_id < 0:
            raise TypeError(f"Argument session_id with value {session_id!r} is not of type "
                            f"[<class 'int'>], but got {type(session_id)}.")
        if isinstance(size, bool) or not isinstance(size, int) or size < 0:
            raise ValueError(f"Input size is not within the required interval of "
                             f"[0, 9223372036854775807].")
        self.session_id = session_id
        self.size = size
        self.spilling = spilling
        self._rows = {}
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key):
        """The row cached under `key`, or None."""
        with self._lock:
            row = self._rows.get(key)
            if row is None:
                self.misses += 1
            else:
                self.hits += 1
            return row

    def put(self, key, row):
        """Keep `row` under `key` unless that would pass ``size``."""
        nbytes = sum(getattr(column, "nbytes", 0) for column in row)
        with self._lock:
            if key in self._rows:
                return
            if self.size and self._bytes + nbytes > self.size * 1024 * 1024:
                return
            self._rows[key] = row
            self._bytes += nbytes

    def get_stat(self):
        """(rows held, bytes held, hits, misses) of this process's cache."""
        with self._lock:
            return {"num_mem_cached": len(self._rows), "mem_bytes": self._bytes,
                    "hits": self.hits, "misses": self.misses}

    def cached_reader(self, owner, read):
        """`read(index)` through this cache, for the pipeline node `owner`."""
        def read_through(index):
            key = (owner, index)
            row = self.get(key)
            if row is None:
                row = read(index)
                self.put(key, row)
            return row
        return read_through
