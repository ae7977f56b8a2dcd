"""`mindspore.train.callback._checkpoint`."""
# ruff: noqa: F401
from msjax._src.train.checkpoint import CheckpointConfig as CheckpointConfig
from msjax._src.train.checkpoint import ModelCheckpoint as ModelCheckpoint
from msjax._src.train.checkpoint import same_name_prefix as _chg_ckpt_file_name_if_same_exist

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
