"""`mindspore.profiler`: `Profiler` on JAX's profiler (see msjax._src.profiler)."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.profiler import Profiler as Profiler
from msjax._src.profiler import mstx as mstx
from msjax._src.profiler_schedule import AicoreMetrics as AicoreMetrics
from msjax._src.profiler_schedule import ExportType as ExportType
from msjax._src.profiler_schedule import ProfilerActivity as ProfilerActivity
from msjax._src.profiler_schedule import ProfilerLevel as ProfilerLevel
from msjax._src.profiler_schedule import Schedule as schedule
from msjax._src.profiler_schedule import _ExperimentalConfig as _ExperimentalConfig
from msjax._src.profiler_schedule import profile as profile
from msjax._src.profiler_schedule import tensorboard_trace_handler as tensorboard_trace_handler

__getattr__ = _missing_names(__name__)
