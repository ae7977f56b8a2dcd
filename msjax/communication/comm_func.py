"""`mindspore.communication.comm_func`: collectives that return their result (see
msjax._src.ops.comm_func)."""
# ruff: noqa: F401
from msjax._src.ops.comm_func import all_gather_into_tensor as all_gather_into_tensor
from msjax._src.ops.comm_func import all_reduce as all_reduce
from msjax._src.ops.comm_func import send as send
from msjax._src.ops.comm_func import recv as recv
from msjax._src.ops.comm_func import isend as isend
from msjax._src.ops.comm_func import irecv as irecv
from msjax._src.ops.comm_func import all_to_all_single_with_output_shape as all_to_all_single_with_output_shape
from msjax._src.ops.comm_func import all_to_all_with_output_shape as all_to_all_with_output_shape
from msjax._src.ops.comm_func import barrier as barrier
from msjax._src.ops.comm_func import batch_isend_irecv as batch_isend_irecv
from msjax._src.ops.comm_func import P2POp as P2POp
from msjax._src.ops.comm_func import broadcast as broadcast
from msjax._src.ops.comm_func import gather_into_tensor as gather_into_tensor
from msjax._src.ops.comm_func import reduce as reduce
from msjax._src.ops.comm_func import reduce_scatter_tensor as reduce_scatter_tensor
from msjax._src.ops.comm_func import scatter_tensor as scatter_tensor

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
