"""Semi-auto parallel's operator strategies as JAX shardings.

Under `set_auto_parallel_context(parallel_mode=SEMI_AUTO_PARALLEL)` (or AUTO_PARALLEL), an input
strategy of `Primitive.shard` says how to split each input: a tuple of split counts, one per
tensor axis (`((2, 1), (1, 4))` for MatMul: the first input's rows over 2 devices, the second's
columns over 4), or a `Layout`. msjax makes each a `NamedSharding` over the job's devices and
constrains the input to it (`jax.lax.with_sharding_constraint`) where the op is traced; XLA's SPMD
partitioner then runs the op sharded and inserts the communication MindSpore's tensor
redistribution would, so results equal the unsharded computation.

An op's tuple strategies share one mesh, the devices reshaped to its split counts (an axis of a
size shared by inputs, as the contracted dimension of MatMul, is one axis) and the rest, whose
devices hold copies, as in MindSpore's device matrix. A Layout's mesh is its device matrix over
its rank list, named by its aliases. Whatever the mesh, XLA computes the unsharded result; the
mesh only decides which communication it needs.
"""
from __future__ import annotations

import math

import jax
import numpy as np
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

from msjax._src.parallel import parallel_context
from msjax._src.parallel.parallel_layout import Layout

_MESHES: dict = {}


def strategies_apply() -> bool:
    """Whether shard strategies act: in semi-auto and auto parallel mode, as in MindSpore."""
    return parallel_context.parallel_mode() in (parallel_context.ParallelMode.SEMI_AUTO_PARALLEL,
                                                parallel_context.ParallelMode.AUTO_PARALLEL)


def _mesh(shape, names, ranks=None) -> Mesh:
    key = (shape, names, None if ranks is None else tuple(ranks))
    mesh = _MESHES.get(key)
    if mesh is None:
        devices = jax.devices()
        chosen = devices if ranks is None else [devices[r] for r in ranks]
        mesh = _MESHES[key] = Mesh(np.array(chosen[:math.prod(shape)]).reshape(shape), names)
    return mesh


def layout_sharding(layout: Layout, ndim: int, api: str) -> NamedSharding:
    """A Layout's NamedSharding: its device matrix over its rank list, named by its aliases."""
    spec = layout.partition_spec()
    if len(spec) != ndim:
        raise ValueError(f"For '{api}', the layout's tensor map {tuple(spec)} has {len(spec)} "
                         f"entries, but the input has {ndim} dimensions.")
    info = layout.to_dict()
    if math.prod(info["device_matrix"]) > len(jax.devices()) or \
            max(info["rank_list"]) >= len(jax.devices()):
        raise ValueError(f"For '{api}', the layout's device matrix {info['device_matrix']} needs "
                         f"more devices than the job's {len(jax.devices())}.")
    return NamedSharding(_mesh(tuple(info["device_matrix"]), info["alias_name"],
                               info["rank_list"]), spec)


def tuple_shardings(strategies, ndims, api: str) -> list:
    """The NamedShardings of an op's tuple strategies, over one mesh: each split count > 1 of an
    input takes a mesh axis of its size that input does not use yet (the inputs of `MatMul`
    `((2, 4), (4, 1))` share the contracted axis of 4), or a new one; the devices left over
    hold copies."""
    devices = len(jax.devices())
    sizes, specs = [], []
    for strategy, ndim in zip(strategies, ndims):
        if len(strategy) != ndim:
            raise ValueError(f"For '{api}', the strategy {strategy} has {len(strategy)} split "
                             f"counts, but the input has {ndim} dimensions.")
        splits = math.prod(strategy)
        if any(s < 1 for s in strategy) or devices % splits:
            raise ValueError(f"For '{api}', the strategy {strategy} splits an input over "
                             f"{splits} devices, which must be a positive divisor of the job's "
                             f"{devices} devices.")
        used, spec = set(), []
        for split in strategy:
            if split == 1:
                spec.append(None)
                continue
            axis = next((i for i, size in enumerate(sizes) if size == split and i not in used),
                        None)
            if axis is None:
                sizes.append(split)
                axis = len(sizes) - 1
            used.add(axis)
            spec.append(axis)
        specs.append(spec)
    if devices % math.prod(sizes):  # the inputs' splits do not fit one mesh: one mesh each
        return [tuple_shardings([s], [n], api)[0] for s, n in zip(strategies, ndims)]
    names = tuple(f"split{i}" for i in range(len(sizes))) + ("copies",)
    mesh = _mesh(tuple(sizes) + (devices // math.prod(sizes),), names)
    return [NamedSharding(mesh, P(*(None if a is None else names[a] for a in spec)))
            for spec in specs]


def constrain_inputs(api, strategy, arrays):
    """`arrays` (jax arrays or tracers) constrained to the shardings of `strategy`."""
    if len(strategy) != len(arrays):
        raise ValueError(f"For '{api}', the in_strategy has {len(strategy)} entries, but the "
                         f"operator has {len(arrays)} inputs.")
    tuples = [i for i, item in enumerate(strategy) if not isinstance(item, Layout)]
    shardings = dict(zip(tuples, tuple_shardings([strategy[i] for i in tuples],
                                                 [np.ndim(arrays[i]) for i in tuples], api)))
    return [jax.lax.with_sharding_constraint(
        a, shardings[i] if i in shardings else layout_sharding(strategy[i], np.ndim(a), api))
        for i, a in enumerate(arrays)]
