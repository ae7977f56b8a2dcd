"""`mindspore.nn.wrap.loss_scale`."""
# ruff: noqa: F401
from msjax._src.nn.loss_scale import DynamicLossScaleUpdateCell as DynamicLossScaleUpdateCell
from msjax._src.nn.loss_scale import FixedLossScaleUpdateCell as FixedLossScaleUpdateCell
from msjax._src.nn.loss_scale import TrainOneStepWithLossScaleCell as TrainOneStepWithLossScaleCell
from msjax._src.nn.wrap import TrainOneStepCell as TrainOneStepCell

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
