"""`mindspore.train.summary.enums`: the plugins and modes SummaryRecord and SummaryCollector name."""
from __future__ import annotations

from enum import Enum


class BaseEnum(Enum):
    """An Enum whose `to_list()` gives its members' values, in definition order."""

    @classmethod
    def to_list(cls):
        return [member.value for member in cls.__members__.values()]


class PluginEnum(BaseEnum):
    """The plugins of `SummaryRecord.add_value` (msjax writes scalar, image, tensor and histogram)."""
    GRAPH = 'graph'
    SCALAR = 'scalar'
    IMAGE = 'image'
    TENSOR = 'tensor'
    HISTOGRAM = 'histogram'
    TRAIN_LINEAGE = 'train_lineage'
    EVAL_LINEAGE = 'eval_lineage'
    CUSTOM_LINEAGE_DATA = 'custom_lineage_data'
    DATASET_GRAPH = 'dataset_graph'
    EXPLAINER = 'explainer'
    LANDSCAPE = 'landscape'


class WriterPluginEnum(Enum):
    """The kinds of file MindSpore's summary writers produce."""
    EXPORTER = 'exporter'
    EXPLAINER = 'explainer'
    SUMMARY = 'summary'
    LINEAGE = 'lineage'


class ModeEnum(BaseEnum):
    """The phases a summary records: `Model.train` and `Model.eval`."""
    TRAIN = 'train'
    EVAL = 'eval'
