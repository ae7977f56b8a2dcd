"""`mindspore.train.callback._time_monitor`."""
# ruff: noqa: F401
from msjax._src.train.callback import TimeMonitor as TimeMonitor
