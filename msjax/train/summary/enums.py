"""`mindspore.train.summary.enums`."""
from msjax._src.train.summary_enums import BaseEnum as BaseEnum
from msjax._src.train.summary_enums import ModeEnum as ModeEnum
from msjax._src.train.summary_enums import PluginEnum as PluginEnum
from msjax._src.train.summary_enums import WriterPluginEnum as WriterPluginEnum
