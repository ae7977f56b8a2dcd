"""`mindspore.parallel.auto_parallel`: AutoParallel (see msjax._src.nn.auto_parallel)."""
# ruff: noqa: F401
from msjax._src.nn.auto_parallel import AutoParallel as AutoParallel

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
