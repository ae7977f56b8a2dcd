"""`mindspore.train.serialization`."""
# ruff: noqa: F401
from msjax import context as context  # MindSpore's module imports it (`serialization.context`)
from msjax._src.serialization import _update_param as _update_param
from msjax._src.serialization import load_checkpoint as load_checkpoint
from msjax._src.distributed_checkpoint import build_searched_strategy as build_searched_strategy
from msjax._src.distributed_checkpoint import load_distributed_checkpoint as load_distributed_checkpoint
from msjax._src.distributed_checkpoint import merge_sliced_parameter as merge_sliced_parameter
from msjax._src.distributed_checkpoint import transform_checkpoints as transform_checkpoints
from msjax._src.serialization import load_param_into_net as load_param_into_net
from msjax._src.serialization import save_checkpoint as save_checkpoint
from msjax._src.serialization import ckpt_to_safetensors as ckpt_to_safetensors
from msjax._src.serialization import safetensors_to_ckpt as safetensors_to_ckpt
from msjax._src.train.export import export as export
from msjax._src.train.export import PARAMETER_SPLIT_SIZE as PARAMETER_SPLIT_SIZE
from msjax._src.train.export import TOTAL_SAVE as TOTAL_SAVE
from msjax._src.train.export import save_graph as _save_graph
from msjax._src.train.export import load as load
from msjax._src.train.serialization_types import tensor_to_ms_type as tensor_to_ms_type
from msjax._src.train.serialization_types import tensor_to_np_type as tensor_to_np_type

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
