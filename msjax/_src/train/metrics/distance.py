"""`mindspore.train.HausdorffDistance`, `MeanSurfaceDistance` and `RootMeanSquareDistance`:
distances between the edges of two segmentations, with MindSpore's values and messages; distance
transforms and erosion by `scipy.ndimage` (imported when a metric is used)."""
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




class _SurfaceDistance(Metric):
    """MeanSurfaceDistance and RootMeanSquareDistance: distances from the edge pixels of one
    segmentation to the nearest edge pixel of the other (MindSpore's messages differ per class)."""

    _inputs_message = ""
    _label_type_error = ValueError
    _label_type_message = ""
    _label_message = ""
    _shape_message = ""

    def __init__(self, symmetric=False, distance_metric="euclidean"):
        super().__init__()
        distance_metric = checks.check_value_type("distance_metric", distance_metric, [str])
        self.distance_metric = _check_string(distance_metric, ["euclidean", "chessboard", "taxicab"],
                                             "distance_metric")
        self.symmetric = checks.check_value_type("symmetric", symmetric, [bool])
        self.clear()

    def clear(self):
        self._y_pred_edges = 0
        self._y_edges = 0
        self._is_update = False

    def _surface_distance(self, from_edges, to_edges):
        from scipy.ndimage import distance_transform_cdt, distance_transform_edt
        if not np.any(from_edges):
            return np.array([])
        if not np.any(to_edges):
            distance = np.full(to_edges.shape, np.inf)
        elif self.distance_metric == "euclidean":
            distance = distance_transform_edt(~to_edges)
        else:
            distance = distance_transform_cdt(~to_edges, metric=self.distance_metric)
        return distance[from_edges]

    @rearrange_inputs
    def update(self, *inputs):
        from scipy.ndimage import binary_erosion
        if len(inputs) != 3:
            raise ValueError(self._inputs_message.format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        label_idx = inputs[2]
        if not isinstance(label_idx, (int, float)):
            raise self._label_type_error(self._label_type_message.format(type(label_idx)))
        if label_idx not in y_pred and label_idx not in y:
            raise ValueError(self._label_message.format(label_idx))
        if y_pred.size == 0 or y_pred.shape != y.shape:
            raise ValueError(self._shape_message.format(y_pred.size, y_pred.shape, y.size, y.shape))
        y_pred = y_pred if y_pred.dtype == bool else y_pred == label_idx
        y = y if y.dtype == bool else y == label_idx
        self._y_pred_edges = binary_erosion(y_pred) ^ y_pred
        self._y_edges = binary_erosion(y) ^ y
        self._is_update = True

    @staticmethod
    def _reduce(distances):
        raise NotImplementedError

    @staticmethod
    def _combine(forward, backward):
        raise NotImplementedError

    def eval(self):
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        forward = self._surface_distance(self._y_pred_edges, self._y_edges)
        if forward.shape == (0,):
            return np.inf
        if not self.symmetric:
            return self._reduce(forward)
        backward = self._surface_distance(self._y_edges, self._y_pred_edges)
        if backward.shape == (0,):
            return np.inf
        return self._combine(self._reduce(forward), self._reduce(backward))


class MeanSurfaceDistance(_SurfaceDistance):
    """`mindspore.train.MeanSurfaceDistance(symmetric=False, distance_metric="euclidean")`:
    `update(y_pred, y, label_idx)` then `eval()`: the mean surface distance."""

    _inputs_message = ("For 'MeanSurfaceDistance.update', it needs 3 inputs (predicted value, true value, "
                       "label index), but got {}")
    _label_type_message = ("For 'MeanSurfaceDistance.update', the label index (input[2]) must be int or float, "
                           "but got {}.")
    _label_message = ("For 'MeanSurfaceDistance.update', the label index (input[2]) must be in predicted "
                      "value (input[0]) or true value (input[1]), but {} is not.")
    _shape_message = ("For 'MeanSurfaceDistance.update', the size of predicted value (input[0]) and true "
                      "value (input[1]) must be greater than 0, in addition to that, predicted value and "
                      "true value must have the same shape, but got predicted value size: {}, "
                      "shape: {}, true value size: {}, shape: {}.")

    @staticmethod
    def _reduce(distances):
        return distances.mean()

    @staticmethod
    def _combine(forward, backward):
        return np.mean((forward, backward))


class RootMeanSquareDistance(_SurfaceDistance):
    """`mindspore.train.RootMeanSquareDistance(symmetric=False, distance_metric="euclidean")`:
    `update(y_pred, y, label_idx)` then `eval()`: the mean squared surface distance (and, with
    `symmetric`, the root of the two directions' mean, as MindSpore computes it)."""

    _inputs_message = ("For 'RootMeanSquareDistance.update', it needs 3 inputs(predicted value, true value, "
                       "label index), but got {}.")
    _label_type_error = TypeError
    _label_type_message = ("For 'RootMeanSquareDistance.update', the label index (input[2]) must be int or "
                           "float, but got label index type: {}.")
    _label_message = ("For 'RootMeanSquareDistance.update', the label index (input[2]) should be in predicted "
                      "value (input[0]) or true value (input[1]), but {} is not.")
    _shape_message = ("For 'RootMeanSquareDistance.update', the size of predicted value (input[0]) and true "
                      "value (input[1]) should be greater than 0, in addition to that, predicted value and "
                      "true value should have the same shape, but got predicted value size: {}, shape: {}, "
                      "true value size: {}, shape: {}. ")

    @staticmethod
    def _reduce(distances):
        return (distances ** 2).mean()

    @staticmethod
    def _combine(forward, backward):
        return np.sqrt(np.mean((forward, backward)))
