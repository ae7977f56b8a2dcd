"""`mindspore.train.summary.enums`."""
# ruff: noqa: F401
from msjax._src.train.summary_enums import BaseEnum as BaseEnum
from msjax._src.train.summary_enums import ModeEnum as ModeEnum
from msjax._src.train.summary_enums import PluginEnum as PluginEnum
from msjax._src.train.summary_enums import WriterPluginEnum as WriterPluginEnum

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
