"""`mindspore.train.loss_scale_manager`."""
# ruff: noqa: F401
from msjax._src.train.loss_scale_manager import DynamicLossScaleManager as DynamicLossScaleManager
from msjax._src.train.loss_scale_manager import FixedLossScaleManager as FixedLossScaleManager
from msjax._src.train.loss_scale_manager import LossScaleManager as LossScaleManager
