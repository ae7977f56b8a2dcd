"""`mindspore.train.callback._loss_monitor`."""
# ruff: noqa: F401
from msjax._src.train.callback import LossMonitor as LossMonitor
