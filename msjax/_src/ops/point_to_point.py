"""Point-to-point transfers between the processes of a job, eagerly: the transport of
`mint.distributed.send`/`recv`/... and `communication.comm_func.send`/`recv`/...

JAX has no send/recv between processes outside a compiled collective, so a message goes through
the key-value store of the coordination service `jax.distributed` runs (the coordinator's host
memory): fine for the small tensors and objects point-to-point code exchanges, slow for large
ones. Messages between a pair of ranks are numbered on both sides, so they arrive in order.

Inside a compiled or mapped program a transfer cannot be one-sided: XLA's collectives are SPMD
(every device runs the same program and takes part in each collective; `lax.ppermute` moves
data between all of them at once), so a `send` one rank makes without the matching `recv` in the
same program has no XLA form, and msjax refuses it there (`refuse_in_programs`).
"""
from __future__ import annotations

import collections
import pickle

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.backend.interface import distributed_client
from msjax._src.core.state import tracing_depth
from msjax._src.core.tensor import Tensor
from msjax._src.ops.comm_ops import CommHandle
from msjax._src.parallel import communication
from msjax._src.parallel.mapped_axes import innermost_mapped_axis

P2P_TIMEOUT_SECONDS = 300  # a receive waits this long for its message, then raises
_sent = collections.Counter()
_received = collections.Counter()


def check_rank(api, name, value):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For {api}, the {name} must be int, but got {type(value)}.")


def refuse_in_programs(api, tensor=None):
    """A point-to-point transfer inside a compiled function or a mapped axis: NotImplementedError
    saying why (the module doc) and what runs there instead."""
    traced = tensor is not None and isinstance(tensor._data, jax.core.Tracer)
    if traced or tracing_depth() or innermost_mapped_axis() is not None:
        raise NotImplementedError(
            f"For {api}, a point-to-point transfer runs eagerly (PyNative), between processes. "
            "Inside a compiled function, mindspore.pmap or a data-parallel step it would be a "
            "transfer one rank makes alone, which XLA cannot express: its collectives are SPMD, "
            "every device taking part in each (a send and its receive are one lax.ppermute). "
            "Exchange data there with a collective every rank calls: ops.AlltoAll, "
            "comm_func.all_to_all_single_with_output_shape, all_gather_into_tensor, broadcast.")


def check_peer(api, name, peer, group, tensor=None):
    if tensor is not None and not isinstance(tensor, Tensor):
        raise TypeError(f"For {api}, the tensor must be Tensor, but got {type(tensor)}.")
    check_rank(api, name, peer)
    if group is not None and not isinstance(group, str):
        raise TypeError(f"For {api}, the group must be str, but got {type(group)}.")
    refuse_in_programs(api, tensor)
    if peer == communication.get_rank():
        raise ValueError(f"For {api}, the {name} rank {peer} is this process's own rank: "
                         "send to and receive from another process.")
    return group or communication.GlobalComm.WORLD_COMM_GROUP


def _client(api):
    client = distributed_client()
    if client is None:
        raise RuntimeError(f"For {api}, point-to-point transfers run between the processes of a "
                           "job: call init() (or init_process_group()) in a job of several "
                           "processes first.")
    return client


def _key(group, src, dst, tag, number):
    return f"msjax/p2p/{group}/{src}->{dst}/tag{tag}/{number}"


def send_bytes(api, payload: bytes, dst, group, tag):
    src = communication.get_rank()
    number = _sent[(group, dst, tag)]
    _client(api).key_value_set_bytes(_key(group, src, dst, tag, number), payload)
    _sent[(group, dst, tag)] += 1


def recv_bytes(api, src, group, tag) -> bytes:
    client = _client(api)
    dst = communication.get_rank()
    number = _received[(group, src, tag)]
    key = _key(group, src, dst, tag, number)
    try:
        payload = client.blocking_key_value_get_bytes(key, P2P_TIMEOUT_SECONDS * 1000)
    except Exception as error:  # noqa: BLE001 - the runtime's timeout or shutdown error
        raise RuntimeError(f"For {api}, no message from rank {src} arrived within "
                           f"{P2P_TIMEOUT_SECONDS} s (msjax._src.ops.point_to_point."
                           f"P2P_TIMEOUT_SECONDS): {error}") from error
    client.key_value_delete(key)
    _received[(group, src, tag)] += 1
    return payload


def tensor_payload(tensor) -> bytes:
    value = np.asarray(tensor._data)
    return pickle.dumps((value.dtype.str, value.shape, value.tobytes()))


def received_array(api, like, payload):
    """The array of a received message, checked against the Tensor `like` (shape) and cast to
    its dtype."""
    dtype, shape, data = pickle.loads(payload)  # noqa: S301 - the job's own ranks
    if tuple(shape) != tuple(like.shape):
        raise ValueError(f"For {api}, the received tensor has shape {tuple(shape)}, but the "
                         f"tensor to fill has {tuple(like.shape)}.")
    value = np.frombuffer(data, np.dtype(dtype)).reshape(shape)
    return jnp.asarray(value, like._data.dtype)


class ReceiveHandle(CommHandle):
    """The handle of an `irecv`: `wait()` receives the message (once)."""

    def __init__(self, receive):
        self._receive = receive

    def wait(self):
        if self._receive is not None:
            receive, self._receive = self._receive, None
            receive()
