"""`mindspore.dataset.vision`'s bounding-box transforms: RandomHorizontalFlipWithBBox,
RandomVerticalFlipWithBBox, ResizeWithBBox and RandomResizeWithBBox.

Each takes an image and its boxes (float32, one ``[x, y, w, h, ...]`` row per box, extra columns
kept), checks the boxes as MindSpore's ``BoundingBox::ValidateBoundingBoxes`` does and moves them
with the image. Unlike MindSpore's eager call, the caller's box array is not rewritten in place.
"""
from __future__ import annotations

import numpy as np

from msjax._src.dataset import random_ops
from msjax._src.dataset.transform_base import TensorOperation, TransformError, check_probability
from msjax._src.dataset.vision import Inter, Resize
from msjax._src.dataset.vision_adjust import check_float_arg
from msjax._src.dataset.vision_checks import check_interval, type_check

_INT32_MAX = 2147483647


def check_resize_size(size):
    """MindSpore's ``check_resize_size``: an int in [1, 16777216] or an (h, w) pair of ints in
    [1, 2147483647]."""
    if isinstance(size, int):
        check_interval(size, 1, 16777216)
    elif isinstance(size, (tuple, list)) and len(size) == 2:
        for index, value in enumerate(size):
            type_check(value, (int,), f"size at dim {index}")
            check_interval(value, 1, _INT32_MAX, f"size at dim {index}")
    else:
        raise TypeError("Size should be a single integer or a list/tuple (h, w) of length 2.")


def validate_boxes(image, boxes):
    """MindSpore's checks of a box array against its image (rank, at least 4 features, inside the
    image, no negative corner); float32 boxes only, as MindSpore's kernels read them."""
    if boxes.dtype != np.float32:
        raise TransformError("Template type and Tensor type are not compatible")
    if boxes.ndim < 2:
        raise TransformError(f"BoundingBox: bounding boxes should have to be two-dimensional matrix "
                             f"at least, but got {boxes.ndim} dimension.")
    if boxes.shape[1] < 4:
        raise TransformError(f"BoundingBox: bounding boxes should be have at least 4 features, but "
                             f"got: {boxes.shape[1]}")
    height, width = image.shape[:2]
    for x, y, w, h in boxes[:, :4]:
        right, bottom = x + w, y + h
        if right > width or bottom > height:
            raise TransformError(
                f"BoundingBox: bounding boxes is out of bounds of the image, as image width: "
                f"{width}, bbox width coordinate: {right:.6f}, and image height: {height}, bbox "
                f"height coordinate: {bottom:.6f}")
        if x < 0 or y < 0:
            raise TransformError(f"BoundingBox: the coordinates of the bounding boxes has negative "
                                 f"value, got: ({x:.6f},{y:.6f}).")


class _BoxTransform(TensorOperation):
    """A transform of an (image, boxes) pair."""

    def implementation(self, image, boxes):
        image, boxes = np.asarray(image), np.asarray(boxes)
        validate_boxes(image, boxes)
        return self.apply(image, boxes.copy())

    def apply(self, image, boxes):
        raise NotImplementedError


class RandomHorizontalFlipWithBBox(_BoxTransform):
    """`mindspore.dataset.vision.RandomHorizontalFlipWithBBox(prob=0.5)`: with probability `prob`
    the image mirrored left-right and each box's x set to ``width - x - w``."""

    def __init__(self, prob=0.5):
        check_float_arg(prob, "prob")
        self.prob = check_probability(prob)

    def apply(self, image, boxes):
        if random_ops.generator().random() >= self.prob:
            return image, boxes
        boxes[:, 0] = np.float32(image.shape[1]) - boxes[:, 0] - boxes[:, 2]
        return image[:, ::-1].copy(), boxes


class RandomVerticalFlipWithBBox(_BoxTransform):
    """`mindspore.dataset.vision.RandomVerticalFlipWithBBox(prob=0.5)`: with probability `prob`
    the image mirrored top-bottom and each box's y set to ``height - y - h``."""

    def __init__(self, prob=0.5):
        check_float_arg(prob, "prob")
        self.prob = check_probability(prob)

    def apply(self, image, boxes):
        if random_ops.generator().random() >= self.prob:
            return image, boxes
        boxes[:, 1] = np.float32(image.shape[0]) - boxes[:, 1] - boxes[:, 3]
        return image[::-1].copy(), boxes


def _resize_with_boxes(image, boxes, size, interpolation):
    """Resize(size, interpolation) of the image; x and w scaled by float32(new_w) / float32(w),
    y and h by the heights' ratio, in float32 as MindSpore's kernel."""
    resized = Resize(size, interpolation).apply(image)
    x_ratio = np.float32(resized.shape[1]) / np.float32(image.shape[1])
    y_ratio = np.float32(resized.shape[0]) / np.float32(image.shape[0])
    boxes[:, [0, 2]] *= x_ratio
    boxes[:, [1, 3]] *= y_ratio
    return resized, boxes


class ResizeWithBBox(_BoxTransform):
    """`mindspore.dataset.vision.ResizeWithBBox(size, interpolation=Inter.LINEAR)`: Resize, with
    the boxes scaled to the new size."""

    def __init__(self, size, interpolation=Inter.LINEAR):
        if interpolation is None:
            raise KeyError("Interpolation should not be None")
        check_resize_size(size)
        type_check(interpolation, (Inter,), "interpolation")
        self.size, self.interpolation = size, interpolation

    def apply(self, image, boxes):
        return _resize_with_boxes(image, boxes, self.size, self.interpolation)


# MindSpore's RandomResizeWithBBox draws one of its four interpolation modes uniformly.
_RANDOM_RESIZE_MODES = (Inter.LINEAR, Inter.NEAREST, Inter.CUBIC, Inter.AREA)


class RandomResizeWithBBox(_BoxTransform):
    """`mindspore.dataset.vision.RandomResizeWithBBox(size)`: ResizeWithBBox with an
    interpolation drawn from LINEAR, NEAREST, CUBIC and AREA."""

    def __init__(self, size):
        check_resize_size(size)
        self.size = size

    def apply(self, image, boxes):
        mode = _RANDOM_RESIZE_MODES[int(random_ops.generator().integers(4))]
        return _resize_with_boxes(image, boxes, self.size, mode)
