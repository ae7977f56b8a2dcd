"""MindSpore's collectives: `ops.AllReduce`, `AllGather`, `ReduceScatter`, `Broadcast`,
`ReduceOp`, and the functional `ops.all_reduce`, `all_gather`, `all_gather_into_tensor`,
`reduce_scatter`, `reduce_scatter_tensor`, `broadcast`, `barrier` (in place, as in 2.10).

A collective acts over the ranks of its group. Inside `mindspore.pmap` the ranks are the devices
of the mapped axis (a `group` may also name the pmap's `axis_name`); inside a data-parallel step
they are the processes (`msjax._src.nn.distributed`). Each maps to `lax.psum`, `pmax`, `pmin`,
`all_gather` or `psum_scatter` over that axis; a group made by `create_group` gathers over the
axis and reduces its members' values. Outside any mapped axis, in a job of one process, a
collective is the identity, as MindSpore's are in a group of one rank; in a job of several
processes an eager collective runs as a small program over one device of each process.
"""
from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

from msjax._src.core import x64
from msjax._src.parallel import communication as comm
from msjax._src.ops.registry import functional, primitive, tensor_op
from msjax._src.core.tensor import Tensor
from msjax._src.core.state import tracing_depth
from msjax._src.parallel.mapped_axes import (find_mapped_axis, innermost_mapped_axis, local_row,
                                             varies)


class ReduceOp:
    """`mindspore.ops.ReduceOp`: the reductions of AllReduce and ReduceScatter."""

    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"
    AVG = "avg"


_REDUCTIONS = (ReduceOp.SUM, ReduceOp.MAX, ReduceOp.MIN, ReduceOp.PROD, ReduceOp.AVG)
_ACROSS_PROCESSES = "ranks"  # the axis of the eager programs over one device per process


class CommHandle:
    """The handle an `async_op=True` collective returns; msjax's collectives are done on return."""

    def wait(self):
        return None


def _handle(async_op):
    return CommHandle() if async_op else None


# -- where a collective runs -------------------------------------------------------------------
def _target(group, api):
    """(axis name, member indices or None) of `group` inside a mapped axis; None outside."""
    if isinstance(group, str):
        named = find_mapped_axis(group)
        if named is not None:
            return named.name, None
    members = comm.group_ranks(group, api)
    axis = innermost_mapped_axis()
    if axis is None:
        return None
    if members is not None and max(members) >= axis.size:
        raise ValueError(f"For '{api}', the group '{group}' has ranks {list(members)}, but the "
                         f"mapped axis '{axis.name}' has {axis.size}.")
    return axis.name, members


def _outside(api, x, in_axis_fn, members=None):
    """A collective outside any mapped axis: the identity in a job of one process (or a group of
    this process alone), else a program across the processes."""
    if jax.process_count() == 1 or (members is not None and len(members) == 1):
        return None
    if members is not None:
        raise NotImplementedError(
            f"For '{api}', a collective over a group made by create_group runs inside a mapped "
            "axis (a data-parallel step or pmap); eagerly, msjax supports the world group.")
    if tracing_depth() or isinstance(x, jax.core.Tracer):
        raise RuntimeError(
            f"For '{api}', the collective is called in a compiled function (GRAPH_MODE, or a "
            f"function given to mindspore.jit) of a job of {jax.process_count()} processes, "
            "outside a data-parallel training step, so it cannot reach the other ranks. Call "
            "set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL) after init() "
            "and before building the training cell: then a Cell holding "
            "nn.DistributedGradReducer (nn.TrainOneStepCell builds one, and so does a train cell "
            "of your own) runs each call as one step over the ranks. Other collectives run in "
            "PYNATIVE_MODE (mindspore.set_context(mode=mindspore.PYNATIVE_MODE)).")
    return _across_processes(in_axis_fn, x)


_process_mesh: list = []  # one device of each process, made on the first eager collective
_process_programs: dict = {}  # in_axis_fn -> its program over _process_mesh


def _across_processes(in_axis_fn, x):
    """`in_axis_fn(x, axis)` run by every process as one program over its first device."""
    if not _process_mesh:
        firsts = [min((d for d in jax.devices() if d.process_index == p), key=lambda d: d.id)
                  for p in range(jax.process_count())]
        _process_mesh.append(Mesh(np.array(firsts), (_ACROSS_PROCESSES,)))
    mesh = _process_mesh[0]
    program = _process_programs.get(in_axis_fn)
    if program is None:
        def body(local):
            return jnp.expand_dims(in_axis_fn(local[0], _ACROSS_PROCESSES), 0)
        program = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=P(_ACROSS_PROCESSES),
                                        out_specs=P(_ACROSS_PROCESSES)))
        _process_programs[in_axis_fn] = program
    stacked = jax.make_array_from_process_local_data(
        NamedSharding(mesh, P(_ACROSS_PROCESSES)), np.asarray(x)[None])
    return local_row(program(stacked))


# -- the reductions over an axis ---------------------------------------------------------------
def _gathered(x, axis, members):
    """The members' values stacked on a new leading axis."""
    return lax.all_gather(x, axis)[np.asarray(members)]


def _reduce_stack(stacked, op):
    if op == ReduceOp.SUM:
        return jnp.sum(stacked, 0, dtype=stacked.dtype)
    if op == ReduceOp.MAX:
        return jnp.max(stacked, 0)
    if op == ReduceOp.MIN:
        return jnp.min(stacked, 0)
    if op == ReduceOp.PROD:
        return jnp.prod(stacked, 0, dtype=stacked.dtype)
    return (jnp.sum(stacked, 0) / stacked.shape[0]).astype(stacked.dtype)


def all_reduce_in_axis(x, op, axis, members=None):
    """AllReduce of `x` over `axis` (the members of a group when given)."""
    if members is not None:
        return _reduce_stack(_gathered(x, axis, members), op)
    if op == ReduceOp.SUM:
        return lax.psum(x, axis)
    if op == ReduceOp.MAX:
        return lax.pmax(x, axis)
    if op == ReduceOp.MIN:
        return lax.pmin(x, axis)
    if op == ReduceOp.PROD:
        return jnp.prod(lax.all_gather(x, axis), 0, dtype=x.dtype)
    return (lax.psum(x, axis) / lax.axis_size(axis)).astype(x.dtype)


def _check_op(api, op):
    if op not in _REDUCTIONS:
        raise ValueError(f"For '{api}', 'op' must be one of {list(_REDUCTIONS)} (ReduceOp.SUM, "
                         f"ReduceOp.MAX, ...), but got '{op}'.")


def all_reduce_array(x, op=ReduceOp.SUM, group=comm.HCCL_WORLD_COMM_GROUP, api="AllReduce"):
    """AllReduce of a jax array over the ranks of `group`."""
    _check_op(api, op)
    target = _target(group, api)
    if target is None:
        members = comm.group_ranks(group, api)
        across = _outside(api, x, _all_reduce_fn(op), members)
        return x if across is None else across
    return all_reduce_in_axis(x, op, *target)


_ALL_REDUCE_FNS: dict = {}


def _all_reduce_fn(op):
    """One function per reduction, so its cross-process program is compiled once."""
    fn = _ALL_REDUCE_FNS.get(op)
    if fn is None:
        def fn(x, axis):
            return all_reduce_in_axis(x, op, axis)
        _ALL_REDUCE_FNS[op] = fn
    return fn


def reduce_gradient(x, group=comm.HCCL_WORLD_COMM_GROUP):
    """The sum over the ranks of a gradient (DistributedGradReducer's AllReduce).

    In a data-parallel step whose ranks are processes of L devices, each device computes the
    gradient of its share of its rank's batch: the rank's gradient is the mean of its devices'
    (`MappedAxis.devices_per_rank`), so the sum is divided by L.

    Inside a mapped axis, JAX's autodiff already sums the gradient of a replicated Parameter over
    the ranks (its cotangent must be replicated too): such a gradient is the sum, and summing
    again would count every rank as many times as there are ranks. A per-rank gradient (one that
    differs between the ranks) is summed here.
    """
    target = _target(group, "DistributedGradReducer")
    if target is not None and target[1] is None and not varies(x, target[0]):
        summed = x
    else:
        summed = all_reduce_array(x, ReduceOp.SUM, group, "DistributedGradReducer")
    per_rank = find_mapped_axis(target[0]).devices_per_rank if target is not None else 1
    if per_rank > 1:  # a rank's devices each computed the gradient of their share of its batch
        summed = summed / jnp.asarray(per_rank, summed.dtype)
    return summed


def _all_gather_fn(x, axis):
    return lax.all_gather(x, axis, axis=0, tiled=True)


def all_gather_array(x, group=comm.HCCL_WORLD_COMM_GROUP, api="AllGather"):
    """The ranks' values of `x` concatenated along the first axis."""
    if np.ndim(x) == 0:
        raise ValueError(f"For '{api}', the input must have at least one dimension (the ranks' "
                         "values are concatenated along the first), but got a scalar.")
    target = _target(group, api)
    if target is None:
        across = _outside(api, x, _all_gather_fn, comm.group_ranks(group, api))
        return x if across is None else across
    axis, members = target
    if members is None:
        return _all_gather_fn(x, axis)
    stacked = _gathered(x, axis, members)
    return stacked.reshape((-1,) + stacked.shape[2:])


def _rank_in_axis(axis, members):
    """This device's rank in the group (traced)."""
    index = lax.axis_index(axis)
    if members is None:
        return index
    lookup = np.zeros(max(members) + 1, np.int32)
    lookup[list(members)] = np.arange(len(members))
    return jnp.asarray(lookup)[index]


def reduce_scatter_array(x, op=ReduceOp.SUM, group=comm.HCCL_WORLD_COMM_GROUP,
                         api="ReduceScatter"):
    """The reduction of the ranks' `x`, split along the first axis: rank i keeps part i."""
    _check_op(api, op)
    target = _target(group, api)
    size = _group_size_here(group, api)
    if np.ndim(x) == 0 or x.shape[0] % size:
        raise ValueError(f"For '{api}', the first dimension of the input must be divisible by the "
                         f"group's rank size {size}, but got shape {tuple(np.shape(x))}.")
    if target is None:
        across = _outside(api, x, _reduce_scatter_fn(op, size), comm.group_ranks(group, api))
        return x if across is None else across
    axis, members = target
    if members is None and op == ReduceOp.SUM:
        return lax.psum_scatter(x, axis, scatter_dimension=0, tiled=True)
    return _scatter_part(all_reduce_in_axis(x, op, axis, members), axis, members, size)


def _group_size_here(group, api) -> int:
    target = _target(group, api)
    if target is None:
        return comm.get_group_size(group)
    axis, members = target
    return innermost_or_named_size(axis) if members is None else len(members)


def innermost_or_named_size(name) -> int:
    return find_mapped_axis(name).size


def _scatter_part(reduced, axis, members, size):
    chunk = reduced.shape[0] // size
    return lax.dynamic_slice_in_dim(reduced, _rank_in_axis(axis, members) * chunk, chunk, 0)


_REDUCE_SCATTER_FNS: dict = {}


def _reduce_scatter_fn(op, size):
    fn = _REDUCE_SCATTER_FNS.get((op, size))
    if fn is None:
        def fn(x, axis):
            if op == ReduceOp.SUM:
                return lax.psum_scatter(x, axis, scatter_dimension=0, tiled=True)
            return _scatter_part(all_reduce_in_axis(x, op, axis), axis, None, size)
        _REDUCE_SCATTER_FNS[(op, size)] = fn
    return fn


def broadcast_array(x, root_rank, group=comm.HCCL_WORLD_COMM_GROUP, api="Broadcast"):
    """The value of `x` on rank `root_rank` (a world rank), on every rank."""
    target = _target(group, api)
    members = comm.group_ranks(group, api)
    if members is not None and root_rank not in members:
        raise ValueError(f"For '{api}', the root rank {root_rank} is not in the group '{group}' "
                         f"of ranks {list(members)}.")
    if target is None:
        size = jax.process_count()
        if not 0 <= root_rank < size:
            raise ValueError(f"For '{api}', the root rank {root_rank} is not a rank of the job "
                             f"of {size} process(es).")
        across = _outside(api, x, _broadcast_fn(root_rank), members)
        return x if across is None else across
    axis = target[0]
    if not 0 <= root_rank < innermost_or_named_size(axis):
        raise ValueError(f"For '{api}', the root rank {root_rank} is not a rank of the mapped "
                         f"axis '{axis}' of {innermost_or_named_size(axis)}.")
    return _broadcast_fn(root_rank)(x, axis)


_BROADCAST_FNS: dict = {}


def _broadcast_fn(root_rank):
    fn = _BROADCAST_FNS.get(root_rank)
    if fn is None:
        def fn(x, axis):
            if x.dtype == jnp.bool_:
                return lax.all_gather(x, axis)[root_rank]
            mine = jnp.where(lax.axis_index(axis) == root_rank, x, jnp.zeros_like(x))
            return lax.psum(mine, axis)
        _BROADCAST_FNS[root_rank] = fn
    return fn


# -- the Primitives ----------------------------------------------------------------------------
def _checked(prim, **extra):
    """Check a collective Primitive's attributes as MindSpore's constructor does (AllReduce with
    its own messages, the others with its validator's); the attributes its repr shows."""
    def type_error(name, value, expected):
        if prim == "AllReduce":
            return TypeError(f"For '{prim}', the '{name}' must be {expected}, but got "
                             f"{type(value).__name__}.")
        return TypeError(f"For '{prim}', the type of '{name}' should be '{expected}', but got "
                         f"type '{type(value).__name__}'.")

    def display(attrs):
        if "root_rank" in attrs and (not isinstance(attrs["root_rank"], int)
                                     or isinstance(attrs["root_rank"], bool)):
            raise type_error("root_rank", attrs["root_rank"], "int")
        for name in ("op", "group"):
            if name in attrs and not isinstance(attrs[name], str):
                raise type_error(name, attrs[name], "str")
        shown = dict(attrs)
        if "rank_size" in extra:
            shown["rank_size"] = _group_size_or_one(attrs["group"])
        shown.update({k: v for k, v in extra.items() if k != "rank_size"})
        return shown
    return display


def _group_size_or_one(group):
    try:
        return comm.get_group_size(group)
    except ValueError:
        return 1


def _all_reduce_prim(x, op=ReduceOp.SUM, group=comm.HCCL_WORLD_COMM_GROUP):
    return all_reduce_array(x, op, group)


def _all_gather_prim(x, group=comm.HCCL_WORLD_COMM_GROUP):
    return all_gather_array(x, group)


def _reduce_scatter_prim(x, op=ReduceOp.SUM, group=comm.HCCL_WORLD_COMM_GROUP):
    return reduce_scatter_array(x, op, group)


def _broadcast_prim(inputs, root_rank, group=comm.HCCL_WORLD_COMM_GROUP):
    if not isinstance(inputs, (tuple, list)):
        raise TypeError("For 'Broadcast', the input must be a tuple of Tensors, e.g. "
                        f"broadcast((x,)), but got {type(inputs).__name__}.")
    return tuple(broadcast_array(x, root_rank, group) for x in inputs)


AllReduce = primitive("AllReduce", functional(_all_reduce_prim),
                      display=_checked("AllReduce", fusion=0, index=0, no_eliminate=True),
                      op=ReduceOp.SUM, group=comm.HCCL_WORLD_COMM_GROUP)
AllGather = primitive("AllGather", functional(_all_gather_prim),
                      display=_checked("AllGather", rank_size=1, fusion=0, mean_flag=False,
                                       no_eliminate=True),
                      group=comm.HCCL_WORLD_COMM_GROUP)
ReduceScatter = primitive("ReduceScatter", functional(_reduce_scatter_prim),
                          display=_checked("ReduceScatter", rank_size=1, fusion=0,
                                           no_eliminate=True),
                          op=ReduceOp.SUM, group=comm.HCCL_WORLD_COMM_GROUP)
Broadcast = primitive("Broadcast", functional(_broadcast_prim),
                      display=_checked("Broadcast", no_eliminate=True),
                      root_rank=inspect.Parameter.empty, group=comm.HCCL_WORLD_COMM_GROUP)


# -- the functional forms (in place, MindSpore 2.10's default) ---------------------------------
def _check_common(api, group, async_op):
    group = comm.GlobalComm.WORLD_COMM_GROUP if group is None else group
    if not isinstance(group, str):
        raise TypeError("The argument 'group' must be type of string, but got 'group' type : "
                        f"{type(group)}.")
    if not isinstance(async_op, bool):
        raise TypeError(f"The argument 'async_op' must be a bool, but got {type(async_op)}.")
    return group


def _check_tensor(api, x, what="input tensor"):
    if not isinstance(x, Tensor):
        raise TypeError(f"For {api}, the {what} must be tensor")


def _check_tensor_list(api, tensors, size):
    if not isinstance(tensors, (list, tuple)) or not all(isinstance(t, Tensor) for t in tensors):
        raise TypeError(f"For {api}, expected a list of Tensors, but got {type(tensors)}.")
    if len(tensors) != size:
        raise TypeError(f"For {api}, the list must hold one Tensor per rank of the group "
                        f"({size}), but got {len(tensors)}.")


def _reduction_op(api, op):
    if not isinstance(op, str):
        raise TypeError(f"For {api}, the input op type must be str")
    if op not in _REDUCTIONS:
        raise TypeError(f"For {api}, the input op value must be one of sum, prod, min, max, avg")
    return op


@x64.scoped
@tensor_op()
def all_reduce(tensor, op=ReduceOp.SUM, group=None, async_op=False):
    """`ops.all_reduce(tensor, op='sum', group=None, async_op=False)`: reduce `tensor` over the
    ranks, in place; returns the handle (None unless `async_op`)."""
    _check_tensor("all_reduce", tensor)
    _reduction_op("all_reduce", op)
    group = _check_common("all_reduce", group, async_op)
    tensor._data = all_reduce_array(tensor._data, op, group, "all_reduce")
    return _handle(async_op)


@x64.scoped
@tensor_op()
def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    """`ops.all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False)`:
    the ranks' `input_tensor` concatenated along the first axis, into `output_tensor`."""
    _check_tensor("all_gather_into_tensor", input_tensor)
    _check_tensor("all_gather_into_tensor", output_tensor, "output tensor")
    group = _check_common("all_gather_into_tensor", group, async_op)
    gathered = all_gather_array(input_tensor._data, group, "all_gather_into_tensor")
    if tuple(gathered.shape) != tuple(output_tensor.shape):
        raise TypeError(f"For all_gather_into_tensor, the output shape should be "
                        f"{tuple(gathered.shape)}, but got {tuple(output_tensor.shape)}.")
    output_tensor._data = gathered.astype(output_tensor._data.dtype)
    return _handle(async_op)


@x64.scoped
@tensor_op()
def all_gather(tensor_list, tensor, group=None, async_op=False):
    """`ops.all_gather(tensor_list, tensor, group=None, async_op=False)`: every rank's `tensor`,
    written into `tensor_list` (one Tensor per rank)."""
    _check_tensor("all_gather", tensor)
    group = _check_common("all_gather", group, async_op)
    size = _group_size_here(group, "all_gather")
    _check_tensor_list("all_gather", tensor_list, size)
    data = tensor._data
    gathered = all_gather_array(data[None], group, "all_gather")
    for index, out in enumerate(tensor_list):
        out._data = gathered[index].astype(out._data.dtype)
    return _handle(async_op)


@x64.scoped
@tensor_op()
def reduce_scatter_tensor(output, input, op=ReduceOp.SUM, group=None, async_op=False):
    """`ops.reduce_scatter_tensor(output, input, op='sum', group=None, async_op=False)`: the
    reduction of the ranks' `input`, split along the first axis; this rank's part into
    `output`."""
    _check_tensor("reduce_scatter_tensor", input)
    _check_tensor("reduce_scatter_tensor", output, "output tensor")
    _reduction_op("reduce_scatter_tensor", op)
    group = _check_common("reduce_scatter_tensor", group, async_op)
    part = reduce_scatter_array(input._data, op, group, "reduce_scatter_tensor")
    output._data = part.astype(output._data.dtype)
    return _handle(async_op)


@x64.scoped
@tensor_op()
def reduce_scatter(output, input_list, op=ReduceOp.SUM, group=None, async_op=False):
    """`ops.reduce_scatter(output, input_list, op='sum', group=None, async_op=False)`: rank i
    receives the reduction over the ranks of their `input_list[i]`, into `output`."""
    _check_tensor("reduce_scatter", output, "output tensor")
    _reduction_op("reduce_scatter", op)
    group = _check_common("reduce_scatter", group, async_op)
    size = _group_size_here(group, "reduce_scatter")
    _check_tensor_list("reduce_scatter", input_list, size)
    stacked = jnp.concatenate([t._data[None] for t in input_list])
    part = reduce_scatter_array(stacked, op, group, "reduce_scatter")
    output._data = part.reshape(output._data.shape).astype(output._data.dtype)
    return _handle(async_op)


@x64.scoped
@tensor_op()
def broadcast(tensor, src, group=None, async_op=False):
    """`ops.broadcast(tensor, src, group=None, async_op=False)`: rank `src`'s `tensor`, written
    into `tensor` on every rank."""
    _check_tensor("broadcast", tensor)
    if not isinstance(src, int) or isinstance(src, bool):
        raise TypeError("For broadcast, the src must be int")
    group = _check_common("broadcast", group, async_op)
    tensor._data = broadcast_array(tensor._data, src, group, "broadcast")
    return _handle(async_op)


@x64.scoped
@tensor_op()
def barrier(group=None, async_op=False, device_ids=None):
    """`ops.barrier(group=None, async_op=False, device_ids=None)`: wait for every process of the
    job (nothing to wait for inside a mapped axis or in a job of one process)."""
    _check_common("barrier", group, async_op)
    if jax.process_count() > 1 and innermost_mapped_axis() is None and not tracing_depth():
        from jax.experimental import multihost_utils
        multihost_utils.sync_global_devices("mindspore.ops.barrier")
    return _handle(async_op)
