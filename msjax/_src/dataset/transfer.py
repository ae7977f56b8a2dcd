"""`Dataset.device_que` and MindSpore's TransferDataset: the pipeline's rows sent to the device.

MindSpore's ``send`` starts its data engine pushing rows into the device's data queue, where a
sink-mode graph reads them. msjax does the same with a host thread: it reads the pipeline and puts
each row on JAX's default device (``jax.device_put``) into a queue holding at most
``config.get_prefetch_size()`` rows, so it blocks, as MindSpore's queue does, when nothing reads
the rows. ``stop_send`` pauses it, ``continue_send`` resumes it, ``release`` ends it.
"""
from __future__ import annotations

import queue
import threading

from msjax._src.dataset import config
from msjax._src.dataset.engine import DATASET_KINDS, Dataset

_WAIT_S = 0.05  # how often a blocked or paused sender looks at its stop flag


class TransferDataset(Dataset):
    """`mindspore.dataset.TransferDataset`: the result of `Dataset.device_que`; not iterable."""

    def __init__(self, child, send_epoch_end=True, create_data_info_queue=False, queue_name=""):
        super().__init__([child])
        self.send_epoch_end = send_epoch_end
        self.create_data_info_queue = create_data_info_queue
        self.queue_name = queue_name
        self._queue = None
        self._running = threading.Event()  # cleared by stop_send, before or after send
        self._running.set()
        self._released = threading.Event()
        self._thread = None
        self._error = None

    def _build(self, plan):
        return self.children[0]._build(plan)

    def _static_size(self):
        return self.children[0]._static_size()

    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False,
                              do_copy=True):
        """MindSpore's TransferDataset cannot be iterated: its rows go to the device."""
        raise RuntimeError("TransferDataset is not iterable.")

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        """MindSpore's TransferDataset cannot be iterated: its rows go to the device."""
        raise RuntimeError("TransferDataset is not iterable.")

    def __iter__(self):
        raise RuntimeError("TransferDataset is not iterable.")

    def send(self, num_epochs=-1):
        """`TransferDataset.send`: start sending `num_epochs` passes (-1: until released) of the
        rows to the device, on a host thread."""
        if self._thread is not None:
            return
        self._queue = queue.Queue(maxsize=max(config.get_prefetch_size(), 1))
        self._thread = threading.Thread(target=self._send_rows, args=(num_epochs,),
                                        name="msjax-device-queue", daemon=True)
        self._thread.start()

    def stop_send(self):
        """`TransferDataset.stop_send`: pause sending (the rows already sent stay queued)."""
        self._running.clear()

    def continue_send(self):
        """`TransferDataset.continue_send`: resume sending after `stop_send`."""
        self._running.set()

    def release(self):
        """`TransferDataset.release`: end the sending thread and drop the queued rows."""
        self._released.set()
        self._running.set()
        if self._thread is not None:
            self._thread.join()
        self._thread, self._queue = None, None

    def _next_row(self, timeout=None):
        """The next row sent (a tuple of device arrays), waiting up to `timeout` seconds
        (``queue.Empty`` after); the pipeline's error once it failed and its rows are all read."""
        waited = 0.0
        while True:
            if self._error is not None and self._queue.empty():
                raise self._error
            try:
                return self._queue.get(timeout=_WAIT_S)
            except queue.Empty:
                waited += _WAIT_S
                if timeout is not None and waited >= timeout:
                    raise

    def _wait_to_send(self) -> bool:
        """Wait while paused; False once released."""
        while not self._running.wait(_WAIT_S):
            if self._released.is_set():
                return False
        return not self._released.is_set()

    def _put(self, row) -> bool:
        while self._wait_to_send():
            try:
                self._queue.put(row, timeout=_WAIT_S)
                return True
            except queue.Full:
                continue
        return False

    def _send_rows(self, num_epochs):
        try:
            self._send_epochs(num_epochs)
        except Exception as error:  # pylint: disable=broad-except
            self._error = error  # raised to the reader of the queue, as MindSpore's is

    def _send_epochs(self, num_epochs):
        import jax  # pylint: disable=import-outside-toplevel
        epochs = num_epochs if num_epochs > 0 else None
        rows = Dataset.create_tuple_iterator(self.children[0], num_epochs=-1, output_numpy=True)
        epoch = 0
        while epochs is None or epoch < epochs:
            for row in rows:
                if not self._put(tuple(jax.device_put(column) for column in row)):
                    return
            epoch += 1


def device_que(dataset, send_epoch_end=True, create_data_info_queue=False, queue_name=""):
    """`Dataset.device_que`: a TransferDataset that sends `dataset`'s rows to the device."""
    return TransferDataset(dataset, send_epoch_end, create_data_info_queue, queue_name)


DATASET_KINDS["device_que"] = device_que
