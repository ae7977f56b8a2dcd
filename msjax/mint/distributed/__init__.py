"""`mindspore.mint.distributed`: process groups and collectives."""
# ruff: noqa: F401
from msjax._src.ops.comm_ops import all_gather as all_gather
from msjax._src.ops.comm_ops import all_gather_into_tensor as all_gather_into_tensor
from msjax._src.ops.comm_ops import all_reduce as all_reduce
from msjax._src.ops.comm_ops import barrier as barrier
from msjax._src.ops.comm_ops import broadcast as broadcast
from msjax._src.mint.distributed import all_gather_object as all_gather_object
from msjax._src.mint.distributed import broadcast_object_list as broadcast_object_list
from msjax._src.mint.distributed import gather_object as gather_object
from msjax._src.mint.distributed import scatter_object_list as scatter_object_list
from msjax._src.mint.distributed import all_gather_into_tensor_uneven as all_gather_into_tensor_uneven
from msjax._src.mint.distributed import reduce_scatter_tensor_uneven as reduce_scatter_tensor_uneven
from msjax._src.mint.distributed import P2POp as P2POp
from msjax._src.mint.distributed import batch_isend_irecv as batch_isend_irecv
from msjax._src.mint.distributed import irecv as irecv
from msjax._src.mint.distributed import isend as isend
from msjax._src.mint.distributed import recv as recv
from msjax._src.mint.distributed import send as send
from msjax._src.mint.distributed import recv_object_list as recv_object_list
from msjax._src.mint.distributed import send_object_list as send_object_list
from msjax._src.mint.distributed import all_to_all as all_to_all
from msjax._src.mint.distributed import all_to_all_single as all_to_all_single
from msjax._src.mint.distributed import gather as gather
from msjax._src.mint.distributed import reduce as reduce
from msjax._src.mint.distributed import scatter as scatter
from msjax._src.mint.distributed import destroy_process_group as destroy_process_group
from msjax._src.mint.distributed import get_backend as get_backend
from msjax._src.mint.distributed import get_global_rank as get_global_rank
from msjax._src.mint.distributed import get_group_rank as get_group_rank
from msjax._src.mint.distributed import get_process_group_ranks as get_process_group_ranks
from msjax._src.mint.distributed import get_rank as get_rank
from msjax._src.mint.distributed import get_world_size as get_world_size
from msjax._src.mint.distributed import init_process_group as init_process_group
from msjax._src.mint.distributed import is_available as is_available
from msjax._src.mint.distributed import is_initialized as is_initialized
from msjax._src.mint.distributed import new_group as new_group
from msjax._src.ops.comm_ops import reduce_scatter as reduce_scatter
from msjax._src.ops.comm_ops import reduce_scatter_tensor as reduce_scatter_tensor

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
