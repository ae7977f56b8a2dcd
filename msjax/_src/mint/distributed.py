"""`mindspore.mint.distributed`: PyTorch-style process groups over msjax's communication layer
(ranks are processes; `jax.distributed` joins them). The collectives (`all_reduce`,
`all_gather`, `broadcast`, ...) are `mindspore.communication.comm_func`'s, msjax's
`ops.comm_ops`. A group is named by a string, as in MindSpore."""
from __future__ import annotations

import itertools

from msjax._src import communication

_GROUP_NAMES = itertools.count()


def init_process_group(backend=None, init_method=None, timeout=None, world_size=-1, rank=-1,
                       store=None, pg_options=None, device_id=None):
    """`mint.distributed.init_process_group`: join the job described by the environment
    (MindSpore's MS_* or msjax's MSJAX_* variables); `backend` 'hccl', 'nccl' or 'mccl'."""
    communication.init(backend)


def destroy_process_group(group=None):
    """Leave the job (world group) or forget a group made by `new_group`."""
    if group is None or group in communication.WORLD_GROUPS:
        communication.release()
    else:
        communication.destroy_group(group)


def is_available():
    return True


def is_initialized():
    return bool(communication.GlobalComm.INITED)


def get_backend(group=None):
    return communication.GlobalComm.BACKEND


def get_rank(group=None):
    return communication.get_rank(group or communication.GlobalComm.WORLD_COMM_GROUP)


def get_world_size(group=None):
    return communication.get_group_size(group or communication.GlobalComm.WORLD_COMM_GROUP)


def new_group(ranks=None, timeout=None, backend=None, pg_options=None,
              use_local_synchronization=False, group_desc=None):
    """`mint.distributed.new_group(ranks=None, ...)`: a group of `ranks` (all by default); its
    name, which the collectives take as `group`."""
    ranks = list(range(get_world_size())) if ranks is None else list(ranks)
    name = group_desc or f"mint_group_{next(_GROUP_NAMES)}"
    communication.create_group(name, ranks)
    return name


def get_process_group_ranks(group=None):
    return communication.get_process_group_ranks(
        group or communication.GlobalComm.WORLD_COMM_GROUP)


def get_global_rank(group, group_rank):
    return communication.get_world_rank_from_group_rank(group, group_rank)


def get_group_rank(group, global_rank):
    return communication.get_group_rank_from_world_rank(global_rank, group)
