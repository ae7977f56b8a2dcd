"""Grain ``IterDataset``s for what Grain has no built-in for: reading a Python iterable or
generator function, skipping the first rows of a stream, and chaining streams one after another.
"""
from __future__ import annotations

import threading

import grain

from msjax._src.dataset.cpp_orders import OwnLockWhenCopied


class _FunctionIterator(grain.DatasetIterator):
    """Rows from a Python iterator; its position is the number of rows read."""

    def __init__(self, make_iterator, to_row):
        super().__init__()
        self._make_iterator = make_iterator
        self._to_row = to_row
        self._iterator = make_iterator()
        self._position = 0

    def __next__(self):
        row = self._to_row(next(self._iterator))
        self._position += 1
        return row

    def get_state(self):
        return {"position": self._position}

    def set_state(self, state):
        self._iterator = self._make_iterator()
        self._position = 0
        for _ in range(state["position"]):
            next(self)


class PythonIterableDataset(grain.IterDataset):
    """A Python iterable or generator function as a Grain ``IterDataset``: each iteration calls
    `make_iterator()` afresh and passes every item through `to_row`."""

    def __init__(self, make_iterator, to_row):
        super().__init__()
        self._make_iterator = make_iterator
        self._to_row = to_row

    def __iter__(self):
        return _FunctionIterator(self._make_iterator, self._to_row)


class _SkipIterator(grain.DatasetIterator):
    def __init__(self, parent, count):
        super().__init__(parent)
        self._count = count
        self._skipped = False

    def __next__(self):
        if not self._skipped:
            self._skipped = True
            for _ in range(self._count):
                next(self._parent)
        return next(self._parent)

    def get_state(self):
        return {"parent": self._parent.get_state(), "skipped": self._skipped}

    def set_state(self, state):
        self._parent.set_state(state["parent"])
        self._skipped = state["skipped"]


class SkipIterDataset(grain.IterDataset):
    """The rows of `parent` after its first `count`."""

    def __init__(self, parent, count):
        super().__init__(parent)
        self._count = count

    def __iter__(self):
        return _SkipIterator(self._parent.__iter__(), self._count)


class _ChainIterator(grain.DatasetIterator):
    def __init__(self, parents):
        super().__init__()
        self._datasets = parents
        self._index = 0
        self._current = iter(parents[0]) if parents else None

    def __next__(self):
        while self._current is not None:
            try:
                return next(self._current)
            except StopIteration:
                self._index += 1
                self._current = (iter(self._datasets[self._index])
                                 if self._index < len(self._datasets) else None)
        raise StopIteration

    def get_state(self):
        return {"index": self._index,
                "current": None if self._current is None else self._current.get_state()}

    def set_state(self, state):
        self._index = state["index"]
        self._current = None
        if self._index < len(self._datasets):
            self._current = iter(self._datasets[self._index])
            self._current.set_state(state["current"])


class ChainIterDataset(grain.IterDataset):
    """The rows of each of `parents` in turn."""

    def __init__(self, parents):
        super().__init__(parents)
        self._datasets = list(parents)

    def __iter__(self):
        return _ChainIterator(self._datasets)


class _EndlessPassesIterator(grain.DatasetIterator):
    def __init__(self, first, later_pass):
        super().__init__()
        self._first = first
        self._later_pass = later_pass
        self._pass = 0
        self._rows_in_pass = 0
        self._current = first.__iter__()

    def __next__(self):
        while True:
            try:
                row = next(self._current)
            except StopIteration:
                if self._rows_in_pass == 0:  # an empty pass: repeating it gives nothing
                    raise
                self._pass += 1
                self._rows_in_pass = 0
                self._current = self._later_pass(self._pass).__iter__()
                continue
            self._rows_in_pass += 1
            return row

    def get_state(self):
        return {"pass": self._pass, "rows_in_pass": self._rows_in_pass,
                "current": self._current.get_state()}

    def set_state(self, state):
        self._pass, self._rows_in_pass = state["pass"], state["rows_in_pass"]
        source = self._first if self._pass == 0 else self._later_pass(self._pass)
        self._current = source.__iter__()
        self._current.set_state(state["current"])


class EndlessPassesIterDataset(grain.IterDataset):
    """`first`'s rows, then those of `later_pass(1)`, `later_pass(2)`, ... without end (each an
    ``IterDataset``): an endless repeat whose passes differ (Grain's ``RepeatIterDataset``
    repeats one pass). Stops if a pass has no rows."""

    def __init__(self, first, later_pass):
        super().__init__(first)
        self._first = first
        self._later_pass = later_pass

    def __iter__(self):
        return _EndlessPassesIterator(self._first, self._later_pass)


class ShardIterDataset(grain.IterDataset):
    """Every `num_shards`-th row of `parent`, starting at row `shard_id`."""

    def __init__(self, parent, num_shards, shard_id):
        super().__init__(parent)
        self._num_shards = num_shards
        self._shard_id = shard_id

    def __iter__(self):
        parent = self._parent.__iter__()
        num_shards, shard_id = self._num_shards, self._shard_id

        def make_iterator():
            for position, row in enumerate(parent):
                if position % num_shards == shard_id:
                    yield row
        return _FunctionIterator(make_iterator, lambda row: row)


class _GroupingIterator(grain.DatasetIterator):
    def __init__(self, parent, size_of, drop_remainder, combine):
        super().__init__(parent)
        self._size_of = size_of
        self._drop_remainder = drop_remainder
        self._combine = combine
        self._index = 0
        self._done = False

    def __next__(self):
        if self._done:
            raise StopIteration
        try:
            rows = [next(self._parent)]  # a group's size is asked only when it has a row
        except StopIteration:
            self._done = True
            raise
        size = self._size_of(self._index)
        while len(rows) < size:
            try:
                rows.append(next(self._parent))
            except StopIteration:
                self._done = True
                if self._drop_remainder:
                    raise
                break
        self._index += 1
        return self._combine(rows)

    def get_state(self):
        return {"parent": self._parent.get_state(), "index": self._index, "done": self._done}

    def set_state(self, state):
        self._parent.set_state(state["parent"])
        self._index, self._done = state["index"], state["done"]


class GroupingIterDataset(grain.IterDataset):
    """The rows of `parent` in groups, group `i` of `size_of(i)` rows (the last one shorter, or
    dropped with `drop_remainder`), each passed through `combine(rows)`."""

    def __init__(self, parent, size_of, drop_remainder, combine):
        super().__init__(parent)
        self._size_of = size_of
        self._drop_remainder = drop_remainder
        self._combine = combine

    def __iter__(self):
        return _GroupingIterator(self._parent.__iter__(), self._size_of, self._drop_remainder,
                                 self._combine)


class BufferShuffleIterDataset(grain.IterDataset):
    """The rows of `parent` through MindSpore's shuffle buffer (buffer_shuffle.BufferShuffler).
    The `k`-th iteration (0 first; more when an endless repeat reads it again) takes a shuffler
    from `make_shuffler(k)` when its first row is asked for, and at its end calls
    `on_end(k, rows_read, generator)` with the shuffler's generator past its draws."""

    def __init__(self, parent, make_shuffler, on_end):
        super().__init__(parent)
        self._make_shuffler = make_shuffler
        self._on_end = on_end
        self._passes_begun = 0

    def __iter__(self):
        parent, make_shuffler, on_end = self._parent, self._make_shuffler, self._on_end
        later_pass = self._passes_begun  # each iteration is the next pass (an endless repeat's)
        self._passes_begun += 1

        def shuffled_rows():
            shuffler = make_shuffler(later_pass)
            read = 0
            for row in parent:
                read += 1
                sent = shuffler.push(row)
                if sent is not None:
                    yield sent
            yield from shuffler.drain()
            on_end(later_pass, read, shuffler.generator_after())
        return _FunctionIterator(shuffled_rows, lambda row: row)


class _Passes(OwnLockWhenCopied):
    """What `make(k)` gives for pass `k` of an endless repeat, made once (read threads reaching
    a new pass together wait for one to make it) and kept for the last four passes asked for."""

    def __init__(self, make):
        self._make = make
        self._lock = threading.Lock()
        self._made = {0: make(0)}

    def __getitem__(self, later_pass):
        made = self._made.get(later_pass)  # a dict read: no lock needed
        if made is not None:
            return made
        with self._lock:
            made = self._made.get(later_pass)
            if made is None:
                made = self._made[later_pass] = self._make(later_pass)
                for old in sorted(self._made)[:-4]:  # the passes read now and just before
                    if old:
                        del self._made[old]
        return made


class PassOrderMapDataset(grain.MapDataset):
    """`length` rows of `parent` (a ``grain.MapDataset`` of `parent_length` rows, `length` when
    not given) in the order `order_of(k)` gives its `k`-th pass (0: this one; Grain's endless
    repeat asks for the rows of later passes by indices past `length`), which reads row
    ``order[i] + k * parent_length`` of `parent` (that row's own later pass)."""

    def __init__(self, parent, length, order_of, parent_length=None):
        super().__init__(parent)
        self._length = length
        self._parent_length = length if parent_length is None else parent_length
        self._orders = _Passes(order_of)

    def __len__(self):
        return self._length

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self.slice(index)
        later_pass, position = divmod(index, self._length)
        later_pass = max(later_pass, 0)  # a negative index counts from this pass's end
        return self._parent[int(self._orders[later_pass][position])
                            + later_pass * self._parent_length]


class EpochPassesMapDataset(grain.MapDataset):
    """`first` (a ``grain.MapDataset``), whose indices past its length Grain's endless repeat
    reads as the rows of later passes: pass `k` is `later_pass(k)` (of the same length), as
    MindSpore runs a sampler again for every pass of an endless repeat."""

    def __init__(self, first, later_pass):
        super().__init__(first)
        self._length = len(first)
        self._passes = _Passes(lambda k: first if k == 0 else later_pass(k))

    def __len__(self):
        return self._length

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self.slice(index)
        later, position = divmod(index, self._length)
        return self._passes[max(later, 0)][position]  # a negative index: from this pass's end


class _CallbackMapIterator(grain.DatasetIterator):
    def __init__(self, parent, apply_to_row, callbacks, iterator_epoch):
        super().__init__(parent)
        self._apply = apply_to_row
        self._callbacks = callbacks
        self._iterator_epoch = iterator_epoch
        self._index = 0

    def __next__(self):
        self._callbacks.start_epoch(self._iterator_epoch)
        row = next(self._parent)
        index = self._index
        self._index += 1
        return self._callbacks.around_row(lambda: self._apply(index, row))

    def get_state(self):
        return {"parent": self._parent.get_state(), "index": self._index}

    def set_state(self, state):
        self._parent.set_state(state["parent"])
        self._index = state["index"]


class CallbackMapIterDataset(grain.IterDataset):
    """A map with dataset callbacks (callbacks.py): `apply_to_row(index, row)` of each row of
    `parent` in turn, in one thread, between the callbacks' step hooks."""

    def __init__(self, parent, apply_to_row, callbacks, iterator_epoch):
        super().__init__(parent)
        self._apply = apply_to_row
        self._callbacks = callbacks
        self._iterator_epoch = iterator_epoch

    def __iter__(self):
        return _CallbackMapIterator(self._parent.__iter__(), self._apply, self._callbacks,
                                    self._iterator_epoch)
