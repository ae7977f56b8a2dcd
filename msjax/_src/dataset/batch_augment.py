"""`mindspore.dataset.vision` augmentations of whole batches: MixUpBatch.

Mixing weights and partner rows come from the pipeline's generator (random_ops.py, seeded by
``dataset.config.set_seed``), not MindSpore's C++ generator, so their draws differ from MindSpore's;
the arithmetic is MindSpore's (goldens: tests/goldens/dataset/additions_probe.txt).
"""
from __future__ import annotations

import numbers

import numpy as np

from msjax._src.dataset import random_ops
from msjax._src.dataset.image_ops import to_dtype_of
from msjax._src.dataset.transform_base import TensorOperation, TransformError


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
