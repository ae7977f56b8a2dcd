"""`mindspore.train.model`."""
# ruff: noqa: F401
from msjax._src.train.model import Model as Model
from msjax._src.parallel.parallel_context import ParallelMode as ParallelMode

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
