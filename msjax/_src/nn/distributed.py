"""Data-parallel training: `mindspore.nn.DistributedGradReducer` and the data-parallel step.

MindSpore's data parallelism runs one process per device (a rank), each on its own shard of the
data, and sums the gradients over the ranks before the optimizer step. msjax keeps the ranks,
processes (`mindspore.communication`), and runs a training Cell's call (`call_data_parallel`,
which `nn.TrainOneStepCell` uses under `set_auto_parallel_context(parallel_mode=DATA_PARALLEL)`)
as one SPMD program: `jax.shard_map` maps the body over every device of the job, process by
process, each rank's batch split evenly over its local devices (as many as divide it). So each
device computes what one MindSpore rank of one device computes: its loss and its BatchNorm
statistics are those of its rows (MindSpore's rule without SyncBatchNorm), and one process with 8
devices trains as 8 ranks of one device would on the same rows. The gradient reduction keeps the
ranks processes: a process's gradient is the mean of its devices' (`comm_ops.reduce_gradient`),
summed over the processes and divided by their number with `gradients_mean`, so scripts that pass
`degree=get_group_size()` stay right. Parameters are replicated; a value a step writes that
differs between the devices (BatchNorm's moving statistics) comes back as the process's first
device's, one per process as in MindSpore; a float output that differs (the loss) as the mean of
the process's devices' (its whole batch's loss).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

from msjax._src.core import dtype as mstype
from msjax._src.parallel import parallel_context
from msjax._src.parallel.communication import HCCL_WORLD_COMM_GROUP, get_group_size
from msjax._src.nn.cell import Cell
from msjax._src.ops.comm_ops import AllReduce, broadcast_array, reduce_gradient
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.transforms import tracing_depth
from msjax._src.transforms.control_flow import converted_construct
from msjax._src.parallel.mapped_axes import varies
from msjax._src.transforms.pmap import SpmdFunction, SpmdLayout

DEVICES = "ranks"  # the mesh axis of a data-parallel step: every device, process by process


class DistributedGradReducer(Cell):
    """`mindspore.nn.DistributedGradReducer(parameters, mean=None, degree=None, fusion_type=1,
    group=GlobalComm.WORLD_COMM_GROUP)`: sum the gradients over the ranks (AllReduce), then, with
    `mean`, multiply them by 1/`degree`.

    `mean` defaults to the context's `gradients_mean`, `degree` to the number of ranks. As in
    MindSpore, gradients are reduced in float32 and cast back, and Parameters with
    `layerwise_parallel=True` are left alone. Outside a data-parallel step (one process) the sum
    over one rank is the gradient itself.

    Example:
        >>> reducer = nn.DistributedGradReducer(optimizer.parameters, mean=True)
        >>> grads = reducer(grads)
    """

    def __init__(self, parameters, mean=None, degree=None, fusion_type=1,
                 group=HCCL_WORLD_COMM_GROUP):
        super().__init__(auto_prefix=False)
        self.mean = parallel_context.gradients_mean() if mean is None else mean
        if degree is None:
            degree = get_group_size()
        elif not isinstance(degree, int) or degree <= 0:
            raise ValueError("For 'DistributedGradReducer', parameter 'degree' in "
                             "DistributedGradReducer should large than 0 and be int, degree: "
                             f"{degree}.")
        self.degree = Tensor(1.0 / degree, mstype.float32)
        self.allreduce_filter = tuple(p.layerwise_parallel is False for p in parameters)
        self.group = group
        self.allreduce = AllReduce("sum", group).add_prim_attr("fusion", fusion_type)
        if parallel_context.is_data_parallel() or jax.process_count() > 1:
            # A call of this Cell, or of any Cell it becomes part of (Cell.__setattr__), outside
            # a trace runs as one data-parallel step (call_data_parallel).
            object.__setattr__(self, "_data_parallel_call", call_data_parallel)

    def construct(self, grads):
        single = isinstance(grads, Tensor)
        grads = (grads,) if single else tuple(grads)
        filters = self.allreduce_filter + (True,) * (len(grads) - len(self.allreduce_filter))
        scale = self.degree._data
        reduced = []
        for grad, reduce in zip(grads, filters):
            data = grad._data
            if reduce:
                summed = reduce_gradient(data.astype(np.float32), self.group)
                if self.mean:
                    summed = summed * scale
                data = summed.astype(data.dtype)
            reduced.append(_wrap(data))
        return reduced[0] if single else tuple(reduced)


# -- the data-parallel step --------------------------------------------------------------------
def _run_cell(cell, args, kwargs):
    with converted_construct(cell):  # control flow on tensors converted (control_flow.py)
        return cell._run_construct(args, kwargs)


def _mesh_rows(local_count: int) -> list:
    """Each process's first `local_count` devices, by process: the rows of the mesh."""
    rows = []
    for process in range(jax.process_count()):
        devices = sorted((d for d in jax.devices() if d.process_index == process),
                         key=lambda d: d.id)
        rows.append(devices[:local_count])
    return rows


def _local_device_count(batch_sizes) -> int:
    """The most local devices (at most all) that split every batch evenly."""
    count = jax.local_device_count()
    while count > 1 and any(size % count for size in batch_sizes):
        count -= 1
    return count


class DataParallelStep(SpmdFunction):
    """A Cell's call as one SPMD program over every device, process by process (see the
    module doc).

    Tensor arguments with a first axis are this process's batch, split along it over its local
    devices (as many as divide every batch evenly), each device running the body on its slice;
    scalars are shared. Returns what the call returns on this rank (`output_axes`).
    """

    def __init__(self, cell):
        super().__init__(_run_cell, name=type(cell).__name__)
        self.meshes: dict = {}

    def __call__(self, cell, args, kwargs):
        program, dyn = self.programs.find((cell, args, kwargs), self.new_program)
        return self.run(program, dyn)

    def program_context(self, args, dyn) -> SpmdLayout:
        """The layout of a new signature: arrays with a first axis are split over the mesh."""
        batched = [np.ndim(x) >= 1 for x in dyn]
        local = _local_device_count([np.shape(x)[0] for x, b in zip(dyn, batched) if b])
        mesh = self.meshes.get(local)
        if mesh is None:
            mesh = self.meshes[local] = Mesh(np.array(_mesh_rows(local)).reshape(-1), (DEVICES,))
        batch = NamedSharding(mesh, P(DEVICES))
        return SpmdLayout(mesh, DEVICES, [P(DEVICES) if b else P() for b in batched],
                          [None] * len(dyn),
                          [batch if b else NamedSharding(mesh, P()) for b in batched],
                          per_rank_writes=True, rows_are_ranks=True,
                          across_processes=jax.process_count() > 1, devices_per_rank=local)

    def output_axes(self, layout, result):
        """A value that differs between the ranks comes back as this rank's (the loss): for a
        rank of several devices, the mean of its devices' values when it is a float (the loss
        of its whole batch), else its first device's."""
        leaves, treedef = jax.tree_util.tree_flatten(result)
        out, axes = [], []
        for leaf in map(jnp.asarray, leaves):
            per_device = varies(leaf, layout.axis)
            if per_device and layout.devices_per_rank > 1 and \
                    jnp.issubdtype(leaf.dtype, jnp.floating):
                leaf = _mean_over_rank(leaf, layout.axis, layout.devices_per_rank)
            out.append(leaf)
            axes.append(0 if per_device else None)
        return jax.tree_util.tree_unflatten(treedef, out), axes


def _mean_over_rank(value, axis, devices_per_rank):
    """The mean of `value` over the devices of this device's rank (process)."""
    every = jax.lax.all_gather(value, axis)
    by_rank = every.reshape((-1, devices_per_rank) + every.shape[1:]).mean(1)
    return by_rank[jax.lax.axis_index(axis) // devices_per_rank].astype(value.dtype)


def broadcast_parameters(cell):
    """`set_auto_parallel_context(parameter_broadcast=True)`: before the first step, every
    Parameter of `cell` but those with `layerwise_parallel=True` takes rank 0's value, as
    MindSpore broadcasts them before training."""
    if jax.process_count() == 1:
        return
    for param in cell.get_parameters():
        if not param.layerwise_parallel:
            param.set_data(_wrap(broadcast_array(param._data, 0)))


def call_data_parallel(cell, args, kwargs=None):
    """`cell(*args, **kwargs)` as a data-parallel step (see the module doc); inside an enclosing
    trace, an ordinary Cell call (the enclosing program decides)."""
    kwargs = kwargs or {}
    if tracing_depth():
        return Cell.__call__(cell, *args, **kwargs)
    step = cell.__dict__.get("_data_parallel_step")
    if step is None:
        if parallel_context.parameter_broadcast():
            broadcast_parameters(cell)
        step = DataParallelStep(cell)
        object.__setattr__(cell, "_data_parallel_step", step)
    return step(cell, tuple(args), dict(kwargs))
