"""A map of per-image transforms directly followed by ``batch``, run on the whole batch at once.

``dataset.map([RandomCrop(32, padding=4), RandomHorizontalFlip(), Normalize(...), HWC2CHW()])
.batch(128)`` calls four transforms per image, and the Python around each call costs more than
its NumPy work on a small image. When every operation of a map has a batched kernel here and a
plain ``batch`` (no ``per_batch_map``, a fixed size) reads the map's rows, the pair becomes one
Grain ``MapDataset`` of batches (``MapThenBatchDataset``): the batch's images are stacked, each
image's random numbers are drawn from its own row generator (random_ops.row_generator, keyed by
the row's index as the per-image map keys it) in the order its transforms draw them, and each
transform then runs once on the stacked batch. The batch holds exactly the values the per-image
map then ``batch`` give (tests/dataset/test_batched_map.py).

A batch the kernels cannot take as it is (rows of different shapes or dtypes, a PIL image, an
input the transform would reject) runs through the per-image map instead, which gives the
transform's own result or error.
"""
from __future__ import annotations

import grain
import numpy as np

from msjax._src.dataset import random_ops
from msjax._src.dataset.fused_ops import NormalizeHWC2CHW, fuse_operations
from msjax._src.dataset.rows import stack_column, stack_rows
from msjax._src.dataset.vision import (HWC2CHW, Border, Normalize, RandomCrop,
                                       RandomHorizontalFlip, RandomVerticalFlip)


class _RandomCrop:
    """RandomCrop with constant padding (or none): the crop of each image of the batch padded
    once, at the (top, left) the image drew."""

    draws_random = True

    def __init__(self, crop: RandomCrop, shape, dtype):
        self.output_shape = None
        if crop.pad_if_needed or len(shape) not in (2, 3):
            return
        if crop.padding is not None and (crop.padding_mode is not Border.CONSTANT
                                         or isinstance(crop.fill_value, (tuple, list))):
            return
        self.padding = crop.padding or (0, 0, 0, 0)
        left, top, right, bottom = self.padding
        self.padded_shape = (shape[0] + top + bottom, shape[1] + left + right) + tuple(shape[2:])
        self.size = crop.size
        if self.padded_shape[0] < self.size[0] or self.padded_shape[1] < self.size[1]:
            return  # the transform's error
        self.fill_value = crop.fill_value
        if crop.padding is not None:
            try:
                np.full((), self.fill_value, dtype)
            except (TypeError, ValueError, OverflowError):
                return  # a fill value the image's dtype cannot hold: the transform's error
        self.output_shape, self.output_dtype = self.size + tuple(shape[2:]), dtype

    def draw(self, rng):
        """The image's (top, left) in the padded image, drawn as RandomCrop draws them."""
        return (int(rng.integers(0, self.padded_shape[0] - self.size[0] + 1)),
                int(rng.integers(0, self.padded_shape[1] - self.size[1] + 1)))

    def apply(self, images, draws):
        left, top, right, bottom = self.padding
        if (left, top, right, bottom) == (0, 0, 0, 0):
            padded = images
        else:
            fill, dtype = self.fill_value, images.dtype
            shape = (len(images),) + self.padded_shape
            padded = np.zeros(shape, dtype) if fill == 0 else np.full(shape, fill, dtype)
            padded[:, top:top + images.shape[1], left:left + images.shape[2]] = images
        height, width = self.size
        out = np.empty((len(images),) + self.output_shape, images.dtype)
        for row, (crop_top, crop_left) in enumerate(draws):
            out[row] = padded[row, crop_top:crop_top + height, crop_left:crop_left + width]
        return out


class _RandomFlip:
    """RandomHorizontalFlip / RandomVerticalFlip: the images that drew a flip, flipped."""

    draws_random = True

    def __init__(self, flip, shape, dtype):
        self.axis = 1 if type(flip) is RandomVerticalFlip else 2  # pylint: disable=unidiomatic-typecheck
        self.prob = flip.prob
        fits = len(shape) >= self.axis
        self.output_shape, self.output_dtype = (tuple(shape), dtype) if fits else (None, None)

    def draw(self, rng):
        return rng.random() < self.prob

    def apply(self, images, draws):
        flipped = [row for row, flip in enumerate(draws) if flip]
        if not flipped:
            return images
        if images.ndim == 4 and images.flags.c_contiguous:
            # One pixel (all its channels) as one element: a reversed copy moves whole pixels.
            pixels = images.view(np.dtype((np.void, images.dtype.itemsize * images.shape[3])))
            pixels = pixels[..., 0]
            chosen = pixels[flipped]
            pixels[flipped] = chosen[:, ::-1] if self.axis == 1 else chosen[:, :, ::-1]
            return images
        selection = (flipped, slice(None, None, -1)) if self.axis == 1 else \
            (flipped, slice(None), slice(None, None, -1))
        images[flipped] = images[selection]
        return images


class _Normalize:
    """Normalize: ``(image - mean) / std`` over the batch, the same float32 arithmetic."""

    draws_random = False

    def __init__(self, normalize: Normalize, shape, dtype):
        self.output_shape = None
        if len(shape) not in (2, 3) or np.dtype(dtype).kind not in "biuf":
            return
        channels = 1 if len(shape) == 2 else (shape[-1] if normalize.is_hwc else shape[0])
        if len(normalize.mean) not in (1, channels):
            return  # the transform's error
        layout = (-1,) if normalize.is_hwc or len(shape) == 2 else (-1, 1, 1)
        self.mean, self.std = normalize.mean.reshape(layout), normalize.std.reshape(layout)
        self.output_shape, self.output_dtype = tuple(shape), np.dtype(np.float32)

    def apply(self, images, draws):
        del draws
        out = np.subtract(images, self.mean, dtype=np.float32)
        out /= self.std
        return out


class _HWC2CHW:
    """HWC2CHW: (N, H, W, C) to (N, C, H, W); a batch of 2-D images as it is."""

    draws_random = False

    def __init__(self, to_chw: HWC2CHW, shape, dtype):
        del to_chw
        self.output_shape = None
        if len(shape) in (2, 3):
            self.output_shape = tuple(shape) if len(shape) == 2 else (shape[2], shape[0], shape[1])
            self.output_dtype = dtype

    def apply(self, images, draws):
        del draws
        return images if images.ndim == 3 else np.ascontiguousarray(images.transpose(0, 3, 1, 2))


class _NormalizeHWC2CHW:
    """Normalize then HWC2CHW (fused_ops.py): on uint8 HWC images the uint8 batch is laid out
    CHW first (a quarter of the bytes a float batch has to move) and then normalized with
    Normalize's float32 arithmetic, so the values are Normalize's (0.30 ms for a CIFAR batch of
    128 in a worker process, against 0.45 ms for fused_ops' per-channel table lookups, which
    convert every uint8 index to a machine integer); otherwise the two kernels one after the
    other."""

    draws_random = False

    def __init__(self, fused: NormalizeHWC2CHW, shape, dtype):
        self.output_shape, self.parts = None, None
        normalize = fused.parts[0]
        if np.dtype(dtype) == np.uint8 and len(shape) == 3 and len(normalize.mean) in (1, shape[2]):
            self.mean = normalize.mean.reshape(-1, 1, 1)
            self.std = normalize.std.reshape(-1, 1, 1)
            self.output_shape = (shape[2], shape[0], shape[1])
            self.output_dtype = np.dtype(np.float32)
            return
        self.parts = plan_kernels(fused.parts, shape, dtype)
        if self.parts is not None:
            self.output_shape = self.parts[-1].output_shape
            self.output_dtype = self.parts[-1].output_dtype

    def apply(self, images, draws):
        if self.parts is not None:
            for part in self.parts:
                images = part.apply(images, draws)
            return images
        planes = np.ascontiguousarray(images.transpose(0, 3, 1, 2))
        out = np.subtract(planes, self.mean, dtype=np.float32)
        out /= self.std
        return out


# Transform type -> its batched kernel (exact types: a subclass may change what a transform does).
KERNELS = {RandomCrop: _RandomCrop, RandomHorizontalFlip: _RandomFlip,
           RandomVerticalFlip: _RandomFlip, Normalize: _Normalize, HWC2CHW: _HWC2CHW,
           NormalizeHWC2CHW: _NormalizeHWC2CHW}


def has_kernels(operations) -> bool:
    """Whether every one of `operations` (a map's, fused) has a batched kernel."""
    return bool(operations) and all(type(op) in KERNELS for op in operations)


def plan_kernels(operations, shape, dtype):
    """The kernels running `operations` on a batch of images of `shape` and `dtype`, one after
    another; None when one of them cannot take its input as it is."""
    kernels = []
    for operation in operations:
        kernel = KERNELS[type(operation)](operation, shape, dtype)
        if kernel.output_shape is None:
            return None
        kernels.append(kernel)
        shape, dtype = kernel.output_shape, kernel.output_dtype
    return kernels


class BatchedMap:
    """One map node's operations run on whole batches in `plan`'s epoch (see `for_map`)."""

    def __init__(self, map_node, plan, operations, input_position):
        self.operations = operations
        self.input_position = input_position
        self.sources = map_node._output_sources()  # pylint: disable=protected-access
        self.per_row = map_node._indexed_row_function(plan)  # pylint: disable=protected-access
        self.node_seed = plan.seed_for(map_node)

    @classmethod
    def for_map(cls, map_node, plan):
        """The map `map_node` run batched, or None if it cannot be (more than one input or output
        column, an operation without a kernel, a cache)."""
        operations = fuse_operations(map_node.operations)
        inputs = map_node._inputs()  # pylint: disable=protected-access
        if (map_node.cache is not None or len(inputs) != 1 or not has_kernels(operations)
                or len(map_node.output_columns or inputs) != 1):
            return None
        child_columns = map_node.children[0]._columns()  # pylint: disable=protected-access
        return cls(map_node, plan, operations, child_columns.index(inputs[0]))

    def from_rows(self, indices, rows) -> tuple:
        """The batch of the map's rows `indices` (positions in the map's input), read as `rows`:
        what ``stack_rows`` of the per-image map's rows gives."""
        images = [row[self.input_position] for row in rows]
        first = images[0]
        kernels = None
        if all(type(image) is np.ndarray  # pylint: disable=unidiomatic-typecheck
               and image.shape == first.shape and image.dtype == first.dtype for image in images):
            kernels = plan_kernels(self.operations, first.shape, first.dtype)
        if kernels is None:
            return stack_rows([self.per_row(index, row) for index, row in zip(indices, rows)])
        batch = self._run(kernels, indices, np.stack(images))
        return tuple(batch if kind == "out" else stack_column([row[i] for row in rows], position)
                     for position, (kind, i) in enumerate(self.sources))

    def from_columns(self, indices, columns):
        """The same batch from the rows' columns each already stacked (new arrays); None if the
        kernels cannot take the stacked input column as it is."""
        images = columns[self.input_position]
        kernels = plan_kernels(self.operations, images.shape[1:], images.dtype)
        if kernels is None:
            return None
        batch = self._run(kernels, indices, images)
        return tuple(batch if kind == "out" else columns[i] for kind, i in self.sources)

    def _run(self, kernels, indices, images):
        """`kernels` on `images` (a new array: the kernels may write into their input), each row's
        random numbers drawn from its own generator in the order of its transforms."""
        draws = [[] if kernel.draws_random else None for kernel in kernels]
        drawing = [(kernel.draw, drawn) for kernel, drawn in zip(kernels, draws)
                   if drawn is not None]
        if drawing:
            for index in indices:
                rng = random_ops.row_generator(self.node_seed, index)
                for draw, drawn in drawing:
                    drawn.append(draw(rng))
        for kernel, drawn in zip(kernels, draws):
            images = kernel.apply(images, drawn)
        return images


class MapThenBatchDataset(grain.MapDataset):
    """`rows` (a ``grain.MapDataset``: a map's input rows) in batches of `batch_size` made by
    `batched_map` (a BatchedMap); the batches cover the rows Grain's ``batch`` gives them. With
    `read_columns` (a function of row positions giving their columns stacked, or None), a
    batch's rows are read column by column."""

    def __init__(self, rows, batch_size: int, drop_remainder: bool, batched_map: BatchedMap,
                 read_columns=None):
        super().__init__(rows)
        self._rows = rows
        self._batch_size = batch_size
        self._drop_remainder = drop_remainder
        self._batched_map = batched_map
        self._read_columns = read_columns
        whole, rest = divmod(len(rows), batch_size)
        self._length = whole + (1 if rest and not drop_remainder else 0)

    def __len__(self):
        return self._length

    def __str__(self):
        return (f"MapThenBatchDataset(batch_size={self._batch_size}, "
                f"drop_remainder={self._drop_remainder})")

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self.slice(index)
        # The rows of Grain's BatchMapDataset: each pass over `rows` is batched on its own.
        epoch, index_in_epoch = divmod(index, self._length)
        row_count = len(self._rows)
        start = index_in_epoch * self._batch_size
        stop = min(row_count, start + self._batch_size)
        indices = range(start + epoch * row_count, stop + epoch * row_count)
        batch = None
        if self._read_columns is not None:
            columns = self._read_columns(indices)
            batch = None if columns is None else self._batched_map.from_columns(indices, columns)
        if batch is None:
            batch = self._batched_map.from_rows(indices, [self._rows[i] for i in indices])
        return batch
