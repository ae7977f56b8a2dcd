"""`mindspore.train.OcclusionSensitivity` (also `mindspore.OcclusionSensitivity`,
`nn.OcclusionSensitivity`): how much a model's score for a label drops when part of an image is
hidden.

`update(model, y_pred, label)` takes one image (`y_pred`, batch 1) and one label (a 0-d array or
Tensor, as in MindSpore's example); for every position of the image (or of the bounding box
`b_box`, `[min1, max1, min2, max2, ...]` over the non-batch dimensions, a negative maximum meaning
the last index) the cube `[i - margin, i + margin)` around it (clipped to the image) is set to
`pad_val`, the occluded images are scored by `model` `n_batch` at a time, and `eval()` returns the
baseline score minus each occluded score, in the image's (or box's) shape, squeezed. The host
arithmetic is NumPy's, as in MindSpore, so a label of another shape fails as it does there.
"""
from __future__ import annotations

import numpy as np

from msjax._src.core.tensor import Tensor
from msjax._src.nn.cell import Cell
from msjax._src.train import checks
from msjax._src.train.metrics.base import Metric, rearrange_inputs


def _bounding_box(b_box, image_shape):
    """(minimum, maximum) index arrays of `b_box` after MindSpore's checks, or (None, None)."""
    if b_box is None:
        return None, None
    if len(b_box) != 2 * len(image_shape):
        raise ValueError("For 'OcclusionSensitivity', the bounding box must contain upper and "
                         "lower for all dimensions (except batch number), and the length of "
                         "'b_box' must be twice as long as predicted value's (except batch "
                         f"number), but got 'b_box' length {len(b_box)}, predicted value length "
                         f"(except batch number) {len(image_shape)}.")
    low, high = np.array(b_box[::2]), np.array(b_box[1::2])
    low[low < 0] = 0
    high[high < 0] = image_shape[high < 0] - 1
    if np.any(high >= image_shape):
        raise ValueError("For 'OcclusionSensitivity', maximum bounding box must be smaller than "
                         "image size for all values.")
    if np.any(low > high):
        raise ValueError("For 'OcclusionSensitivity', minimum bounding box must be smaller than "
                         "maximum bounding box for all values.")
    return low, high


def _scores(model, images, labels):
    """The model's score of each image for its label: an (n, 1) column (for 0-d labels)."""
    outputs = model(Tensor(np.vstack(images))).asnumpy()
    labels = np.expand_dims(labels, 1)
    return outputs[np.arange(labels.shape[0])[:, None], labels]


class OcclusionSensitivity(Metric):
    """`OcclusionSensitivity(pad_val=0.0, margin=2, n_batch=128, b_box=None)`."""

    def __init__(self, pad_val=0.0, margin=2, n_batch=128, b_box=None):
        super().__init__()
        self.pad_val = checks.check_value_type("pad_val", pad_val, [float])
        self.margin = checks.check_value_type("margin", margin, [int, list])
        self.n_batch = checks.check_value_type("n_batch", n_batch, [int])
        self.b_box = b_box if b_box is None else checks.check_value_type("b_box", b_box, [list])
        self.clear()

    def clear(self):
        """Forgets the last `update`."""
        self._baseline = 0
        self._sensitivity_im = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        """`update(model, y_pred, label)`: scores the occluded copies of the image `y_pred`."""
        if len(inputs) != 3:
            raise ValueError("For 'OcclusionSensitivity.update', it needs 3 inputs (classification "
                             "model, predicted value, label), but got {}.".format(len(inputs)))
        model = inputs[0]
        y_pred, label = self._convert_data(inputs[1]), self._convert_data(inputs[2])
        checks.check_value_type("model", model, [Cell])
        if y_pred.shape[0] > 1:
            raise RuntimeError("For 'OcclusionSensitivity.update', the shape at index 0 of the "
                               f"predicted value (input[1]) must be 1, but got {y_pred.shape[0]}.")
        if np.prod(label.shape) != y_pred.shape[0]:
            raise RuntimeError("For 'OcclusionSensitivity.update', the number of the label "
                               "(input[2]) must be same as the batches, but got the label number "
                               f"{np.prod(label.shape)}, and batches {y_pred.shape[0]}.")
        image_shape = np.array(y_pred.shape[1:])
        low, high = _bounding_box(self.b_box, image_shape)
        self._baseline = model(Tensor(y_pred)).asnumpy()[0, label].item()
        output_shape = image_shape if self.b_box is None else high - low + 1
        count = int(np.prod(output_shape))
        images, scores = [], []
        for i in range(count):
            position = np.unravel_index(i, output_shape)
            if low is not None:
                position += low
            start = [max(0, p - self.margin) for p in position]
            stop = [min(size, p + self.margin) for p, size in zip(position, image_shape)]
            occluded = y_pred.copy()
            occluded[(...,) + tuple(slice(a, b) for a, b in zip(start, stop))] = self.pad_val
            images.append(occluded)
            if len(images) == self.n_batch or i == count - 1:
                scores.append(_scores(model, images, [label] * len(images)))
                images = []
        self._sensitivity_im = np.vstack(scores).reshape(output_shape)
        self._is_update = True

    def eval(self):
        """The baseline score minus each occluded score, in the image's (or box's) shape."""
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        return self._baseline - np.squeeze(self._sensitivity_im)
