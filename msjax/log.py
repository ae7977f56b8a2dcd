"""`mindspore.log`: MindSpore's logger (see msjax._src.core.log)."""
# ruff: noqa: F401
import logging as logging  # MindSpore's module imports it: `mindspore.log.logging.info(...)`

from msjax._src.core.log import GLOBAL_LOGGER as GLOBAL_LOGGER
from msjax._src.core.log import _get_env_config as _get_env_config
from msjax._src.core.log import _get_logger as _get_logger
from msjax._src.core.log import _verify_config as _verify_config
from msjax._src.core.log import critical as critical
from msjax._src.core.log import debug as debug
from msjax._src.core.log import error as error
from msjax._src.core.log import get_level as get_level
from msjax._src.core.log import get_log_config as get_log_config
from msjax._src.core.log import info as info
from msjax._src.core.log import warning as warning
from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
