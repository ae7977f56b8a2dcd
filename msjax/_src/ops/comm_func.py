"""`mindspore.communication.comm_func`: MindSpore 2.10's functional collectives that return their
result (deprecated there since 2.9 in favour of `mindspore.ops.communication`, whose forms write
in place; see comm_ops.py).

Each is the array collective of comm_ops.py (eager over the processes, or over the ranks of the
data-parallel step or `mindspore.pmap` being traced) around MindSpore's checks. `all_reduce`,
`all_gather_into_tensor` and `reduce_scatter_tensor` return `(Tensor, handle)`, the handle None
unless `async_op=True` (msjax's collectives are done when they return). `reduce` and
`gather_into_tensor` give the result on `dst`; eagerly the other ranks get MindSpore's
placeholder, a Tensor `[0.]`; inside a mapped axis, where every device's result has one shape,
they get zeros of the result's shape. Point-to-point transfers (`send`, `recv`, `P2POp`, ...) and
`all_to_all_*` are not here: `mint.distributed` has MindSpore's point-to-point API.
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np
from jax import lax

from msjax._src.core import x64
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.ops import comm_ops
from msjax._src.ops.comm_ops import ReduceOp
from msjax._src.parallel import communication as comm

_OPS = ("sum", "prod", "min", "max")


def _check_tensor(api, tensor):
    if not isinstance(tensor, Tensor):
        raise TypeError(f"For {api}, the input tensor must be tensor")


def _check_op(api, op):
    if not isinstance(op, str):
        raise TypeError(f"For {api}, the input op type must be str")
    if op not in _OPS:
        raise TypeError(f"For {api}, the input op value must be one of sum, prod, min, max")


def _check_rank(api, name, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For {api}, the {name} must be int")


def _group(group):
    if not isinstance(group, str):
        raise TypeError("The argument 'group' must be type of string, but got 'group' type : "
                        f"{type(group)}.")
    return group


def _result(data, async_op):
    return _wrap(data), comm_ops.CommHandle() if async_op else None


def _on_rank(api, data, rank, group, zeros_shape):
    """`data` on group rank `rank`, MindSpore's placeholder elsewhere."""
    target = comm_ops._target(group, api)
    if target is None:
        here = comm.get_rank(group)
        return data if here == rank else jnp.zeros(zeros_shape, data.dtype)
    mine = comm_ops._rank_in_axis(*target) == rank
    return jnp.where(mine, data, jnp.zeros_like(data))


@x64.scoped
def all_reduce(tensor, op=ReduceOp.SUM, group=comm.GlobalComm.WORLD_COMM_GROUP, async_op=False):
    """`comm_func.all_reduce(tensor, op='sum', group=WORLD_COMM_GROUP, async_op=False)`: the
    reduction of the ranks' `tensor`, and the handle."""
    _check_tensor("all_reduce", tensor)
    _check_op("all_reduce", op)
    data = comm_ops.all_reduce_array(tensor._data, op, _group(group), "all_reduce")
    return _result(data, async_op)


@x64.scoped
def all_gather_into_tensor(tensor, group=comm.GlobalComm.WORLD_COMM_GROUP, async_op=False):
    """`comm_func.all_gather_into_tensor(tensor, group, async_op=False)`: the ranks' `tensor`
    concatenated along the first axis, and the handle."""
    _check_tensor("all_gather_into_tensor", tensor)
    data = comm_ops.all_gather_array(tensor._data, _group(group), "all_gather_into_tensor")
    return _result(data, async_op)


@x64.scoped
def reduce_scatter_tensor(tensor, op=ReduceOp.SUM, group=comm.GlobalComm.WORLD_COMM_GROUP,
                          async_op=False):
    """`comm_func.reduce_scatter_tensor(tensor, op='sum', group, async_op=False)`: this rank's
    part (along the first axis) of the reduction of the ranks' `tensor`, and the handle."""
    _check_tensor("reduce_scatter_tensor", tensor)
    _check_op("reduce_scatter_tensor", op)
    data = comm_ops.reduce_scatter_array(tensor._data, op, _group(group),
                                         "reduce_scatter_tensor")
    return _result(data, async_op)


@x64.scoped
def reduce(tensor, dst, op=ReduceOp.SUM, group=comm.GlobalComm.WORLD_COMM_GROUP):
    """`comm_func.reduce(tensor, dst, op='sum', group)`: on world rank `dst` the reduction of the
    ranks' `tensor`; elsewhere `[0.]` (see the module doc)."""
    _check_tensor("reduce", tensor)
    _check_rank("reduce", "dst", dst)
    _check_op("reduce", op)
    group = _group(group)
    rank = comm.get_group_rank_from_world_rank(dst, group) if comm.group_ranks(group) else dst
    reduced = comm_ops.all_reduce_array(tensor._data, op, group, "reduce")
    return _wrap(_on_rank("reduce", reduced, rank, group, (1,)))


@x64.scoped
def broadcast(tensor, src=0, group=comm.GlobalComm.WORLD_COMM_GROUP):
    """`comm_func.broadcast(tensor, src=0, group)`: world rank `src`'s `tensor`, on every rank."""
    _check_rank("broadcast", "src", src)
    _check_tensor("broadcast", tensor)
    return _wrap(comm_ops.broadcast_array(tensor._data, src, _group(group), "broadcast"))


@x64.scoped
def gather_into_tensor(tensor, dst=0, group=comm.GlobalComm.WORLD_COMM_GROUP):
    """`comm_func.gather_into_tensor(tensor, dst=0, group)`: on world rank `dst` the ranks'
    `tensor` concatenated along the first axis; elsewhere `[0.]` (see the module doc)."""
    _check_tensor("gather_into_tensor", tensor)
    _check_rank("gather_into_tensor", "dst", dst)
    group = _group(group)
    rank = comm.get_group_rank_from_world_rank(dst, group) if comm.group_ranks(group) else dst
    gathered = comm_ops.all_gather_array(tensor._data, group, "gather_into_tensor")
    return _wrap(_on_rank("gather_into_tensor", gathered, rank, group, (1,)))


@x64.scoped
def scatter_tensor(tensor, src=0, group=comm.GlobalComm.WORLD_COMM_GROUP):
    """`comm_func.scatter_tensor(tensor, src=0, group)`: rank i's part i (along the first axis)
    of world rank `src`'s `tensor`."""
    _check_tensor("scatter_tensor", tensor)
    _check_rank("scatter_tensor", "src", src)
    group = _group(group)
    data = comm_ops.broadcast_array(tensor._data, src, group, "scatter_tensor")
    size = comm_ops._group_size_here(group, "scatter_tensor")
    if np.ndim(data) == 0 or data.shape[0] % size:
        raise ValueError(f"For scatter_tensor, the first dimension of the input must be "
                         f"divisible by the group's rank size {size}, but got shape "
                         f"{tuple(np.shape(data))}.")
    chunk = data.shape[0] // size
    target = comm_ops._target(group, "scatter_tensor")
    if target is None:
        start = comm.get_rank(group) * chunk
        return _wrap(data[start:start + chunk])
    start = comm_ops._rank_in_axis(*target) * chunk
    return _wrap(lax.dynamic_slice_in_dim(data, start, chunk, 0))


@x64.scoped
def barrier(group=comm.GlobalComm.WORLD_COMM_GROUP):
    """`comm_func.barrier(group)`: wait for every process of the job."""
    comm_ops.barrier(_group(group))
