"""Dataset sink mode: many training steps in one compiled program, a `lax.scan` over a chunk.

MindSpore's sink sends `sink_size` batches to the device and runs them in one graph launch. msjax
does the same on every backend: the chunk's batches are stacked on a new leading axis and put on
the device, and one compiled program scans the training network over them, carrying the values of
every Parameter the step touches (weights, optimizer state, loss scale, the RNG key). The program
is functionalised like any msjax program: a failure inside it changes no Parameter. On a CPU,
where XLA runs a scanned step much slower (`scan_chunks_on`), the chunk's rows are sent to the
device at once and its steps run as calls of the one-step program; the results are the same.
"""
from __future__ import annotations

import jax
import numpy as np

from msjax._src.core import attributes, lifting
from msjax._src.core import random as ms_random
from msjax._src.core.tensor import _wrap
from msjax._src.transforms import global_program
from msjax._src.transforms.compiled import CompiledFunction
from msjax._src.transforms.jit import call_cell_compiled


def _scan_steps(network, stacked_inputs):
    """`network(*row)` for each row of `stacked_inputs`; the stacked outputs."""
    pure, lifted = lifting.lift(network, roots=[network], boxes=[ms_random.GLOBAL_KEY])

    def step(carry, row):
        assigned = attributes.TransformWrites()
        record = assigned.call([network], pure, carry, *map(_wrap, row))
        if assigned.outputs.targets:  # (each put back as it was)
            names = [f"{type(obj).__name__}.{name}" for obj, name in assigned.outputs.targets]
            raise RuntimeError(f"msjax: dataset sink mode runs the training network's steps in one "
                               f"scanned program, traced once for all of them, so a step cannot "
                               f"assign attributes, which would hold one value for every step: it "
                               f"assigns {names}. Keep such state in a Parameter, or train with "
                               f"dataset_sink_mode=False.")
        result, finals, strays = record.result, record.finals, record.free_written()
        if strays:
            names = [getattr(box, "name", type(box).__name__) for box, _ in strays]
            raise RuntimeError(f"msjax: dataset sink mode runs the training network's steps in one "
                               f"program, so the step may only change the network's own Parameters, "
                               f"but it also wrote {names}. Make them attributes of the network, or "
                               f"train with dataset_sink_mode=False.")
        return finals, result

    finals, outputs = jax.lax.scan(step, lifted.values(), tuple(x._data for x in stacked_inputs))
    lifted.write_back(finals)
    return outputs


def scan_chunks_on(backend: str) -> bool:
    """Whether a sink chunk runs as one scanned program on `backend` (the backend rule, here only).

    XLA:CPU runs a training step inside a while loop about 3.5x slower than the same step called
    from the host (LeNet-5, batch 64, 50 steps in pure JAX 0.10.2: 8.1 s scanned, 2.3 s as a loop
    of jitted calls; unroll=5 does not help), so on a CPU the chunk's steps are calls of the
    one-step program over the chunk's rows, already on the device. GPUs and TPUs scan.
    """
    return backend != "cpu"


class SinkRunner:
    """Runs chunks of rows through `network`: scanned programs (one per row signature), or on a
    CPU consecutive calls of the step's program (see `scan_chunks_on`). `scan` forces either,
    except for a data-parallel network (one holding `nn.DistributedGradReducer`), whose steps
    are always its data-parallel step's calls: its collectives act over the ranks there."""

    def __init__(self, network, scan=None):
        self.network = network
        self.scan = scan_chunks_on(jax.default_backend()) if scan is None else scan
        if network.__dict__.get("_data_parallel_call") is not None:  # nn/distributed.py
            self.scan = False
        self.compiled = CompiledFunction(_scan_steps, name="dataset_sink")

    def run(self, rows):
        """Train on `rows` (tuples of NumPy arrays); returns the last step's outputs.

        Consecutive rows of equal shapes and dtypes are stacked and scanned together (a partial
        last batch is its own group)."""
        if not self.scan or global_program.across_processes():
            # semi-auto parallel over processes: each step the program over every process's
            # devices (transforms/global_program.py)
            return self._run_steps(rows)
        outputs = None
        for group in _same_signature_runs(rows):
            stacked = tuple(_wrap(jax.device_put(np.stack([row[i] for row in group])))
                            for i in range(len(group[0])))
            stacked_out = self.compiled(self.network, stacked)
            outputs = jax.tree_util.tree_map(lambda x: x[-1], stacked_out)
        return outputs

    def _run_steps(self, rows):
        on_device = jax.device_put(rows)  # the whole chunk sent at once, as the sink does
        outputs = None
        for row in on_device:
            outputs = call_cell_compiled(self.network, tuple(map(_wrap, row)), {})
        return outputs


def _signature(row):
    return tuple((x.shape, x.dtype) for x in row)


def _same_signature_runs(rows):
    groups, current, key = [], [], None
    for row in rows:
        row_key = _signature(row)
        if current and row_key != key:
            groups.append(current)
            current = []
        current.append(row)
        key = row_key
    if current:
        groups.append(current)
    return groups
