"""`mindspore.vmap(fn, in_axes=0, out_axes=0)`: `jax.vmap` on the compiled-call path.

Like MindSpore, msjax always compiles a vmapped function. `in_axes`/`out_axes` are checked and
normalised with MindSpore's rules and error messages (`mindspore_semantics.md` §1), then handed
to `jax.vmap`. Parameters reached by `fn` are unbatched inputs (axis None): assigning a batched
value to one is MindSpore's ValueError. A `CellList` is model ensembling: its members'
Parameters are stacked on a new leading axis, the first member's `construct` runs on each slice
in one vectorised program, and the slices are written back to each member afterwards.
"""
from __future__ import annotations

import inspect
import re
import warnings

import jax
import numpy as np

from msjax._src.core import lifting
from msjax._src.core import x64
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor
from msjax._src.ops.array_ops import stack
from msjax._src.ops.registry import Primitive
from msjax._src.backend import interface as backend
from msjax._src.transforms import tracing_depth as _tracing_depth
from msjax._src.transforms.compiled import CompiledFunction, _any_tracer
from msjax._src.transforms.control_flow import (FALLBACK_ERRORS, GraphFallbackWarning,
                                                _fallback_message)

ASSIGN_ERROR = ("The source axis of `variable` is None, but the source axis of `value` is not "
                 "None. The execution order of operator `Assign` cannot be guaranteed.")


# -- axis specs --------------------------------------------------------------------------------
def check_axis_type(axis, which, api="vmap"):
    """MindSpore's type check of an `in_axes`/`out_axes` spec (`api` names vmap or pmap)."""
    if axis is None or (isinstance(axis, int) and not isinstance(axis, bool)):
        return
    if isinstance(axis, (tuple, list)):
        for a in axis:
            check_axis_type(a, which, api)
        return
    raise RuntimeError(f"The axis in {api}'s '{which}' should be a None or a scalar of type "
                       f"Int64Imm, but got a {axis}.")


def check_out_axes_spec(out_axes, api="vmap"):
    """The checks of `out_axes` made when the function is transformed."""
    check_axis_type(out_axes, "out_axes", api)
    if out_axes is None:
        raise RuntimeError(f"The 'out_axes' of '{api}' cannot be a single None{_not_ensemble(api)}.")
    if isinstance(out_axes, (tuple, list)) and _all_none(out_axes):
        raise RuntimeError(f"The 'out_axes' of '{api}' cannot be all None{_not_ensemble(api)}, "
                           f"but got {out_axes}.")


def _not_ensemble(api) -> str:
    """vmap's messages about None axes mention its CellList exception; pmap has none."""
    return " while 'fn' is not a 'CellList'" if api == "vmap" else ""


def _all_none(spec) -> bool:
    if isinstance(spec, (tuple, list)):
        return all(_all_none(s) for s in spec)
    return spec is None


def _scalar_repr(value) -> str:
    kind = {bool: "Bool", int: "Int64", float: "Float32", str: "String"}.get(type(value),
                                                                            type(value).__name__)
    return f"AbstractScalar(Type: {kind}, Value: {value}, Shape: NoShape)"


def _leaf_axes(arg, spec, axes: list, sizes: list, api="vmap", param_axes=None):
    """Walk one argument with its in_axes entry in flatten_args order, collecting the normalised
    axis of every array leaf and the batch size it implies. A Parameter argument is no array
    leaf (compiled calls take it as a state box): its axis goes to `param_axes` (id -> axis)."""
    if isinstance(arg, (tuple, list)) and not isinstance(arg, Tensor):
        specs = spec if isinstance(spec, (tuple, list)) else [spec] * len(arg)
        for item, item_spec in zip(arg, list(specs) + [None] * (len(arg) - len(specs))):
            _leaf_axes(item, item_spec, axes, sizes, api, param_axes)
        return
    if isinstance(arg, dict):
        for value in arg.values():
            _leaf_axes(value, spec, axes, sizes, api, param_axes)
        return
    if isinstance(arg, Parameter):
        if spec is not None:
            axis = _normalise_in_axis(spec, arg.ndim)
            sizes.append(arg.shape[axis])
            if param_axes is not None:
                param_axes[id(arg)] = axis
        return
    if isinstance(arg, (Tensor, jax.Array, np.ndarray)):
        if spec is None:
            axes.append(None)
            return
        ndim = np.ndim(arg) if not isinstance(arg, Tensor) else arg.ndim
        axis = _normalise_in_axis(spec, ndim)
        axes.append(axis)
        sizes.append(np.shape(arg)[axis] if not isinstance(arg, Tensor) else arg.shape[axis])
        return
    if spec is not None:
        raise RuntimeError(
            f"The orig_abs should be AbstractTensor when corresponding axis is {spec}, but got a "
            f"{_scalar_repr(arg)}. Tip: Please check the correspondence between {api}'s 'in_axes' "
            f"and inputs. You may want to explicitly specify the 'in_axes' corresponding to "
            f"{_scalar_repr(arg)} as 'None' to solve this problem.")


def _normalise_in_axis(axis, ndim):
    if not -ndim <= axis < ndim:
        raise RuntimeError(f"The axis: {axis} in 'in_axes' is out of bounds for array of "
                           f"dimension [{-ndim},{ndim}).")
    return axis % ndim


def positional_count(fn):
    """The number of positional parameters of `fn`, or None when it takes *args."""
    target = fn.construct if hasattr(fn, "construct") else fn
    try:
        sig = inspect.signature(target)
    except (TypeError, ValueError):
        return None
    count = 0
    for p in sig.parameters.values():
        if p.kind == p.VAR_POSITIONAL:
            return None
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            count += 1
    return count


def in_axes_per_leaf(fn, args, in_axes, is_ensemble, api="vmap",
                     param_axes=None) -> tuple[list, int | None]:
    """Check `in_axes` against `args` as MindSpore does; the axis of each array leaf, the size.
    The axes of Parameter arguments go to `param_axes` when given (see `_leaf_axes`)."""
    check_axis_type(in_axes, "in_axes", api)
    if in_axes is None and not is_ensemble:
        raise RuntimeError(f"The 'in_axes' of '{api}' cannot be a single None{_not_ensemble(api)}.")
    if isinstance(in_axes, (tuple, list)):
        if len(in_axes) != len(args):
            raise RuntimeError(f"When {api}`s 'in_axes' is a tuple or list, and its size must be "
                               "equal to the number of arguments of 'fn': "
                               f"{len(args)}, but got size: {len(in_axes)}.")
        if _all_none(in_axes) and not is_ensemble:
            raise RuntimeError(f"The 'in_axes' of '{api}' cannot be all None{_not_ensemble(api)}, "
                               f"but got {tuple(in_axes)}.")
        specs = list(in_axes)
    else:
        specs = [in_axes] * len(args)
    axes, sizes = [], []
    for arg, spec in zip(args, specs):
        _leaf_axes(arg, spec, axes, sizes, api, param_axes)
    if not sizes and not is_ensemble and api == "vmap":
        raise RuntimeError(f"Failed to get 'axis_size' within the scope of {api}.")
    for size in sizes[1:]:
        if size != sizes[0]:
            raise RuntimeError(f"The 'axis_size' of each argument in the scope of '{api}' should be "
                               f"equal, but got {sizes[0]} and {size}.")
    return axes, (sizes[0] if sizes else None)


def to_tuples(x):
    """List outputs come back as tuples (MindSpore's rule)."""
    if isinstance(x, list):
        return tuple(to_tuples(e) for e in x)
    if isinstance(x, tuple):
        return tuple(to_tuples(e) for e in x)
    return x


def check_out_axes(result, out_axes, api="vmap"):
    """Validate out_axes against the per-example result (called while tracing)."""
    if isinstance(out_axes, (tuple, list)):
        n = len(result) if isinstance(result, tuple) else 1
        if len(out_axes) != n:
            raise RuntimeError(f"The size of {api}'s 'out_axes' should be equal to the number of "
                               f"results of 'fn': {n}, but got size: {len(out_axes)}.")
        items = result if isinstance(result, tuple) else (result,)
        for item, axis in zip(items, out_axes):
            check_out_axes(item, axis, api)
        return
    for leaf in jax.tree_util.tree_leaves(result):
        if out_axes is not None:
            rank = np.ndim(leaf) + 1
            if not -rank <= out_axes < rank:
                raise RuntimeError(f"The axis: {out_axes} in 'out_axes' is out of bounds for "
                                   f"array of dimension [{-rank},{rank}).")


def _jax_out_axes(out_axes):
    if isinstance(out_axes, (tuple, list)):
        return tuple(_jax_out_axes(a) for a in out_axes)
    return out_axes


def defaulted_count(fn) -> int:
    """How many of `fn`'s positional parameters have a default (a vmapped call may omit them)."""
    target = fn.construct if hasattr(fn, "construct") else fn
    try:
        sig = inspect.signature(target)
    except (TypeError, ValueError):
        return 0
    return sum(1 for p in sig.parameters.values()
               if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is not p.empty)


def check_call_arguments(n_params, args, kwargs, n_defaults=0):
    """MindSpore's checks of a vmapped (or pmapped) call: positional arguments only, as many as
    `fn` takes (`n_params`; None when it takes *args), less those with a default (`n_defaults`)
    that the call leaves out."""
    if kwargs:
        raise RuntimeError(f"Got an unexpected keyword argument '{next(iter(kwargs))}'")
    if n_params is not None and not n_params - n_defaults <= len(args) <= n_params:
        raise TypeError(f"The parameters number of the function is {n_params}, but the "
                        f"number of provided arguments is {len(args)}.")


# -- the vmapped function ----------------------------------------------------------------------
class _Vmapped(CompiledFunction):
    """`vmap(fn, in_axes, out_axes)`: compiled per signature; in_axes are part of the context.
    Its indices are checked (core/index_checks.py): a call with an index out of range raises
    MindSpore's error, before it writes anything."""

    checks_structured = True

    def __init__(self, fn, in_axes, out_axes):
        super().__init__(fn, transform=self._vectorise)
        check_out_axes_spec(out_axes)
        self.in_axes, self.out_axes = in_axes, out_axes
        self.n_params, self.n_defaults = positional_count(fn), defaulted_count(fn)

    def _check_call(self, args, kwargs):
        check_call_arguments(self.n_params, args, kwargs, self.n_defaults)

    @x64.scoped
    def __call__(self, *args, **kwargs):
        self._check_call(args, kwargs)
        program, dyn = self.programs.find(args, self.new_program)
        if program.eager:
            return self._run_eagerly(args)
        try:
            return self.run(program, dyn)
        except FALLBACK_ERRORS as error:
            if _tracing_depth():  # (an enclosing compiled call falls back as a whole)
                raise
            program.eager = True
            warnings.warn(_fallback_message(self.name, error), GraphFallbackWarning, stacklevel=2)
            return self._run_eagerly(args)

    def _run_eagerly(self, args):
        """`jax.vmap` of `fn` run op by op, for a call signature whose program needs a value
        its trace does not have (an unbatched Tensor argument read as a Python value: a
        MatrixDiagPartV3's `k`): its unbatched arguments stay concrete."""
        in_axes = to_tuples(self.in_axes)
        if not isinstance(in_axes, tuple):
            in_axes = (in_axes,) * len(args)
        out_axes = _jax_out_axes(self.out_axes)
        single = []  # fn returned one value, out_axes is a 1-sequence

        def body(*xs):
            result = to_tuples(self.fn(*xs))
            if isinstance(out_axes, tuple) and not isinstance(result, tuple):
                single.append(True)
                result = (result,)
            return result

        result = jax.vmap(body, in_axes=in_axes, out_axes=out_axes)(*args)
        return result[0] if single else result

    def program_context(self, args, dyn):
        """`(axes, size, param_axes)`: the axis of each array leaf, the batch size and the axes
        of Parameter arguments (checked against `in_axes` as MindSpore does)."""
        param_axes = {}
        axes, size = in_axes_per_leaf(self.fn, args, self.in_axes, False, param_axes=param_axes)
        return axes, size, param_axes

    def box_axes(self, program):
        """Parameters passed as mapped arguments are mapped; every other box is shared."""
        param_axes = program.context[2]
        return [param_axes.get(id(b)) for b in program.boxes]

    def _vectorise(self, pure, program):
        out_axes = _jax_out_axes(self.out_axes)
        user_out_axes = self.out_axes

        single_output = []  # set while tracing: fn returned one value, out_axes is a 1-sequence

        def body(*flat):
            result, written = pure(*flat)
            result = to_tuples(result)
            check_out_axes(result, user_out_axes)
            if isinstance(user_out_axes, (tuple, list)) and not isinstance(result, tuple):
                single_output.append(True)
                result = (result,)
            return result, written

        axes, size = program.context[:2]
        box_axes = self.box_axes(program)
        vectorised = jax.vmap(body, in_axes=tuple(box_axes) + tuple(axes),
                              out_axes=(out_axes, box_axes), axis_size=size)

        def call(*flat):
            try:
                result, written = vectorised(*flat)
                return (result[0] if single_output else result), written
            except ValueError as error:
                match = re.search(r"at vmap out_axes\[(\d)\]", str(error))
                if match is None:
                    raise
                if match.group(1) == "1":
                    raise ValueError(ASSIGN_ERROR) from None
                raise RuntimeError("It is invalid that source is not None and dst is None.") \
                    from None
        return call


class _Ensemble(_Vmapped):
    """vmap over a CellList: model ensembling with the members' Parameters stacked."""

    def __init__(self, cells, in_axes, out_axes):
        # One program for every member, traced with the last member, as MindSpore builds it: its
        # Python attributes hold for all (tests/goldens: "celllist python attribute").
        CompiledFunction.__init__(self, cells[-1], transform=self._lower)
        check_axis_type(out_axes, "out_axes")
        self.cells, self.in_axes, self.out_axes = cells, in_axes, out_axes
        self.n_params, self.n_defaults = positional_count(cells[0]), defaulted_count(cells[0])
        self.member_params = _check_members(cells)
        self.lowering = backend.lowering_for().ensemble(out_axes, len(cells))  # lowering.py

    def _lower(self, pure, program):
        if self.lowering == "looped":
            return self._member(pure, program)
        return self._vectorise(pure, program)

    def _member(self, pure, program):
        """One member's step, for the looped lowering. Inputs: the member's Parameters, the
        shared boxes, the whole arguments and the member's index, which picks its slice of the
        mapped arguments."""
        axes = program.context[0]
        user_out_axes = self.out_axes

        def call(*flat):
            n_boxes = len(program.boxes)
            boxes, dyn, index = flat[:n_boxes], flat[n_boxes:-1], flat[-1]
            member_dyn = [d if a is None else jax.lax.dynamic_index_in_dim(d, index, a, False)
                          for d, a in zip(dyn, axes)]
            result, written = pure(*boxes, *member_dyn)
            result = to_tuples(result)
            check_out_axes(result, user_out_axes)
            return result, written
        return call

    def _run_looped(self, program, dyn):
        """The looped lowering: the member's program, compiled once, called for each member with
        its own Parameters. Every member's writes are applied after the last call succeeded."""
        n_stacked = len(self.member_params[0])
        if program.compiled is None:
            self._compile(program, dyn + [np.int32(0)])
        shared = lifting.read_values(program.boxes[n_stacked:])  # the same for every member
        results, boxes, values = [], [], []
        for index, params in enumerate(self.member_params):
            result, written = program.compiled(*lifting.read_values(params), *shared, *dyn,
                                               np.int32(index))
            results.append(result)
            boxes += params
            values += written[:n_stacked]
        boxes += program.boxes[n_stacked:]  # shared: one final value, the last member's
        values += written[n_stacked:]
        lifting.write_written(boxes, values)
        return self._stacked(results)

    def _stacked(self, results):
        """The members' results stacked along out_axes."""
        out_axes = _as_tuples(self.out_axes)
        if isinstance(out_axes, tuple) and not isinstance(results[0], tuple):
            out_axes = out_axes[0]
        return _stack_members(results, out_axes)

    def _run_inlined(self, args):
        """Under an enclosing trace: the last member's `construct` run once per member, with the
        member's Parameters swapped in and its slice of the arguments (the enclosing program
        takes the writes)."""
        pure, _ = lifting.lift(self.fn, boxes=self.member_params[-1])
        in_axes = _as_tuples(self.in_axes)
        specs = list(in_axes) if isinstance(in_axes, tuple) else [in_axes] * len(args)
        results, boxes, values, shared = [], [], [], []
        for index, params in enumerate(self.member_params):
            member_args = [_member_slice(a, s, index) for a, s in zip(args, specs)]
            call = pure(lifting.read_values(params), *member_args)
            results.append(to_tuples(call.result))
            boxes += params
            values += call.finals
            shared = call.free_written()  # shared boxes: one final value, as in the others
        lifting.write_back(boxes + [b for b, _ in shared], values + [v for _, v in shared])
        return self._stacked(results)

    @x64.scoped
    def __call__(self, *args, **kwargs):
        self._check_call(args, kwargs)
        program, dyn = self.programs.find(args, self.new_program)
        if self.lowering == "looped":
            if _tracing_depth() or _any_tracer(dyn):  # under an enclosing trace: inline them
                return self._run_inlined(args)
            return self._run_looped(program, dyn)
        return self.run(program, dyn)

    def program_context(self, args, dyn):
        """`(axes, members)`: the axis of each array leaf and the number of members."""
        axes, size = in_axes_per_leaf(self.fn, args, self.in_axes, True)
        n = len(self.cells)
        if size is not None and size != n:
            raise ValueError(
                "If you want to execute the model ensembling parallel training, please make "
                "sure the 'axis_size' in the scope of vmap consistent with the cell size of "
                "the input 'CellList', otherwise, please do not enter 'CellList' as the "
                f"first argument, but we get axis_size: {size} and the cell size: {n}.")
        return axes, n

    def compile(self, arg_key, objs, context=None):
        program = super().compile(arg_key, objs, context)
        template = self.member_params[-1]
        program.boxes = lifting.grown(template, program.boxes)  # the template's boxes first
        program.jitted, program.record = self._make_jitted(program)
        return program

    def box_axes(self, program):
        n_stacked = len(self.member_params[0])
        return [0] * n_stacked + [None] * (len(program.boxes) - n_stacked)

    def read_boxes(self, program) -> list:
        n_stacked = len(self.member_params[0])
        if self.lowering == "looped":  # the first member's: what its program is traced with
            return lifting.read_values(program.boxes)
        return (lifting.stack_states(self.member_params)
                + lifting.read_values(program.boxes[n_stacked:]))

    def write_boxes(self, program, written: list) -> None:
        n_stacked = len(self.member_params[0])
        boxes, values = lifting.unstack_writes(self.member_params, written[:n_stacked])
        lifting.write_written(boxes + program.boxes[n_stacked:],
                              values + list(written[n_stacked:]))


def _as_tuples(spec):
    if isinstance(spec, (tuple, list)):
        return tuple(_as_tuples(s) for s in spec)
    return spec


def _member_slice(arg, spec, index):
    """Member `index`'s part of an argument mapped with `spec`."""
    if spec is None:
        return arg
    if isinstance(arg, (tuple, list)) and not isinstance(arg, Tensor):
        specs = spec if isinstance(spec, (tuple, list)) else [spec] * len(arg)
        return type(arg)(_member_slice(a, s, index) for a, s in zip(arg, specs))
    if isinstance(arg, Tensor):
        axis = spec % arg.ndim
        return arg[(slice(None),) * axis + (index,)]
    return arg


def _stack_members(outputs, out_axes):
    """The members' outputs stacked along each output's out_axis."""
    first = outputs[0]
    if isinstance(first, tuple):
        axes = out_axes if isinstance(out_axes, tuple) else (out_axes,) * len(first)
        return tuple(_stack_members([o[k] for o in outputs], axes[k]) for k in range(len(first)))
    if isinstance(first, Tensor):
        return stack(outputs, out_axes)
    return stack([Tensor(o) if not isinstance(o, Tensor) else o for o in outputs], out_axes)


def _postfix(name: str) -> str:
    match = re.match(r"^.*?\d+\.(.+)$", name)
    return match.group(1) if match else name


def _check_members(cells) -> list:
    """MindSpore's checks on an ensemble; each member's Parameters in matching order."""
    if len(cells) <= 1:
        raise RuntimeError("In the model ensembling parallel training scenario ('VmapOperation' "
                           "arg0 is a 'CellList'), the size of 'CellList' must be greater than 1, "
                           f"but got {len(cells)}.")
    members = [list(cell.get_parameters()) for cell in cells]
    first = members[0]
    for params in members[1:]:
        if len(params) != len(first):
            raise ValueError("Parameter size of each cell should be consistent, but get "
                             f"{len(first)} and {len(params)}.")
        for a, b in zip(first, params):
            if _postfix(a.name) != _postfix(b.name):
                raise RuntimeError("The corresponding parameter's postfix name in each cell should "
                                   f"be consistent, but get {a.name} and {b.name}.")
            label = "vmap." + _postfix(a.name)
            if a.shape != b.shape:
                shape_a = ", ".join(map(str, a.shape))
                shape_b = ", ".join(map(str, b.shape))
                raise RuntimeError("The corresponding parameter's shape in each cell should be "
                                   f"consistent, but get  Shape: {shape_a} and  Shape: {shape_b} "
                                   f"for the parameter {label}.")
            if a.dtype != b.dtype:
                raise RuntimeError("The corresponding parameter's type in each cell should be "
                                   f"consistent, but get {a.dtype} and {b.dtype} for the "
                                   f"parameter {label}.")
    return members


def is_cell_list(fn) -> bool:
    """Whether `fn` is a CellList (MindSpore marks its instances `__cell_as_list__`): vmap over one
    is an ensemble. The transforms know no nn class."""
    return getattr(fn, "__cell_as_list__", False) is True


def vmap(fn, in_axes=0, out_axes=0):
    """`mindspore.vmap`: vectorise `fn` (a function, Cell or CellList) over `in_axes`."""
    if isinstance(fn, Primitive):
        raise RuntimeError(f"'VmapOperation' arg0 PrimitiveAbstractClosure: S_Prim_{fn.name} cast "
                           "to 'FuncGraphAbstractClosure' failed.")
    if is_cell_list(fn):
        return _Ensemble(fn, in_axes, out_axes)
    return _Vmapped(fn, in_axes, out_axes)
