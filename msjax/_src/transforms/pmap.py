"""`mindspore.pmap(fn, in_axes=0, out_axes=0, axis_name=None, devices=None)`, and the SPMD program
path it shares with data-parallel training (`msjax._src.nn.distributed`).

MindSpore has no pmap; msjax's is `jax.pmap`'s idea on JAX's current mechanism: `jax.jit` of
`jax.shard_map` over a 1-D `Mesh` of the devices, on the compiled-call path every transform
shares (`compiled.py`). Its `in_axes`/`out_axes` take the forms of msjax's `vmap` and are
checked by the same helpers, with the same errors. Mapping over an axis of size k runs `fn` once
per entry on the first k local devices (`devices` chooses them); collectives inside `fn`
(`ops.AllReduce`, `ops.all_gather`, ...) act over the mapped axis.

State follows the rule of the state core: every Parameter (and the RNG key) the call touches is
one value, replicated to every device. A program may write a Parameter only with a value that is
the same on every device, e.g. an optimizer step with gradients summed over the devices; JAX's
type system (`check_vma`) proves that while tracing, so a value that differs between devices is
an error naming the Parameter, not a silent pick of one device's copy. One copy is written back,
as an ordinary single-device array; the replicated copy is kept beside it, so the next call of
the same program passes it without a transfer.

Gradients of replicated Parameters inside a mapped axis are per device, as in MindSpore's data
parallelism and `jax.pmap`, when the gradient engine marks its primals with
`vary_over_mapped_axes`; the collectives then sum them.
"""
from __future__ import annotations


import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding
from jax.sharding import PartitionSpec as P

from msjax._src.core import lifting
from msjax._src.core import x64
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor
from msjax._src.ops.registry import Primitive
from msjax._src.parallel.mapped_axes import (first_of_each, innermost_mapped_axis, local_rows,
                                             mapped_axis, one_copy, varies)
from msjax._src.transforms import tracing_depth as _tracing_depth
from msjax._src.transforms.compiled import CompiledFunction
from msjax._src.transforms.vmap import (
    check_call_arguments,
    check_out_axes,
    check_out_axes_spec,
    in_axes_per_leaf,
    is_cell_list,
    positional_count,
    to_tuples,
)


DEFAULT_AXIS_NAME = "pmap"
_OUT_NONE_ERROR = "It is invalid that source is not None and dst is None."


def place(values, shardings, across_processes=False):
    """`values` as global arrays with `shardings`: each process gives its own part (its batch,
    or its copy of a replicated value). Values already placed are passed through."""
    out = list(values)
    pending = [i for i, (v, s) in enumerate(zip(values, shardings))
               if getattr(v, "sharding", None) != s]
    if not pending:
        return out
    if across_processes:
        for i in pending:
            out[i] = jax.make_array_from_process_local_data(shardings[i], values[i])
    else:
        for i, placed in zip(pending, jax.device_put([values[i] for i in pending],
                                                     [shardings[i] for i in pending])):
            out[i] = placed
    return out


def _any_tracer(values) -> bool:
    return any(isinstance(v, jax.core.Tracer) for v in values)


def _box_name(box) -> str:
    return f"Parameter '{box.name}'" if isinstance(box, Parameter) else "the global random key"


# -- one SPMD signature ------------------------------------------------------------------------
class SpmdLayout:
    """How one program signature is laid out over a Mesh (a `Program`'s context).

    `axis` is the mesh axis the body is mapped over (manual in `shard_map`); other mesh axes are
    left to XLA (data parallelism spreads each rank's batch over its local devices that way).
    """

    __slots__ = (
        "across_processes",
        "arg_shardings",
        "arg_specs",
        "axis",
        "devices_per_rank",
        "first_rows",
        "mesh",
        "out_info",
        "per_rank_writes",
        "replicas",
        "replicated",
        "rows_are_ranks",
        "size",
        "squeeze",
        "stacked",
    )

    def __init__(self, mesh, axis, arg_specs, squeeze, arg_shardings, *, per_rank_writes,
                 rows_are_ranks, across_processes=False, devices_per_rank=1):
        self.mesh, self.axis, self.size = mesh, axis, mesh.shape[axis]
        self.devices_per_rank = devices_per_rank  # see mapped_axes.MappedAxis
        self.arg_specs = tuple(arg_specs)  # shard_map in_specs of the argument arrays
        self.squeeze = tuple(squeeze)  # per argument array: its mapped axis inside the body
        self.arg_shardings = list(arg_shardings)  # where each argument array is placed
        self.replicated = NamedSharding(mesh, P())
        self.stacked = NamedSharding(mesh, P(axis))
        self.across_processes = across_processes
        self.per_rank_writes = per_rank_writes  # a written value may differ between ranks
        self.rows_are_ranks = rows_are_ranks  # stacked outputs: give back this process's row
        self.replicas: dict = {}  # id(box) -> (value written back, its replicated array)
        # per-rank writes (stacked) -> their first rows, replicated
        self.first_rows = jax.jit(first_of_each, out_shardings=self.replicated)
        self.out_info = None  # set while tracing: (treedef, leaf axes, written, per-rank)


class SpmdFunction(CompiledFunction):
    """A `CompiledFunction` whose programs run over a Mesh through `jax.shard_map`.

    Subclasses choose the layout (`program.context`, an `SpmdLayout`) and say how results are
    mapped (`output_axes`); this class replicates the state boxes, runs the body with the mapped
    axis marked for the collectives, checks what it writes and writes one copy back.
    """

    def __init__(self, fn, name=None):
        super().__init__(fn, transform=self._spmd, name=name)

    # What subclasses decide.
    def output_axes(self, layout, result):
        """The result (possibly restructured) and, per array leaf, the axis the mapped axis
        takes in the output (None: one value for all devices, which must not differ)."""
        raise NotImplementedError

    # The program.
    def _spmd(self, pure, program):
        layout: SpmdLayout = program.context
        n_boxes = len(program.boxes)
        axis = layout.axis
        names = [_box_name(b) for b in program.boxes]

        def body(*flat):
            args = [jnp.squeeze(a, s) if s is not None else a
                    for a, s in zip(flat[n_boxes:], layout.squeeze)]
            with mapped_axis(axis, layout.size, layout.devices_per_rank):
                result, written = pure(*flat[:n_boxes], *args)
                result, leaf_axes = self.output_axes(layout, result)
            leaves, treedef = jax.tree_util.tree_flatten(result)
            stacked, shared = [], []
            for leaf, leaf_axis in zip(map(jnp.asarray, leaves), leaf_axes):
                if leaf_axis is not None:
                    stacked.append(jnp.expand_dims(leaf, 0))
                elif varies(leaf, axis):
                    raise RuntimeError(_OUT_NONE_ERROR)
                else:
                    shared.append(leaf)
            written_index = [i for i, w in enumerate(written) if w is not None]
            per_rank = set()
            for i in written_index:
                if varies(written[i], axis):
                    if not layout.per_rank_writes:
                        raise ValueError(_inconsistent_write_message(names[i], axis))
                    per_rank.add(i)
            layout.out_info = (treedef, leaf_axes, written_index, per_rank)
            return (tuple(stacked), tuple(shared),
                    tuple(jnp.expand_dims(written[i], 0) for i in written_index if i in per_rank),
                    tuple(written[i] for i in written_index if i not in per_rank))

        mapped = jax.shard_map(body, mesh=layout.mesh,
                               in_specs=(P(),) * n_boxes + layout.arg_specs,
                               out_specs=(P(axis), P(), P(axis), P()), axis_names={axis})
        constrain = len(layout.mesh.axis_names) > 1  # other axes are XLA's: pin the outputs

        def call(*flat):
            stacked, shared, written_stacked, written_shared = mapped(*flat)
            if constrain:
                stacked, written_stacked = jax.lax.with_sharding_constraint(
                    (stacked, written_stacked), layout.stacked)
                shared, written_shared = jax.lax.with_sharding_constraint(
                    (shared, written_shared), layout.replicated)
            treedef, leaf_axes, written_index, per_rank = layout.out_info
            stacked, shared = iter(stacked), iter(shared)
            leaves = [next(shared) if a is None else jnp.moveaxis(next(stacked), 0, a)
                      for a in leaf_axes]
            written = [None] * n_boxes
            written_stacked, written_shared = iter(written_stacked), iter(written_shared)
            for i in written_index:
                written[i] = next(written_stacked) if i in per_rank else next(written_shared)
            return jax.tree_util.tree_unflatten(treedef, leaves), written

        return call

    # State in and out.
    def read_boxes(self, program) -> list:
        values = lifting.read_values(program.boxes)
        if _tracing_depth() or _any_tracer(values):
            return values
        layout: SpmdLayout = program.context
        replicas = layout.replicas
        out, missing = [], []
        for i, (box, value) in enumerate(zip(program.boxes, values)):
            hit = replicas.get(id(box))
            if hit is not None and hit[0] is value:
                out.append(hit[1])
            else:
                out.append(value)
                missing.append(i)
        if missing:
            placed = place([values[i] for i in missing], [layout.replicated] * len(missing),
                           layout.across_processes)
            for i, array in zip(missing, placed):
                out[i] = array
                replicas[id(program.boxes[i])] = (values[i], array)
        return out

    def write_boxes(self, program, written: list) -> None:
        layout: SpmdLayout = program.context
        per_rank = layout.out_info[3]
        boxes, values, rows = [], [], []
        for i, (box, value) in enumerate(zip(program.boxes, written)):
            if value is None:
                continue
            if not isinstance(value, jax.core.Tracer):
                if i in per_rank:
                    rows.append(len(values))
                else:
                    single = one_copy(value, layout.rows_are_ranks)
                    layout.replicas[id(box)] = (single, value)
                    value = single
            boxes.append(box)
            values.append(value)
        stacked = [values[k] for k in rows]
        if layout.across_processes:  # each process keeps its own row
            for k, row in zip(rows, local_rows(stacked, layout.rows_are_ranks)):
                values[k] = row
        elif rows:
            # The next call reads each box replicated: the first row, replicated on the devices
            # in the same dispatch, is kept for it, as replicated writes are
            for k, replicated in zip(rows, layout.first_rows(stacked)):
                values[k] = one_copy(replicated, layout.rows_are_ranks)
                layout.replicas[id(boxes[k])] = (values[k], replicated)
        lifting.write_back(boxes, values)

    def run(self, program, dyn):
        layout: SpmdLayout = program.context
        if not (_tracing_depth() or _any_tracer(dyn)):
            dyn = place(dyn, layout.arg_shardings, layout.across_processes)
        result = super().run(program, dyn)
        leaves, treedef = jax.tree_util.tree_flatten(result)
        if _any_tracer(leaves):
            return result
        leaf_axes = layout.out_info[1]
        if layout.rows_are_ranks:
            stacked = [k for k, a in enumerate(leaf_axes) if a is not None]
            # every result is on one device: committed to the default one, they mix
            rows = iter(local_rows([leaves[k] for k in stacked], committed_ok=True))
            leaves = [one_copy(x, committed_ok=True) if a is None else next(rows)
                      for x, a in zip(leaves, leaf_axes)]
        else:
            leaves = [one_copy(x) if a is None else x for x, a in zip(leaves, leaf_axes)]
        return jax.tree_util.tree_unflatten(treedef, leaves)


def _inconsistent_write_message(what, axis) -> str:
    return (f"For 'pmap', {what} is assigned a value that differs between the devices of the "
            f"mapped axis '{axis}'. A Parameter holds one value for every device, so a mapped "
            "function may only write it with a value that is the same on all of them: reduce "
            "what it is computed from over the devices first, e.g. sum the gradients with "
            "ops.AllReduce() (or nn.DistributedGradReducer) before the optimizer step, or return "
            "the per-device values instead of assigning them.")


# -- pmap --------------------------------------------------------------------------------------
def _leaf_out_axes(result, out_axes) -> list:
    """`out_axes` (checked by `check_out_axes`) broadcast to the array leaves of `result`, in
    `tree_flatten` order, normalised to non-negative axes."""
    if isinstance(out_axes, (tuple, list)):
        items = result if isinstance(result, tuple) else (result,)
        return [axis for item, spec in zip(items, out_axes) for axis in _leaf_out_axes(item, spec)]
    return [None if out_axes is None else out_axes % (np.ndim(leaf) + 1)
            for leaf in jax.tree_util.tree_leaves(result)]


def _first_mapped_argument(args, in_axes):
    """(position, shape, axis) of the first array argument with a mapped axis, for messages."""
    specs = in_axes if isinstance(in_axes, (tuple, list)) else [in_axes] * len(args)
    for position, (arg, spec) in enumerate(zip(args, specs)):
        if spec is not None and isinstance(arg, (Tensor, jax.Array, np.ndarray)) \
                and isinstance(spec, int):
            return position, tuple(np.shape(arg) if not isinstance(arg, Tensor) else arg.shape), \
                spec
    return None


def _mapped_parameter(args, in_axes):
    """The position of an argument holding a Parameter with a mapped axis, or None."""
    def mapped(arg, spec):
        if isinstance(arg, Parameter):
            return spec is not None
        if isinstance(arg, (tuple, list)) and not isinstance(arg, Tensor):
            specs = spec if isinstance(spec, (tuple, list)) else [spec] * len(arg)
            return any(mapped(a, s) for a, s in zip(arg, specs))
        if isinstance(arg, dict):
            return any(mapped(v, spec) for v in arg.values())
        return False

    if isinstance(in_axes, (tuple, list)) and len(in_axes) != len(args):
        return None  # in_axes_per_leaf says what is wrong
    specs = in_axes if isinstance(in_axes, (tuple, list)) else [in_axes] * len(args)
    return next((i for i, (a, s) in enumerate(zip(args, specs)) if mapped(a, s)), None)


class _Pmapped(SpmdFunction):
    """`pmap(fn, in_axes, out_axes, axis_name, devices)`: compiled per signature over a Mesh of
    as many devices as the mapped axis has entries."""

    def __init__(self, fn, in_axes, out_axes, axis_name, devices):
        super().__init__(fn)
        check_out_axes_spec(out_axes, "pmap")
        self.in_axes, self.out_axes = in_axes, out_axes
        self.axis_name = axis_name
        self.devices = devices
        self.n_params = positional_count(fn)
        self.meshes: dict = {}

    @x64.scoped
    def __call__(self, *args, **kwargs):
        check_call_arguments(self.n_params, args, kwargs)
        outer = innermost_mapped_axis()
        if outer is not None:
            raise NotImplementedError(
                f"msjax.pmap: a pmap inside the mapped axis '{outer.name}' is not supported; "
                "map the inner axis with vmap (pmap(vmap(f))) or reshape the inputs to put "
                "every device on one axis.")
        program, dyn = self.programs.find(args, self.new_program)
        return self.run(program, dyn)

    def program_context(self, args, dyn) -> SpmdLayout:
        position = _mapped_parameter(args, self.in_axes)
        if position is not None:
            raise ValueError(
                f"For 'pmap', argument {position} holds a Parameter with a mapped axis in "
                f"'in_axes' ({self.in_axes!r}). A Parameter is one value replicated to every "
                "device: give it the in_axes None, or pass its value (param.value()) to map "
                "over that.")
        axes, size = in_axes_per_leaf(self.fn, args, self.in_axes, False, api="pmap")
        return self._layout(args, axes, size)

    def _mesh(self, args, size) -> Mesh:
        mesh = self.meshes.get(size)
        if mesh is not None:
            return mesh
        mapped = _first_mapped_argument(args, self.in_axes)
        which = (f"argument {mapped[0]} (shape {mapped[1]}, in_axes {mapped[2]})" if mapped
                 else "the inputs")
        if self.devices is not None:
            devices = list(self.devices)
            if size != len(devices):
                raise ValueError(
                    f"For 'pmap', the mapped axis of {which} has size {size}, but 'devices' "
                    f"lists {len(devices)} devices. Give one device per entry of the mapped axis, "
                    f"or leave 'devices' as None to run on the first {size} local devices.")
        else:
            local = jax.local_devices()
            if size > len(local):
                raise ValueError(
                    f"For 'pmap', the mapped axis of {which} has size {size}, more than the "
                    f"{len(local)} local {local[0].platform.upper()} device(s). Map over at most "
                    f"{len(local)} entries: split the batch as (devices, per_device, ...) and "
                    "vmap (or batch) inside the pmapped function. On a CPU, "
                    "XLA_FLAGS=--xla_force_host_platform_device_count=N, set before JAX starts, "
                    "gives N host devices.")
            devices = local[:size]
        mesh = Mesh(np.array(devices), (self.axis_name,))
        self.meshes[size] = mesh
        return mesh

    def _layout(self, args, axes, size) -> SpmdLayout:
        if size is None:
            raise ValueError("For 'pmap', no argument has a mapped axis: map at least one Tensor "
                             "argument (in_axes 0 maps every argument's first axis).")
        mesh = self._mesh(args, size)
        specs = [P() if a is None else P(*([None] * a), self.axis_name) for a in axes]
        return SpmdLayout(mesh, self.axis_name, specs, axes,
                          [NamedSharding(mesh, s) for s in specs],
                          per_rank_writes=False, rows_are_ranks=False)

    def output_axes(self, layout, result):
        result = to_tuples(result)
        check_out_axes(result, self.out_axes, "pmap")
        return result, _leaf_out_axes(result, self.out_axes)


def pmap(fn, in_axes=0, out_axes=0, axis_name=None, devices=None):
    """`mindspore.pmap` (msjax's own; MindSpore has no pmap): run `fn` on several devices at
    once, one entry of the mapped axis per device.

    `in_axes`/`out_axes` have the forms and errors of `mindspore.vmap`: an int, None, or a
    tuple/list with one entry per argument (per output). A mapped axis of size k runs on the
    first k local devices (all of `devices` when given: then exactly k). Inside `fn`, the
    collectives (`ops.AllReduce`, `ops.AllGather`, `ops.ReduceScatter`, `ops.Broadcast`,
    `ops.all_reduce`, ...) act over the mapped axis, named `axis_name` (default 'pmap'; a
    collective's `group` may name it). `fn` may be a function or a Cell: Parameters are
    replicated to every device and may be assigned only values equal on all of them (see the
    module doc). Built on `jax.jit` of `jax.shard_map`; composes with vmap, grad and jit.

    Example:
        >>> def step(x):
        ...     return ops.AllReduce()(x.sum())
        >>> ms.pmap(step)(ops.ones((4, 3)))   # 4 devices
        Tensor(shape=[4], dtype=Float32, value= [ 1.20000000e+01, ... ])
    """
    if isinstance(fn, Primitive):
        raise RuntimeError(f"'pmap' arg0 PrimitiveAbstractClosure: S_Prim_{fn.name} cast to "
                           "'FuncGraphAbstractClosure' failed.")
    if is_cell_list(fn):
        raise TypeError("For 'pmap', 'fn' is a CellList: model ensembling runs with vmap "
                        "(mindspore.vmap(cell_list, ...)); pmap a function that calls it instead.")
    if not callable(fn):
        raise TypeError(f"For 'pmap', 'fn' must be a function or a Cell, but got {fn!r}.")
    if axis_name is None:
        axis_name = DEFAULT_AXIS_NAME
    if not isinstance(axis_name, str):
        raise TypeError(f"For 'pmap', 'axis_name' must be a str (or None), but got "
                        f"{axis_name!r}.")
    if devices is not None:
        devices = list(devices)
        if not devices or not all(isinstance(d, jax.Device) for d in devices):
            raise TypeError("For 'pmap', 'devices' must be a non-empty sequence of JAX devices "
                            f"(from jax.devices()), but got {devices!r}.")
    return _Pmapped(fn, in_axes, out_axes, axis_name, devices)
