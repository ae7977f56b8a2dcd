"""How Grain's read threads (``num_parallel_workers``) share the Python interpreter.

msjax's transforms are Python and NumPy, so the threads share one GIL. NumPy lets go of the GIL
in each copy, ``take`` or ufunc loop, and a thread waiting for it takes it at once: with small
images every row hands the GIL over a few times, each hand-over costing two operating-system
context switches, and two threads together read about half as many rows per second as one
(measured on the CIFAR-shaped pipeline of benchmarks/dataset_pipeline.py: ~1.5 context switches
per row). Threads pay off only when transforms spend long stretches outside the GIL (Pillow
decoding and resizing large images, big NumPy operations).

So each place in a pipeline that Grain reads with several threads measures both ways on its first
reads: its threads running at once, and its threads taking turns (a lock held for one whole read,
a batch or a row, so the waiting thread sleeps on the lock and no GIL is handed over inside the
read). It keeps the faster way for the rest of the pipeline's life. Every thread still reads its
own rows; rows, their order and their random draws (seeded per row) are the same either way.
"""
from __future__ import annotations

import threading
import time

# Read (task) numbers, in the order reads start: 0 warms up and is not timed, then the reads
# measured taking turns, then those measured running at once.
_WARM_UP_READS = 1
_READS_PER_TRIAL = 4
# Taking turns is kept only when clearly faster than what the user asked for (threads at once).
_TURNS_MARGIN = 1.10


class ThreadReadChoice:
    """Whether the read threads of one place in a pipeline take turns, measured on its first
    reads and then kept (shared by the pipeline's epochs)."""

    def __init__(self, threads: int):
        self.threads = threads
        self.take_turns = None  # None while measuring
        self._turn = threading.Lock()
        self._count_lock = threading.Lock()
        self._started = 0
        self._spans = {True: [], False: []}

    def __getstate__(self):
        """A copy (``copy.deepcopy`` or pickling of the pipeline) keeps what was measured and
        gets locks of its own."""
        state = dict(self.__dict__)
        del state["_turn"], state["_count_lock"]
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._turn = threading.Lock()
        self._count_lock = threading.Lock()

    def _trial_mode(self) -> tuple:
        """(take turns?, timed?) for the next read while measuring."""
        with self._count_lock:
            number = self._started
            self._started += 1
        if number < _WARM_UP_READS:
            return True, False
        if number < _WARM_UP_READS + _READS_PER_TRIAL:
            return True, True
        if number < _WARM_UP_READS + 2 * _READS_PER_TRIAL:
            return False, True
        return True, False  # started before the measured reads ended: take turns, untimed

    def _record(self, take_turns: bool, start: float, end: float) -> None:
        with self._count_lock:
            self._spans[take_turns].append((start, end))
            turns, at_once = self._spans[True], self._spans[False]
            if self.take_turns is None and len(turns) + len(at_once) == 2 * _READS_PER_TRIAL:
                # Reads per second of wall time over each trial, whatever overlapped.
                self.take_turns = _rate(turns) > _TURNS_MARGIN * _rate(at_once)

    def read(self, read_one, index):
        """`read_one(index)`, alone or alongside the other threads as chosen."""
        take_turns, timed = (self.take_turns, False) if self.take_turns is not None \
            else self._trial_mode()
        if not take_turns:
            start = time.perf_counter()
            result = read_one(index)
            if timed:
                self._record(False, start, time.perf_counter())
            return result
        with self._turn:
            start = time.perf_counter()
            result = read_one(index)
            if timed:
                self._record(True, start, time.perf_counter())
            return result


def _rate(spans) -> float:
    """Reads per second from the first read's start to the last one's end."""
    return len(spans) / max(max(end for _, end in spans) - min(start for start, _ in spans), 1e-9)


def read_with_choice(dataset, choice: ThreadReadChoice):
    """`dataset` (a ``grain.MapDataset``) whose reads go through `choice`."""
    import grain  # pylint: disable=import-outside-toplevel
    return grain.MapDataset.range(len(dataset)).map(
        lambda index: choice.read(dataset.__getitem__, int(index)))
