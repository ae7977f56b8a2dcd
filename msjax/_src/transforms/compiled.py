"""The compiled-call path every msjax transform shares: lift, `jax.jit`, write back.

`CompiledFunction(fn, transform)` compiles `fn` once per call signature, MindSpore's cache key:
shapes and dtypes of Tensor arguments, values of Python scalars and strings, identities of Cells,
Parameters and other objects (with a Cell's train/predict phase). The program takes the current
values of every state box it touches (Parameters, the RNG key) as inputs and returns the final
values of the boxes it wrote, which are written back only when the call succeeds.

Which boxes a program touches is learned while tracing it: the boxes of Cells and Parameters in
the arguments are known up front; a free-variable box read or written during the trace (a global
Cell, a closure's Parameter) makes the program be traced again with it as an input, and so does
a Parameter the trace creates and writes (a Cell built inside jit: later traces replay its
creation, `state.Frame.adopt`). Each trace fills a `TraceRecord` (core/program.py, with the
`Program` it describes); re-tracing stops after
`lifting.MAX_TRACES` with an error naming the function. Lifting the function, looking its
program up by MindSpore's cache key, retracing until the inputs settle and writing back are the
steps of the lifting layer (core/lifting.py); this module adds `jax.jit`, the compile cache and
the backend's lowerings to them. The box list is cached with the program, so a
steady-state call flattens its arguments, reads the boxes' values, runs the executable and
writes back, with nothing else in Python. Backend-specific lowerings (lowering.py) are chosen
when a signature is compiled, never per call.
"""
from __future__ import annotations

import contextlib
import logging
import os
import sys

import jax
import numpy as np

from msjax._src.core import attributes, context, hal, index_checks, integer_inputs, lifting, state
from msjax._src.core.lifting import rebuild_args
from msjax._src.core.parameter import Parameter
from msjax._src.core.program import Program, TraceRecord
from msjax._src.core import x64
from msjax._src.ops.registry import wrap
from msjax._src.parallel import strategy_file
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.transforms import tracing_depth as _tracing_depth
from msjax._src.backend import interface as backend
from msjax._src.transforms import graph_fallback, graph_floats, lazy_inline
from msjax._src.transforms import tracing
from msjax._src.transforms.control_flow import (FALLBACK_ERRORS, SignatureRunsEagerly,
                                                fall_back, traceable)

_logger = logging.getLogger("msjax")
_SINGLE_TENSOR = jax.tree_util.tree_structure(_wrap(np.zeros(())))


_saved_graph_count = [0]


def save_graphs(name, traced, lowered) -> None:
    """`MS_DEV_SAVE_GRAPHS` / `set_context(save_graphs=...)`: write each compiled program to
    `MS_DEV_SAVE_GRAPHS_PATH` (or `save_graphs_path`): its jaxpr, the graph msjax has once the
    function is traced and checked, as MindSpore's validated graph (`NNNN_validate_NAME.ir`),
    and its StableHLO text (`NNNN_stablehlo_NAME.mlir`). `MS_DEV_DUMP_IR_PASSES` (names, comma
    separated) keeps only the files whose pass name contains one of them (`_validate`), as
    MindSpore's. The folder is read as MindSpore reads it at each compile, from the process's
    environment (`context.process_environ`): after `os.unsetenv` (which MindSpore's own tests'
    teardowns call; `os.environ` keeps its copy) graphs go to the working directory. The
    level and the passes MindSpore fixes at its first compile; msjax reads them from
    `os.environ` at each compile (docs/migration.md)."""
    level = (context._context.get("save_graphs")
             or int(os.environ.get("MS_DEV_SAVE_GRAPHS", "0") or 0))
    if not level:
        return
    directory = (context.process_environ("MS_DEV_SAVE_GRAPHS_PATH")
                 or context._context.get("save_graphs_path") or ".")
    passes = [p for p in os.environ.get("MS_DEV_DUMP_IR_PASSES", "").split(",") if p]
    os.makedirs(directory, exist_ok=True)
    _saved_graph_count[0] += 1
    for pass_name, suffix, text in (("_validate", ".ir", lambda: str(traced.jaxpr)),
                                    ("_stablehlo", ".mlir", lowered.as_text)):
        if passes and not any(p in pass_name for p in passes):
            continue
        path = os.path.join(directory, f"{_saved_graph_count[0]:04d}{pass_name}_{name}{suffix}")
        with open(path, "w") as f:
            f.write(text())


def _any_tracer(values) -> bool:
    return any(isinstance(v, jax.core.Tracer) for v in values)


def initial_boxes(objs) -> list:
    """The boxes known before tracing: Parameters passed as arguments and those of Cells."""
    return lifting.collect_parameters(*objs)


def check_int64_arguments(args) -> None:
    """MindSpore's graph takes a Python int argument (in a tuple, list or dict too) as a C++
    int64: one outside its range fails with pybind11's RuntimeError (a constant in the function
    may be larger)."""
    for arg in args:
        if type(arg) is int and not -2**63 <= arg < 2**63:
            raise RuntimeError("Unable to cast Python instance of type <class 'int'> to C++ type "
                               "'long'")
        if type(arg) in (tuple, list):
            check_int64_arguments(arg)
        elif type(arg) is dict:
            check_int64_arguments(arg.values())


def check_parameter_names(arguments, boxes) -> None:
    """MindSpore's graph compiler refuses a Parameter passed as an argument whose name another
    Parameter among the program's inputs (an argument, or the Cell's) has: ValueError naming the
    later one (the arguments come first). Two of the Cells' own Parameters of one name (two
    networks' `0.weight` in one training step) it accepts."""
    passed = {}
    for box in arguments:
        first = passed.setdefault(box.name, box)
        if first is not box:
            raise _duplicate_name_error(box)
    for box in boxes:
        first = passed.get(getattr(box, "name", None), box) if isinstance(box, Parameter) else box
        if first is not box:
            raise _duplicate_name_error(box)


def _duplicate_name_error(parameter) -> ValueError:
    return ValueError(
        f"The parameter {_parameter_text(parameter)} , its name '{parameter.name}' already "
        "exists. Please set a unique name for the parameter.\nFor more details with the name of "
        "parameter, please refer to https://mindspore.cn/search?inputValue=Please%20set"
        "%20a%20unique%20name%20for%20the%20parameter")


def check_free_parameter_names(boxes, free, graph_name) -> None:
    """MindSpore's graph compiler refuses a graph that names a Parameter as a global or closure
    variable (`free`: their ids) when another Parameter among the graph's (`boxes`) has its
    name: RuntimeError naming the graph and the Parameter (MindSpore's graph name carries a
    number of its own; msjax's is the function's name). Parameters of one name that its Cells
    hold it accepts (and msjax accepts those of Cells it captures: docs/migration.md)."""
    parameters = [box for box in boxes if isinstance(box, Parameter)]
    names = [box.name for box in parameters]
    if not free or len(set(names)) == len(names):
        return
    for box in parameters:
        if id(box) in free and any(other is not box and other.name == box.name
                                   for other in parameters):
            raise RuntimeError(
                f"The parameter @{graph_name}:param_{box.name} , its name '{box.name}' already "
                "exists. Please set a unique name for the parameter.\nFor more details with the "
                "name of parameter, please refer to https://mindspore.cn/search?inputValue="
                "Please%20set%20a%20unique%20name%20for%20the%20parameter")


def free_parameters(fn, objs) -> set:
    """The ids of the Parameters `fn` names as globals or closure variables, and those the
    `construct` of a Cell among `objs` (a GRAPH_MODE Cell's graph) names so."""
    named = list(attributes.captured(fn))
    for obj in objs:
        construct = getattr(type(obj), "construct", None) if lifting.is_cell(obj) else None
        if construct is not None:
            named += attributes.captured(construct)
    return {id(value) for value in named if isinstance(value, Parameter)}


def _msjax_code(fn) -> bool:
    """Whether `fn` is msjax's own: a function it compiles closing over the user's objects (a
    training step: MindSpore's TrainOneStepCell graph), not checked by
    `check_free_parameter_names` (a GRAPH_MODE Cell's graph, msjax's `_run_cell` given the
    Cell, is)."""
    return (getattr(getattr(fn, "__func__", fn), "__module__", None) or "").startswith("msjax.")


def _parameter_text(parameter) -> str:
    """A Parameter as MindSpore's graph compiler names it in that error."""
    values = np.asarray(parameter._data)
    text = (np.format_float_positional(values.item(), trim="-")
            if values.ndim == 0 and values.dtype.kind == "f" else
            str(values.item()) if values.ndim == 0 else np.array2string(values, separator=" "))
    return (f"Tensor(shape={list(values.shape)}, dtype={parameter.dtype}, value={text}, "
            f"name={parameter.name})")


def _rebuild(out_tree, flat, constants):
    """The call's result from the program's flat outputs and the Python values the trace
    returned (`constants`, graph_fallback.py)."""
    return wrap(graph_fallback.unflatten_result(out_tree, flat, constants))  # Python numbers too


def _rebuild_with_rows(out_tree, flat, constants):
    """`_rebuild` keeping the lazily taken rows of stacked outputs (stacked_outputs.py) lazy."""
    return wrap(backend.lift_rows(graph_fallback.unflatten_result(out_tree, flat, constants)))


def _executable_call(program):
    """What a call with concrete values runs: the jitted function whose trace was compiled (its
    C++ dispatch holds the executable: no Python between the call and XLA), else the executable;
    when a lowering made the program return rows stacked (`program.rows`), that with its
    outputs expanded."""
    executable = program.dispatch or program.compiled
    if program.split is not None:  # its checks first, giving it their flag (split_checks.py)
        checks, reads = program.split

        def call(*flat):
            errors = checks(*[flat[i] for i in reads])
            return (*executable(*flat, errors[0]), *errors)
        return call
    rows = program.rows
    if rows is None:
        return executable
    program.rebuild = _rebuild_with_rows
    # The first written box's value among the flat outputs (a single Tensor result counts as
    # written here: it is returned as a plain Tensor): rows from there on are taken at once.
    first_written = 0 if program.single else len(rows) - len(program.written_index) - (
        program.attribute_writes.count if program.attribute_writes else 0)

    def call(*flat):
        return backend.expand_rows(executable(*flat), rows, first_written)
    return call


# References to a box's array when only the core holds it: the box's `_value` slot, the list of
# values being passed, the local name in `owned_values` and `sys.getrefcount`'s argument.
_OWNED_REFERENCES = 4


def owned_values(values: list, donated) -> None:
    """Make every donated entry of `values` an array the core owns alone: an array something
    else still references (a Tensor from `Parameter.value()` the user keeps, the same array in
    two Parameters, the value of an enclosing frame, whose box still holds it) is replaced by a
    copy, which is donated instead, so nothing outside the call sees a deleted buffer."""
    for i in donated:
        value = values[i]
        if sys.getrefcount(value) > _OWNED_REFERENCES and isinstance(value, jax.Array):
            values[i] = value.copy()


def run_pure(boxes, fn, box_values, args, record: TraceRecord, flat_outputs=False, replay=None,
             attribute_roots=None, checks=None, syntax_level=None):
    """The traced body of a program: `fn(*args)` as a pure function of the boxes' values.

    Structured: `(result, written)`, one `written` entry per box (None where not written).
    With `flat_outputs`: one flat tuple, the result's arrays, the arrays of the attributes it
    wrote, then the written boxes' values, with the structure kept in `record` (pytrees and
    custom nodes in a jitted function's signature cost Python work on every call; rebuilding
    here is cheaper). With `attribute_roots` (the objects whose attributes the call may write:
    core/attributes.py), the attributes it writes are carried: a Tensor attribute becomes a box
    of the next trace, any other is an output written back after each call. `checks`: the
    trace's view of the index checks (`record.checks`), None where indices are not checked.
    `syntax_level`: the graph syntax level configured for a graph-mode (flat) trace, which
    its body and its result's Python values follow (graph_fallback.traced_at).
    """
    with graph_fallback.traced_at(syntax_level):
        return _run_pure(boxes, fn, box_values, args, record, flat_outputs, replay,
                         attribute_roots, checks)


def _run_pure(boxes, fn, box_values, args, record, flat_outputs, replay, attribute_roots,
              checks):
    """`run_pure` in its syntax level."""
    if attribute_roots is not None:
        fn, carried = attributes.carrying(fn, boxes, attribute_roots)
    pure, _ = lifting.lift(fn, boxes=boxes, replay=replay, keep_created=True)
    floats = graph_floats.recording() if flat_outputs else contextlib.nullcontext()
    with tracing(), index_checks.tracing(checks), \
            floats as computed_floats:  # the floats the graph computes (graph_floats.py)
        call = graph_fallback.run_folding_when_needed(  # graph mode: constants fold if needed
            record, flat_outputs, lambda: pure(box_values, *args))
    record.free, record.created, record.created_written = (call.free, call.created,
                                                           call.created_written)
    attribute_finals = ()
    if attribute_roots is not None:
        new_boxes, record.attribute_guard, attribute_finals = attributes.classify(
            carried.written, boxes)
        record.free = lifting.grown(record.free, new_boxes)
    # One entry per box: its final value if the call wrote it, else None (an empty pytree, so
    # read-only boxes are no program outputs).
    written = lifting.changed(call.finals, box_values)
    record.writes = any(w is not None for w in written)
    if flat_outputs:
        leaves, record.out_tree, record.constants = graph_fallback.flatten_result(
            graph_floats.returned(call.result, computed_floats), boxes, call.finals)
        record.single = record.out_tree == _SINGLE_TENSOR and not record.constants
        record.written_index = [i for i, w in enumerate(written) if w is not None]
        record.returned_box = _returned_box(call.result, boxes, written)
        if record.returned_box is not None:
            record.single = False  # no one-Tensor fast call: the run returns the box
        if attribute_finals:
            record.attribute_writes = attributes.Outputs(attribute_finals)
            leaves = [*leaves, *attributes.Outputs.arrays_of(attribute_finals)]
            record.single, record.returned_box = False, None
        return tuple(leaves) + tuple(written[i] for i in record.written_index)
    return call.result, written


def _returned_box(result, boxes, written):
    """The index of the box `result` is, when the whole result is a Parameter the call read and
    did not write (MindSpore's graph returns that Parameter itself); else None."""
    if not isinstance(result, Parameter):
        return None
    for i, box in enumerate(boxes):
        if box is result:
            return i if written[i] is None else None
    return None


def _fast_key(cell, args):
    """`call_cell`'s cache key of `args` when all are Tensors of JAX arrays (with their arrays),
    else `(None, None)`."""
    if integer_inputs.recording() or lifting.loops_as_python():  # (keyed by `Programs`)
        return None, None
    fast_key, dyn = [id(cell), cell._phase, cell.training], []
    for a in args:
        if type(a) is not Tensor or "const_arg" in a.__dict__:  # (a constant: flatten_args)
            return None, None
        data = a._data
        try:
            aval = data.aval
        except AttributeError:
            return None, None
        dyn.append(data)
        fast_key.append(aval.shape)
        fast_key.append(aval.dtype)
    return tuple(fast_key), dyn



class CompiledFunction:
    """`fn` compiled per call signature with its state functionalised (see the module doc).

    The jitted program takes its inputs flat: the boxes' values, then the arguments' arrays.
    `transform(pure, program)` wraps the pure function `pure(*flat) -> (result, written)` before
    `jax.jit` (none for jit, which returns flat outputs; `jax.vmap` with the user's axes).
    """

    # Whether the program runs on this process's devices alone: then the platform's rewrites and
    # the compile cache apply (a program over several processes' devices takes neither).
    local_program = True
    # Whether a program with structured outputs (a transform's) checks its indices too (vmap's:
    # core/index_checks.py); programs with flat outputs (jit, GRAPH_MODE) always do.
    checks_structured = False

    def __init__(self, fn, transform=None, name=None, syntax_level=context.LAX):
        self.fn = fn
        self.transform = transform
        self.flat_outputs = transform is None
        self.name = name or getattr(fn, "__name__", type(fn).__name__)
        self.programs = lifting.Programs()  # by MindSpore's cache key; bounded, objects weak
        self.syntax_level = syntax_level  # None: a Cell's graph (`configured_syntax_level`)

    def configured_syntax_level(self, args) -> int:
        """The syntax level the graph-mode program of a call with `args` is configured at
        (MS_DEV_JIT_SYNTAX_LEVEL overrides it: graph_fallback.syntax_level): `syntax_level`
        (a `jit` function's: LAX, STRICT with `fullgraph=True`), or for a GRAPH_MODE Cell's
        graph (`syntax_level` None, the Cell the first argument) the Cell's."""
        if self.syntax_level is None:
            return graph_fallback.cell_syntax_level(args[0])
        return self.syntax_level

    def _make_jitted(self, program: Program):
        """A jitted pure function of `program`'s boxes and arguments, and the record its traces
        fill."""
        fn = traceable(self.fn)  # control flow on tensors converted (control_flow.py)
        boxes, key, inline = program.boxes, program.key, program.inline_chains
        record = TraceRecord(fold=program.record is not None and program.record.fold)
        flat_outputs, replay = self.flat_outputs, program.created
        checks = flat_outputs or self.checks_structured  # whether its indices are checked
        if program.checked:  # its index checks bound (index_checks.py), their error returned
            record.checks = index_checks.Probe(index_checks.FUNCTIONALISED)

        def pure(*flat):
            n_boxes = len(boxes)  # the objects read when tracing: held weakly (core/program_cache.py)
            hooks = program.argument_hooks  # its Tensor arguments' hooks, kept from the first call
            args = rebuild_args(key, iter(flat[n_boxes:]), iter(program.objs),
                                None if hooks is None else iter(hooks))
            roots = ([self._owner(), *program.objs, *attributes.captured(self.fn)]
                     if flat_outputs else None)  # whose attributes it carries (attributes.py)
            if flat_outputs and (self.syntax_level is None or not _msjax_code(self.fn)):
                check_free_parameter_names(boxes, free_parameters(self.fn, program.objs),
                                           self.name)
            with lazy_inline.inlined(inline):
                return run_pure(boxes, fn, flat[:n_boxes], args, record, flat_outputs, replay,
                                roots, record.checks if checks else None,
                                self.configured_syntax_level(args) if flat_outputs else None)

        if program.checked and flat_outputs:
            pure, program.error_tree = index_checks.functionalised(
                pure, lambda: record.written_index)
        if self.transform:
            pure = self.transform(pure, program)
            if program.checked:  # checkify outside the transform; the call raises before it
                # writes anything (`_call`), so no value is rolled back here
                pure, program.error_tree = index_checks.functionalised(pure, list)
        return jax.jit(pure), record

    def program_context(self, args, dyn):
        """What a transform needs to know of a new signature (vmap's axes, pmap's layout),
        checked once per signature: None for jit."""
        return None

    def new_program(self, arg_key, objs, dyn, args) -> Program:
        """The program of a signature not seen before (`lifting.Programs.find` calls this)."""
        if self.flat_outputs:
            check_int64_arguments(args)
        program = self.compile(arg_key, objs, self.program_context(args, dyn))
        if self.flat_outputs:  # graph mode: a gradient taken inside reaches the arguments' hooks
            program.argument_hooks = lifting.argument_hooks(args)
        return program

    def compile(self, arg_key, objs, context=None):
        owner = getattr(self.fn, "__self__", self.fn)  # a Cell, or the Cell of a bound method
        # With flat outputs (jit), the Parameters of the Cells a function captures (in its
        # closure, the globals it names, the function grad differentiates, recursively) are
        # inputs from the start: otherwise the first trace finds them free and the function
        # is traced again with them (ViT-tiny's @ms.jit step of value_and_grad + optimizer:
        # 0.64 s + 0.36 s). A captured Parameter the call does not read is an unused input.
        captured = backend.wrapped_roots(owner) if self.flat_outputs else []
        boxes = initial_boxes([owner, *objs, *captured])  # the RNG key joins when a trace draws
        check_parameter_names([o for o in objs if isinstance(o, Parameter)], boxes)
        return Program(arg_key, objs, boxes, self._make_jitted, _rebuild, context)

    @x64.scoped
    def __call__(self, *args):
        if context.precompile_only() and not state.tracing_depth():
            return self.compile_only(args)
        program, dyn = self.programs.find(args, self.new_program)
        return self.run(program, dyn)

    def program_of(self, args) -> Program:
        """The program of `args`' call signature (made by an earlier call)."""
        return self.programs.program_of(args)

    def compile_only(self, args) -> None:
        """Trace and compile the program of `args`' signature without running it (`Cell.compile`,
        `Model.build`): the next call with that signature runs it. Control flow that cannot be
        compiled raises FALLBACK_ERRORS; a signature that already runs eagerly is left so."""
        program, dyn = self.programs.find(args, self.new_program)
        if program.call is None and not program.eager:
            self._compile(program, dyn)
            program.call = _executable_call(program)

    def read_boxes(self, program) -> list:
        """The values the program's box inputs take (ensembles stack their members' here)."""
        return lifting.read_values(program.boxes)

    def write_boxes(self, program, written: list) -> None:
        """Write back the program's written boxes (`written`: one per box, None: not written)."""
        lifting.write_written(program.boxes, written)

    @x64.scoped
    def call_cell(self, cell, args):
        """`cell(*args)` through this function (`fn(cell, args, {})`), with a cheaper cache key
        when every argument is a Tensor holding a JAX array (GRAPH_MODE's `Cell.__call__`
        calls it directly). A call with concrete values gives the Cell a fast call for its
        next calls with the same signature (graph_call.py). A signature that cannot be
        compiled falls back to running eagerly (control_flow.fall_back)."""
        if context.precompile_only() and not state.tracing_depth():
            return self.compile_only((cell, args, {}))
        version = state.call_key_version[0]  # the key's flags as of now
        fast_key, dyn = _fast_key(cell, args)
        try:
            if fast_key is None:
                return self(cell, args, {})
            program = self.programs.get(fast_key)
            if program is None:
                program = self.programs.find((cell, args, {}), self.new_program)[0]
                self.programs[fast_key] = program
            result = self.run(program, dyn)
        except FALLBACK_ERRORS as error:  # control flow msjax could not convert (control_flow.py)
            return fall_back(self, error, (cell, args, {}))  # warns; this signature: eager
        backend.install_fast_call(cell, args, self, program, dyn, version)
        return result

    def _compile(self, program, dyn):
        """Trace (again, with the free variables a trace finds as inputs) and compile once; with
        the compile cache on, load the traced program instead when an entry is valid."""
        hal.mark_initialized()  # MindSpore's graph executor initialises the device (hal)
        directory = (backend.cache_dir() if self.flat_outputs and self.local_program
                     and program.argument_hooks is None else None)  # (hooks: this process's)
        if directory is not None and self._load_cached(program, dyn, directory):
            return
        caching = directory is not None and program.cache_name is not None
        ran = set()  # with the cache on: the source files the trace ran (its dependencies)
        namespaces = {}  # and the functions that ran, with their modules' globals
        strategy_file.start_recording()  # the strategies its trace applies (semi-auto parallel)
        with backend.recording_files(ran, namespaces) if caching else contextlib.nullcontext():
            traced = self._trace(program, dyn)
        # A program checking indices is not stored: its error's layout is its trace's
        caching = caching and not program.checked and not program.attribute_guard
        if caching:
            program.cache_deps = sorted(set(backend.dependency_files(self.fn, program.objs))
                                        | backend.user_files(ran))
            program.cache_reads = backend.global_reads(namespaces, self.name)
            caching = program.cache_reads is not None  # None: a value no entry could check
        # The platform's rewrites (e.g. convolutions as matrix products, rows returned stacked
        # on XLA's CPU: lowering.py), or None: compiled as traced.
        prepared = (backend.lowering_for().prepare_program(traced.jaxpr)
                    if self.flat_outputs and self.local_program and not program.checked
                    else None)
        # Buffer donation: the inputs of the boxes the program writes (Parameters, optimizer
        # state, the RNG key) are donated, so an update does not hold two copies. Not with the
        # compile cache on (a stored executable is called without JAX's donation bookkeeping).
        # Not an attribute's (attributes.AttributeBox): its Tensor may be referenced elsewhere.
        donated = (tuple(i for i in program.written_index
                         if type(program.boxes[i]) is not attributes.AttributeBox)
                   if self.flat_outputs and not caching else ())
        # A checked program whose checks read only its arguments: on the platforms where that
        # is faster, its checks run as a program of their own just before it, which gives it
        # their flag (backend/split_checks.py).
        split = (backend.lowering_for().split_checks(traced.jaxpr, len(program.boxes),
                                                     program.error_tree[0].num_leaves + 1)
                 if program.checked and self.flat_outputs and self.local_program else None)
        # XLA's options for this program on this platform (a checked one: lowering.py)
        options = (backend.lowering_for().compiler_options(program.checked and split is None)
                   if self.flat_outputs else None)
        if split is not None:
            checks_fn, reads, main_fn = split
            values = [*self.read_boxes(program), *dyn]
            checks = jax.jit(checks_fn)
            flag = checks(*[values[i] for i in reads])[0]  # compiled now, not at the first step
            program.split = (checks, reads)
            main = jax.jit(main_fn, donate_argnums=donated)
            traced = main.trace(*values, flag)  # the flag as calls give it (its sharding too)
            program.donated = donated
            program.dispatch = main
        elif prepared is not None:
            program.rows, fn = prepared
            traced = jax.jit(fn, donate_argnums=donated).trace(*self.read_boxes(program), *dyn)
            program.donated = donated
        elif donated or options:
            # The traced function jitted again with its donations (and XLA's options for it,
            # which only a top-level jit may carry: `program.jitted` is also called inside
            # other traces): JAX's trace cache holds the trace just made (neither is part of its
            # key), so this is not traced again (re-evaluating the jaxpr, as before, took 0.29 s
            # of ViT-tiny's first step). Calls go through it, like `program.jitted` below: C++
            # dispatch, donating.
            donating = jax.jit(program.jitted.__wrapped__, donate_argnums=donated,
                               compiler_options=options)
            traced = donating.trace(*self.read_boxes(program), *dyn)
            program.donated = donated
            program.dispatch = donating
        elif not caching:
            # Calls go through the jitted function itself: JAX keeps the trace made here and
            # the executable compiled below, and its C++ dispatch runs the program with no
            # Python in between (a `Compiled` object's call costs a Python frame and a pytree
            # flatten). Stacked-row and rewritten programs keep the executable (the jitted
            # function would compile the program as traced): a tracer given to it raises,
            # which sends the call to the traced path (`_call`).
            program.dispatch = program.jitted
        lowered = traced.lower()
        save_graphs(self.name, traced, lowered)
        if caching:
            # Compile afresh, not from JAX's persistent cache: an executable loaded from there
            # does not serialise whole, and this entry stores the executable itself.
            with backend.without_jax_persistent_cache():
                program.compiled = lowered.compile()
            self._store_cached(program, traced, lowered, directory)
        else:
            program.compiled = lowered.compile()
        strategy_file.save_recorded(program.boxes)  # when a save file is set (strategy_file.py)

    def _unsettled(self, found) -> RuntimeError:
        return lifting.retrace_error(self.name, found)

    def _trace(self, program, dyn):
        """The program traced, again while a trace finds free variables (which become inputs)
        or finds that its lazy_inline chains are better inlined; at most MAX_TRACES times."""
        def trace():
            scans = lazy_inline.scan_count()
            # an unchecked program's trace binds the checks it notes (index_checks.Probe), so
            # a settled trace that checks is checkified as it is (`_starts_checking`)
            program.record.checks.binds = self.flat_outputs and not program.checked
            traced = program.jitted.trace(*self.read_boxes(program), *dyn)
            record = program.record
            if (scans != lazy_inline.scan_count() and not program.inline_chains
                    and backend.lowering_for().inline_scanned_chains(traced.jaxpr)):
                program.inline_chains = True  # and trace again (see lazy_inline._inline)
                program.jitted, program.record = self._make_jitted(program)
                return lifting.Unsettled(record.free + record.created_written)
            if self._starts_checking(program, record, traced):
                return lifting.Unsettled(record.free + record.created_written)
            if record.settled():
                program.adopt(record)
                return traced
            program.grow(record, self._make_jitted)
            return lifting.Unsettled(record.free + record.created_written)
        return lifting.settle(trace, self._unsettled)

    def _starts_checking(self, program, record, traced=None) -> bool:
        """Whether a trace found that `program` checks indices (index_checks.py): it is then
        made a checked program. A settled `traced` whose checks are bound is checkified as it
        is (BERT-base's step: one trace of 0.55 s instead of two of 0.8 s, CPU); otherwise the
        function is traced again with its checks bound (and with the free boxes the trace found
        as inputs)."""
        if not record.checks.needed or program.checked:
            return False
        program.checked = True
        if record.settled() and traced is not None and record.checks.binds:
            closed = traced.jaxpr

            def traced_program(*flat):
                return tuple(jax.core.eval_jaxpr(closed.jaxpr, closed.consts, *flat))

            pure, program.error_tree = index_checks.functionalised(
                traced_program, lambda: record.written_index)
            program.jitted = jax.jit(pure)  # its record stays: the trace it was made from
        elif record.settled():
            program.jitted, program.record = self._make_jitted(program)
        else:
            program.grow(record, self._make_jitted)
        return True

    def _owner(self):
        return getattr(self.fn, "__self__", self.fn)

    # Programs kept per signature for other values of the attributes it writes (an int attribute
    # counting calls gets a program per value, as MindSpore compiles a graph per constant)
    MAX_ATTRIBUTE_VARIANTS = 64

    def _for_attributes(self, program):
        """`program`, or the program of the same signature traced for the values the attributes
        its trace wrote have now (core/attributes.py), made on first use."""
        keys = attributes.current_keys(program.attribute_guard)
        if keys == program.attribute_keys:
            return program
        variants = program.variants
        if variants is None:
            variants = program.variants = {}
        variant = variants.get(keys)
        if variant is None:
            # its boxes: the program's, less the attributes that no longer hold a Tensor
            boxes = [b for b in program.boxes if type(b) is not attributes.AttributeBox
                     or attributes.guard_key(b.obj.__dict__.get(b.attribute))
                     is attributes.TENSOR_KIND]
            variant = Program(program.key, program.objs, boxes, self._make_jitted, _rebuild,
                              program.context)
            if len(variants) >= self.MAX_ATTRIBUTE_VARIANTS:
                variants.pop(next(iter(variants)))
            variants[keys] = variant
        if variant.attribute_guard:  # its own trace's attributes
            return self._for_attributes(variant)
        return variant

    def _load_cached(self, program, dyn, directory) -> bool:
        """Fill `program` from its compile-cache entry when one is valid (no trace then)."""
        return backend.load_program(self, program, dyn, directory)

    def _store_cached(self, program, traced, lowered, directory) -> None:
        backend.store_program(self, program, traced, lowered, directory)

    def _call(self, program, dyn):
        call = program.call
        if call is None:
            if program.eager:
                raise SignatureRunsEagerly(self.name)
            if _tracing_depth() or _any_tracer(dyn):
                return self._call_traced(program, dyn)
            self._compile(program, dyn)
            call = program.call = _executable_call(program)
        values = self.read_boxes(program)
        if program.donated:
            if state.current_frame() is not None and _any_tracer(values):
                # differentiated (a grad's frame gives some boxes tracers): the donating
                # executable would delete the concrete inputs its trace keeps (a Parameter
                # argument's own array); the jitted function, which donates nothing, instead
                return self._call_traced(program, dyn)
            owned_values(values, program.donated)
        try:
            out = call(*values, *dyn)
        except (TypeError, ValueError):  # ValueError: XLA's options are for top-level jits only
            if not (_any_tracer(dyn) or _any_tracer(self.read_boxes(program))):
                raise
            return self._call_traced(program, dyn)
        if program.checked:  # the program's index checks: raised before anything is written
            n_errors = program.error_tree[0].num_leaves + 1
            errors, out = out[-n_errors:], out[:-n_errors]
            if isinstance(errors[0], jax.core.Tracer):  # called by an enclosing trace
                index_checks.forward_failed(program.error_tree[0], errors)
                return out
            if not self.flat_outputs:  # raised now, before `run` writes its boxes
                index_checks.raise_pending()
                index_checks.raise_failed(program.error_tree[0], errors)
                return out
            try:
                index_checks.after_call(program.error_tree[0], errors)
            except Exception:
                # this call's writes (the boxes' values as they came in, if its own check failed:
                # its donated inputs) are written before the error goes up
                index = program.written_index
                lifting.write_back([program.boxes[i] for i in index], out[len(out) - len(index):])
                raise
        return out

    def _call_traced(self, program, dyn):
        """Under an enclosing trace: the jitted function (the free variables a trace finds
        become inputs on another trace, at most MAX_TRACES times)."""
        def call():
            out = program.jitted(*self.read_boxes(program), *dyn)
            record = program.record
            if record is None:  # loaded from the compile cache: traced in another process
                return out
            if self._starts_checking(program, record):
                return lifting.Unsettled(record.free + record.created_written)
            if program.checked:  # its error joins the enclosing program's (index_checks.py)
                n_errors = program.error_tree[0].num_leaves + 1
                index_checks.forward_failed(program.error_tree[0], out[-n_errors:])
                out = out[:-n_errors]
            if record.settled():
                program.adopt(record)
                return out
            program.grow(record, self._make_jitted)
            return lifting.Unsettled(record.free + record.created_written)
        return lifting.settle(call, self._unsettled)

    def run(self, program, dyn):
        if program.attribute_guard:  # the program of the attributes' values now
            program = self._for_attributes(program)
        out = self._call(program, dyn)
        if not self.flat_outputs:
            result, written = out
            if program.writes:
                self.write_boxes(program, written)
            return wrap(result)
        index = program.written_index
        if index:
            boxes = program.boxes
            n_leaves = len(out) - len(index)
            lifting.write_back([boxes[i] for i in index], out[n_leaves:])
            out = out[:n_leaves]
        writes = program.attribute_writes
        if writes:
            n_leaves = len(out) - writes.count
            writes.write(out[n_leaves:])
            out = out[:n_leaves]
        if program.single:
            return _wrap(out[0])
        if program.returned_box is not None:
            return program.boxes[program.returned_box]
        return program.rebuild(program.out_tree, out, program.constants)
