"""`mindspore.profiler`: `Profiler` on JAX's profiler (see msjax._src.profiler)."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.profiler import Profiler as Profiler

__getattr__ = _missing_names(__name__)
