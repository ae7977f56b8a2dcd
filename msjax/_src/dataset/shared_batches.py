"""Rows from worker processes in shared-memory blocks that are used again and again.

Grain's worker processes hand each array of a row to the main process in a new shared-memory
segment, and filling a new segment faults in every one of its pages: for a CIFAR batch of 128
(1.5 MB) that is ~2.3 ms of a worker's CPU per batch on the 2-core benchmark machine, more than
computing the batch. The rows the workers hand over (``WorkerRows``) go instead into a block of
the worker's own pool:

- the worker takes a free block of its pool (a new one while the pool is smaller than
  ``MAX_BLOCKS``; with none free it hands the row over pickled), copies the row's arrays
  into it, marks it in use and hands over a ``BlockRow`` (the block's name and each array's
  place), which Grain passes along as one small pickled object;
- the main process maps the block (once per block), copies the arrays out (as NumPy arrays or
  Tensors) and marks the block free, so the worker fills it again;
- the main process removes a block's name (unlinks it) as soon as it has mapped it: the memory
  lives as long as the two mappings.

A block's name says whose it is: ``msjax_<stream>_<worker>_<k>``, the k-th block (k <
``MAX_BLOCKS``) of worker process ``worker`` of one stream of rows (``WorkerRows``, whose random
``stream`` token the workers learn in Grain's ``worker_init_fn``). So when a stream stops before
its rows are all read (a ``break``, ``take``, a training loop that ends early, an iterator
garbage-collected or alive at interpreter exit), ``WorkerRows.close`` first stops Grain's workers
and then removes the names of the blocks the main process never mapped, which it can spell out;
multiprocessing's resource tracker (which would remove them at exit with a "leaked
shared_memory objects" warning) is left with none.

The in-use mark is one byte at the start of the block, written by the worker before the row is
sent through Grain's queue (a pipe) and by the main process after its copies are made.

``out_of_shared_memory`` is how the main process takes every row from the workers: a BlockRow
through its BlockReader, any other row as Grain unpickled it.
"""
from __future__ import annotations

import atexit
import functools
import os
import secrets
import signal
import struct
import tempfile
import threading
import weakref
from multiprocessing import shared_memory

import numpy as np

from msjax._src.core import log
from msjax._src.core.tensor import on_device

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


def _block_name_prefix(stream: str, worker: int) -> str:
    return f"msjax_{stream}_{worker}_"


class _WorkerPool:
    """The blocks of one worker process, named `prefix` then their number."""

    def __init__(self, prefix: str):
        self.prefix = prefix
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
        name = f"{self.prefix}{len(self.blocks)}"
        block = shared_memory.SharedMemory(name, create=True, size=size)
        self.blocks.append(block)
        return block


_pool = None  # this worker process's blocks, once start_worker named them


def start_worker(stream: str, pids_path: str, worker: int, worker_count: int) -> None:
    """Grain's ``worker_init_fn`` (given `stream` and `pids_path` by ``WorkerRows``): this worker
    process's blocks are named after the stream and the worker's index, and it writes its process
    id in its place in the file `pids_path` (``WorkerPids``)."""
    del worker_count
    global _pool  # pylint: disable=global-statement
    _pool = _WorkerPool(_block_name_prefix(stream, worker))
    threading.Thread(target=_end_with_main_process, name="msjax-main-process-watch",
                     daemon=True).start()
    try:
        with open(pids_path, "r+b") as pids:
            pids.seek(_PID.size * worker)
            pids.write(_PID.pack(os.getpid()))
    except FileNotFoundError:  # the stream was closed before this worker started
        pass


def _end_with_main_process() -> None:
    """In a worker process: end it when the main process has ended (killed, or terminated by a
    dead worker's watchdog), as MindSpore's workers do; Grain's would go on waiting for a stop
    that never comes."""
    import multiprocessing  # pylint: disable=import-outside-toplevel
    import multiprocessing.connection  # pylint: disable=import-outside-toplevel
    parent = multiprocessing.parent_process()
    if parent is not None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(1)  # pylint: disable=protected-access


def send(row):
    """In a worker process: `row` (a tuple of arrays) as a BlockRow when a block is free; as it is
    in a worker that no ``WorkerRows`` started (its blocks could not be removed)."""
    return row if _pool is None else _pool.send(row)


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


def _remove_unread_blocks(stream: str, workers: int) -> None:
    """Remove the names of `stream`'s blocks that the main process never mapped (the others are
    gone already); their workers have stopped, so none is being made."""
    for worker in range(workers):
        prefix = _block_name_prefix(stream, worker)
        for k in range(MAX_BLOCKS):
            try:
                block = shared_memory.SharedMemory(f"{prefix}{k}")
            except (FileNotFoundError, ValueError):  # ValueError: an empty block (never sized)
                continue
            block.close()
            block.unlink()  # and unregistered from the resource tracker


_PID = struct.Struct("<q")  # a worker's process id in the file of its stream's WorkerPids
POLL_SECONDS = 0.5  # how often the watchdog looks at the worker processes


class WorkerPids:
    """The worker processes of one stream: each writes its process id in its place in a small
    file (``start_worker``), and the main process keeps multiprocessing's object of every child
    process it sees running (``remember``: from the start, before a worker has written its id),
    whose exit code stays readable after Grain has collected the process; so the main process
    can tell when one of its workers has died. Once every worker is known the file has served:
    it is removed then (or when the stream closes, whichever comes first), and neither it nor
    the running children are read again."""

    def __init__(self, workers: int):
        handle, self.path = tempfile.mkstemp(prefix="msjax_workers_", suffix=".pids")
        with os.fdopen(handle, "wb") as pids:
            pids.write(bytes(_PID.size * workers))
        self._workers = workers
        self._seen = {}  # pid: multiprocessing.Process, every child process seen running
        self._ours = {}  # pid: multiprocessing.Process, this stream's workers among them

    def pids(self) -> list:
        """The ids written so far."""
        try:
            with open(self.path, "rb") as pids:
                data = pids.read(_PID.size * self._workers)
        except FileNotFoundError:
            return []
        return [pid for (pid,) in _PID.iter_unpack(data[:len(data) - len(data) % _PID.size])
                if pid]

    def remember(self) -> None:
        """Keep the process object of every child process running now, and note which are this
        stream's workers. (A worker that dies before it is ever seen running is left to Grain
        to report.)"""
        import multiprocessing  # pylint: disable=import-outside-toplevel
        for process in multiprocessing.active_children():
            known = self._seen.get(process.pid)
            if known is None or (known is not process and known.exitcode is not None):
                self._seen[process.pid] = process  # (a new process may reuse an ended one's id)
        for pid in self.pids():
            if pid not in self._ours and pid in self._seen:
                self._ours[pid] = self._seen[pid]
        if self.all_known():
            self.remove()
            self._seen = {}

    def all_known(self) -> bool:
        """Whether every worker's process object is kept."""
        return len(self._ours) == self._workers

    def failure(self):
        """(exit code, pid) of the first worker process that has died (an exit code other than
        0), or None."""
        if not self.all_known():
            self.remember()
        for pid, process in self._ours.items():
            code = process.exitcode
            if code is not None and code != 0:
                return code, pid
        return None

    def end_running(self) -> None:
        """SIGTERM the workers still running (before MindSpore's end of the main process)."""
        for process in self._ours.values():
            if process.exitcode is None:
                process.terminate()

    def remove(self) -> None:
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass


_EXITING = []  # not empty once the interpreter has begun to exit (``_note_exit``)
_exit_noted = []


def _note_exit() -> None:
    """An atexit function, registered after multiprocessing's own (so run before it): from here
    on worker processes end because the interpreter exits (multiprocessing terminates them)."""
    _EXITING.append(True)


def _watch_workers(watch: "_Watch") -> None:
    """The watchdog thread of one stream of rows: while the stream is read (until `stop`), it looks
    at the stream's worker processes every POLL_SECONDS and, when one has died, does what
    MindSpore's does: logs "Dataset worker process <pid> was killed by signal: Killed. Main
    process will be terminated." and terminates the main process (SIGTERM). (Grain's own report
    of a dead worker cannot be waited for: it waits without end when the worker was killed
    holding one of Grain's locks.)"""
    while not watch.stop.wait(POLL_SECONDS):
        died = watch.pids.failure()
        if died is not None:
            watch.report(*died)
            return


def worker_died(code, pid=None) -> None:
    """What MindSpore does when a dataset worker process ends with exit `code` (-N: killed by
    signal N) while its rows are read: it logs "Dataset worker process <pid> was killed by
    signal: Killed. Main process will be terminated." and terminates the main process
    (SIGTERM)."""
    log.error(f"{_worker_name(pid)} {_worker_exit_what(code)}. Main process will be terminated.")
    os.kill(os.getpid(), signal.SIGTERM)


def _worker_exit_error(code, pid=None) -> RuntimeError:
    """The error a read raises after ``worker_died``: for a program whose own SIGTERM handler
    keeps it running."""
    return RuntimeError(f"{_worker_name(pid)} {_worker_exit_what(code)}. The pipeline has "
                        "stopped: the rows that process was preparing are lost.")


def _worker_name(pid) -> str:
    return "Dataset worker process" if pid is None else f"Dataset worker process {pid}"


def _worker_exit_what(code) -> str:
    if isinstance(code, int) and code < 0:
        return f"was killed by signal: {signal.strsignal(-code) or -code}"
    return f"exited unexpectedly with exit code {code}"


def _close_stream(holder: list, blocks: BlockReader, stream: str, workers: int,
                  watch: "_Watch") -> None:
    """Stop the watchdog, then the workers (Grain's iterator, taken out of `holder` so that it is
    freed now, not while the interpreter tears its modules down), then remove the blocks left."""
    watch.stop.set()  # the workers end now because they are told to
    if holder:
        holder.pop().close()  # Grain's workers stop (joined) before their blocks go
    blocks.close()
    _remove_unread_blocks(stream, workers)
    watch.pids.remove()


class _Watch:
    """The watchdog of one stream of rows (``_watch_workers``) and what it watches."""

    def __init__(self, workers: int):
        self.pids = WorkerPids(workers)
        self.stop = threading.Event()
        self._reported = threading.Lock()
        self._thread = None
        self.error = None

    def start(self) -> None:
        if self._thread is None:
            if not _exit_noted:  # after multiprocessing's atexit function, so run before it
                import multiprocessing.util  # pylint: disable=import-outside-toplevel,unused-import
                atexit.register(_note_exit)
                _exit_noted.append(True)
            self._thread = threading.Thread(target=_watch_workers, args=(self,),
                                            name="msjax-dataset-watchdog", daemon=True)
            self._thread.start()

    def report(self, code, pid=None) -> RuntimeError:
        """A worker process has ended with exit `code`: MindSpore's log line and the main process
        terminated (``worker_died``), once per stream (the watchdog and the reader of the rows
        may both see it), unless the stream is being stopped; the RuntimeError to raise."""
        with self._reported:
            first = self.error is None and not self.stop.is_set() and not _EXITING
            if self.error is None:
                self.error = _worker_exit_error(code, pid)
            self.stop.set()
        if first:
            self.pids.end_running()
            self.pids.remove()
            worker_died(code, pid)
        return self.error


def _load_pipeline_in_worker(pickled: bytes):
    """In a worker process: the pipeline `pickled` in the main process, or a RuntimeError saying
    that this worker could not unpickle it (Grain would pass the unpickler's own exception on,
    which names neither the worker nor the pickling)."""
    import cloudpickle  # pylint: disable=import-outside-toplevel
    try:
        return cloudpickle.loads(pickled)
    except Exception as error:  # pylint: disable=broad-except
        raise RuntimeError(
            f"Dataset worker process {os.getpid()} could not unpickle the pipeline sent to it (its "
            f"sources and transforms): {type(error).__name__}: {error}. With "
            "python_multiprocessing=True each transform is pickled in the main process and "
            "unpickled in every worker process: make it picklable (a function or "
            "class defined at module level, a __reduce__ that works in a new process), or use "
            "python_multiprocessing=False.") from None


def _pipeline_sent_to_workers(dataset):
    """`dataset` (a Grain IterDataset) as Grain's worker processes receive it: pickled here, in
    the main process, and unpickled in each worker by ``_load_pipeline_in_worker``."""
    import grain  # pylint: disable=import-outside-toplevel

    class PipelineSentToWorkers(grain.IterDataset):
        """`dataset` itself when iterated here; its pickle unpickles to `dataset` in a worker."""

        def __iter__(self):
            return self._parent.__iter__()

        def __reduce__(self):
            import cloudpickle  # pylint: disable=import-outside-toplevel
            return _load_pipeline_in_worker, (cloudpickle.dumps(self._parent),)

    return PipelineSentToWorkers(dataset)


def terminated_worker_code(error: Exception):
    """The exit code in Grain's error for a worker process that ended without a word ("Worker
    process was terminated unexpectedly with exit code N"), "?" when it gives none; None for any
    other error."""
    text = str(error)
    if not (isinstance(error, RuntimeError) and text.startswith("Worker process was terminated")):
        return None
    code = text.split("exit code ", 1)[1].split(".", 1)[0] if "exit code " in text else "?"
    try:
        return int(code)
    except ValueError:
        return code


_NO_GRAIN_SEGMENTS = 1 << 62  # Grain's min_shm_size: no array is that large


class WorkerRows:
    """The rows of `dataset` (a Grain ``IterDataset``) read by `workers` Grain worker processes
    (``mp_prefetch``), taken out of shared memory (``out_of_shared_memory``; as Tensors with
    `for_tensors`). ``close`` (also run when the object is garbage-collected or at interpreter
    exit) stops the workers and removes the blocks of rows never read.

    Each worker hands its rows over in its blocks (``send``); a row that does not go in a block
    (objects, strings, every block in use) is pickled through Grain's queue, never put in one of
    Grain's own shared-memory segments, which Grain leaves behind for the resource tracker when
    its iterator stops with rows in flight."""

    def __init__(self, dataset, workers: int, for_tensors: bool):
        import grain  # pylint: disable=import-outside-toplevel
        stream = secrets.token_hex(4)
        in_blocks = grain.experimental.WithOptionsIterDataset(
            _pipeline_sent_to_workers(dataset.map(send)), grain.experimental.DatasetOptions(min_shm_size=_NO_GRAIN_SEGMENTS))
        self._watch = _Watch(workers)
        try:
            iterator = iter(in_blocks.mp_prefetch(
                grain.MultiprocessingOptions(num_workers=workers),
                worker_init_fn=functools.partial(start_worker, stream, self._watch.pids.path)))
        except BaseException:
            self._watch.pids.remove()
            raise
        self._iterator = [iterator]  # emptied by close
        self._blocks = BlockReader()
        self._for_tensors = for_tensors
        self._closer = weakref.finalize(self, _close_stream, self._iterator, self._blocks, stream,
                                        workers, self._watch)

    def __iter__(self):
        return self

    def _next_row(self):
        if not self._iterator:
            raise StopIteration  # closed
        self._watch.start()  # the workers start with the first read
        try:
            return next(self._iterator[0])
        except RuntimeError as error:
            code = terminated_worker_code(error)
            if code is None:
                raise
            raise self._watch.report(code) from None

    def __next__(self):
        return out_of_shared_memory(self._next_row(), self._for_tensors, self._blocks)

    def skip(self) -> None:
        """Read the next row and drop it (its block is free again at once)."""
        row = self._next_row()
        if isinstance(row, BlockRow):
            self._blocks.release(row)

    def close(self) -> None:
        """Stop the worker processes and remove every block left (idempotent)."""
        self._closer()


def _aligned_copy(array: np.ndarray) -> np.ndarray:
    """A copy of `array` whose data starts on a 64-byte boundary."""
    raw = np.empty(array.nbytes + _ALIGN, np.uint8)
    start = -raw.ctypes.data % _ALIGN
    copy = raw[start:start + array.nbytes].view(array.dtype).reshape(array.shape)
    np.copyto(copy, array)
    return copy


def _tensor_or_copy(array):
    """A column in a block as a Tensor (strings as a NumPy array), copied out of the block once:
    into a 64-byte-aligned array, whose memory JAX's CPU client takes as the device buffer as it
    is (a NumPy array of its own alignment it copies again: ~0.4 ms of the main process's time
    per CIFAR batch of 128); on other devices ``device_put`` copies it to the device."""
    if array.dtype.kind in "USO":
        return np.array(array)
    return on_device(_aligned_copy(array))


def out_of_shared_memory(row, for_tensors: bool, blocks: BlockReader) -> tuple:
    """A row from the worker processes: a BlockRow's arrays copied out of its block through
    `blocks` (as Tensors with `for_tensors`), so that rows a user keeps do not hold it; any other
    row (pickled through Grain's queue: arrays of its own) as it is."""
    if isinstance(row, BlockRow):
        return blocks.take(row, _tensor_or_copy if for_tensors else np.array)
    return row
