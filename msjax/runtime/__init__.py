"""`mindspore.runtime`: synchronisation and device memory on XLA (see msjax._src.core.runtime)."""
# ruff: noqa: F401
from msjax._src.core.runtime import launch_blocking as launch_blocking
from msjax._src.core.runtime import max_memory_allocated as max_memory_allocated
from msjax._src.core.runtime import max_memory_reserved as max_memory_reserved
from msjax._src.core.runtime import memory_allocated as memory_allocated
from msjax._src.core.runtime import memory_reserved as memory_reserved
from msjax._src.core.runtime import memory_stats as memory_stats
from msjax._src.core.runtime import memory_summary as memory_summary
from msjax._src.core.runtime import reset_max_memory_allocated as reset_max_memory_allocated
from msjax._src.core.runtime import reset_max_memory_reserved as reset_max_memory_reserved
from msjax._src.core.runtime import reset_peak_memory_stats as reset_peak_memory_stats
from msjax._src.core.runtime import set_memory as set_memory
from msjax._src.core.runtime import synchronize as synchronize
from msjax._src.core.streams import Event as Event
from msjax._src.core.streams import Stream as Stream
from msjax._src.core.streams import StreamCtx as StreamCtx
from msjax._src.core.streams import communication_stream as communication_stream
from msjax._src.core.streams import current_stream as current_stream
from msjax._src.core.streams import default_stream as default_stream
from msjax._src.core.streams import empty_cache as empty_cache
from msjax._src.core.streams import set_cur_stream as set_cur_stream

from msjax._src.module_tree import missing_names as _missing_names

__path__ = []  # a package in MindSpore: its submodules come from msjax._src.module_tree
__getattr__ = _missing_names(__name__)
