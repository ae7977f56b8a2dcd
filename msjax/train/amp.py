"""`mindspore.train.amp`."""
# ruff: noqa: F401
from msjax._src.amp import auto_mixed_precision as auto_mixed_precision
from msjax._src.amp import build_train_network as build_train_network
from msjax._src.amp import custom_mixed_precision as custom_mixed_precision
from msjax._src.amp import get_black_list as get_black_list
from msjax._src.amp import get_white_list as get_white_list
from msjax._src.amp import _OutputTo32 as _OutputTo32

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
