"""`mindspore.communication.comm_func`: MindSpore 2.10's functional collectives that return their
result (deprecated there since 2.9 in favour of `mindspore.ops.communication`, whose forms write
in place; see comm_ops.py).

Each is the array collective of comm_ops.py (eager over the processes, or over the ranks of the
data-parallel step or `mindspore.pmap` being traced) around MindSpore's checks. `all_reduce`,
`all_gather_into_tensor` and `reduce_scatter_tensor` return `(Tensor, handle)`, the handle None
unless `async_op=True` (msjax's collectives are done when they return). `reduce` and
`gather_into_tensor` give the result on `dst`; eagerly the other ranks get MindSpore's
placeholder, a Tensor `[0.]`; inside a mapped axis, where every device's result has one shape,
they get zeros of the result's shape. `send`, `recv`, `isend`, `irecv` run eagerly between
processes (ops/point_to_point.py: XLA has no one-sided transfer inside a program);
`all_to_all_single_with_output_shape` and `all_to_all_with_output_shape` are `lax.all_to_all`
(ops/all_to_all.py), and their uneven forms messages between processes. `P2POp` and
`batch_isend_irecv` post every send, then take every receive, eagerly between processes, and
return a tuple with a Tensor per operation (the received one, or a scalar 0 for a send), as
MindSpore's do (`mint.distributed`'s, which fill their tensors in place, are its own).
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np
from jax import lax

from msjax._src.core import x64
from msjax._src.core.dtype import Type
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.ops import all_to_all, comm_ops
from msjax._src.ops import point_to_point as p2p
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


# -- point-to-point (eagerly, between processes: ops/point_to_point.py) ----------------------------
def _check_peer(api, name, tensor, peer, group):
    _check_tensor(api, tensor)
    _check_rank(api, name, peer)
    group = _group(group)
    comm.group_ranks(group, api)
    p2p.refuse_in_programs(api, tensor)
    if peer == comm.get_rank():
        raise ValueError(f"For {api}, the {name} rank {peer} is this process's own rank: send to "
                         "and receive from another process.")
    return group


@x64.scoped
def send(tensor, dst=0, group=comm.GlobalComm.WORLD_COMM_GROUP, tag=0):
    """`comm_func.send(tensor, dst=0, group, tag=0)`: send `tensor` to world rank `dst`
    (returns once the message is posted)."""
    group = _check_peer("send", "dst", tensor, dst, group)
    p2p.send_bytes("send", p2p.tensor_payload(tensor), dst, group, tag)


@x64.scoped
def recv(tensor, src=0, group=comm.GlobalComm.WORLD_COMM_GROUP, tag=0):
    """`comm_func.recv(tensor, src=0, group, tag=0)`: the next Tensor world rank `src` sends;
    `tensor` gives its shape and dtype."""
    group = _check_peer("recv", "src", tensor, src, group)
    return _wrap(p2p.received_array("recv", tensor, p2p.recv_bytes("recv", src, group, tag)))


@x64.scoped
def isend(tensor, dst=0, group=comm.GlobalComm.WORLD_COMM_GROUP, tag=0):
    """`comm_func.isend(tensor, dst=0, group, tag=0)`: `send`, returning its handle."""
    send(tensor, dst, group, tag)
    return comm_ops.CommHandle()


@x64.scoped
def irecv(tensor, src=0, group=comm.GlobalComm.WORLD_COMM_GROUP, tag=0):
    """`comm_func.irecv(tensor, src=0, group, tag=0)`: `(Tensor, handle)`; the Tensor (shape and
    dtype of `tensor`) holds the message once `handle.wait()` returns."""
    group = _check_peer("irecv", "src", tensor, src, group)
    out = _wrap(tensor._data)

    def receive():
        out._data = p2p.received_array("irecv", tensor, p2p.recv_bytes("irecv", src, group, tag))
    return out, p2p.ReceiveHandle(receive)


class P2POp:
    """`comm_func.P2POp(op, tensor, peer, group=None, tag=0, *, recv_dtype=None)`: one send or
    receive of `batch_isend_irecv`. `op` is "isend"/"irecv" or `comm_func.isend`/`irecv`;
    `tensor` is the Tensor to send, or for a receive a Tensor of the shape and dtype to receive,
    or that shape as a tuple (with `recv_dtype`); `peer` is a world rank."""

    def __new__(cls, op, tensor, peer, group=None, tag=0, recv_dtype=None):
        if not (isinstance(op, str) or callable(op)):
            raise TypeError(f"op must be type of string or function, but got type of {type(op)}")
        name = op if isinstance(op, str) else getattr(op, "__name__", "")
        if name not in ("isend", "irecv"):
            raise ValueError(f"Expected ``op`` to be of type ``isend`` or `irecv``, but got {name}")
        if not isinstance(tensor, (Tensor, tuple)):
            raise TypeError("Expected ``tensor`` to be type of tuple or Tensor, but got "
                            f"{type(tensor)}.")
        if tag != 0:
            raise NotImplementedError("``tag`` not support yet.")
        return object.__new__(cls)

    def __init__(self, op, tensor, peer, group=None, tag=0, *, recv_dtype=None):
        self.op = op
        self.tensor = tensor
        if not isinstance(peer, int):
            raise TypeError(f"peer must be type of int, but got type of {type(peer)}")
        if recv_dtype and not isinstance(recv_dtype, Type):
            raise TypeError("recv_dtype must be type of mindspore dtype, but got type of "
                            f"{type(recv_dtype)}")
        self.peer, self.group, self.tag, self.recv_dtype = peer, group, tag, recv_dtype


def _p2p_plan(p2p_op_list) -> list:
    """(kind, op, template Tensor of a receive) per P2POp, with MindSpore's checks."""
    if not isinstance(p2p_op_list, list):
        raise TypeError(f"p2p_op_list must be type of list, but got type of {p2p_op_list}.")
    if not p2p_op_list:
        raise TypeError("p2p_op_list can not be empty list.")
    p2p_op_list[0].group  # noqa: B018 - MindSpore reads it first (AttributeError if not a P2POp)
    plan = []
    for i, op in enumerate(p2p_op_list):
        if not isinstance(op, P2POp):
            raise TypeError("must be type of P2POp")
        kind = op.op if isinstance(op.op, str) else op.op.__name__
        template = None
        if kind == "irecv" and isinstance(op.tensor, tuple):
            if op.recv_dtype is None:
                raise ValueError(f"'recv_dtype' of {i}th P2POp in p2p_op_list is None but "
                                 "op_types is'irecv' and P2POp.tensor is a tuple type.")
            template = Tensor(np.zeros(op.tensor, np.float32), op.recv_dtype)
        elif kind == "irecv":
            template = op.tensor
        elif not isinstance(op.tensor, Tensor):
            raise TypeError("p2p_op.tensor must be tensor or shape")
        plan.append((kind, op, template))
    return plan


@x64.scoped
def batch_isend_irecv(p2p_op_list):
    """`comm_func.batch_isend_irecv(p2p_op_list)`: every send of the list posted, then every
    receive taken, eagerly between processes (every P2POp in the group of the first). Returns a
    tuple, per P2POp: the received Tensor, or for a send a scalar 0 of its dtype."""
    plan = _p2p_plan(p2p_op_list)
    group = _group(p2p_op_list[0].group or comm.GlobalComm.WORLD_COMM_GROUP)
    comm.group_ranks(group, "batch_isend_irecv")
    for kind, op, template in plan:
        p2p.refuse_in_programs("batch_isend_irecv", op.tensor if template is None else template)
        if op.peer == comm.get_rank():
            raise ValueError(f"For batch_isend_irecv, the peer rank {op.peer} is this process's "
                             "own rank: send to and receive from another process.")
    for kind, op, _ in plan:
        if kind == "isend":
            p2p.send_bytes("batch_isend_irecv", p2p.tensor_payload(op.tensor), op.peer, group,
                           op.tag)
    outputs = []
    for kind, op, template in plan:
        if kind == "isend":
            outputs.append(_wrap(jnp.zeros((), op.tensor._data.dtype)))
        else:
            payload = p2p.recv_bytes("batch_isend_irecv", op.peer, group, op.tag)
            outputs.append(_wrap(p2p.received_array("batch_isend_irecv", template, payload)))
    return tuple(outputs)


# -- all-to-all (ops/all_to_all.py) ---------------------------------------------------------------
def _check_shape(api, shape):
    if isinstance(shape, Tensor):
        return tuple(shape.shape)
    if not isinstance(shape, (tuple, list)) or not all(
            isinstance(d, int) and not isinstance(d, bool) for d in shape):
        raise TypeError(f"For {api}, the output shape must be a tuple of int or a Tensor, but got "
                        f"{shape!r}.")
    return tuple(shape)


def _split_sizes(api, name, sizes, length, size):
    if sizes is None or len(sizes) == 0:
        if length % size:
            raise ValueError(f"{name.split('_')[0]} shape at dim 0 must be divided by world_size, "
                             f"but got {length} and {size}.")
        return [length // size] * size
    sizes = list(sizes)
    if len(sizes) != size or sum(sizes) != length:
        raise ValueError(f"For {api}, '{name}' {sizes} must hold one size per rank ({size}) "
                         f"adding up to dim 0 ({length}).")
    return sizes


@x64.scoped
def all_to_all_single_with_output_shape(output_shape, tensor, output_split_sizes=None,
                                        input_split_sizes=None, group=None, async_op=False):
    """`comm_func.all_to_all_single_with_output_shape(output_shape, tensor,
    output_split_sizes=None, input_split_sizes=None, group=None, async_op=False)`: `tensor`
    split along dim 0 (by `input_split_sizes`, else evenly), part j to rank j; the parts
    received, concatenated in rank order, as a Tensor of `output_shape`; and the handle.

    Eagerly between processes, split sizes given (each rank's own) travel as messages, and
    without them the exchange is the collective; inside pmap every device has one set of split
    sizes, so there they must be even."""
    api = "all_to_all_single_with_output_shape"
    _check_tensor(api, tensor)
    shape = _check_shape(api, output_shape)
    group = comm.GlobalComm.WORLD_COMM_GROUP if group is None else _group(group)
    size = comm_ops._group_size_here(group, api)
    data = tensor._data
    ins = _split_sizes(api, "input_split_sizes", input_split_sizes, data.shape[0], size)
    outs = _split_sizes(api, "output_split_sizes", output_split_sizes, shape[0], size)
    mapped = comm_ops._target(group, api) is not None
    given = bool(input_split_sizes) or bool(output_split_sizes)
    if mapped and (len(set(ins)) > 1 or len(set(outs)) > 1):
        raise ValueError(f"For {api}, inside a mapped axis (pmap, a data-parallel step) every "
                         "rank sends and receives parts of one size: the split sizes must be "
                         f"even, but got input {ins} and output {outs}.")
    if mapped or size == 1 or not given:  # parts of one size on every rank: the collective
        out = all_to_all.all_to_all_array(data, size, 0, 0, group, api)
    else:  # split sizes of this rank's own, which others may not share: messages
        bounds = np.cumsum([0] + ins)
        host = np.asarray(data)
        received = all_to_all.exchange_eagerly(
            api, [host[bounds[i]:bounds[i + 1]] for i in range(size)], group)
        out = jnp.asarray(np.concatenate(received), data.dtype)
    if int(np.prod(out.shape)) != int(np.prod(shape)):
        raise ValueError(f"For {api}, the ranks sent {tuple(out.shape)} elements in all, which "
                         f"do not fill the output shape {shape}.")
    return _result(out.reshape(shape), async_op)


@x64.scoped
def all_to_all_with_output_shape(output_shape_list, input_tensor_list, group=None,
                                 async_op=False):
    """`comm_func.all_to_all_with_output_shape(output_shape_list, input_tensor_list, group=None,
    async_op=False)`: rank i's `input_tensor_list[j]` goes to rank j, whose output i has the
    shape `output_shape_list[i]`; returns (tuple of Tensors, handle)."""
    api = "all_to_all_with_output_shape"
    if not isinstance(input_tensor_list, (list, tuple)) or not all(
            isinstance(t, Tensor) for t in input_tensor_list):
        raise TypeError(f"For {api}, the input_tensor_list must be a list of Tensors, but got "
                        f"{type(input_tensor_list)}.")
    if not isinstance(output_shape_list, (list, tuple)):
        raise TypeError(f"For {api}, the output_shape_list must be a list of shapes or Tensors, "
                        f"but got {type(output_shape_list)}.")
    shapes = [_check_shape(api, s) for s in output_shape_list]
    if len({t.dtype for t in input_tensor_list}) > 1:
        raise TypeError(f"For {api}, the input tensors must have one dtype, but got "
                        f"{sorted({str(t.dtype) for t in input_tensor_list})}.")
    group = comm.GlobalComm.WORLD_COMM_GROUP if group is None else _group(group)
    size = comm_ops._group_size_here(group, api)
    if len(input_tensor_list) != size or len(shapes) != size:
        raise ValueError(f"For {api}, the lists must hold one entry per rank of the group "
                         f"({size}), but got {len(input_tensor_list)} inputs and {len(shapes)} "
                         "output shapes.")
    arrays = [t._data for t in input_tensor_list]
    mapped = comm_ops._target(group, api) is not None
    if mapped and len({tuple(a.shape) for a in arrays}) > 1:
        raise ValueError(f"For {api}, inside a mapped axis (pmap, a data-parallel step) every "
                         "rank exchanges tensors of one shape.")
    if mapped or size == 1:
        stacked = jnp.stack(arrays)  # (destination, ...)
        received = all_to_all.all_to_all_array(stacked, size, 0, 0, group, api)
        parts = [received[i] for i in range(size)]
    else:  # other ranks' tensors may have other shapes: messages
        parts = [jnp.asarray(p) for p in all_to_all.exchange_eagerly(
            api, [np.asarray(a) for a in arrays], group)]
    out = []
    for part, shape in zip(parts, shapes):
        if int(np.prod(part.shape)) != int(np.prod(shape)):
            raise ValueError(f"For {api}, a received tensor of shape {tuple(part.shape)} does "
                             f"not fit the output shape {shape}.")
        out.append(_wrap(part.reshape(shape)))
    return tuple(out), (comm_ops.CommHandle() if async_op else None)
