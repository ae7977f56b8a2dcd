"""`mindspore.common.api`: where MindSpore defines jit and jit_class."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.transforms.no_grad import _no_grad as _no_grad
from msjax._src.core.function_flags import _no_recursive as _no_recursive
from msjax._src.ops.graph_values import mutable as mutable
from msjax._src.core.parameter import Parameter as Parameter
from msjax._src.core.tensor import Tensor as Tensor
from msjax._src.transforms.jit import jit as jit
from msjax._src.transforms.jit import jit_class as jit_class
from msjax._src.transforms.executors import _CellGraphExecutor as _CellGraphExecutor
from msjax._src.transforms.executors import _JitExecutor as _JitExecutor
from msjax._src.transforms.executors import _PyNativeExecutor as _PyNativeExecutor
from msjax._src.transforms.executors import _cell_graph_executor as _cell_graph_executor
from msjax._src.transforms.executors import _pynative_executor as _pynative_executor
from msjax._src.transforms.executors import ms_memory_recycle as ms_memory_recycle
from msjax._src.nn.cell_compile import cells_compile_cache as cells_compile_cache

__getattr__ = _missing_names(__name__)
