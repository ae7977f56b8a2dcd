"""`mindspore.parallel._utils`: the private helpers real training scripts import."""
# ruff: noqa: F401
from msjax._src.parallel.parallel_context import device_num as _get_device_num
from msjax._src.parallel.parallel_context import get_enable_parallel_optimizer as _get_enable_parallel_optimizer
from msjax._src.parallel.parallel_context import get_pipeline_stages as _get_pipeline_stages
from msjax._src.parallel.parallel_context import gradients_mean as _get_gradients_mean
from msjax._src.parallel.parallel_context import parallel_mode as _get_parallel_mode
from msjax._src.parallel.parallel_context import auto_parallel_context as auto_parallel_context
from msjax._src.parallel.parallel_context import reset_op_id as _reset_op_id
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.core.random import get_seed as get_seed
from msjax._src.core.tensor import Tensor as Tensor

__getattr__ = _missing_names(__name__)
