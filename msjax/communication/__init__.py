"""`mindspore.communication`: ranks, groups and jax.distributed (see msjax._src.parallel.communication)."""
# ruff: noqa: F401
from msjax._src.parallel.communication import GlobalComm as GlobalComm
from msjax._src.parallel.communication import HCCL_WORLD_COMM_GROUP as HCCL_WORLD_COMM_GROUP
from msjax._src.parallel.communication import MCCL_WORLD_COMM_GROUP as MCCL_WORLD_COMM_GROUP
from msjax._src.parallel.communication import NCCL_WORLD_COMM_GROUP as NCCL_WORLD_COMM_GROUP
from msjax._src.parallel.communication import create_group as create_group
from msjax._src.parallel.communication import destroy_group as destroy_group
from msjax._src.parallel.communication import get_comm_name as get_comm_name
from msjax._src.parallel.communication import get_group_rank_from_world_rank as get_group_rank_from_world_rank
from msjax._src.parallel.communication import get_group_size as get_group_size
from msjax._src.parallel.communication import get_local_rank as get_local_rank
from msjax._src.parallel.communication import get_local_rank_size as get_local_rank_size
from msjax._src.parallel.communication import get_process_group_ranks as get_process_group_ranks
from msjax._src.parallel.communication import get_rank as get_rank
from msjax._src.parallel.communication import get_world_rank_from_group_rank as get_world_rank_from_group_rank
from msjax._src.parallel.communication import init as init
from msjax._src.parallel.communication import release as release
from msjax.communication import comm_func as comm_func
from msjax.communication import management as management

from msjax._src.module_tree import missing_names as _missing_names

__getattr__ = _missing_names(__name__)
