"""`mindspore.train.metrics` (also `mindspore.nn.metrics`)."""
# ruff: noqa: F401
from msjax._src.train.metrics.base import Metric as Metric
from msjax._src.train.metrics.base import rearrange_inputs as rearrange_inputs
from msjax._src.train.metrics.classification import Accuracy as Accuracy
from msjax._src.train.metrics.classification import F1 as F1
from msjax._src.train.metrics.classification import Fbeta as Fbeta
from msjax._src.train.metrics.classification import Precision as Precision
from msjax._src.train.metrics.classification import Recall as Recall
from msjax._src.train.metrics.classification import Top1CategoricalAccuracy as Top1CategoricalAccuracy
from msjax._src.train.metrics.classification import Top5CategoricalAccuracy as Top5CategoricalAccuracy
from msjax._src.train.metrics.classification import TopKCategoricalAccuracy as TopKCategoricalAccuracy
from msjax._src.train.metrics.confusion import ConfusionMatrix as ConfusionMatrix
from msjax._src.train.metrics.confusion import ConfusionMatrixMetric as ConfusionMatrixMetric
from msjax._src.train.metrics.registry import get_metric_fn as get_metric_fn
from msjax._src.train.metrics.registry import get_metrics as get_metrics
from msjax._src.train.metrics.registry import names as names
from msjax._src.train.metrics.regression import Dice as Dice
from msjax._src.train.metrics.regression import Loss as Loss
from msjax._src.train.metrics.regression import MAE as MAE
from msjax._src.train.metrics.regression import MSE as MSE
from msjax._src.train.metrics.scores import ROC as ROC
from msjax._src.train.metrics.distance import HausdorffDistance as HausdorffDistance
from msjax._src.train.metrics.occlusion import OcclusionSensitivity as OcclusionSensitivity
from msjax._src.train.metrics.distance import MeanSurfaceDistance as MeanSurfaceDistance
from msjax._src.train.metrics.distance import RootMeanSquareDistance as RootMeanSquareDistance
from msjax._src.train.metrics.scores import BleuScore as BleuScore
from msjax._src.train.metrics.scores import CosineSimilarity as CosineSimilarity
from msjax._src.train.metrics.scores import Perplexity as Perplexity
from msjax._src.train.metrics.scores import auc as auc

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
