"""All-to-all exchanges: `ops.AlltoAll` and the arrays of comm_func's
`all_to_all_single_with_output_shape` / `all_to_all_with_output_shape`.

Rank j receives part j of every rank's input. Inside a mapped axis (`mindspore.pmap`, a
data-parallel step) this is `lax.all_to_all` over the axis; eagerly, in a job of several
processes, the same collective runs as a small program over one device of each process
(comm_ops' eager path). Both need parts of one shape on every rank, which SPMD programs have.
Parts of different sizes (uneven `*_split_sizes`, tensors of different shapes) exist only
eagerly across processes: each part then travels as a message (ops/point_to_point.py). In a job
of one process the exchange is with oneself: the input is the output.
"""
from __future__ import annotations

import inspect
import pickle

import jax
import numpy as np
from jax import lax

from msjax._src.ops import comm_ops
from msjax._src.ops import point_to_point as p2p
from msjax._src.ops.registry import functional, primitive
from msjax._src.parallel import communication as comm

_ALL_TO_ALL_FNS: dict = {}


def _all_to_all_fn(split_dim, concat_dim):
    """One function per (split, concat) dimension pair, so its cross-process program is
    compiled once."""
    fn = _ALL_TO_ALL_FNS.get((split_dim, concat_dim))
    if fn is None:
        def fn(x, axis):
            return lax.all_to_all(x, axis, split_dim, concat_dim, tiled=True)
        _ALL_TO_ALL_FNS[(split_dim, concat_dim)] = fn
    return fn


def _normalised_dim(api, name, dim, ndim):
    if not -ndim <= dim < ndim:
        raise ValueError(f"For '{api}', '{name}' {dim} is out of range for an input of {ndim} "
                         "dimensions.")
    return dim % ndim


def all_to_all_array(x, split_count, split_dim, concat_dim, group, api="AlltoAll"):
    """`x` split along `split_dim` into `split_count` parts, part j to rank j; the parts received
    concatenated along `concat_dim` in rank order."""
    split_dim = _normalised_dim(api, "split_dim", split_dim, np.ndim(x))
    concat_dim = _normalised_dim(api, "concat_dim", concat_dim, np.ndim(x))
    size = comm_ops._group_size_here(group, api)
    if split_count != size:
        raise ValueError(f"For '{api}', 'split_count' must equal the number of ranks of the group "
                         f"'{group}' ({size}), but got {split_count}.")
    if x.shape[split_dim] % split_count:
        raise ValueError(f"For '{api}', dimension {split_dim} of the input ({x.shape[split_dim]}) "
                         f"must be divisible by 'split_count' {split_count}.")
    target = comm_ops._target(group, api)
    if target is None:
        across = comm_ops._outside(api, x, _all_to_all_fn(split_dim, concat_dim),
                                   comm.group_ranks(group, api))
        return x if across is None else across
    axis, members = target
    if members is not None:
        raise NotImplementedError(
            f"For '{api}', an all-to-all over a group made by create_group inside a mapped axis: "
            "lax.all_to_all exchanges over the whole axis; use the world group (or the axis "
            "name) there.")
    return _all_to_all_fn(split_dim, concat_dim)(x, axis)


def exchange_eagerly(api, parts, group):
    """Part j of `parts` (NumPy arrays, one per rank of `group`, any shapes) sent to rank j; the
    parts every rank sent here, in rank order. Eagerly, between processes, as messages."""
    p2p.refuse_in_programs(api)
    members = comm.group_ranks(group, api) or list(range(jax.process_count()))
    me = comm.get_rank()
    for part, dst in zip(parts, members):
        if dst != me:
            p2p.send_bytes(api, pickle.dumps(np.asarray(part)), dst, group, "all_to_all")
    return [np.asarray(parts[members.index(me)]) if src == me else
            pickle.loads(p2p.recv_bytes(api, src, group, "all_to_all"))  # noqa: S301
            for src in members]


# -- ops.AlltoAll --------------------------------------------------------------------------------
def _display(attrs):
    """MindSpore's constructor checks of AlltoAll; the attributes its repr shows."""
    if not isinstance(attrs["group"], str):
        raise TypeError(f"For 'AlltoAll', the type of 'group' should be 'str', but got type "
                        f"'{type(attrs['group']).__name__}'.")
    for name in ("split_count", "split_dim", "concat_dim"):
        value = attrs[name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"The type of '{int}' must be 'int', but got "
                            f"'{type(value).__name__}'.")
    shown = dict(attrs)
    shown.update(no_eliminate=True, rank_size=comm_ops._group_size_or_one(attrs["group"]))
    return shown


def _all_to_all_prim(x, split_count, split_dim, concat_dim, group=comm.HCCL_WORLD_COMM_GROUP):
    return all_to_all_array(x, split_count, split_dim, concat_dim, group)


AlltoAll = primitive("AlltoAll", functional(_all_to_all_prim), display=_display,
                     split_count=inspect.Parameter.empty, split_dim=inspect.Parameter.empty,
                     concat_dim=inspect.Parameter.empty, group=comm.HCCL_WORLD_COMM_GROUP)
