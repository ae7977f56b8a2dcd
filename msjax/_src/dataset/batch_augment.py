"""`mindspore.dataset.vision` augmentations of whole batches: MixUpBatch and CutMixBatch.

Mixing weights and partner rows come from the pipeline's generator (random_ops.py, seeded by
``dataset.config.set_seed``), not MindSpore's C++ generator, so their draws differ from MindSpore's;
the arithmetic is MindSpore's (goldens: tests/goldens/dataset/additions_probe.txt).
"""
from __future__ import annotations

import enum
import math
import numbers

import numpy as np

from msjax._src.dataset import random_ops
from msjax._src.dataset.image_ops import to_dtype_of
from msjax._src.dataset.transform_base import TensorOperation, TransformError
from msjax._src.dataset.vision_checks import check_interval, type_check


class ImageBatchFormat(enum.IntEnum):
    """`mindspore.dataset.vision.ImageBatchFormat`: the layout of a batch of images."""
    NHWC = 0
    NCHW = 1


def _check_numeric_labels(labels, name):
    """MindSpore's refusal of a label column that is not numbers (before OneHot)."""
    if labels.dtype.kind not in "biuf":
        kind = "string" if labels.dtype.kind in "SUO" else str(labels.dtype)
        raise TransformError(f"{name}: invalid label type, label must be in a numeric type, but "
                             f"got: {kind}. You may need to perform OneHot first.")


class MixUpBatch(TensorOperation):
    """`mindspore.dataset.vision.MixUpBatch(alpha=1.0)`: a batch of images (NHWC or NCHW) and
    their one-hot labels (NC or NLC) mixed with a shuffled copy of the batch: one weight
    ``lam ~ Beta(alpha, alpha)`` per batch, ``image = lam * image + (1 - lam) * partner`` (rounded
    back to an integer image's dtype), ``label = lam * label + (1 - lam) * partner_label`` as
    float32. Used after ``batch``, on the image and label columns."""

    def __init__(self, alpha=1.0):
        if isinstance(alpha, bool) or not isinstance(alpha, numbers.Real):
            raise TypeError(f"Argument alpha with value {alpha} is not of type [<class 'int'>, "
                            f"<class 'float'>], but got {type(alpha)}.")
        if not alpha > 0:
            raise ValueError("Input alpha must be greater than 0.")
        self.alpha = float(alpha)

    def implementation(self, *columns):
        if len(columns) != 2:
            raise TransformError(f"MixUpBatch: size of input data should be 2 (including images or "
                                 f"labels), but got: {len(columns)}, check 'input_columns' when "
                                 f"call this operator.")
        images, labels = columns
        _check_numeric_labels(labels, "MixUpBatch")
        if images.ndim != 4 or (labels.ndim and len(labels) != len(images)):
            raise TransformError(f"MixUpBatch: rank of image shape should be: 4, but got: "
                                 f"{images.ndim}, make sure image shape are <H,W,C> or <C,H,W> and "
                                 f"batched before calling MixUpBatch.")
        if labels.ndim not in (2, 3):
            raise TransformError(f"MixUpBatch: wrong labels shape. The second column (labels) must "
                                 f"have a shape of NC or NLC where N is the batch size, L is the "
                                 f"number of labels in each row, and C is the number of classes. "
                                 f"labels must be in one-hot format and in a batch, but got rank: "
                                 f"{labels.ndim}")
        rng = random_ops.generator()
        weight = rng.beta(self.alpha, self.alpha)
        partners = rng.permutation(len(images))
        mixed = weight * images.astype(np.float64) + (1 - weight) * images[partners]
        labels = labels.astype(np.float32)
        mixed_labels = np.float32(weight) * labels + np.float32(1 - weight) * labels[partners]
        return to_dtype_of(mixed, images), mixed_labels


class CutMixBatch(TensorOperation):
    """`mindspore.dataset.vision.CutMixBatch(image_batch_format, alpha=1.0, prob=1.0)`: after
    ``batch``, on a batch of images and their one-hot labels: with probability `prob` each image
    gets a box pasted from a shuffled partner (the box's side ``sqrt(1 - lam)`` of the image's,
    ``lam ~ Beta(alpha, alpha)``, centred on a uniform pixel and clipped) and its label becomes
    ``lam' * label + (1 - lam') * partner_label`` with ``lam'`` the share of the image left;
    labels come back as float32. Draws come from the pipeline's generator, not MindSpore's."""

    def __init__(self, image_batch_format, alpha=1.0, prob=1.0):
        type_check(image_batch_format, (ImageBatchFormat,), "image_batch_format")
        type_check(alpha, (int, float), "alpha")
        type_check(prob, (int, float), "prob")
        if not 0 < alpha <= 16777216:
            raise ValueError("Input is not within the required interval of (0, 16777216].")
        check_interval(prob, 0, 1, "prob")
        self.image_batch_format, self.alpha, self.prob = image_batch_format, float(alpha), prob

    def implementation(self, *columns):
        if len(columns) != 2:
            raise TransformError(f"CutMixBatch: invalid input size, input should have 2 columns "
                                 f"(image and label), but got: {len(columns)}")
        images, labels = columns
        self._check(images, labels)
        nchw = self.image_batch_format == ImageBatchFormat.NCHW
        planes = images.transpose(0, 2, 3, 1) if nchw else images
        mixed, mixed_labels = planes.copy(), labels.astype(np.float32)
        rng = random_ops.generator()
        partners = rng.permutation(len(images))
        height, width = planes.shape[1:3]
        for row, partner in enumerate(partners):
            if rng.random() >= self.prob:
                continue
            side = math.sqrt(1 - rng.beta(self.alpha, self.alpha))
            cut_h, cut_w = int(height * side), int(width * side)
            centre_y, centre_x = int(rng.integers(height)), int(rng.integers(width))
            top, bottom = max(centre_y - cut_h // 2, 0), min(centre_y + cut_h // 2, height)
            left, right = max(centre_x - cut_w // 2, 0), min(centre_x + cut_w // 2, width)
            mixed[row, top:bottom, left:right] = planes[partner, top:bottom, left:right]
            kept = np.float32(1 - (bottom - top) * (right - left) / (height * width))
            mixed_labels[row] = kept * mixed_labels[row] + (1 - kept) * labels[partner].astype(np.float32)
        return (np.ascontiguousarray(mixed.transpose(0, 3, 1, 2)) if nchw else mixed), mixed_labels

    def _check(self, images, labels):
        if images.ndim != 4:
            raise TransformError(f"CutMixBatch: input image is not in shape of <B,H,W,C> or "
                                 f"<B,C,H,W>, but got dimension: {images.ndim}. You may need to "
                                 f"perform Batch first.")
        _check_numeric_labels(labels, "CutMixBatch")
        if labels.ndim not in (2, 3):
            raise TransformError(f"CutMixBatch: input label is not in shape of <Batch,Class> or "
                                 f"<Batch,Row,Class>, but got dimension: {labels.ndim}. You may "
                                 f"need to perform OneHot and Batch first.")
        if len(images) != len(labels):
            raise TransformError(f"CutMixBatch: batch sizes of image and label must be the same, "
                                 f"but got image size: {len(images)} and label size: {len(labels)}")
        channels = images.shape[1] if self.image_batch_format == ImageBatchFormat.NCHW else \
            images.shape[3]
        if channels not in (1, 3):
            raise TransformError(f"CutMixBatch: input image is not in channel of 1 or 3, but got "
                                 f"channel: {channels}")


class MixUp(TensorOperation):
    """`mindspore.dataset.vision.MixUp(batch_size, alpha, is_single=True)`: MindSpore's Python
    mix-up of a batch of images (NHWC) and one-hot labels, one ``lam ~ Beta(alpha, alpha)`` per
    row (from the pipeline's generator), in float64: with `is_single` each row mixed with the
    next one in the batch (the last with the first), otherwise with the previous batch's mixed
    result (the first batch passes unchanged)."""

    def __init__(self, batch_size, alpha, is_single=True):
        type_check(is_single, (bool,), "is_single")
        type_check(batch_size, (int,), "batch_size")
        type_check(alpha, (int, float), "alpha")
        check_interval(batch_size, 1, 16777216)
        if alpha <= 0:
            raise ValueError("Input alpha must be greater than 0.")
        self.batch_size, self.alpha, self.is_single = batch_size, alpha, is_single
        self.image = self.label = 0
        self.is_first = True

    def implementation(self, image, label):
        weights = random_ops.generator().beta(self.alpha, self.alpha, self.batch_size)
        if self.is_single:
            shift = list(range(1, self.batch_size)) + [0]
            other_image, other_label = image[shift, ...], label[shift, ...]
        else:
            if self.is_first:
                weights, self.is_first = np.ones(self.batch_size), False
            other_image, other_label = self.image, self.label
        image_weights = weights.reshape((self.batch_size, 1, 1, 1))
        label_weights = weights.reshape((self.batch_size, 1))
        mixed_image = image_weights * image + (1 - image_weights) * other_image
        mixed_label = label_weights * label + (1 - label_weights) * other_label
        if not self.is_single:
            self.image, self.label = mixed_image, mixed_label
        return mixed_image, mixed_label
