"""Semi-auto parallel across processes: a top-level call as one program over every process's
devices.

In a job of several processes (`msjax msrun`, `jax.distributed`) under
`set_auto_parallel_context(parallel_mode=SEMI_AUTO_PARALLEL)` (or AUTO_PARALLEL, or inside
`AutoParallel`), a Cell's call outside any trace runs as one `jax.jit` program over the device
mesh of the whole job (parallel/strategy_sharding.py's `device_mesh()`, whose devices are every
process's): the shardings its `Primitive.shard`, `Cell.shard` and `parallel.shard` strategies
give are shardings of that mesh, so XLA's SPMD partitioner splits the operators across the
processes and inserts the communication (the gradient reductions of a training step included,
which MindSpore's compiler inserts in its semi-auto mode).

The program's inputs become global arrays (`jax.make_array_from_process_local_data`):
- its Parameters (and the RNG key) are replicated: each process gives its copy, the same one;
- its Tensor arguments follow the dataset strategy as MindSpore defines it: "data_parallel" (the
  default, `full_batch=False`) makes each process's tensor its share of the global batch, the
  global tensor being the processes' shares one after the other along the first axis, split
  over every device; "full_batch" (or `full_batch=True`) makes every process give the whole
  tensor (replicated); a tuple of strategies (one per input, tuples of split counts or
  `Layout`s) makes each process's tensor its slice by that input's strategy.

Its outputs come back whole on every process (gathered where XLA left them split), and the
Parameters it writes are written back as this process's copy: the same on every process, as a
replicated Parameter is. MindSpore returns each rank its slice of an output; msjax returns the
whole, which a script reading a loss or comparing outputs sees as the same.
"""
from __future__ import annotations

import jax
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

from msjax._src.core import lifting
from msjax._src.parallel import parallel_context
from msjax._src.parallel.mapped_axes import one_copy
from msjax._src.parallel.parallel_layout import Layout
from msjax._src.parallel.strategy_sharding import device_mesh, strategies_apply, strategy_sharding
from msjax._src.transforms import tracing_depth
from msjax._src.transforms.compiled import CompiledFunction
from msjax._src.transforms.control_flow import converted_construct

_GATHERS: dict = {}  # mesh -> a jitted identity whose outputs are replicated


def across_processes() -> bool:
    """Whether a top-level call under the global semi-auto (or auto) parallel mode runs as a
    program over every process's devices: that mode, in a job of several processes."""
    return strategies_apply() and jax.process_count() > 1


def context_dataset_strategy():
    """The dataset strategy of `set_auto_parallel_context`: `full_batch=True` is "full_batch"."""
    if parallel_context.get_auto_parallel_context("full_batch"):
        return "full_batch"
    return parallel_context.get_auto_parallel_context("dataset_strategy")


def _input_sharding(config, index, ndim, mesh) -> NamedSharding:
    if ndim == 0 or config == "full_batch":
        return NamedSharding(mesh, P())
    if config == "data_parallel":
        return NamedSharding(mesh, P(tuple(mesh.axis_names)))
    if index >= len(config):
        raise ValueError(f"For 'dataset_strategy', the strategy {config} has {len(config)} "
                         f"entries, but the network is given more Tensor inputs ({index + 1} "
                         "at least).")
    item = config[index]
    return strategy_sharding("dataset_strategy", item if isinstance(item, Layout) else
                             tuple(item), ndim)


def place_inputs(config, arrays) -> list:
    """`arrays` (this process's inputs) as global arrays by the dataset strategy `config`."""
    mesh = device_mesh()
    placed = []
    for index, array in enumerate(arrays):
        sharding = _input_sharding(config, index, np.ndim(array), mesh)
        if config == "data_parallel" and np.ndim(array) and \
                np.shape(array)[0] % jax.local_device_count():
            raise ValueError(
                f"For the semi-auto parallel step, input {index} has {np.shape(array)[0]} rows "
                f"on this process, which do not split evenly over its "
                f"{jax.local_device_count()} devices (dataset_strategy 'data_parallel' spreads "
                "each process's batch over its devices): make the per-process batch a multiple "
                "of the local device count.")
        placed.append(jax.make_array_from_process_local_data(sharding, np.asarray(array)))
    return placed


def replicate(values) -> list:
    """Each process's copy of `values` (the same on all) as global replicated arrays."""
    replicated = NamedSharding(device_mesh(), P())
    return [jax.make_array_from_process_local_data(replicated, np.asarray(v)) for v in values]


def local_copies(values) -> tuple[list, list]:
    """Global arrays as this process's whole copies (single-device, uncommitted), and the
    replicated global arrays they are copies of: the values XLA left split are gathered first,
    in one program."""
    split = [i for i, v in enumerate(values) if isinstance(v, jax.Array)
             and not v.is_fully_addressable and not v.sharding.is_fully_replicated]
    replicated = list(values)
    if split:
        mesh = device_mesh()
        gather = _GATHERS.get(mesh)
        if gather is None:
            gather = _GATHERS[mesh] = jax.jit(lambda *xs: xs,
                                              out_shardings=NamedSharding(mesh, P()))
        for i, whole in zip(split, gather(*[values[i] for i in split])):
            replicated[i] = whole
    local = [one_copy(v) if isinstance(v, jax.Array) and not v.is_fully_addressable else v
             for v in replicated]
    return local, replicated


def _run_cell(cell, args, kwargs):
    with converted_construct(cell):  # control flow on tensors converted (control_flow.py)
        return cell._run_construct(args, kwargs)


class GlobalProgram(CompiledFunction):
    """A function compiled per signature into one program over every process's devices, its
    inputs and outputs converted as the module doc says. `dataset_strategy()` gives the
    strategy the arguments follow."""

    local_program = False  # no platform rewrites, no compile cache: see CompiledFunction

    def __init__(self, fn, dataset_strategy=context_dataset_strategy, name=None):
        super().__init__(fn, name=name)
        self.dataset_strategy = dataset_strategy
        # id(box) -> (the value it holds, that value as a replicated global array): a value a
        # call wrote back is passed to the next call as the array it came from, not re-placed
        self.replicas: dict = {}

    def read_boxes(self, program) -> list:
        values = lifting.read_values(program.boxes)
        if tracing_depth() or any(isinstance(v, jax.core.Tracer) for v in values):
            return values
        out, missing = [], []
        for i, (box, value) in enumerate(zip(program.boxes, values)):
            hit = self.replicas.get(id(box))
            out.append(hit[1] if hit is not None and hit[0] is value else None)
            if out[-1] is None:
                missing.append(i)
        for i, array in zip(missing, replicate([values[i] for i in missing])):
            out[i] = array
            self.replicas[id(program.boxes[i])] = (values[i], array)
        return out

    def _call(self, program, dyn):
        if tracing_depth() or any(isinstance(v, jax.core.Tracer) for v in dyn):
            return super()._call(program, dyn)
        try:
            out = super()._call(program, place_inputs(self.dataset_strategy(), dyn))
        except Exception:
            for i in program.written_index:  # their inputs may have been donated
                self.replicas.pop(id(program.boxes[i]), None)
            raise
        local, replicated = local_copies(list(out))
        written = program.written_index
        for k, i in enumerate(written):  # the written boxes' values are the last outputs
            position = len(local) - len(written) + k
            self.replicas[id(program.boxes[i])] = (local[position], replicated[position])
        return local

    def call(self, *args):
        program, dyn = self.programs.find(args, self.new_program)
        return self.run(program, dyn)


def call_across_processes(cell, args, kwargs=None, dataset_strategy=context_dataset_strategy):
    """`cell(*args, **kwargs)` as one program over every process's devices (see the module
    doc), compiled per signature and kept on the Cell."""
    step = cell.__dict__.get("_global_program")
    if step is None:
        step = GlobalProgram(_run_cell, dataset_strategy, name=type(cell).__name__)
        object.__setattr__(cell, "_global_program", step)
    return step.call(cell, tuple(args), dict(kwargs or {}))
