"""`mindspore.amp`: mixed precision and loss scaling."""
# ruff: noqa: F401
from msjax._src.amp import DynamicLossScaler as DynamicLossScaler
from msjax._src.amp import LossScaler as LossScaler
from msjax._src.amp import StaticLossScaler as StaticLossScaler
from msjax._src.amp import all_finite as all_finite
from msjax._src.amp import auto_mixed_precision as auto_mixed_precision
from msjax._src.amp import build_train_network as build_train_network
from msjax._src.amp import custom_mixed_precision as custom_mixed_precision
from msjax._src.amp import get_black_list as get_black_list
from msjax._src.amp import get_white_list as get_white_list
from msjax._src.amp import init_status as init_status
from msjax._src.train.loss_scale_manager import DynamicLossScaleManager as DynamicLossScaleManager
from msjax._src.train.loss_scale_manager import FixedLossScaleManager as FixedLossScaleManager
from msjax._src.train.loss_scale_manager import LossScaleManager as LossScaleManager

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
