"""`mindspore.train.callback._time_monitor`."""
# ruff: noqa: F401
from msjax._src.train.callback import TimeMonitor as TimeMonitor

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
