"""`mindspore.train.callback._loss_monitor`."""
# ruff: noqa: F401
from msjax._src.train.callback import LossMonitor as LossMonitor

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
