"""Semi-auto parallel's operator strategies as JAX shardings.

Under `set_auto_parallel_context(parallel_mode=SEMI_AUTO_PARALLEL)` (or AUTO_PARALLEL), an input
strategy of `Primitive.shard` says how to split each input: a tuple of split counts, one per
tensor axis (`((2, 1), (1, 4))` for MatMul: the first input's rows over 2 devices, the second's
columns over 4), or a `Layout`. msjax makes each a `NamedSharding` over the job's devices and
constrains the input to it (`jax.lax.with_sharding_constraint`) where the op is traced; XLA's SPMD
partitioner then runs the op sharded and inserts the communication MindSpore's tensor
redistribution would, so results equal the unsharded computation.

Every strategy is a sharding on one mesh, `device_mesh()`: the job's devices over one axis per
prime factor of their number (8 devices: 2 x 2 x 2), so the strategies of a whole program (ops,
a Cell's inputs, outputs and Parameters) share it, as XLA's partitioner needs. A split over k
devices takes axes whose sizes multiply to k; an op's inputs split by the same count along
dimensions MindSpore pairs (MatMul's contracted one) take the same axes; devices a strategy
leaves out hold copies, as in MindSpore's device matrix. A Layout's aliases become axes of their
sizes (one with its own rank list keeps its own mesh). Whatever the axes, XLA computes the
unsharded result; they only decide which communication it needs.
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


def strategies_set(*primitives) -> bool:
    """Whether a shard strategy of one of `primitives` (None ones skipped) acts now: a layer
    that computes in one fused op (nn.Dense, nn.Conv2d) then computes with the Primitives its
    MindSpore counterpart calls (`dense.matmul.shard(...)`), so their strategies apply."""
    return strategies_apply() and any(
        p is not None and getattr(p, "_in_strategy", None) is not None for p in primitives)


def _prime_factors(n) -> list:
    factors, p = [], 2
    while n > 1:
        while n % p == 0:
            factors.append(p)
            n //= p
        p += 1
    return factors


def device_mesh() -> Mesh:
    """The one mesh of every strategy: the job's devices over one axis per prime factor of their
    number ("d0", "d1", ...; 8 devices are 2 x 2 x 2). A split over k devices is a set of these
    axes whose sizes multiply to k, so the strategies of a whole program share this mesh (XLA's
    partitioner wants one), whatever their split counts."""
    devices = jax.devices()
    mesh = _MESHES.get(len(devices))
    if mesh is None:
        primes = _prime_factors(len(devices)) or [1]
        mesh = _MESHES[len(devices)] = Mesh(np.array(devices).reshape(primes),
                                            tuple(f"d{i}" for i in range(len(primes))))
    return mesh


class _AxisPool:
    """The device mesh's axes not yet given to a split."""

    def __init__(self, mesh):
        self.free = [(name, size) for name, size in mesh.shape.items() if size > 1]

    def take(self, size):
        """Axes whose sizes multiply to `size`, taken from the pool; None when they are not
        there."""
        chosen, rest = [], list(self.free)
        for prime in _prime_factors(size):
            match = next((axis for axis in rest if axis[1] == prime), None)
            if match is None:
                return None
            rest.remove(match)
            chosen.append(match[0])
        self.free = rest
        return tuple(chosen)


def _own_mesh(shape, names, ranks):
    key = (shape, names, tuple(ranks))
    mesh = _MESHES.get(key)
    if mesh is None:
        devices = jax.devices()
        mesh = _MESHES[key] = Mesh(np.array([devices[r] for r in ranks]).reshape(shape), names)
    return mesh


def _spec_entry(axes):
    if not axes:
        return None
    return axes[0] if len(axes) == 1 else tuple(axes)


def layout_sharding(layout: Layout, ndim: int, api: str) -> NamedSharding:
    """A Layout's NamedSharding: each alias of its device matrix becomes axes of the device mesh
    of its size; a Layout with its own rank list keeps its own mesh."""
    spec = layout.partition_spec()
    if len(spec) != ndim:
        raise ValueError(f"For '{api}', the layout's tensor map {tuple(spec)} has {len(spec)} "
                         f"entries, but the input has {ndim} dimensions.")
    info = layout.to_dict()
    matrix, aliases = tuple(info["device_matrix"]), info["alias_name"]
    if math.prod(matrix) > len(jax.devices()) or max(info["rank_list"]) >= len(jax.devices()):
        raise ValueError(f"For '{api}', the layout's device matrix {info['device_matrix']} needs "
                         f"more devices than the job's {len(jax.devices())}.")
    if list(info["rank_list"]) == list(range(math.prod(matrix))):
        mesh = device_mesh()
        pool = _AxisPool(mesh)
        axes_of = {alias: pool.take(size) for alias, size in zip(aliases, matrix)}
        if all(axes is not None for axes in axes_of.values()):
            def mapped(entry):
                names = entry if isinstance(entry, tuple) else (entry,)
                return _spec_entry([a for n in names if n is not None for a in axes_of[n]])
            return NamedSharding(mesh, P(*(mapped(entry) for entry in spec)))
    return NamedSharding(_own_mesh(matrix, aliases, info["rank_list"]), spec)


def tuple_shardings(strategies, ndims, api: str) -> list:
    """The NamedShardings of an op's tuple strategies, on the device mesh: each split count > 1
    of an input takes axes of its size that input does not use yet, those another input split
    by the same count took first (the inputs of `MatMul` `((2, 4), (4, 1))` share the
    contracted axes), else free ones; devices a strategy leaves out hold copies."""
    devices = len(jax.devices())
    for strategy, ndim in zip(strategies, ndims):
        if len(strategy) != ndim:
            raise ValueError(f"For '{api}', the strategy {strategy} has {len(strategy)} split "
                             f"counts, but the input has {ndim} dimensions.")
        splits = math.prod(strategy)
        if any(s < 1 for s in strategy) or devices % splits:
            raise ValueError(f"For '{api}', the strategy {strategy} splits an input over "
                             f"{splits} devices, which must be a positive divisor of the job's "
                             f"{devices} devices.")
    mesh = device_mesh()
    pool, taken, specs = _AxisPool(mesh), [], []
    for strategy in strategies:
        used, spec = set(), []
        for split in strategy:
            if split == 1:
                spec.append(None)
                continue
            axes = next((a for size, a in taken if size == split and a not in used), None)
            if axes is None:
                axes = pool.take(split)
                if axes is None:  # the inputs' splits do not fit the mesh together: each alone
                    if len(strategies) == 1:
                        raise AssertionError(f"{strategy} does not fit {dict(mesh.shape)}")
                    return [tuple_shardings([s], [n], api)[0]
                            for s, n in zip(strategies, ndims)]
                taken.append((split, axes))
            used.add(axes)
            spec.append(_spec_entry(axes))
        specs.append(spec)
    return [NamedSharding(mesh, P(*spec)) for spec in specs]


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


def strategy_sharding(api, item, ndim) -> NamedSharding:
    """The NamedSharding of one tensor's strategy: a tuple of split counts or a Layout."""
    if isinstance(item, Layout):
        return layout_sharding(item, ndim, api)
    return tuple_shardings([item], [ndim], api)[0]
