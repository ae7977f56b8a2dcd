"""`mindspore.hal`: the devices of a target, answered by JAX (see msjax._src.core.hal)."""
# ruff: noqa: F401
from msjax._src.core.hal import device_count as device_count
from msjax._src.core.hal import get_arch_list as get_arch_list
from msjax._src.core.hal import get_device_capability as get_device_capability
from msjax._src.core.hal import get_device_name as get_device_name
from msjax._src.core.hal import get_device_properties as get_device_properties
from msjax._src.core.hal import is_available as is_available
from msjax._src.core.hal import is_initialized as is_initialized
from msjax._src.core.runtime import max_memory_allocated as max_memory_allocated
from msjax._src.core.runtime import max_memory_reserved as max_memory_reserved
from msjax._src.core.runtime import memory_allocated as memory_allocated
from msjax._src.core.runtime import memory_reserved as memory_reserved
from msjax._src.core.runtime import memory_stats as memory_stats
from msjax._src.core.runtime import memory_summary as memory_summary
from msjax._src.core.runtime import reset_max_memory_allocated as reset_max_memory_allocated
from msjax._src.core.runtime import reset_max_memory_reserved as reset_max_memory_reserved
from msjax._src.core.runtime import reset_peak_memory_stats as reset_peak_memory_stats
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
