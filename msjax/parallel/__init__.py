"""`mindspore.parallel`: the parallel-context helpers msjax provides (the rest of MindSpore's
package, recorded in msjax/_src/reference/, resolves through msjax._src.module_tree)."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.nn.auto_parallel import AutoParallel as AutoParallel
from msjax._src.distributed_checkpoint import build_searched_strategy as build_searched_strategy
from msjax._src.distributed_checkpoint import load_distributed_checkpoint as load_distributed_checkpoint
from msjax._src.distributed_checkpoint import merge_sliced_parameter as merge_sliced_parameter
from msjax._src.distributed_checkpoint import transform_checkpoints as transform_checkpoints
from msjax._src.distributed_checkpoint import transform_checkpoint_by_rank as transform_checkpoint_by_rank
from msjax._src.distributed_checkpoint import load_segmented_checkpoints as load_segmented_checkpoints
from msjax._src.parallel.parallel_context import get_algo_parameters as get_algo_parameters
from msjax._src.parallel.parallel_layout import Layout as Layout
from msjax._src.parallel.parallel_context import reset_algo_parameters as reset_algo_parameters
from msjax._src.parallel.parallel_context import set_algo_parameters as set_algo_parameters
from msjax._src.transforms.shard import shard as shard

from msjax.parallel import auto_parallel as auto_parallel

__getattr__ = _missing_names(__name__)
