"""`mindspore.data_sink`, `mindspore.DatasetHelper` and `mindspore.connect_network_with_dataset`:
the building blocks MindSpore's own training loops use to feed a network from a dataset.

MindSpore's CPU build refuses data sinking (`data_sink`: "Data sinking supports ascend or gpu
device target"); msjax sinks on every backend, with the runner `Model` uses (`sink.py`): a
chunk's rows go to the device at once and run as one scanned program (a loop of the one-step
program on a CPU).
"""
from __future__ import annotations

import functools

from msjax._src.nn.cell import Cell
from msjax._src.train import checks, data
from msjax._src.train.sink import SinkRunner
from msjax._src.transforms.jit import jit


def _endless_tensor_rows(dataset):
    while True:
        empty = True
        for row in data.iterate_rows(dataset):
            empty = False
            yield row
        if empty:
            raise ValueError("There is no valid data in dataset, please check dataset file firstly.")


def data_sink(fn, dataset, sink_size=1, jit_config=None, input_signature=None):
    """`mindspore.data_sink(fn, dataset, sink_size=1, jit_config=None, input_signature=None)`.

    Returns a function that, on each call, runs `fn` on the next `sink_size` rows of `dataset`
    and returns the last result. With a `jit_config`, `fn` is compiled (`mindspore.jit`), as in
    MindSpore; `input_signature` is accepted and unused (shapes come from the data).
    """
    checks.check_value_type("sink_size", sink_size, [int], "Data sink")
    if sink_size <= 0:
        raise ValueError(f"The 'sink_size' must be positive, but got sink_size {sink_size}.")
    step = fn if jit_config is None else jit(fn)
    rows = _endless_tensor_rows(dataset)

    @functools.wraps(fn)
    def sink_process(*args, **kwargs):
        out = None
        for _ in range(sink_size):
            out = step(*next(rows))
        return out
    return sink_process


class DatasetHelper:
    """`mindspore.DatasetHelper(dataset, dataset_sink_mode=True, sink_size=-1, epoch_num=1)`.

    Iterating it gives one epoch: without sink mode the rows (tuples of Tensors); in sink mode one
    empty tuple per chunk of `sink_size` steps, for a network made by
    `connect_network_with_dataset`, which takes the chunk's rows itself (as MindSpore's does).
    """

    def __init__(self, dataset, dataset_sink_mode=True, sink_size=-1, epoch_num=1):
        checks.check_bool(dataset_sink_mode)
        checks.check_is_int(sink_size)
        if sink_size < -1 or sink_size == 0:
            raise ValueError("The 'sink_size' must be -1 or positive, but got sink_size {}.".format(sink_size))
        self.dataset = dataset
        self.dataset_sink_mode = dataset_sink_mode
        self._sink_size = sink_size
        self.epoch_num = epoch_num
        self._host_rows = data.endless_host_rows(dataset) if dataset_sink_mode else None

    def __len__(self):
        return self.get_sink_count() if self.dataset_sink_mode else data.dataset_size(self.dataset)

    def get_sink_count(self):
        """How many chunks one epoch holds in sink mode."""
        size = data.dataset_size(self.dataset)
        return 1 if self._sink_size == -1 else max(size // self._sink_size, 1)

    def __iter__(self):
        if not self.dataset_sink_mode:
            yield from data.iterate_rows(self.dataset)
            return
        for _ in range(self.get_sink_count()):
            yield ()

    def sink_size(self):
        """The steps of one chunk (the dataset's size when `sink_size` is -1)."""
        return data.dataset_size(self.dataset) if self._sink_size == -1 else self._sink_size

    def types_shapes(self):
        """The dtypes and shapes of a row, from the dataset's first row."""
        row = next(data.iterate_rows(self.dataset))
        return [x.dtype for x in row], [x.shape for x in row]

    def next_chunk(self):
        """The next `sink_size()` rows as NumPy arrays (the connected network's input)."""
        return [next(self._host_rows) for _ in range(self.sink_size())]


class _SinkConnectedNetwork(Cell):
    """A network fed by a DatasetHelper: each call trains on the next chunk, returns the last
    step's outputs."""

    def __init__(self, network, dataset_helper):
        super().__init__(auto_prefix=False)
        self.network = network
        self._helper = dataset_helper
        self._runner = SinkRunner(network)

    def __call__(self, *inputs):
        if inputs:
            return self.network(*inputs)
        self.network.set_train(self.training)
        return self._runner.run(self._helper.next_chunk())

    def construct(self, *inputs):
        return self.network(*inputs)


def connect_network_with_dataset(network, dataset_helper):
    """`mindspore.connect_network_with_dataset(network, dataset_helper)`: in sink mode, a network
    that takes its inputs from `dataset_helper` (call it with no arguments); otherwise `network`."""
    if not isinstance(dataset_helper, DatasetHelper):
        raise TypeError(f"The type of 'dataset_helper' must be DatasetHelper, but got {type(dataset_helper)}.")
    if not dataset_helper.dataset_sink_mode:
        return network
    connected = _SinkConnectedNetwork(network, dataset_helper)
    connected.set_train(network.training)
    return connected
