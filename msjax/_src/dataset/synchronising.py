"""`Dataset.sync_wait` / `Dataset.sync_update`: a pipeline that waits, row by row, for the training
loop.

``sync_wait(condition_name, num_batch=1, callback=None)`` lets `num_batch` rows through at the
start of each iterator, then holds the next row until ``sync_update(condition_name, num_batch,
data)`` is called, which first calls ``callback(data)``. So an operation after the barrier (a
``map`` whose function reads state the callback sets, the augmentation tutorial's
``Augment.update``) sees every update made before its row is released. A ``batch`` above the
barrier counts in batches: its size scales the rows released. A row that waits longer than
``dataset.config.get_callback_timeout()`` seconds disables the barrier with MindSpore's warning.
"""
from __future__ import annotations

import logging
import threading

from msjax._src.dataset import config
from msjax._src.dataset.engine import DATASET_KINDS, Dataset

_LOGGER = logging.getLogger("mindspore.dataset")


class _Barrier:
    """The count of rows still allowed through (`allowed`), and the callback run on release."""

    def __init__(self, rows: int, callback):
        self.default_rows = rows
        self.allowed = rows
        self.callback = callback
        self.disabled = False
        self.condition = threading.Condition()

    def reset(self):
        with self.condition:
            self.allowed = self.default_rows
            self.condition.notify_all()

    def scale(self, batch_size: int):
        self.allowed *= batch_size
        self.default_rows *= batch_size

    def pass_row(self, _row) -> bool:
        with self.condition:
            released = self.condition.wait_for(lambda: self.allowed > 0 or self.disabled,
                                               timeout=config.get_callback_timeout())
            if not released:
                _LOGGER.warning("Timeout happened in sync_wait, maybe dataset.sync_update(condition=...) "
                                "is not added after dataset.create_dict_iterator(...), now disabling lock.")
                self.disabled = True
            self.allowed -= 1
        return True

    def release(self, rows, data):
        with self.condition:
            self.allowed += self.default_rows if rows is None else rows
            if self.callback is not None:
                self.callback(data)
            self.condition.notify_all()

    def disable(self):
        with self.condition:
            self.disabled = True
            self.condition.notify_all()


class SyncWaitDataset(Dataset):
    """`mindspore.dataset.SyncWaitDataset`: the result of `Dataset.sync_wait`."""

    def __init__(self, child, condition_name, num_batch=1, callback=None):
        super().__init__([child])
        if not isinstance(condition_name, str):
            raise TypeError(f"Argument condition_name with value {condition_name} is not of type "
                            f"[<class 'str'>], but got {type(condition_name)}.")
        if isinstance(num_batch, bool) or not isinstance(num_batch, int):
            raise TypeError(f"Argument num_batch with value {num_batch} is not of type "
                            f"[<class 'int'>], but got {type(num_batch)}.")
        if num_batch <= 0:
            raise ValueError("num_batch need to be greater than 0.")
        if condition_name in sync_barriers(child):
            raise RuntimeError("Condition name is already in use.")
        self.condition_name = condition_name
        self.barrier = _Barrier(num_batch, callback)

    def _build(self, plan):
        return plan.to_iter(self.children[0]._build(plan)).filter(self.barrier.pass_row)

    def _static_size(self):
        return self.children[0]._static_size()


def sync_barriers(dataset) -> dict:
    """The barriers of the `sync_wait` nodes at and under `dataset`, by condition name."""
    found = {}
    for child in dataset.children:
        found.update(sync_barriers(child))
    if isinstance(dataset, SyncWaitDataset):
        found[dataset.condition_name] = dataset.barrier
    return found


def sync_update(dataset, condition_name, num_batch=None, data=None):
    """`Dataset.sync_update`: release `num_batch` batches (default: the `sync_wait`'s number) of
    the barrier named `condition_name`, calling its callback with `data`. Bad arguments disable
    every barrier of the pipeline (it would hang otherwise), as in MindSpore."""
    barriers = sync_barriers(dataset)
    if isinstance(num_batch, bool) or not (num_batch is None or isinstance(num_batch, int)) \
            or (num_batch is not None and num_batch <= 0):
        for barrier in barriers.values():
            barrier.disable()
        raise RuntimeError(f"Sync_update batch size can only be positive integer, got: {num_batch}.")
    if not isinstance(condition_name, str):
        raise TypeError(f"Argument condition_name with value {condition_name} is not of type str, "
                        f"but got {type(condition_name)}.")
    if condition_name not in barriers:
        for barrier in barriers.values():
            barrier.disable()
        raise RuntimeError("Condition name not found.")
    if num_batch is not None:
        num_batch *= max(dataset.get_batch_size(), 1)
    barriers[condition_name].release(num_batch, data)


DATASET_KINDS.update(SyncWaitDataset=SyncWaitDataset, sync_barriers=sync_barriers,
                     sync_update=sync_update)
