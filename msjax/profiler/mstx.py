"""`mindspore.profiler.mstx`: the module of `Mstx` (see msjax._src.profiler_mstx)."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.profiler_mstx import Mstx as Mstx

__getattr__ = _missing_names(__name__)
