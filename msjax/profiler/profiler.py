"""`mindspore.profiler.profiler`: `Profiler`, `profile`, `tensorboard_trace_handler` and the offline
`analyse` (see msjax._src.profiler)."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.profiler import Profiler as Profiler
from msjax._src.profiler import analyse as analyse
from msjax._src.profiler_schedule import ProfilerActivity as ProfilerActivity
from msjax._src.profiler_schedule import profile as Profile
from msjax._src.profiler_schedule import tensorboard_trace_handler as tensorboard_trace_handler

__getattr__ = _missing_names(__name__)
