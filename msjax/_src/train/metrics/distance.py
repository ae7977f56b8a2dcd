"""`mindspore.train.HausdorffDistance`: the (percentile) Hausdorff distance between the edges of
two segmentations, with MindSpore's values; distance transforms and erosion by `scipy.ndimage`
(imported when the metric is used)."""
from __future__ import annotations


import numpy as np

from msjax._src.train import checks
from msjax._src.train.metrics.base import Metric, rearrange_inputs
from msjax._src.train.metrics.scores import _check_string


def _bounding_box(mask):
    """Start and end (exclusive) of the nonzero region of `mask` along each axis."""
    nonzero = np.nonzero(mask)
    start, end = [], []
    for axis in range(mask.ndim):
        if nonzero[axis].size <= 0:
            raise ValueError("Did not find nonzero index at the spatial dim {}".format(axis))
        start.append(max(0, int(np.min(nonzero[axis]))))
        end.append(min(mask.shape[axis], int(np.max(nonzero[axis])) + 1))
    return start, end


class HausdorffDistance(Metric):
    """`mindspore.train.HausdorffDistance(distance_metric="euclidean", percentile=None,
    directed=False, crop=True)`: `update(y_pred, y, label_idx)` then `eval()`."""

    def __init__(self, distance_metric="euclidean", percentile=None, directed=False, crop=True):
        super().__init__()
        distance_metric = checks.check_value_type("distance_metric", distance_metric, [str])
        self.distance_metric = _check_string(distance_metric, ["euclidean", "chessboard", "taxicab"],
                                             "distance_metric")
        self.percentile = percentile if percentile is None else \
            checks.check_value_type("percentile", percentile, [float])
        self.directed = directed if directed is None else checks.check_value_type("directed", directed, [bool])
        self.crop = crop if crop is None else checks.check_value_type("crop", crop, [bool])
        self.clear()

    def clear(self):
        self.y_pred_edges = 0
        self.y_edges = 0
        self._is_update = False

    def _edges(self, y_pred, y):
        from scipy.ndimage import binary_erosion
        if self.crop:
            if not np.any(y_pred | y):
                return np.zeros_like(y_pred), np.zeros_like(y)
            start, end = _bounding_box(y_pred | y)
            region = tuple(slice(s, e) for s, e in zip(start, end))
            y_pred, y = np.squeeze(y_pred[region]), np.squeeze(y[region])
        return binary_erosion(y_pred) ^ y_pred, binary_erosion(y) ^ y

    def _surface_distance(self, from_edges, to_edges):
        from scipy.ndimage import distance_transform_cdt, distance_transform_edt
        if not np.any(from_edges):
            return np.array([])
        if not np.any(to_edges):
            distance = np.inf * np.ones_like(to_edges)
        elif self.distance_metric == "euclidean":
            distance = distance_transform_edt(~to_edges)
        else:
            distance = distance_transform_cdt(~to_edges, metric=self.distance_metric)
        return distance[from_edges]

    def _percentile_distance(self, from_edges, to_edges):
        distances = self._surface_distance(from_edges, to_edges)
        if distances.shape == (0,):
            return np.inf
        if not self.percentile:
            return distances.max()
        if 0 <= self.percentile <= 100:
            return np.percentile(distances, self.percentile)
        raise ValueError(f"For 'HausdorffDistance', the value of the argument 'percentile' must be [0, 100], "
                         f"but got {self.percentile}.")

    @rearrange_inputs
    def update(self, *inputs):
        self._is_update = True
        if len(inputs) != 3:
            raise ValueError("For 'HausdorffDistance.update', it needs 3 inputs (predicted value, true value, "
                             "label index), but got {}.".format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        label_idx = inputs[2]
        if not isinstance(label_idx, (int, float)):
            raise ValueError(f"For 'HausdorffDistance.update', the label index (input[2]) must be int or float, "
                             f"but got {type(label_idx)}.")
        if label_idx not in y_pred and label_idx not in y:
            raise ValueError("For 'HausdorffDistance.update', the label index (input[2]) must be in predicted "
                             "value (input[0]) or true value (input[1]), but {} is not.".format(label_idx))
        if y_pred.size == 0 or y_pred.shape != y.shape:
            raise ValueError(f"For 'HausdorffDistance.update', the size of predicted value (input[0]) and true value "
                             f"(input[1]) must be greater than 0, in addition to that, predicted value and true "
                             f"value should have the same shape, but got predicted value size: {y_pred.size}, "
                             f"shape: {y_pred.shape}, true value size: {y.size}, shape: {y.shape}.")
        y_pred = y_pred == label_idx if y_pred.dtype is not bool else y_pred
        y = y == label_idx if y.dtype is not bool else y
        self.y_pred_edges, self.y_edges = self._edges(y_pred, y)

    def eval(self):
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        forward = self._percentile_distance(self.y_pred_edges, self.y_edges)
        if self.directed:
            return forward
        return max(forward, self._percentile_distance(self.y_edges, self.y_pred_edges))


