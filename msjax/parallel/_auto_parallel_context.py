"""`mindspore.parallel._auto_parallel_context`: the context object real scripts read."""
# ruff: noqa: F401
from msjax._src.parallel.parallel_context import AutoParallelContext as AutoParallelContext
from msjax._src.parallel.parallel_context import auto_parallel_context as auto_parallel_context
from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
