"""`mindspore.mint.optim`."""
# ruff: noqa: F401
from msjax._src.mint.optim import Adam as Adam
from msjax._src.mint.optim import AdamW as AdamW
from msjax._src.mint.optim import FusedAdamW as FusedAdamW
from msjax._src.mint.optim import SGD as SGD

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
