"""Batches from worker processes in shared-memory blocks that are used again and again.

Grain's worker processes hand each array of a row to the main process in a new shared-memory
segment, and filling a new segment faults in every one of its pages: for a CIFAR batch of 128
(1.5 MB) that is ~2.3 ms of a worker's CPU per batch on the 2-core benchmark machine, more than
computing the batch. A batched map (batched_map.py) whose batches are the rows the workers hand
over writes them instead into a block of its worker's own pool:

- the worker takes a free block of its pool (a new one while the pool is smaller than
  ``MAX_BLOCKS``; with none free it hands over plain arrays, as before), copies the row's arrays
  into it, marks it in use and hands over a ``BlockRow`` (the block's name and each array's
  place), which Grain passes along as one small pickled object;
- the main process maps the block (once per block), copies the arrays out (as NumPy arrays or
  Tensors) and marks the block free, so the worker fills it again;
- the main process removes a block's name (unlinks it) as soon as it has mapped it: the memory
  lives as long as the two mappings. A block the main process never mapped (its row was never
  read) is removed by multiprocessing's resource tracker when the program ends.

The in-use mark is one byte at the start of the block, written by the worker before the row is
sent through Grain's queue (a pipe) and by the main process after its copies are made.

``out_of_shared_memory`` is how the main process takes every row from the workers: a BlockRow
through its BlockReader, any other row out of Grain's own segments.
"""
from __future__ import annotations

import multiprocessing
import threading
from multiprocessing import shared_memory

import numpy as np

MAX_BLOCKS = 8  # per worker process: more than the rows a worker has in flight
_HEADER = 64  # bytes before the first array (the in-use byte, then alignment)
_ALIGN = 64
_FREE, _IN_USE = 0, 1


class BlockRow:
    """A row whose arrays are in shared-memory block `name`: (offset, shape, dtype) each."""

    def __init__(self, name: str, places: list):
        self.name = name
        self.places = places

    def __reduce__(self):
        return BlockRow, (self.name, self.places)


def _row_bytes(row) -> list:
    """Each array's offset in a block holding `row`, and the block size needed."""
    offsets, end = [], _HEADER
    for column in row:
        offsets.append(end)
        end += -(-column.nbytes // _ALIGN) * _ALIGN
    return offsets, end


def _keep_freed_memory() -> None:
    """Ask glibc's malloc of this worker process to keep the memory of freed batches.

    A worker allocates and frees a batch's arrays (megabytes) for every batch, and glibc returns
    such memory to the system as soon as it is freed (arrays above its mmap threshold, and the
    top of a thread's heap above its trim threshold), so every batch faulted all its pages in
    again: ~800 page faults and ~2 ms of CPU per CIFAR batch of 128 on the benchmark machine. With
    higher thresholds the worker reuses the memory (13 faults per batch). Without glibc (another
    C library) this is skipped and only the speed differs."""
    import ctypes  # pylint: disable=import-outside-toplevel
    import ctypes.util  # pylint: disable=import-outside-toplevel
    name = ctypes.util.find_library("c")
    mallopt = getattr(ctypes.CDLL(name), "mallopt", None) if name else None
    if mallopt is not None and hasattr(ctypes.CDLL(name), "gnu_get_libc_version"):
        m_trim_threshold, m_mmap_threshold = -1, -3  # glibc's <malloc.h>
        mallopt(m_mmap_threshold, 32 << 20)  # glibc's largest
        mallopt(m_trim_threshold, 128 << 20)


class _WorkerPool:
    """The blocks of one worker process."""

    def __init__(self):
        self.blocks = []
        self.lock = threading.Lock()
        _keep_freed_memory()

    def send(self, row):
        """`row` as a BlockRow in a free block, or `row` itself when no block is free or it holds
        something other than plain arrays (objects, records)."""
        if not all(type(c) is np.ndarray  # pylint: disable=unidiomatic-typecheck
                   and not c.dtype.hasobject and c.dtype.names is None for c in row):
            return row
        offsets, size = _row_bytes(row)
        with self.lock:
            block = self._free_block(size)
            if block is None:
                return row
            places = []
            for column, offset in zip(row, offsets):
                view = np.ndarray(column.shape, column.dtype, buffer=block.buf, offset=offset)
                view[...] = column
                places.append((offset, column.shape, column.dtype.str))
            block.buf[0] = _IN_USE
        return BlockRow(block.name, places)

    def _free_block(self, size):
        for block in self.blocks:
            if block.buf[0] == _FREE and block.size >= size:
                return block
        if len(self.blocks) >= MAX_BLOCKS:
            return None
        block = shared_memory.SharedMemory(create=True, size=size)
        self.blocks.append(block)
        return block


_pool = None


def in_worker_process() -> bool:
    return multiprocessing.parent_process() is not None


def send(row):
    """In a worker process: `row` (a tuple of arrays) as a BlockRow when a block is free."""
    global _pool  # pylint: disable=global-statement
    if _pool is None:
        _pool = _WorkerPool()
    return _pool.send(row)


class BlockReader:
    """The main process's side: the blocks it has mapped, for one stream of rows."""

    def __init__(self):
        self._blocks = {}

    def _block(self, name):
        block = self._blocks.get(name)
        if block is None:
            block = self._blocks[name] = shared_memory.SharedMemory(name)
            block.unlink()  # mapped by both processes now; freed with the last mapping
        return block

    def take(self, row: BlockRow, convert) -> tuple:
        """The row's arrays passed through `convert` (which must copy them), then its block is
        marked free for its worker."""
        block = self._block(row.name)
        columns = tuple(convert(np.ndarray(shape, np.dtype(dtype), buffer=block.buf,
                                           offset=offset))
                        for offset, shape, dtype in row.places)
        block.buf[0] = _FREE
        return columns

    def release(self, row: BlockRow) -> None:
        """A row skipped unread: its block is marked free for its worker."""
        self._block(row.name).buf[0] = _FREE

    def close(self):
        """Unmap the blocks (a block an array still views is left to be unmapped with it)."""
        for block in self._blocks.values():
            try:
                block.close()
            except BufferError:
                pass
        self._blocks.clear()

    def __del__(self):
        self.close()


def send_batches_in_blocks(built) -> None:
    """The batched maps among `built` (each epoch's top Grain dataset) whose batches are the rows
    Grain's worker processes hand over: they write them into their worker's blocks."""
    for dataset in built:
        if hasattr(dataset, "send_in_shared_blocks"):  # a batched_map.MapThenBatchDataset
            dataset.send_in_shared_blocks = True


def _tensor_or_copy(array):
    if array.dtype.kind in "USO":
        return np.array(array)
    from msjax._src.tensor import Tensor  # pylint: disable=import-outside-toplevel
    return Tensor(array)  # a copy


def out_of_shared_memory(row, for_tensors: bool, blocks: BlockReader) -> tuple:
    """A row from Grain's worker processes, whose arrays arrive in shared memory (a segment is
    released when no array refers to it any more): copied out, so that rows a user keeps do not
    hold it. Arrays that will become Tensors are left as they are: a Tensor copies its array
    (see iterators.py). A BlockRow is read through `blocks` (as Tensors with `for_tensors`)."""
    if not isinstance(row, tuple):
        return blocks.take(row, _tensor_or_copy if for_tensors else np.array)
    if for_tensors:
        return tuple(np.array(column) if column.dtype.kind in "USO" else column for column in row)
    return tuple(np.array(column) for column in row)
