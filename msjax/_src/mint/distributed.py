"""`mindspore.mint.distributed`: PyTorch-style process groups over msjax's communication layer
(ranks are processes; `jax.distributed` joins them). The collectives `all_reduce`, `all_gather`,
`broadcast`, ... are `mindspore.communication.comm_func`'s, msjax's `ops.comm_ops`; this module
adds `reduce`, `gather`, `scatter`, `all_to_all`, `all_to_all_single` (built on those, so they run
over a pmap's devices or eagerly over the processes) and the object collectives
`all_gather_object`, `gather_object`, `broadcast_object_list`, `scatter_object_list` (pickled
bytes over the same collectives, eagerly). A group is named by a string, as in MindSpore.
`all_gather_into_tensor_uneven` / `reduce_scatter_tensor_uneven` pad to the longest part.
Point-to-point transfers (`send`, `recv`, `isend`, `irecv`, `P2POp`, `batch_isend_irecv`,
`send_object_list`, `recv_object_list`) are messages through the coordination service of
`jax.distributed`, eagerly (ops/point_to_point.py)."""
from __future__ import annotations

import itertools
import pickle

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import x64
from msjax._src.parallel import communication
from msjax._src.ops import comm_ops
from msjax._src.ops import point_to_point as p2p
from msjax._src.core.tensor import Tensor
from msjax._src.transforms import tracing_depth

_GROUP_NAMES = itertools.count()


@x64.scoped
def init_process_group(backend="hccl", init_method=None, timeout=None, world_size=-1, rank=-1,
                       store=None, group_name="", pg_options=None, device_id=None):
    """`mint.distributed.init_process_group(backend='hccl', init_method=None, timeout=None,
    world_size=-1, rank=-1, store=None, group_name='', pg_options=None, device_id=None)`: join
    the job described by the environment (MindSpore's MS_* or msjax's MSJAX_* variables).

    MindSpore accepts only 'hccl' (Ascend); msjax's collectives are XLA's on every backend, so
    'hccl' (the default) joins with the backend of this device, and 'nccl' / 'mccl' name theirs.
    Joining through `init_method` or a `store` (a TCPStore rendezvous) is not implemented: msjax
    raises ValueError saying so. `pg_options` and `device_id` are ignored, as in MindSpore."""
    if init_method is not None or store is not None:
        raise ValueError("For init_process_group, msjax joins the job described by the "
                         "environment (MS_SCHED_HOST, MS_SCHED_PORT, MS_WORKER_NUM, MS_NODE_ID); "
                         f"'init_method' ({init_method!r}) and 'store' are not implemented yet: "
                         "pass neither.")
    communication.init(None if backend == "hccl" else backend)
    size = get_world_size(group_name or None)
    if world_size not in (-1, size):
        raise ValueError("world_size is wrong, please using default value or setting: ", size)


@x64.scoped
def destroy_process_group(group=None):
    """Leave the job (world group) or forget a group made by `new_group`."""
    if group is None or group in communication.WORLD_GROUPS:
        communication.release()
    else:
        communication.destroy_group(group)


@x64.scoped
def is_available():
    return True


@x64.scoped
def is_initialized():
    return bool(communication.GlobalComm.INITED)


@x64.scoped
def get_backend(group=None):
    return communication.GlobalComm.BACKEND


@x64.scoped
def get_rank(group=None):
    return communication.get_rank(group or communication.GlobalComm.WORLD_COMM_GROUP)


@x64.scoped
def get_world_size(group=None):
    return communication.get_group_size(group or communication.GlobalComm.WORLD_COMM_GROUP)


@x64.scoped
def new_group(ranks=None, timeout=None, backend=None, pg_options=None,
              use_local_synchronization=False, group_desc=None):
    """`mint.distributed.new_group(ranks=None, ...)`: a group of `ranks` (all by default); its
    name, which the collectives take as `group`."""
    ranks = list(range(get_world_size())) if ranks is None else list(ranks)
    name = group_desc or f"mint_group_{next(_GROUP_NAMES)}"
    communication.create_group(name, ranks)
    return name


@x64.scoped
def get_process_group_ranks(group=None):
    return communication.get_process_group_ranks(
        group or communication.GlobalComm.WORLD_COMM_GROUP)


@x64.scoped
def get_global_rank(group, group_rank):
    return communication.get_world_rank_from_group_rank(group, group_rank)


@x64.scoped
def get_group_rank(group, global_rank):
    return communication.get_group_rank_from_world_rank(global_rank, group)


# -- the collectives mint.distributed adds to mindspore.communication's -------------------------
# Each is built from the collectives of msjax._src.ops.comm_ops, so it runs where those run: over
# the devices of a mapped axis (pmap, a data-parallel step) or, eagerly, over the processes.
def _here(rank, group, api):
    """Whether this rank is `rank` (a world rank): a traced bool inside a mapped axis."""
    target = comm_ops._target(group, api)
    if target is None:
        return communication.get_rank() == rank
    return jax.lax.axis_index(target[0]) == rank


def _my_group_rank(group, api):
    target = comm_ops._target(group, api)
    if target is None:
        return communication.get_rank(group)
    return comm_ops._rank_in_axis(*target)


def _keep(here, new, old):
    if isinstance(here, bool):
        return new if here else old
    return jnp.where(here, new, old)


_check_rank = p2p.check_rank


@x64.scoped
def reduce(tensor, dst, op=comm_ops.ReduceOp.SUM, group=None, async_op=False):
    """`mint.distributed.reduce(tensor, dst, op='sum', group=None, async_op=False)`: the
    reduction over the ranks, written into `tensor` on rank `dst` (a global rank) only."""
    comm_ops._check_tensor("reduce", tensor)
    _check_rank("reduce", "dst", dst)
    comm_ops._reduction_op("reduce", op)
    group = comm_ops._check_common("reduce", group, async_op)
    reduced = comm_ops.all_reduce_array(tensor._data, op, group, "reduce")
    tensor._data = _keep(_here(dst, group, "reduce"), reduced, tensor._data)
    return comm_ops._handle(async_op)


def _check_list(api, tensors, like, size, what):
    comm_ops._check_tensor_list(api, tensors, size)
    for t in tensors:
        if tuple(t.shape) != tuple(like.shape) or t.dtype != like.dtype:
            raise TypeError(f"For {api}, the type and shape of every member of '{what}' must be "
                            f"those of the tensor ({like.dtype}, {tuple(like.shape)}), but got "
                            f"({t.dtype}, {tuple(t.shape)}).")


@x64.scoped
def gather(tensor, gather_list, dst=0, group=None, async_op=False):
    """`mint.distributed.gather(tensor, gather_list, dst=0, group=None, async_op=False)`: every
    rank's `tensor`, written into `gather_list` (one per rank) on rank `dst` only."""
    comm_ops._check_tensor("gather", tensor)
    _check_rank("gather", "dst", dst)
    group = comm_ops._check_common("gather", group, async_op)
    size = comm_ops._group_size_here(group, "gather")
    _check_list("gather", gather_list, tensor, size, "gather_list")
    gathered = comm_ops.all_gather_array(tensor._data[None], group, "gather")
    here = _here(dst, group, "gather")
    for index, out in enumerate(gather_list):
        out._data = _keep(here, gathered[index], out._data)
    return comm_ops._handle(async_op)


@x64.scoped
def scatter(tensor, scatter_list, src=0, group=None, async_op=False):
    """`mint.distributed.scatter(tensor, scatter_list, src=0, group=None, async_op=False)`: rank
    i receives `scatter_list[i]` of rank `src` (a global rank) into `tensor`."""
    comm_ops._check_tensor("scatter", tensor)
    _check_rank("scatter", "src", src)
    group = comm_ops._check_common("scatter", group, async_op)
    size = comm_ops._group_size_here(group, "scatter")
    here = _here(src, group, "scatter")
    if scatter_list is None or (isinstance(scatter_list, (list, tuple)) and not scatter_list):
        if here is True:
            raise TypeError("For scatter, the source rank must pass 'scatter_list', a list of "
                            f"{size} Tensors shaped like the tensor.")
        stacked = jnp.zeros((size,) + tuple(tensor.shape), tensor._data.dtype)
    else:
        _check_list("scatter", scatter_list, tensor, size, "scatter_list")
        stacked = jnp.stack([t._data for t in scatter_list])
    shared = comm_ops.broadcast_array(stacked, src, group, "scatter")
    tensor._data = shared[_my_group_rank(group, "scatter")]
    return comm_ops._handle(async_op)


def _even_split(api, name, sizes, length, size):
    if length % size:
        raise ValueError(f"For {api}, dim 0 of the {name.split('_')[0]} tensor ({length}) must be "
                         f"divisible by the group size {size} when '{name}' is None.")
    even = [length // size] * size
    if sizes is not None and list(sizes) != even:
        raise ValueError(f"For {api}, msjax supports equal splits only: '{name}' must be None or "
                         f"{even}, but got {list(sizes)}.")
    return length // size


@x64.scoped
def all_to_all_single(output, input, output_split_sizes=None, input_split_sizes=None, group=None,
                      async_op=False):
    """`mint.distributed.all_to_all_single(output, input, output_split_sizes=None,
    input_split_sizes=None, group=None, async_op=False)`: `input` split along dim 0 into one
    part per rank; rank i receives part i of every rank, concatenated in rank order, into
    `output`. msjax supports equal splits (the split sizes None, or all equal)."""
    comm_ops._check_tensor("all_to_all_single", input)
    comm_ops._check_tensor("all_to_all_single", output, "output tensor")
    group = comm_ops._check_common("all_to_all_single", group, async_op)
    size = comm_ops._group_size_here(group, "all_to_all_single")
    chunk = _even_split("all_to_all_single", "input_split_sizes", input_split_sizes,
                        input.shape[0], size)
    _even_split("all_to_all_single", "output_split_sizes", output_split_sizes,
                output.shape[0], size)
    gathered = comm_ops.all_gather_array(input._data[None], group, "all_to_all_single")
    start = _my_group_rank(group, "all_to_all_single") * chunk
    mine = jax.lax.dynamic_slice_in_dim(gathered, start, chunk, axis=1)
    output._data = mine.reshape((size * chunk,) + mine.shape[2:]).astype(output._data.dtype)
    return comm_ops._handle(async_op)


@x64.scoped
def all_to_all(output_tensor_list, input_tensor_list, group=None, async_op=False):
    """`mint.distributed.all_to_all(output_tensor_list, input_tensor_list, group=None,
    async_op=False)`: rank i's `input_tensor_list[j]` goes to rank j's
    `output_tensor_list[i]`. msjax exchanges Tensors of one shape and type."""
    group = comm_ops._check_common("all_to_all", group, async_op)
    size = comm_ops._group_size_here(group, "all_to_all")
    comm_ops._check_tensor_list("all_to_all", input_tensor_list, size)
    comm_ops._check_tensor_list("all_to_all", output_tensor_list, size)
    like = input_tensor_list[0]
    _check_list("all_to_all", input_tensor_list, like, size, "input_tensor_list")
    _check_list("all_to_all", output_tensor_list, like, size, "output_tensor_list")
    stacked = jnp.stack([t._data for t in input_tensor_list])
    gathered = comm_ops.all_gather_array(stacked[None], group, "all_to_all")  # (src, dst, ...)
    mine = jnp.take(gathered, _my_group_rank(group, "all_to_all"), axis=1)
    for index, out in enumerate(output_tensor_list):
        out._data = mine[index]
    return comm_ops._handle(async_op)


def _split_sizes(api, name, sizes, total, size):
    if sizes is None:
        if total % size:
            raise ValueError(f"For {api}, dim 0 ({total}) must be divisible by the group size "
                             f"{size} when '{name}' is None.")
        return [total // size] * size
    sizes = [int(n) for n in sizes]
    if len(sizes) != size or sum(sizes) != total or min(sizes) < 0:
        raise ValueError(f"For {api}, '{name}' must hold {size} non-negative sizes summing to "
                         f"{total}, but got {sizes}.")
    return sizes


def _concrete_rank(api, group):
    target = comm_ops._target(group, api)
    if target is None:
        return communication.get_rank(group)
    return None  # inside a mapped axis: a traced rank


@x64.scoped
def all_gather_into_tensor_uneven(output, input, output_split_sizes=None, group=None,
                                  async_op=False):
    """`mint.distributed.all_gather_into_tensor_uneven(output, input, output_split_sizes=None,
    group=None, async_op=False)`: the ranks' `input` (dim 0 may differ: rank i has
    `output_split_sizes[i]` rows) concatenated along dim 0 into `output`."""
    comm_ops._check_tensor("all_gather_into_tensor_uneven", input)
    comm_ops._check_tensor("all_gather_into_tensor_uneven", output, "output tensor")
    api = "all_gather_into_tensor_uneven"
    group = comm_ops._check_common(api, group, async_op)
    size = comm_ops._group_size_here(group, api)
    sizes = _split_sizes(api, "output_split_sizes", output_split_sizes, output.shape[0], size)
    rank = _concrete_rank(api, group)
    if rank is not None and input.shape[0] != sizes[rank]:
        raise ValueError(f"For {api}, this rank's input has {input.shape[0]} rows, but "
                         f"'output_split_sizes' gives it {sizes[rank]}.")
    longest = max(sizes)
    padded = jnp.pad(input._data, [(0, longest - input.shape[0])] + [(0, 0)] * (input.ndim - 1))
    gathered = comm_ops.all_gather_array(padded[None], group, api)
    parts = [gathered[i, :n] for i, n in enumerate(sizes)]
    output._data = jnp.concatenate(parts).astype(output._data.dtype)
    return comm_ops._handle(async_op)


@x64.scoped
def reduce_scatter_tensor_uneven(output, input, input_split_sizes=None, op=comm_ops.ReduceOp.SUM,
                                 group=None, async_op=False):
    """`mint.distributed.reduce_scatter_tensor_uneven(output, input, input_split_sizes=None,
    op='sum', group=None, async_op=False)`: the reduction of the ranks' `input`, split along dim 0
    by `input_split_sizes`; rank i keeps part i in `output`. Inside a mapped axis every device's
    output has one shape, so the sizes must be equal there."""
    api = "reduce_scatter_tensor_uneven"
    comm_ops._check_tensor(api, input)
    comm_ops._check_tensor(api, output, "output tensor")
    comm_ops._reduction_op(api, op)
    group = comm_ops._check_common(api, group, async_op)
    size = comm_ops._group_size_here(group, api)
    sizes = _split_sizes(api, "input_split_sizes", input_split_sizes, input.shape[0], size)
    rank = _concrete_rank(api, group)
    if rank is None and len(set(sizes)) > 1:
        raise ValueError(f"For {api}, inside pmap every device's output has one shape: "
                         f"'input_split_sizes' must be equal there, but got {sizes}.")
    mine = sizes[0] if rank is None else sizes[rank]
    if output.shape[0] != mine:
        raise ValueError(f"For {api}, the output must have {mine} rows (this rank's part of "
                         f"'input_split_sizes'), but got {output.shape[0]}.")
    reduced = comm_ops.all_reduce_array(input._data, op, group, api)
    if rank is None:
        start = _my_group_rank(group, api) * mine
    else:
        start = sum(sizes[:rank])
    part = jax.lax.dynamic_slice_in_dim(reduced, start, mine, axis=0)
    output._data = part.astype(output._data.dtype)
    return comm_ops._handle(async_op)


# -- collectives of picklable Python objects (eager: objects never enter a compiled program) ----
def _eager_group(api, group):
    if not isinstance(group, (str, type(None))):
        raise TypeError("The argument 'group' must be type of string, but got 'group' type : "
                        f"{type(group)}.")
    group = communication.GlobalComm.WORLD_COMM_GROUP if group is None else group
    if comm_ops._target(group, api) is not None or tracing_depth():
        raise RuntimeError(f"For {api}, objects are exchanged eagerly, between the processes: "
                           "call it outside pmap and compiled functions.")
    return group


def _gathered_bytes(payload, group, api):
    """Every rank's pickled bytes (padded to the longest with its length in front)."""
    lengths = comm_ops.all_gather_array(np.array([payload.size], np.int64), group, api)
    longest = int(np.max(lengths))
    padded = np.zeros((1, longest), np.uint8)
    padded[0, :payload.size] = payload
    rows = np.asarray(comm_ops.all_gather_array(padded, group, api))
    return [rows[i, :int(n)] for i, n in enumerate(np.asarray(lengths))]


def _broadcast_bytes(payload, src, group, api):
    """Rank `src`'s pickled bytes, on every rank (`payload` is read on `src` only)."""
    length = comm_ops.broadcast_array(np.array([payload.size], np.int64), src, group, api)
    buffer = np.zeros(int(np.asarray(length)[0]), np.uint8)
    if communication.get_rank() == src:
        buffer[:] = payload
    return np.asarray(comm_ops.broadcast_array(buffer, src, group, api))


def _pickled(obj):
    return np.frombuffer(pickle.dumps(obj), np.uint8)


@x64.scoped
def all_gather_object(object_list, obj, group=None):
    """`mint.distributed.all_gather_object(object_list, obj, group=None)`: every rank's
    picklable `obj`, written into `object_list` (one entry per rank)."""
    group = _eager_group("all_gather_object", group)
    size = communication.get_group_size(group)
    if not isinstance(object_list, list) or len(object_list) != size:
        got = len(object_list) if isinstance(object_list, list) else type(object_list)
        raise TypeError(f"For all_gather_object, the size of 'object_list' must be the group "
                        f"size {size}, but got {got}.")
    for index, data in enumerate(_gathered_bytes(_pickled(obj), group, "all_gather_object")):
        object_list[index] = pickle.loads(data.tobytes())  # noqa: S301 - the job's own ranks


@x64.scoped
def gather_object(obj, object_gather_list=None, dst=0, group=None):
    """`mint.distributed.gather_object(obj, object_gather_list=None, dst=0, group=None)`: every
    rank's `obj`, written into `object_gather_list` on rank `dst` only."""
    _check_rank("gather_object", "dst", dst)
    group = _eager_group("gather_object", group)
    size = communication.get_group_size(group)
    here = communication.get_rank() == dst
    if here and (not isinstance(object_gather_list, list) or len(object_gather_list) != size):
        raise TypeError(f"For gather_object, the size of 'object_gather_list' must be the group "
                        f"size {size} on the destination rank.")
    gathered = _gathered_bytes(_pickled(obj), group, "gather_object")
    if here:
        for index, data in enumerate(gathered):
            object_gather_list[index] = pickle.loads(data.tobytes())  # noqa: S301


@x64.scoped
def broadcast_object_list(object_list, src=0, group=None, device=None):
    """`mint.distributed.broadcast_object_list(object_list, src=0, group=None, device=None)`:
    rank `src`'s `object_list` entries, written into `object_list` on every rank (`device` is
    accepted and unused: the bytes travel between processes)."""
    _check_rank("broadcast_object_list", "src", src)
    group = _eager_group("broadcast_object_list", group)
    data = _broadcast_bytes(_pickled(list(object_list)), src, group, "broadcast_object_list")
    object_list[:] = pickle.loads(data.tobytes())  # noqa: S301


@x64.scoped
def scatter_object_list(scatter_object_output_list, scatter_object_input_list, src=0,
                        group=None):
    """`mint.distributed.scatter_object_list(scatter_object_output_list,
    scatter_object_input_list, src=0, group=None)`: rank i receives entry i of rank `src`'s
    `scatter_object_input_list`, as `scatter_object_output_list[0]`."""
    _check_rank("scatter_object_list", "src", src)
    group = _eager_group("scatter_object_list", group)
    size = communication.get_group_size(group)
    inputs = scatter_object_input_list
    if communication.get_rank() == src and (not isinstance(inputs, list) or len(inputs) != size):
        raise TypeError(f"For scatter_object_list, the size of 'scatter_object_input_list' must "
                        f"be the group size {size} on the source rank.")
    data = _broadcast_bytes(_pickled(inputs if communication.get_rank() == src else None), src,
                            group, "scatter_object_list")
    scatter_object_output_list[0] = pickle.loads(data.tobytes())[  # noqa: S301
        communication.get_rank(group)]


@x64.scoped
def send(tensor, dst=0, group=None, tag=0):
    """`mint.distributed.send(tensor, dst=0, group=None, tag=0)`: send `tensor` to rank `dst`
    (eagerly; returns once the message is posted)."""
    group = p2p.check_peer("send", "dst", dst, group, tensor)
    p2p.send_bytes("send", p2p.tensor_payload(tensor), dst, group, tag)


@x64.scoped
def recv(tensor, src=0, group=None, tag=0):
    """`mint.distributed.recv(tensor, src=0, group=None, tag=0)`: receive rank `src`'s next
    message into `tensor`; returns 0."""
    group = p2p.check_peer("recv", "src", src, group, tensor)
    tensor._data = p2p.received_array("recv", tensor, p2p.recv_bytes("recv", src, group, tag))
    return 0


@x64.scoped
def isend(tensor, dst=0, group=None, tag=0):
    """`mint.distributed.isend(tensor, dst=0, group=None, tag=0)`: `send`, returning a
    CommHandle (the message is posted when it returns)."""
    send(tensor, dst, group, tag)
    return comm_ops.CommHandle()


@x64.scoped
def irecv(tensor, src=0, group=None, tag=0):
    """`mint.distributed.irecv(tensor, src=0, group=None, tag=0)`: a CommHandle whose `wait()`
    receives rank `src`'s next message into `tensor`."""
    group = p2p.check_peer("irecv", "src", src, group, tensor)

    def receive():
        payload = p2p.recv_bytes("irecv", src, group, tag)
        tensor._data = p2p.received_array("irecv", tensor, payload)
    return p2p.ReceiveHandle(receive)


class P2POp:
    """`mint.distributed.P2POp(op, tensor, peer, group=None, tag=0)`: one send or receive of
    `batch_isend_irecv`; `op` is 'isend' / 'irecv' or the function itself."""

    def __init__(self, op, tensor, peer, group=None, tag=0):
        names = {isend: "isend", irecv: "irecv", "isend": "isend", "irecv": "irecv"}
        if not (isinstance(op, str) or callable(op)) or op not in names:
            raise TypeError("For P2POp, the op must be 'isend', 'irecv', "
                            f"mint.distributed.isend or mint.distributed.irecv, but got {op!r}.")
        if not isinstance(tensor, Tensor):
            raise TypeError(f"For P2POp, the tensor must be Tensor, but got {type(tensor)}.")
        _check_rank("P2POp", "peer", peer)
        if tag != 0:
            raise NotImplementedError(f"For P2POp, the tag must be 0, but got {tag}.")
        self.op, self.tensor, self.peer, self.group, self.tag = names[op], tensor, peer, group, tag


@x64.scoped
def batch_isend_irecv(p2p_op_list):
    """`mint.distributed.batch_isend_irecv(p2p_op_list)`: post every send, then receive every
    message; returns [one CommHandle], as MindSpore."""
    if not isinstance(p2p_op_list, list) or not p2p_op_list or not all(
            isinstance(op, P2POp) for op in p2p_op_list):
        raise TypeError("For batch_isend_irecv, 'p2p_op_list' must be a non-empty list of "
                        "P2POp.")
    if len({op.group for op in p2p_op_list}) > 1:
        raise TypeError("For batch_isend_irecv, every P2POp must use the same group.")
    handles = [isend(op.tensor, op.peer, op.group, op.tag)
               for op in p2p_op_list if op.op == "isend"]
    handles += [irecv(op.tensor, op.peer, op.group, op.tag)
                for op in p2p_op_list if op.op == "irecv"]
    for handle in handles:
        handle.wait()
    return [comm_ops.CommHandle()]


@x64.scoped
def send_object_list(object_list, dst, group=None, device=None):
    """`mint.distributed.send_object_list(object_list, dst, group=None, device=None)`: send the
    picklable objects of `object_list` to rank `dst`."""
    if not isinstance(object_list, list):
        raise TypeError(f"For send_object_list, object_list must be list, but got "
                        f"{type(object_list)}.")
    group = p2p.check_peer("send_object_list", "dst", dst, group)
    p2p.send_bytes("send_object_list", pickle.dumps(list(object_list)), dst, group, "objects")


@x64.scoped
def recv_object_list(object_list, src=0, group=None, device=None):
    """`mint.distributed.recv_object_list(object_list, src=0, group=None, device=None)`: fill
    `object_list` (of the sent list's length) with rank `src`'s objects; returns 0."""
    if not isinstance(object_list, list):
        raise TypeError(f"For recv_object_list, object_list must be list, but got "
                        f"{type(object_list)}.")
    group = p2p.check_peer("recv_object_list", "src", src, group)
    objects = pickle.loads(  # noqa: S301 - the job's own ranks
        p2p.recv_bytes("recv_object_list", src, group, "objects"))
    if len(objects) != len(object_list):
        raise ValueError(f"For recv_object_list, rank {src} sent {len(objects)} objects, but "
                         f"object_list has {len(object_list)} places.")
    object_list[:] = objects
    return 0
