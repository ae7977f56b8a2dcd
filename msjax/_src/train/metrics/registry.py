"""`mindspore.train.names`, `get_metric_fn` and the metric-name table `Model(metrics={...})` uses."""
from __future__ import annotations

from msjax._src.train.metrics.base import Metric
from msjax._src.train.metrics.classification import (F1, Accuracy, Precision, Recall,
                                                     Top1CategoricalAccuracy, Top5CategoricalAccuracy,
                                                     TopKCategoricalAccuracy)
from msjax._src.train.metrics.confusion import ConfusionMatrix, ConfusionMatrixMetric
from msjax._src.train.metrics.distance import HausdorffDistance, MeanSurfaceDistance, RootMeanSquareDistance
from msjax._src.train.metrics.occlusion import OcclusionSensitivity
from msjax._src.train.metrics.regression import MAE, MSE, Dice, Loss
from msjax._src.train.metrics.scores import ROC, BleuScore, CosineSimilarity, Perplexity, auc

# MindSpore's `__factory__`.
_FACTORY = {
    'accuracy': Accuracy,
    'acc': Accuracy,
    'precision': Precision,
    'recall': Recall,
    'F1': F1,
    'dice': Dice,
    'topk': TopKCategoricalAccuracy,
    'top_1_accuracy': Top1CategoricalAccuracy,
    'top_5_accuracy': Top5CategoricalAccuracy,
    'mae': MAE,
    'mse': MSE,
    'loss': Loss,
    'confusion_matrix': ConfusionMatrix,
    'confusion_matrix_metric': ConfusionMatrixMetric,
    'roc': ROC,
    'auc': auc,
    'cosine_similarity': CosineSimilarity,
    'perplexity': Perplexity,
    'bleu_score': BleuScore,
    'hausdorff_distance': HausdorffDistance,
    'mean_surface_distance': MeanSurfaceDistance,
    'root_mean_square_distance': RootMeanSquareDistance,
    'occlusion_sensitivity': OcclusionSensitivity,
}


def names():
    """`mindspore.train.names()`: MindSpore's metric names, sorted."""
    return sorted(_FACTORY)


def get_metric_fn(name, *args, **kwargs):
    """`mindspore.train.get_metric_fn(name, *args, **kwargs)`: a new metric by name."""
    if name not in _FACTORY:
        raise KeyError(f"For 'get_metric_fn', unsupported metric {name}, please refer to official website "
                       f"for more details about supported metrics.")
    return _FACTORY[name](*args, **kwargs)


def get_metrics(metrics):
    """`Model`'s metrics argument (None, a set of names or a dict of name to Metric) as a dict."""
    if metrics is None:
        return metrics
    if isinstance(metrics, dict):
        for name, metric in metrics.items():
            if not isinstance(name, str) or not isinstance(metric, Metric):
                raise TypeError(f"For 'get_metrics', if 'metrics' is dict, the key in 'metrics' must be string and "
                                f"value in 'metrics' must be Metric, but got key:{type(name)}, value:{type(metric)}.")
        return metrics
    if isinstance(metrics, set):
        return {name: get_metric_fn(name) for name in metrics}
    raise TypeError("For 'get_metrics', the argument 'metrics' must be None, dict or set, "
                    "but got {}".format(metrics))
