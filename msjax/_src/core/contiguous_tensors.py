"""`mindspore.hal.contiguous_tensors_handle`: `combine_tensor_list_contiguous(tensor_list)` and
the `ContiguousTensorsHandle` it returns, a view of a list of Tensors as one flat block of
memory (each Tensor's bytes after the previous one's).

MindSpore moves the Tensors into one allocation, which the handle slices. JAX arrays are
immutable and own their buffers, so msjax's handle reads the block from the Tensors' current
values whenever it is sliced: a slice shows what MindSpore's shows (a Tensor assigned in place
afterwards included), bytes of another dtype reinterpreted as MindSpore reinterprets them, but it
is a copy: writing into a slice does not write into the Tensors. MindSpore's CPU block has no
padding between Tensors (its Ascend and GPU blocks align each to 512 bytes); msjax's is the CPU
one on every device.
"""
from __future__ import annotations

import numpy as np

from msjax._src.core.tensor import Tensor


def combine_tensor_list_contiguous(tensor_list, enable_mem_align=True):
    """`combine_tensor_list_contiguous(tensor_list, enable_mem_align=True)`: the
    `ContiguousTensorsHandle` of `tensor_list` (a list or tuple of Tensors)."""
    return ContiguousTensorsHandle(tensor_list, enable_mem_align)


class ContiguousTensorsHandle:
    """`ContiguousTensorsHandle(tensor_list, enable_mem_align=True)`: the Tensors as one block;
    `handle[i]` and `handle[start:end]` are elements of the block in the first Tensor's dtype,
    `slice_by_tensor_index(start, end)` the block of Tensors `start..end-1` (see the module
    doc)."""

    def __init__(self, tensor_list, enable_mem_align=True):
        if not isinstance(tensor_list, (list, tuple)) or not all(
                isinstance(t, Tensor) for t in tensor_list):
            raise TypeError("input list must be [Tensor, ...].")
        if not isinstance(enable_mem_align, bool):
            raise TypeError("enable_mem_align must be bool.")
        self.tensor_list = tuple(tensor_list)
        self.enable_mem_align = enable_mem_align
        self.before_padding_sizes = [_nbytes(t) for t in self.tensor_list]
        self.after_padding_sizes = list(self.before_padding_sizes)  # (the CPU block's)
        self.total_padding_size = sum(self.after_padding_sizes)
        self.handle_shape = (self.total_padding_size
                             / np.dtype(self.tensor_list[0]._data.dtype).itemsize)

    def _block(self, first, last) -> bytes:
        return b"".join(np.ascontiguousarray(t.asnumpy()).tobytes()
                        for t in self.tensor_list[first:last])

    def _elements(self, start, end) -> Tensor:
        """Elements start..end-1 of the block as the first Tensor's dtype. `handle[n]` for n the
        block's length is allowed (MindSpore reads the memory after its block there, whatever it
        holds): msjax gives zeros."""
        dtype = self.tensor_list[0].asnumpy().dtype
        block = self._block(0, len(self.tensor_list))
        block += bytes(max(0, end * dtype.itemsize - len(block)))
        values = np.frombuffer(block, dtype)[start:end]
        return Tensor(values.copy())

    def __getitem__(self, item):
        start, end = 0, int(self.handle_shape)
        if isinstance(item, slice):
            if item.start is not None:
                start = item.start
            if item.stop is not None:
                end = item.stop
            if not isinstance(start, int) or not isinstance(end, int):
                raise TypeError("slice input error.")
            if start < 0 or end > self.handle_shape or start >= end:
                raise ValueError("slice input error.")
            return self._elements(start, end)
        if not isinstance(item, int):
            raise TypeError("slice input must be 1.index -> int.2.[start: end: step] -> "
                            "[int: int: int].")
        if item < 0 or item > self.handle_shape:
            raise ValueError("slice input is out of tensor_list size.")
        return self._elements(item, item + 1)

    def __str__(self):
        lines = [f"Handle total size: {self.total_padding_size}"]
        lines += [f"Tensor[{i}]: {t.asnumpy()}" for i, t in enumerate(self.tensor_list)]
        return "\n".join(lines) + "\n"

    def slice_by_tensor_index(self, start=None, end=None):
        """The block of Tensors `start` to `end - 1` (default: all; `start` alone: that one), as
        a 1-d Tensor of the dtype of Tensor `start`."""
        first, last = 0, len(self.tensor_list)
        if start is not None:
            first = start
            if end is None:
                last = first + 1
        if end is not None:
            last = end
        if not isinstance(first, int) or not isinstance(last, int):
            raise TypeError("slice input error.")
        if first < 0 or last > len(self.tensor_list) or first >= last:
            raise ValueError("slice input error.")
        dtype = self.tensor_list[first].asnumpy().dtype
        return Tensor(np.frombuffer(self._block(first, last), dtype).copy())


def _nbytes(tensor) -> int:
    return int(np.prod(tensor.shape, dtype=np.int64)) * np.dtype(tensor._data.dtype).itemsize
