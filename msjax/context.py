"""`mindspore.context`: the MindSpore 1.x home of set_context and the auto-parallel context."""
# ruff: noqa: F401
from msjax._src.core.context import COMPATIBLE as COMPATIBLE
from msjax._src.core.context import GRAPH_MODE as GRAPH_MODE
from msjax._src.core.context import LAX as LAX
from msjax._src.core.context import STRICT as STRICT
from msjax._src.core.context import PYNATIVE_MODE as PYNATIVE_MODE
from msjax._src.core.context import K_CONTEXT as K_CONTEXT
from msjax._src.core.context import global_context as _context
from msjax._src.core.context import get_context as get_context
from msjax._src.core.context import get_jit_config as get_jit_config
from msjax._src.core.context import set_context as set_context
from msjax._src.core.context import set_device as set_device
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.parallel.parallel_context import ParallelMode as ParallelMode
from msjax._src.parallel.parallel_context import get_auto_parallel_context as get_auto_parallel_context
from msjax._src.parallel.parallel_context import get_ps_context as get_ps_context
from msjax._src.parallel.parallel_context import reset_ps_context as reset_ps_context
from msjax._src.parallel.parallel_context import set_ps_context as set_ps_context
from msjax._src.parallel.parallel_context import reset_auto_parallel_context as reset_auto_parallel_context
from msjax._src.parallel.parallel_context import set_auto_parallel_context as set_auto_parallel_context

__getattr__ = _missing_names(__name__)
