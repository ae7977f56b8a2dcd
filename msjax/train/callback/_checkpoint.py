"""`mindspore.train.callback._checkpoint`."""
# ruff: noqa: F401
from msjax._src.train.checkpoint import CheckpointConfig as CheckpointConfig
from msjax._src.train.checkpoint import ModelCheckpoint as ModelCheckpoint
