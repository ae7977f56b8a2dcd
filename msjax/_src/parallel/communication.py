"""`mindspore.communication` on `jax.distributed`: a rank is a process.

`init()` joins the job the environment describes, MindSpore's way (the variables `msrun` and the
dynamic-cluster launch set: MS_SCHED_HOST, MS_SCHED_PORT, MS_WORKER_NUM, MS_NODE_ID) or msjax's
own (MSJAX_COORDINATOR=host:port, MSJAX_NUM_PROCESSES, MSJAX_PROCESS_ID). Nothing configured is a
job of one process, as MindSpore without a cluster: rank 0 of 1. There is no scheduler process:
rank 0 hosts JAX's coordination service at the scheduler's address.

`get_rank()`/`get_group_size()` are the process index and count. Each process uses all of its
local devices: in a data-parallel step its batch is spread over them (`nn.distributed`), each
device computing as a MindSpore rank of one device would (BatchNorm's statistics its own), and
the process's gradient is their mean. The eager collectives of
`ops` act over the ranks; `create_group` makes groups of ranks for them.

JAX must join a job before it starts its backends. msjax's import starts them (it makes the
global random key), so `init()` restarts them while the key is the only array in existence and
keeps its value; MindSpore's rule, "call init() before creating any Tensor, Parameter or
network", is then an error message when broken, not a hang.
"""
from __future__ import annotations

import os
import socket
import zlib

import jax
import numpy as np

from msjax._src.backend.interface import clear_backends
from msjax._src.core import context
from msjax._src.core.random import GLOBAL_KEY

HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"
WORLD_GROUPS = (HCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP)

_BACKEND_OF_TARGET = {"Ascend": "hccl", "GPU": "nccl", "CPU": "mccl"}
_WORLD_OF_BACKEND = {"hccl": HCCL_WORLD_COMM_GROUP, "nccl": NCCL_WORLD_COMM_GROUP,
                     "mccl": MCCL_WORLD_COMM_GROUP}


class GlobalComm:
    """`mindspore.communication.GlobalComm`: the backend and name of the world group."""

    BACKEND = "hccl"
    WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP
    INITED = False
    CHECK_ENVS = True


_groups: dict[str, tuple] = {}  # groups made by create_group: name -> world ranks
_host_ranks: list = [0, 1]  # this process's rank among the processes of its host, and their count


# -- the job -----------------------------------------------------------------------------------
class Job:
    """A multi-process job: where the coordinator listens, how many processes, which one this is."""

    __slots__ = ("coordinator", "num_processes", "process_id", "timeout")

    def __init__(self, coordinator, num_processes, process_id, timeout=None):
        self.coordinator, self.num_processes, self.process_id = \
            coordinator, num_processes, process_id
        self.timeout = timeout  # seconds to wait for every process to join; None: JAX's default

    def __repr__(self):
        return (f"Job(coordinator={self.coordinator!r}, num_processes={self.num_processes}, "
                f"process_id={self.process_id}, timeout={self.timeout})")


def _int_env(env, name, minimum=0) -> int:
    value = env[name]
    try:
        number = int(value)
    except ValueError:
        number = None
    if number is None or number < minimum:
        raise ValueError(f"For 'init', the environment variable {name}={value!r} must be an "
                         f"integer >= {minimum}.")
    return number


def job_from_environment(env=None) -> Job | None:
    """The job the environment variables describe, or None for a job of one process."""
    env = os.environ if env is None else env
    if "MSJAX_COORDINATOR" in env or "MSJAX_NUM_PROCESSES" in env:
        names = ("MSJAX_COORDINATOR", "MSJAX_NUM_PROCESSES", "MSJAX_PROCESS_ID")
        num = _int_env(env, names[1], 1) if names[1] in env else 1
        coordinator = env.get(names[0])
    elif "MS_WORKER_NUM" in env and ("MS_SCHED_HOST" in env or "MS_SCHED_PORT" in env):
        if env.get("MS_ROLE") == "MS_SCHED":
            raise RuntimeError(
                "For 'init', this process has MS_ROLE=MS_SCHED, but msjax has no scheduler "
                "process: the worker of rank 0 serves the job at MS_SCHED_HOST:MS_SCHED_PORT. "
                "Start only the MS_WORKER_NUM workers (MS_ROLE=MS_WORKER).")
        names = ("MS_SCHED_HOST:MS_SCHED_PORT", "MS_WORKER_NUM",
                 "MS_NODE_ID" if "MS_NODE_ID" in env else "RANK_ID")
        for needed in ("MS_SCHED_HOST", "MS_SCHED_PORT"):
            if needed not in env:
                raise ValueError(f"For 'init', MS_WORKER_NUM is set but {needed} is not: set "
                                 "MS_SCHED_HOST and MS_SCHED_PORT to the address rank 0 serves "
                                 "the job at.")
        num = _int_env(env, "MS_WORKER_NUM", 1)
        coordinator = f"{env['MS_SCHED_HOST']}:{_int_env(env, 'MS_SCHED_PORT', 1)}"
    else:
        return None
    if num == 1:
        return None
    if not coordinator:
        raise ValueError(f"For 'init', {names[1]}={num} processes need the coordinator's address "
                         f"in {names[0]} (host:port, served by the process of rank 0).")
    if names[2] not in env:
        raise ValueError(f"For 'init', {names[1]}={num} processes need this process's rank in "
                         f"{names[2]} (0 to {num - 1}).")
    process_id = _int_env(env, names[2])
    if process_id >= num:
        raise ValueError(f"For 'init', {names[2]}={process_id} is not a rank of a job of {num} "
                         f"processes: use 0 to {num - 1}.")
    return Job(coordinator, num, process_id, _join_timeout(env))


NO_TIMEOUT_SECONDS = 365 * 24 * 3600  # MS_TOPO_TIMEOUT < 0: wait (practically) forever


def _join_timeout(env) -> int | None:
    """msrun's `--cluster_time_out` (MS_TOPO_TIMEOUT): how long init() waits for the others."""
    if "MS_TOPO_TIMEOUT" not in env:
        return None
    try:
        seconds = int(env["MS_TOPO_TIMEOUT"])
    except ValueError:
        raise ValueError(f"For 'init', the environment variable MS_TOPO_TIMEOUT="
                         f"{env['MS_TOPO_TIMEOUT']!r} must be an integer (seconds; negative: no "
                         "limit).") from None
    return NO_TIMEOUT_SECONDS if seconds < 0 else max(seconds, 1)


def _join(job: Job) -> None:
    """Join `job` through jax.distributed, restarting JAX's backends if msjax's import started
    them (only the global random key may exist then; it keeps its value)."""
    if jax.config.jax_cpu_collectives_implementation in (None, "none"):
        jax.config.update("jax_cpu_collectives_implementation", "gloo")
    options = {} if job.timeout is None else {"initialization_timeout": job.timeout}
    try:
        jax.distributed.initialize(job.coordinator, num_processes=job.num_processes,
                                   process_id=job.process_id, **options)
        return
    except RuntimeError as error:  # JAX's backends run already: restart them
        if "before any JAX" not in str(error):
            raise
    others = [a for a in jax.live_arrays() if a is not GLOBAL_KEY._value]
    if others:
        raise RuntimeError(
            f"For 'init', msjax joins the job of {job.num_processes} processes through "
            "jax.distributed, which must happen before any Tensor, Parameter or network exists, "
            f"but {len(others)} array(s) exist already (shapes "
            f"{sorted({a.shape for a in others}, key=str)[:4]}). Call init() right after the "
            "imports, before creating them (MindSpore requires the same).")
    key = np.asarray(GLOBAL_KEY._value)
    clear_backends()
    jax.distributed.initialize(job.coordinator, num_processes=job.num_processes,
                               process_id=job.process_id, **options)
    GLOBAL_KEY._value = jax.numpy.asarray(key)


def _count_host_ranks() -> None:
    """This process's rank among the processes on its host, and their number (a collective:
    every process calls it, in init)."""
    from jax.experimental import multihost_utils
    host = zlib.crc32(socket.gethostname().encode())
    hosts = np.asarray(multihost_utils.process_allgather(np.array([host], np.int64))).reshape(-1)
    mine = jax.process_index()
    _host_ranks[:] = [int(np.sum(hosts[:mine] == host)), int(np.sum(hosts == host))]


def init(backend_name=None):
    """`mindspore.communication.init(backend_name=None)`: join the job of the environment.

    `backend_name` ('hccl', 'nccl', 'mccl'; by default the one of `device_target`) names the
    world group (`GlobalComm.WORLD_COMM_GROUP`); the collectives run on XLA's, whichever it is.
    """
    target = context.get_context("device_target")
    if backend_name is None:
        backend_name = _BACKEND_OF_TARGET.get(target, "mccl")
    if not isinstance(backend_name, str):
        raise TypeError("For 'init', the argument 'backend_name' must be a string, but got the "
                        f"type : {type(backend_name)}")
    if backend_name not in _WORLD_OF_BACKEND:
        raise RuntimeError("For 'init', the argument 'backend_name' must be one of 'hccl', "
                           f"'nccl' and 'mccl', but got 'backend_name' : {backend_name}")
    if backend_name in ("hccl", "nccl") and _BACKEND_OF_TARGET.get(target) != backend_name:
        raise RuntimeError(f"For 'init', the argument 'backend_name' should be "
                           f"'{_BACKEND_OF_TARGET.get(target, 'mccl')}' to init '{target}', but "
                           f"got '{backend_name}'.")
    job = job_from_environment()
    if job is not None and jax.process_count() == 1:
        _join(job)
        _count_host_ranks()
    GlobalComm.BACKEND = backend_name
    GlobalComm.WORLD_COMM_GROUP = _WORLD_OF_BACKEND[backend_name]
    GlobalComm.INITED = True


def release():
    """`mindspore.communication.release()`: leave the job (jax.distributed.shutdown)."""
    if jax.process_count() > 1:
        jax.distributed.shutdown()
    GlobalComm.INITED = False


# -- ranks and groups --------------------------------------------------------------------------
def _check_group(group, api):
    if not isinstance(group, str):
        raise TypeError(f"For '{api}', the argument 'group' must be type of string, but got "
                        f"'group' type : {type(group)}.")


def group_ranks(group, api="communication"):
    """The world ranks of `group`, or None for the world group."""
    _check_group(group, api)
    if group in WORLD_GROUPS or group == GlobalComm.WORLD_COMM_GROUP:
        return None
    ranks = _groups.get(group)
    if ranks is None:
        raise ValueError(f"For '{api}', the communication group '{group}' does not exist: use "
                         f"the world group (GlobalComm.WORLD_COMM_GROUP, "
                         f"'{GlobalComm.WORLD_COMM_GROUP}') or one made by create_group.")
    return ranks


def get_rank(group=GlobalComm.WORLD_COMM_GROUP):
    """`mindspore.communication.get_rank`: this process's rank in `group`."""
    ranks = group_ranks(group, "get_rank")
    world_rank = jax.process_index()
    if ranks is None:
        return world_rank
    if world_rank not in ranks:
        raise ValueError(f"For 'get_rank', this process (rank {world_rank}) is not in the group "
                         f"'{group}' of ranks {list(ranks)}.")
    return ranks.index(world_rank)


def get_group_size(group=GlobalComm.WORLD_COMM_GROUP):
    """`mindspore.communication.get_group_size`: the number of ranks (processes) in `group`."""
    ranks = group_ranks(group, "get_group_size")
    return jax.process_count() if ranks is None else len(ranks)


def get_local_rank(group=GlobalComm.WORLD_COMM_GROUP):
    """`mindspore.communication.get_local_rank`: this process's rank among the processes of its
    host."""
    group_ranks(group, "get_local_rank")
    return _host_ranks[0]


def get_local_rank_size(group=GlobalComm.WORLD_COMM_GROUP):
    """`mindspore.communication.get_local_rank_size`: the number of processes on this host."""
    group_ranks(group, "get_local_rank_size")
    return _host_ranks[1]


def get_world_rank_from_group_rank(group, group_rank_id):
    """`mindspore.communication.get_world_rank_from_group_rank`."""
    ranks = group_ranks(group, "get_world_rank_from_group_rank")
    if not isinstance(group_rank_id, int) or isinstance(group_rank_id, bool):
        raise TypeError("For 'get_world_rank_from_group_rank', the argument 'group_rank_id' must "
                        f"be type of int, but got 'group_rank_id' type : {type(group_rank_id)}.")
    size = get_group_size() if ranks is None else len(ranks)
    if not 0 <= group_rank_id < size:
        raise ValueError(f"For 'get_world_rank_from_group_rank', 'group_rank_id' {group_rank_id} "
                         f"is not a rank of the group '{group}' of {size} ranks.")
    return group_rank_id if ranks is None else ranks[group_rank_id]


def get_group_rank_from_world_rank(world_rank_id, group):
    """`mindspore.communication.get_group_rank_from_world_rank`."""
    ranks = group_ranks(group, "get_group_rank_from_world_rank")
    if not isinstance(world_rank_id, int) or isinstance(world_rank_id, bool):
        raise TypeError("For 'get_group_rank_from_world_rank', the argument 'world_rank_id' must "
                        f"be type of int, but got 'world_rank_id' type : {type(world_rank_id)}.")
    members = range(get_group_size()) if ranks is None else ranks
    if world_rank_id not in members:
        raise ValueError(f"For 'get_group_rank_from_world_rank', rank {world_rank_id} is not in "
                         f"the group '{group}'.")
    return list(members).index(world_rank_id)


def create_group(group, rank_ids, options=None):
    """`mindspore.communication.create_group(group, rank_ids, options=None)`: a group of ranks
    for the collectives (`ops.AllReduce(group=...)`)."""
    _check_group(group, "create_group")
    if group in WORLD_GROUPS or group in _groups:
        raise ValueError(f"For 'create_group', the group '{group}' already exists.")
    if not isinstance(rank_ids, (list, tuple)) or not all(
            isinstance(r, int) and not isinstance(r, bool) for r in rank_ids):
        raise TypeError("For 'create_group', the argument 'rank_ids' must be a list of int, but "
                        f"got {rank_ids!r}.")
    if len(rank_ids) < 1 or len(set(rank_ids)) != len(rank_ids):
        raise ValueError("For 'create_group', 'rank_ids' must list distinct ranks, but got "
                         f"{list(rank_ids)}.")
    size = jax.process_count()
    if any(not 0 <= r < size for r in rank_ids):
        raise ValueError(f"For 'create_group', the ranks {list(rank_ids)} must be in [0, {size}) "
                         f"(the job has {size} process(es)).")
    _groups[group] = tuple(rank_ids)


def destroy_group(group):
    """`mindspore.communication.destroy_group(group)`: forget a group made by create_group."""
    _check_group(group, "destroy_group")
    if group in WORLD_GROUPS:
        raise ValueError("For 'destroy_group', the world group can not be destroyed.")
    if _groups.pop(group, None) is None:
        raise ValueError(f"For 'destroy_group', the group '{group}' does not exist.")


def get_comm_name(group=GlobalComm.WORLD_COMM_GROUP):
    """`mindspore.communication.get_comm_name`: the group's communicator name (its own name)."""
    group_ranks(group, "get_comm_name")
    return group


def get_process_group_ranks(group=GlobalComm.WORLD_COMM_GROUP):
    """`mindspore.communication.get_process_group_ranks`: the world ranks of `group`."""
    ranks = group_ranks(group, "get_process_group_ranks")
    return list(range(jax.process_count())) if ranks is None else list(ranks)
