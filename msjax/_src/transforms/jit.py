"""`mindspore.jit`, `ms_function` and GRAPH_MODE: `jax.jit` with MindSpore's caching rule.

All of them go through `CompiledFunction` (the compiled-call path shared with vmap): a program
per call signature, Parameters and the RNG key as program inputs, writes applied on success.
"""
from __future__ import annotations

import functools
import inspect
import logging

from msjax._src.core import context, traceback_filter, x64
from msjax._src.core.lifting import is_cell, is_cell_class
from msjax._src.ops.graph_values import _List, _Tuple, check_dynamic_length
from msjax._src.transforms import global_program, graph_scoping
from msjax._src.transforms import switch_layer  # noqa: F401 - installs graph_index's hook
from msjax._src.transforms.compiled import CompiledFunction
from msjax._src.transforms.enable_dynamic import ENABLE_DYNAMIC, check_inputs
from msjax._src.transforms import tracing_depth
from msjax._src.transforms.control_flow import (FALLBACK_ERRORS, as_namespace,
                                                converted_construct, fall_back)

_logger = logging.getLogger("msjax")

_DYNAMIC_LENGTH_TYPES = frozenset({_Tuple, _List})  # mutable sequences (check_dynamic_length)
_CAPTURE_MODES = ["ast", "bytecode", "trace"]
_JIT_LEVELS = ["O0", "O1"]
_DEPRECATED_KEYWORDS = ("mode", "input_signature", "hash_args", "jit_config", "compile_once")
_OPTIONS = ("disable_format_transform", "exec_order", "infer_boost", "auto_offload")


def _check_jit_args(capture_mode, jit_level, dynamic, fullgraph, backend, options):
    if not isinstance(capture_mode, str) or capture_mode not in _CAPTURE_MODES:
        raise ValueError(f"For 'jit', the 'capture_mode' must be str and must be in "
                         f"'{_CAPTURE_MODES}', but got '{capture_mode}'.")
    if not isinstance(jit_level, str) or jit_level not in _JIT_LEVELS:
        raise ValueError(f"For 'jit', the 'jit_level' must be str and must be in "
                         f"'{_JIT_LEVELS}', but got '{jit_level}'.")
    if isinstance(dynamic, bool) or not isinstance(dynamic, int) or dynamic not in (0, 1):
        raise ValueError(f"For 'jit', the 'dynamic' must be in range of [0, 1], but got "
                         f"{dynamic} with type '{type(dynamic).__name__}'.")
    if not isinstance(fullgraph, bool):
        raise TypeError(f"For 'jit', the 'fullgraph' must be a bool, but got "
                        f"{type(fullgraph).__name__}.")
    for key in options:
        if key not in _OPTIONS and key not in _DEPRECATED_KEYWORDS:
            raise ValueError(f"For 'jit', the option '{key}' is not supported; supported "
                             f"options are {list(_OPTIONS)}.")


class JitFunction:
    """A function compiled by `mindspore.jit`; callable like the function it wraps."""

    def __init__(self, fn, fullgraph=False):
        self.fn = fn
        # MindSpore compiles a `fullgraph=True` function at the STRICT syntax level, any other
        # at LAX, whatever the context's `jit_syntax_level` (graph_fallback.syntax_level)
        self.syntax_level = context.STRICT if fullgraph else context.LAX
        self.compiled = CompiledFunction(fn, syntax_level=self.syntax_level)
        self.compiled_with_keywords = None  # for calls passing keyword-only or **kwargs
        self._method_of: dict = {}  # type -> whether this is a method of it (namespace_self)
        functools.update_wrapper(self, fn)
        try:
            parameters = list(inspect.signature(fn).parameters)
        except (TypeError, ValueError):  # (a callable without a signature)
            parameters = []
        self._takes_self = bool(parameters) and parameters[0] == "self"

    def _state_roots(self):
        """What holds the Parameters a call reads (see `lifting.collect_parameters`)."""
        return (getattr(self.fn, "__self__", self.fn),)

    @x64.scoped
    def __call__(self, *args, **kwargs):
        if kwargs:
            bound = inspect.signature(self.fn).bind(*args, **kwargs)
            bound.apply_defaults()
            args = bound.args
            if bound.kwargs:
                return self._call_with_keywords(args, bound.kwargs)
        if _DYNAMIC_LENGTH_TYPES.intersection(map(type, args)):
            check_dynamic_length(args)
        declared = getattr(self.fn, ENABLE_DYNAMIC, None)  # (mindspore.enable_dynamic)
        if declared is not None:
            check_inputs(declared, args, self._takes_self)
        try:
            if args and not tracing_depth() and is_cell(args[0]):
                self.note_parse_method(args[0])
            namespace = self.namespace_self(args)
            if namespace is not None:
                with as_namespace(namespace):
                    return self.compiled(*args)
            try:
                return self.compiled(*args)
            except FALLBACK_ERRORS as error:  # control flow msjax could not convert
                return fall_back(self.compiled, error, args)  # warns; this signature: eagerly
        except Exception as error:  # the user's frames only (core/traceback_filter.py)
            arity = arity_error(self.fn, args, "Function {name} needs") if isinstance(
                error, TypeError) else None
            if arity is not None:
                raise arity from None
            traceback_filter.user_traceback(error)
            raise

    def namespace_self(self, args):
        """The first argument when this is a jit method of its class called from Python
        (`obj.f(x)`, `Cls.f(obj, x)`, obj no Cell): MindSpore's graph mode parses that `self` as
        the class's namespace, whose attributes and methods are read but which cannot be
        called. Else None (inside another compiled call, `self` is a value there)."""
        if not args or tracing_depth():
            return None
        kind = type(args[0])
        method = self._method_of.get(kind)
        if method is None:
            name = getattr(self.fn, "__name__", None)  # a callable object has none
            method = self._method_of[kind] = (
                name is not None and not is_cell_class(kind)
                and inspect.getattr_static(kind, name, None) is self)
        return args[0] if method else None

    def note_parse_method(self, cell):
        """A jit method of a Cell called from Python (`trainer.test(x)`) becomes the method
        MindSpore's graph mode parses that Cell by when a compiled program calls it later
        (`GradOperation()(trainer)` inside another Cell's construct): its `__parse_method__`,
        which the Cell's next top-level GRAPH_MODE call sets back to `construct`."""
        name = getattr(self.fn, "__name__", None)
        if (name is None or cell.__dict__.get("__parse_method__") == name
                or inspect.getattr_static(type(cell), name, None) is not self):
            return
        cell.__dict__["__parse_method__"] = name
        if name != "construct":  # its next call takes the full path, which resets it
            cell.__dict__.pop("_fast_call", None)

    def _call_with_keywords(self, args, kwargs):
        if self.compiled_with_keywords is None:
            fn = self.fn

            def call_with_keywords(args, kwargs):
                return fn(*args, **kwargs)
            self.compiled_with_keywords = CompiledFunction(
                call_with_keywords, name=getattr(fn, "__name__", "jit"),
                syntax_level=self.syntax_level)
        try:
            return self.compiled_with_keywords(args, kwargs)
        except FALLBACK_ERRORS as error:
            return fall_back(self.compiled_with_keywords, error, (args, kwargs))

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return functools.partial(self, obj)


def _compile_target(target, fullgraph=False):
    if is_cell_class(target):
        target.construct = JitFunction(target.construct, fullgraph)
        return target
    if is_cell(target):
        # One compiled function per Cell instance and graph name, as MindSpore's: `jit(net)`
        # twice compiles once; `net._set_jit_graph_name(name)` starts another graph.
        functions = target.__dict__.setdefault("_jit_functions", {})
        name = target.__dict__.get("_jit_graph_name")
        compiled = functions.get(name)
        if compiled is None:
            construct = type(target).construct  # (already compiled when its class was jitted)
            compiled = functions[name] = JitFunction(
                construct.fn if isinstance(construct, JitFunction) else construct, fullgraph)
        return functools.partial(compiled, target)
    return JitFunction(target, fullgraph)


def jit(function=None, *, capture_mode="ast", jit_level="O0", dynamic=0, fullgraph=False,
        backend="", **options):
    """`mindspore.jit`: compile a function, a method, a Cell instance or a Cell class.

    msjax compiles with `jax.jit` (XLA), so `capture_mode`, `jit_level` and `backend` only
    select MindSpore's front ends and are validated and otherwise ignored. Usable as `@jit` and
    `@jit(...)`. The 1.x keywords (`mode`, `input_signature`, `hash_args`, `jit_config`,
    `compile_once`) are accepted with MindSpore's deprecation message.
    """
    _check_jit_args(capture_mode, jit_level, dynamic, fullgraph, backend, options)
    for key in _DEPRECATED_KEYWORDS:
        if key in options:
            _logger.warning("The 'jit' argument '%s' is deprecated and will be removed in a future "
                            "version; it is ignored.", key)
    if capture_mode != "ast":  # traced or bytecode capture: no parse, no graph syntax rules
        def compile_traced(target):  # (`fullgraph` there is no syntax level: LAX)
            graph_scoping.not_parsed(target)
            return _compile_target(target)
        return compile_traced if function is None else compile_traced(function)
    if function is None:
        return functools.partial(_compile_target, fullgraph=fullgraph)
    return _compile_target(function, fullgraph)


def ms_function(fn=None, input_signature=None, hash_args=None, jit_config=None):
    """`mindspore.ms_function` (MindSpore 1.x; removed in 2.x, kept by msjax): the same as jit."""
    if fn is None:
        return _compile_target
    return _compile_target(fn)


def jit_class(cls):
    """`mindspore.jit_class`: mark a class whose instances may be used in compiled code."""
    if not inspect.isclass(cls):
        raise TypeError(f"Decorator jit_class can only be used for class type, but got {cls}.")
    if is_cell_class(cls):
        raise TypeError(f"Decorator jit_class is used for user-defined classes and cannot be used "
                        f"for nn.Cell: {cls}.")
    cls.__ms_class__ = True
    return cls


def _run_cell(cell, args, kwargs):
    with converted_construct(cell):  # control flow on tensors converted (control_flow.py)
        return cell._run_construct(args, kwargs)


def graph_function(cell) -> CompiledFunction:
    """The Cell's GRAPH_MODE compiled function, `Cell._graph_call` (made here, on first use, for
    every caller: its calls, `Cell.compile`, `Model.build`)."""
    compiled = cell.__dict__.get("_graph_call")
    if compiled is None:
        compiled = CompiledFunction(  # at the Cell's syntax level (its JitConfig's or the context's)
            _run_cell, name=type(cell).__name__, syntax_level=None)
        object.__setattr__(cell, "_graph_call", compiled)
    return compiled


def arity_error(fn, args, opening: str):
    """MindSpore's TypeError when `fn` (a function without `*args`) is called with too many or
    too few positional `args` (counting a method's `self`, as MindSpore does), opening with
    `opening` ("Function {name} needs", or a GRAPH_MODE Cell's "For 'Cell', the function
    construct requires"); None when the arguments fit. Asked only once a call raised a
    TypeError."""
    try:
        parameters = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    positional = [p for p in parameters
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if any(p.kind is p.VAR_POSITIONAL for p in parameters):
        return None
    needed = sum(p.default is p.empty for p in positional)
    defaults = len(positional) - needed
    opening = opening.format(name=getattr(fn, "__name__", "function"))
    if len(args) > len(positional):
        return TypeError(f"{opening} {needed} positional argument and {defaults} default "
                         f"argument, total {len(positional)}, but got {len(args)}.")
    if len(args) < needed:
        return TypeError(f"{opening} {needed} positional argument, but got {len(args)}.")
    return None


def _construct_arity_error(cell, args, kwargs):
    """`arity_error` of a GRAPH_MODE Cell's `construct` (its `self` not counted), with
    MindSpore's advice about `set_inputs` for too few arguments; None with keywords."""
    if kwargs:
        return None
    error = arity_error(cell.construct, args, "For 'Cell', the function construct requires")
    if error is not None and "default argument" not in str(error):
        error = TypeError(f"{error} When using set_inputs, please make sure that all networks "
                          "and loss functions are configured with set_inputs.")
    return error


def call_cell_compiled(cell, args, kwargs):
    """GRAPH_MODE `Cell.__call__`: run `construct` through the cell's compiled program (made
    on the first call; later calls without keywords go to `CompiledFunction.call_cell`
    directly). A Cell that reduces over the ranks (`nn.DistributedGradReducer` inside) runs as
    its data-parallel step instead (nn/distributed.py), and in semi-auto parallel across
    processes a Cell runs as one program over every process's devices (global_program.py)."""
    spmd_call = cell.__dict__.get("_data_parallel_call")
    if spmd_call is not None:
        return spmd_call(cell, args, kwargs)
    if global_program.across_processes():  # semi-auto parallel over processes
        return global_program.call_across_processes(cell, args, kwargs)
    compiled = graph_function(cell)
    try:
        if not kwargs:
            return compiled.call_cell(cell, args)  # falls back to eager by itself
        try:
            return compiled(cell, args, kwargs)
        except FALLBACK_ERRORS as error:  # control flow msjax could not convert
            return fall_back(compiled, error, (cell, args, kwargs))  # warns; signature: eager
    except TypeError:
        arity = _construct_arity_error(cell, args, kwargs)
        if arity is None:
            raise
        raise arity from None
