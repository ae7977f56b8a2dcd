"""Map operations fused for speed: a pair of transforms that a map runs one after the other is
replaced by one operation giving exactly the same values in fewer passes over the image.

``Normalize`` followed by ``HWC2CHW`` (the end of nearly every image pipeline) on a uint8 image
becomes one table lookup per channel written straight into the CHW result: the table holds
``(value - mean) / std`` for the 256 possible values, computed with the same float32 arithmetic as
``Normalize``, so every output value is the one the two transforms give. Other inputs (floats, PIL
images, bad layouts) run the two transforms as they are, with their own errors.
"""
from __future__ import annotations

import numpy as np

from msjax._src.dataset.vision import HWC2CHW, Normalize


class NormalizeHWC2CHW:
    """`Normalize(mean, std)` then `HWC2CHW()`, as one operation of a map."""

    def __init__(self, normalize: Normalize, hwc2chw: HWC2CHW):
        self.parts = (normalize, hwc2chw)
        self._normalize = normalize
        self._hwc2chw = hwc2chw
        self._tables = {}

    def _table(self, channels: int) -> np.ndarray:
        table = self._tables.get(channels)
        if table is None:
            levels = np.arange(256, dtype=np.uint8)[:, None]
            table = np.subtract(levels, np.broadcast_to(self._normalize.mean, (channels,)),
                                dtype=np.float32)
            table /= np.broadcast_to(self._normalize.std, (channels,))
            table = self._tables[channels] = np.ascontiguousarray(table.T)
        return table

    def __call__(self, image):
        if (type(image) is np.ndarray  # pylint: disable=unidiomatic-typecheck
                and image.dtype == np.uint8 and image.ndim == 3
                and len(self._normalize.mean) in (1, image.shape[2])):
            height, width, channels = image.shape
            table = self._table(channels)
            out = np.empty((channels, height, width), np.float32)
            for channel in range(channels):
                table[channel].take(image[..., channel], out=out[channel])
            return out
        for part in self.parts:
            try:
                image = part(image)
            except Exception as error:
                error.failed_operation = part  # the map names the transform that failed
                raise
        return image


def fuse_operations(operations: list) -> list:
    """`operations` with each ``Normalize(is_hwc=True)`` directly followed by ``HWC2CHW`` fused."""
    fused, index = [], 0
    while index < len(operations):
        operation = operations[index]
        following = operations[index + 1] if index + 1 < len(operations) else None
        if (type(operation) is Normalize and operation.is_hwc  # pylint: disable=unidiomatic-typecheck
                and type(following) is HWC2CHW):  # pylint: disable=unidiomatic-typecheck
            fused.append(NormalizeHWC2CHW(operation, following))
            index += 2
        else:
            fused.append(operation)
            index += 1
    return fused
