"""`mindspore.train.loss_scale_manager`."""
# ruff: noqa: F401
from msjax._src.train.loss_scale_manager import DynamicLossScaleManager as DynamicLossScaleManager
from msjax._src.train.loss_scale_manager import FixedLossScaleManager as FixedLossScaleManager
from msjax._src.train.loss_scale_manager import LossScaleManager as LossScaleManager

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
