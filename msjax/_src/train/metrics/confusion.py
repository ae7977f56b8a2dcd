"""`mindspore.train.ConfusionMatrix` and `ConfusionMatrixMetric`, with MindSpore's values.

ConfusionMatrixMetric's named rates (sensitivity, precision, f1, mcc, ...) are one table of
numerator/denominator functions of the counts tp, fp, tn, fn, keyed by MindSpore's short names,
and one table of MindSpore's aliases for them.
"""
from __future__ import annotations

import numpy as np

from msjax._src.train import checks
from msjax._src.train.metrics.base import Metric, rearrange_inputs

_NAN = np.array(float("nan"))


class ConfusionMatrix(Metric):
    """`mindspore.train.ConfusionMatrix(num_classes, normalize="no_norm", threshold=0.5)`:
    the confusion matrix accumulated over updates (rows: true class, columns: predicted),
    normalised over 'target', 'prediction' or 'all' on request."""

    def __init__(self, num_classes, normalize="no_norm", threshold=0.5):
        super().__init__()
        self.num_classes = checks.check_value_type("num_classes", num_classes, [int])
        if normalize not in ["target", "prediction", "all", "no_norm"]:
            raise ValueError("For 'ConfusionMatrix', the argument 'normalize' must be in "
                             "['all', 'prediction', 'label', 'no_norm'(None)], but got {}.".format(normalize))
        self.normalize = normalize
        self.threshold = checks.check_value_type("threshold", threshold, [float])
        self.clear()

    def clear(self):
        self.confusion_matrix = np.zeros((self.num_classes, self.num_classes))
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'ConfusionMatrix.update', it needs 2 inputs (predicted value, true value), "
                             "but got {}.".format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if not (y_pred.ndim == y.ndim or y_pred.ndim == y.ndim + 1):
            raise ValueError(f"For 'ConfusionMatrix.update', predicted value (input[0]) and true value "
                             f"(input[1]) should have same dimensions, or the dimension of predicted value "
                             f"equals the dimension of true value add 1, but got predicted value ndim: "
                             f"{y_pred.ndim}, true value ndim: {y.ndim}.")
        if y_pred.ndim == y.ndim + 1:
            y_pred = np.argmax(y_pred, axis=1)
        if y_pred.ndim == y.ndim and y_pred.dtype in (np.float16, np.float32, np.float64):
            y_pred = (y_pred >= self.threshold).astype(int)
        flat = (y.reshape(-1) * self.num_classes + y_pred.reshape(-1)).astype(int)
        counts = np.bincount(flat, minlength=self.num_classes ** 2)
        self.confusion_matrix += counts.reshape(self.num_classes, self.num_classes)
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        matrix = self.confusion_matrix.astype(float)
        if self.normalize == "no_norm":
            return matrix
        with np.errstate(invalid="ignore", divide="ignore"):
            if self.normalize == "target":
                matrix = matrix / matrix.sum(axis=1, keepdims=True)
            elif self.normalize == "prediction":
                matrix = matrix / matrix.sum(axis=0, keepdims=True)
            else:
                matrix = matrix / matrix.sum()
        matrix[np.isnan(matrix)] = 0
        return matrix


def _rate(a, b):
    return np.where(b > 0, a / np.where(b > 0, b, 1), _NAN)


def _prevalence_threshold(tp, fp, tn, fn):
    tpr, tnr = _rate(tp, tp + fn), _rate(tn, fp + tn)
    return np.sqrt(tpr * (1.0 - tnr)) + tnr - 1.0, tpr + tnr - 1.0


# short name -> (numerator, denominator) of the counts tp, fp, tn, fn (MindSpore's formulas)
_RATES = {
    "tpr": lambda tp, fp, tn, fn: (tp, tp + fn),
    "tnr": lambda tp, fp, tn, fn: (tn, fp + tn),
    "ppv": lambda tp, fp, tn, fn: (tp, tp + fp),
    "npv": lambda tp, fp, tn, fn: (tn, tn + fn),
    "fnr": lambda tp, fp, tn, fn: (fn, tp + fn),
    "fpr": lambda tp, fp, tn, fn: (fp, fp + tn),
    "fdr": lambda tp, fp, tn, fn: (fp, fp + tp),
    "for": lambda tp, fp, tn, fn: (fn, fn + tn),
    "pt": _prevalence_threshold,
    "ts": lambda tp, fp, tn, fn: (tp, tp + fn + fp),
    "acc": lambda tp, fp, tn, fn: (tp + tn, tp + fn + fp + tn),
    "ba": lambda tp, fp, tn, fn: (_rate(tp, tp + fn) + _rate(tn, fp + tn), 2.0),
    "f1": lambda tp, fp, tn, fn: (tp * 2.0, tp * 2.0 + fn + fp),
    "mcc": lambda tp, fp, tn, fn: (tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))),
    "fm": lambda tp, fp, tn, fn: (np.sqrt(_rate(tp, tp + fp) * _rate(tp, tp + fn)), 1.0),
    "bm": lambda tp, fp, tn, fn: (_rate(tp, tp + fn) + _rate(tn, fp + tn) - 1.0, 1.0),
    "mk": lambda tp, fp, tn, fn: (_rate(tp, tp + fp) + tn / (tn + fn) - 1.0, 1.0),
}

_ALIASES = {
    "sensitivity": "tpr", "recall": "tpr", "hit_rate": "tpr", "true_positive_rate": "tpr",
    "specificity": "tnr", "selectivity": "tnr", "true_negative_rate": "tnr",
    "precision": "ppv", "positive_predictive_value": "ppv", "negative_predictive_value": "npv",
    "miss_rate": "fnr", "false_negative_rate": "fnr", "fall_out": "fpr", "false_positive_rate": "fpr",
    "false_discovery_rate": "fdr", "false_omission_rate": "for", "prevalence_threshold": "pt",
    "threat_score": "ts", "critical_success_index": "ts", "csi": "ts", "accuracy": "acc",
    "balanced_accuracy": "ba", "f1_score": "f1", "matthews_correlation_coefficient": "mcc",
    "fowlkes_mallows_index": "fm", "informedness": "bm", "bookmaker_informedness": "bm",
    "markedness": "mk", "deltap": "mk",
}


def _short_name(metric_name):
    name = metric_name.replace(" ", "_").lower()
    name = _ALIASES.get(name, name)
    if name not in _RATES:
        raise NotImplementedError("The metric is not implemented.")
    return name


def compute_rate(metric_name, counts):
    """The named rate of `counts` (last axis: tp, fp, tn, fn); NaN where undefined."""
    rate = _RATES[_short_name(metric_name)]
    if counts.ndim == 1:
        counts = np.expand_dims(counts, 0)
    if counts.shape[-1] != 4:
        raise ValueError(f"For 'ConfusionMatrix', the size of the last dimension of confusion_matrix must be 4, "
                         f"but got {counts.shape[-1]}.")
    with np.errstate(invalid="ignore", divide="ignore"):
        numerator, denominator = rate(*(counts[..., i] for i in range(4)))
        if isinstance(denominator, np.ndarray):
            return np.where(denominator != 0, numerator / denominator, _NAN)
        return numerator / denominator


def _counts(y_pred, y, skip_channel):
    """tp, fp, tn, fn per sample and channel, stacked on the last axis."""
    if not skip_channel:
        y = y[:, 1:] if y.shape[1] > 1 else y
        y_pred = y_pred[:, 1:] if y_pred.shape[1] > 1 else y_pred
    y, y_pred = y.astype(float), y_pred.astype(float)
    if y.shape != y_pred.shape:
        raise ValueError(f"`y_shape` should be equal to `y_pred_shape`, but got y_shape: {y.shape} and "
                         f"y_pred_shape: {y_pred.shape}.")
    batch, channels = y_pred.shape[:2]
    y_pred = y_pred.reshape(batch, channels, -1)
    y = y.reshape(batch, channels, -1)
    tp = ((y_pred + y) == 2).astype(float).sum(axis=2)
    tn = ((y_pred + y) == 0).astype(float).sum(axis=2)
    p = y.sum(axis=2)
    n = y.shape[-1] - p
    return np.stack([tp, n - tn, tn, p - tp], axis=-1)


def _reduce(chart, decrease):
    """MindSpore's `_decrease_metric`: (reduced chart, count of non-NaN entries)."""
    nans = np.isnan(chart)
    not_nans = (~nans).astype(float)
    chart = np.where(nans, 0, chart)
    if decrease == "sum":
        return np.sum(chart, axis=(0, 1)), not_nans.sum(axis=(0, 1))
    if decrease == "none":
        return chart, not_nans
    axis = {"mean_batch": 0, "sum_batch": 0, "mean_channel": 1, "sum_channel": 1, "mean": 1}[decrease]
    counted = not_nans.sum(axis=axis)
    summed = chart.sum(axis=axis)
    if decrease.startswith("sum"):
        return summed, counted
    with np.errstate(invalid="ignore", divide="ignore"):
        chart = np.where(counted > 0, summed / counted, np.zeros(1))
    if decrease == "mean":
        counted = (counted > 0).astype(float).sum(axis=0)
        with np.errstate(invalid="ignore", divide="ignore"):
            chart = np.where(counted > 0, chart.sum(axis=0) / counted, np.zeros(1))
    return chart, counted


class ConfusionMatrixMetric(Metric):
    """`mindspore.train.ConfusionMatrixMetric(skip_channel=True, metric_name="sensitivity",
    calculation_method=False, decrease="mean")`: a rate of the confusion matrix of binarised,
    one-hot inputs shaped (batch, channels, ...)."""

    _DECREASES = ["none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel", "sum_channel"]

    def __init__(self, skip_channel=True, metric_name="sensitivity", calculation_method=False, decrease="mean"):
        super().__init__()
        self.skip_channel = checks.check_value_type("skip_channel", skip_channel, [bool])
        self.calculation_method = checks.check_value_type("calculation_method", calculation_method, [bool])
        self.metric_name = checks.check_value_type("metric_name", metric_name, [str])
        decrease = checks.check_value_type("decrease", decrease, [str])
        if decrease not in self._DECREASES:
            raise ValueError(f"The 'decrease' must be str and must be in {self._DECREASES}, but got '{decrease}'.")
        self.decrease = decrease
        self.clear()

    def clear(self):
        self._total_num = 0
        self._class_num = 0
        self._totals = np.zeros(4)

    @rearrange_inputs
    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("For 'ConfusionMatrixMetric.update', it needs 2 inputs (predicted value, true value), "
                             "but got {}.".format(len(inputs)))
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if not np.all(y.astype(np.uint8) == y):
            raise ValueError("For 'ConfusionMatrix.update', the true value (input[1]) must be a binarized ndarray.")
        if y_pred.ndim < 2:
            raise ValueError(f"For 'ConfusionMatrix.update', the predicted value (input[0]) must have at least 2 "
                             f"dimensions, but got {y_pred.ndim}.")
        per_sample = self.calculation_method and not (
            y_pred.ndim == 2 or (y_pred.ndim == 3 and y_pred.shape[-1] == 1))
        counts = _counts(y_pred, y, self.skip_channel)
        if per_sample:
            score, not_nans = _reduce(compute_rate(self.metric_name, counts), self.decrease)
            not_nans = int(np.asarray(not_nans).item())
            self._total_num += np.asarray(score).item() * not_nans
            self._class_num += not_nans
        else:
            self._totals += _reduce(counts, "sum")[0]

    def eval(self):
        if self.calculation_method:
            if self._class_num == 0:
                raise RuntimeError("The 'ConfusionMatrixMetric' can not be calculated, because the number of "
                                   "samples is 0, please check whether your inputs(predicted value, true value) "
                                   "are empty, or has called update method before calling eval method.")
            return self._total_num / self._class_num
        return compute_rate(self.metric_name, self._totals.copy())
