"""`mindspore.communication.comm_func`: collectives that return their result (see
msjax._src.ops.comm_func)."""
# ruff: noqa: F401
from msjax._src.ops.comm_func import all_gather_into_tensor as all_gather_into_tensor
from msjax._src.ops.comm_func import all_reduce as all_reduce
from msjax._src.ops.comm_func import barrier as barrier
from msjax._src.ops.comm_func import broadcast as broadcast
from msjax._src.ops.comm_func import gather_into_tensor as gather_into_tensor
from msjax._src.ops.comm_func import reduce as reduce
from msjax._src.ops.comm_func import reduce_scatter_tensor as reduce_scatter_tensor
from msjax._src.ops.comm_func import scatter_tensor as scatter_tensor

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
