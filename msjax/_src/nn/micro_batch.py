"""`mindspore.nn.MicroBatchInterleaved` and `mindspore.nn.GradAccumulationCell`: a network run
on equal slices of its batch, the outputs added.

Both split every input along axis 0 into `n` equal micro-batches (a `_MicroBatch` cell per
slice, MindSpore's ValueError when the batch does not divide), call the network on each and add
the outputs. In MindSpore's semi-automatic parallel mode they let one slice's communication
overlap another's computation (MicroBatchInterleaved) or accumulate gradients over
micro-batches in pipeline training (GradAccumulationCell); on one device, as in msjax, the
result is that sum. MicroBatchInterleaved starts its sum from `0.0` (an integer output comes
out float32); GradAccumulationCell from the first slice's output. Both keep the network's
parameter names (`auto_prefix=False`). `mindspore.parallel.nn`'s MicroBatchInterleaved and
GradAccumulation (nn/parallel_cells.py) are classes of their own doing the same.
"""
from __future__ import annotations

from msjax._src.nn.cell import Cell
from msjax._src.nn.containers import CellList
from msjax._src.ops.array_ops import Shape
from msjax._src.ops.primitives import StridedSlice
from msjax._src.ops.math_ops import Add


class _MicroBatch(Cell):
    """Slice `i` of `micro_size` equal slices of each input along axis 0."""

    def __init__(self, micro_size):
        super().__init__()
        self.shape = Shape()
        self.micro_size = micro_size
        self.strided_slice = StridedSlice()

    def construct(self, i, *inputs):
        return tuple(self._slice(i, each) for each in inputs)

    def _slice(self, i, each):
        shape = self.shape(each)
        if shape[0] % self.micro_size:
            raise ValueError(f"For micro batch initialization, the 0th dimension shape of "
                             f"input({shape[0]}) must be divided by micro size({self.micro_size})")
        size = shape[0] // self.micro_size
        begin = (size * i,) + (0,) * (len(shape) - 1)
        end = (size * (i + 1),) + tuple(shape[1:])
        return self.strided_slice(each, begin, end, (1,) * len(shape))


def _check_count(cell_name, argument, value):
    if not isinstance(value, int):
        raise TypeError(f"For '{cell_name}', the argument '{argument}' must be integer, but got "
                        f"the type : {type(value)}.")
    if value <= 0:
        raise ValueError(f"For '{cell_name}', the argument '{argument}' must be large than 0, "
                         f"but got {value}.")


class _Interleaved(Cell):
    """The sum `0.0 + network(slice 0) + ... + network(slice n-1)` over `interleave_num` equal
    slices of every input along axis 0; `_NAME` is the class MindSpore's messages name."""

    _NAME = "MicroBatchInterleaved"

    def __init__(self, network, interleave_num=2):
        super().__init__(auto_prefix=False)
        _check_count(self._NAME, "interleave_num", interleave_num)
        self.network = network
        self.interleave_num = interleave_num
        self.interleave_inputs = CellList([_MicroBatch(interleave_num)
                                           for _ in range(interleave_num)])
        self.add = Add()

    def construct(self, *inputs):
        output = 0.0
        for i in range(self.interleave_num):
            output = self.add(output, self.network(*self.interleave_inputs[i](i, *inputs)))
        return output


class MicroBatchInterleaved(_Interleaved):
    """`nn.MicroBatchInterleaved(network, interleave_num=2)`: `0.0 + network(slice 0) + ... +
    network(slice n-1)` over `interleave_num` equal slices of every input along axis 0."""


class _Accumulated(Cell):
    """The sum `network(slice 0) + ... + network(slice n-1)` over `micro_size` equal slices of
    every input along axis 0; `_NAME` is the class MindSpore's messages name."""

    _NAME = "GradAccumulationCell"

    def __init__(self, network, micro_size):
        super().__init__(auto_prefix=False)
        self.network = network
        self.micro_size = micro_size
        if not isinstance(network, Cell):
            raise TypeError(f"For '{self._NAME}', the argument 'network' must cell type, but got "
                            f"the type : {type(network)}.")
        _check_count(self._NAME, "micro_size", micro_size)
        self.micro_inputs = CellList([_MicroBatch(micro_size) for _ in range(micro_size)])
        self.add = Add()

    def construct(self, *inputs):
        total = None
        for i in range(self.micro_size):
            output = self.network(*self.micro_inputs[i](i, *inputs))
            total = output if total is None else self.add(total, output)
        return total


class GradAccumulationCell(_Accumulated):
    """`nn.GradAccumulationCell(network, micro_size)`: `network(slice 0) + ... + network(slice
    n-1)` over `micro_size` equal slices of every input along axis 0 (MindSpore deprecates it
    for `mindspore.parallel.nn.GradAccumulation`)."""
