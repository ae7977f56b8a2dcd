"""`mindspore.common.api._pynative_executor` and `_cell_graph_executor`: MindSpore's two
executors, as code built on MindSpore (its own tests, mindnlp) drives them.

- `_PyNativeExecutor`: PyNative's runtime. `sync()` waits for the device (JAX dispatches
  asynchronously, as MindSpore's runtime does); the grad flags say whether gradients may be taken
  (`enable_grad` is False inside `no_grad`); `new_graph`/`end_graph`/`grad` take the gradient of
  a function or Cell run between them, as MindSpore's tape does, with msjax's `GradOperation`
  (a gradient taken with `create_graph=False`, `check_run`'s default, is a constant to an
  enclosing gradient).
- `_CellGraphExecutor`: GRAPH_MODE's. `compile(cell, *args)` traces and compiles the Cell's
  program for those inputs without running it (`Cell.compile`) and returns the phase and whether
  it was compiled now; `has_compiled(phase)`; calling it runs the Cell's compiled program.
- `_JitExecutor(fn, create_time)`: `jit`'s, for one function: `compile(name, *args)` compiles
  it for those inputs and returns the phase; calling it runs it.

A phase names the graph MindSpore would compile for the arguments (`arguments_key`): a Tensor by
its shape and dtype (and its value when it is a `const_arg`), a Python scalar or sequence by its
value, a `mutable` one by its type only. msjax's program cache may specialise further (on the
value of a mutable scalar, see `mutable`); the results are the same.
"""
from __future__ import annotations

import contextvars
import weakref

import jax

from msjax._src.core import context, grad_mode, lifting, program_cache, runtime, state
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor
from msjax._src.ops.array_ops import stop_gradient
from msjax._src.ops.graph_values import _Dict, _Float, _Int, _List, _Tuple
from msjax._src.transforms import grad as grad_module
from msjax._src.transforms.jit import JitFunction


class CreationType:
    """`mindspore._c_expression.CreationType`: how a Tensor was made, which MindSpore's view and
    in-place checks read. msjax Tensors are never views of one another (JAX arrays are
    immutable), so every Tensor is `DEFAULT` and an in-place op on one is always allowed."""

    DEFAULT = 0
    NO_GRAD_MODE = 1
    MULTI_OUTPUT = 2


_GRAD_FLAG: contextvars.ContextVar = contextvars.ContextVar("msjax_grad_flag", default=False)
_ASYNC_FOR_GRAPH = [False]


class _PyNativeExecutor:
    """`mindspore.common.api._PyNativeExecutor` (the instance is `_pynative_executor`)."""

    def __init__(self):
        self._graphs = {}  # id(obj) -> (obj, args, kwargs) of the graph new_graph opened
        self._create_graph = {}  # id(obj) -> create_graph of the last check_run

    def sync(self):
        """Wait until every computation dispatched so far has finished."""
        runtime.synchronize()

    # -- flags ------------------------------------------------------------------------------------
    def grad_flag(self):
        """Whether the next forward pass is recorded for a gradient (`set_grad_flag`)."""
        return _GRAD_FLAG.get()

    def set_grad_flag(self, flag):
        _GRAD_FLAG.set(bool(flag))

    def enable_grad(self):
        """Whether gradients may be taken here: False inside `no_grad`."""
        return grad_module._NO_GRAD_DEPTH.get() == 0

    def set_enable_grad(self, flag):
        """`set_enable_grad(False)` forbids gradients until `set_enable_grad(True)`, as a
        `no_grad` block does."""
        depth = grad_module._NO_GRAD_DEPTH.get()
        grad_mode.set_depth(0 if flag else max(depth, 1))

    def requires_grad(self):
        """Both flags: the forward pass is recorded and gradients are allowed."""
        return self.grad_flag() and self.enable_grad()

    def set_async_for_graph(self, flag):
        """Whether compiled graphs run asynchronously: XLA programs always do under JAX; the flag
        is kept for `_pynative_executor`'s callers."""
        _ASYNC_FOR_GRAPH[0] = bool(flag)

    def set_creation_type(self, tensor, creation_type):
        """Mark how `tensor` was made; msjax has no views (see `CreationType`): a no-op check."""
        if creation_type not in (CreationType.DEFAULT, CreationType.NO_GRAD_MODE,
                                 CreationType.MULTI_OUTPUT):
            raise TypeError(f"For 'set_creation_type', the creation type must be a "
                            f"CreationType, but got {creation_type!r}.")

    # -- the tape ---------------------------------------------------------------------------------
    def check_run(self, grad, obj, weights, grad_hash_id, *args, create_graph=False, **kwargs):
        """Whether the forward pass of `obj` must run before `grad` (always: msjax records
        nothing between calls); keeps `create_graph` for the next `grad` of `obj`."""
        self._create_graph[id(obj)] = bool(create_graph)
        return True

    def new_graph(self, obj, *args, **kwargs):
        """Start recording the forward pass of `obj` on `args`."""
        self._graphs[id(obj)] = (obj, args, kwargs)

    def end_graph(self, obj, output, *args, **kwargs):
        """End the forward pass of `obj` that `new_graph` started."""
        if id(obj) not in self._graphs:
            raise RuntimeError(f"For 'end_graph', no graph of {obj!r} was started by "
                               "'new_graph'.")

    def grad(self, obj, grad, weights, grad_position, *args):
        """The gradient of the forward pass `new_graph` recorded for `obj`, as the gradient
        operation `grad` (a `GradOperation`) gives it, w.r.t. `weights`."""
        try:
            obj, recorded, kwargs = self._graphs.pop(id(obj))
        except KeyError:
            raise RuntimeError(f"For 'grad', the forward pass of {obj!r} was not recorded: "
                               "call 'new_graph' and 'end_graph' around it first.") from None
        create_graph = self._create_graph.pop(id(obj), False)
        if isinstance(grad, grad_module.GradOperation):
            fn = grad(obj, weights) if grad.get_by_list else grad(obj)
        else:
            fn = grad_module.grad(obj, 0 if grad_position is None else grad_position, weights)
        out = fn(*recorded, **kwargs)
        if create_graph:
            return out
        return jax.tree_util.tree_map(_constant, out, is_leaf=_is_tensor)

    def clear_res(self):
        self._graphs.clear()
        self._create_graph.clear()


def _is_tensor(x):
    return isinstance(x, Tensor)


def _constant(x):
    return stop_gradient(x) if _is_tensor(x) else x


def arguments_key(args, kwargs=None) -> str:
    """MindSpore's compile key of call arguments (see the module doc), as a string."""

    def key(value, variable=False):
        if isinstance(value, Parameter):
            return f"P{id(value)}"
        if isinstance(value, Tensor):
            if value.const_arg and not variable:  # (a constant: MindSpore keys it by object)
                return f"C{list(value.shape)}{value.dtype}#{value.__dict__['_const_serial']}"
            return f"T{list(value.shape)}{value.dtype}"
        marked = isinstance(value, (_Int, _Float, _Tuple, _List, _Dict))
        variable = variable or marked
        if isinstance(value, dict):
            return ("{" + ",".join(f"{k!r}:{key(v, variable)}" for k, v in value.items())
                    + "}")
        if isinstance(value, (tuple, list)):
            brackets = "[]" if isinstance(value, list) else "()"
            return brackets[0] + ",".join(key(v, variable) for v in value) + brackets[1]
        if isinstance(value, (bool, int, float)) and variable:
            return type(value).__mro__[1 if marked else 0].__name__ if marked else (
                type(value).__name__)
        if isinstance(value, (bool, int, float, str, type(None))):
            return repr(value)
        return f"O{id(value)}"

    return key(tuple(args)) + (key(dict(kwargs)) if kwargs else "")


class _CellGraphExecutor:
    """`mindspore.common.api._CellGraphExecutor` (the instance is `_cell_graph_executor`)."""

    def __init__(self):
        self._compiled = set()

    @staticmethod
    def _phase(obj, phase, args=(), kwargs=None):
        return f"{phase}.{id(obj)}.{arguments_key(args, kwargs)}"

    def compile(self, obj, *args, phase="predict", do_convert=True, jit_config_dict=None,
                **kwargs):
        """Trace and compile `obj`'s GRAPH_MODE program for `args` without running it.

        Returns `(phase, compiled_now)`: False when this Cell's program for these inputs was
        compiled before. A Cell that cannot be compiled for them raises the error its trace
        raises (a shape mismatch, a bad argument), as MindSpore's compile does."""
        if not hasattr(obj, "construct"):
            raise AttributeError(f"The class {type(obj).__name__} does not have method "
                                 "construct")
        if hasattr(obj, "check_names"):  # (MindSpore's compile checks the names first)
            obj.check_names()
        full_phase = self._phase(obj, phase, args, kwargs)
        key = (full_phase, _signature(args, kwargs))
        if key in self._compiled:
            return full_phase, False
        previous = context.get_context("mode")
        context.set_context(mode=context.GRAPH_MODE)
        try:
            obj.compile(*args, **kwargs)
        finally:
            context.set_context(mode=previous)
        if not any(f".{id(obj)}." in full for full, _ in self._compiled):
            # a phase names the Cell by its id: forget its programs when it dies, so a new Cell
            # given the same id compiles its own (MindSpore's phase is unique per Cell)
            weakref.finalize(obj, self.del_net_res, None, id(obj))
        self._compiled.add(key)
        return full_phase, True

    def has_compiled(self, phase="predict"):
        return any(full == phase for full, _ in self._compiled)

    def __call__(self, obj, *args, phase="predict"):
        return self.run(obj, *args, phase=phase)

    def run(self, obj, *args, phase="predict"):
        """Run `obj`'s compiled program on `args` (compiled by `compile`)."""
        full_phase = self._phase(obj, phase, args)
        if not any(full.startswith(f"{phase}.{id(obj)}.") for full, _ in self._compiled):
            raise KeyError(f"{full_phase} graph is not exist.")
        previous = context.get_context("mode")
        context.set_context(mode=context.GRAPH_MODE)
        try:
            return obj(*args)
        finally:
            context.set_context(mode=previous)

    def del_net_res(self, obj, net_id=None):
        """Forget the programs compiled for `obj` (or, when it is None, the Cell whose id is
        `net_id`)."""
        key = id(obj) if obj is not None else net_id
        self._compiled = {k for k in self._compiled if f".{key}." not in k[0]}


class _JitExecutor:
    """`mindspore.common.api._JitExecutor(fn, ms_create_time, input_signature=None, obj=None,
    jit_config=None, dynamic=0)`: `jit`'s executor for one function."""

    def __init__(self, fn, ms_create_time, input_signature=None, obj=None, jit_config=None,
                 dynamic=0):
        self.fn, self.obj = fn, obj
        self._create_time = ms_create_time
        self._jit = JitFunction(fn)

    def compile(self, method_name, *args, phase="", **kwargs):
        """Compile `fn` for `args` without running it; returns the phase."""
        if kwargs:
            raise TypeError(f"For '{method_name}', msjax's _JitExecutor.compile takes the inputs "
                            f"by position, but got keywords {sorted(kwargs)}.")
        self._jit.compiled.compile_only(args)
        return f"{method_name}.{self._create_time}.{arguments_key(args)}"

    def __call__(self, *args, **kwargs):
        return self._jit(*args, **kwargs)


def _signature(args, kwargs):
    """MindSpore's cache key of the arguments (shapes, dtypes, Python values, identities)."""
    objs = []
    key = lifting.flatten_args((tuple(args), dict(kwargs)), [], objs)
    return key, tuple(id(o) for o in objs)


_pynative_executor = _PyNativeExecutor()
_cell_graph_executor = _CellGraphExecutor()


def ms_memory_recycle() -> None:
    """`mindspore.ms_memory_recycle()`: frees the programs compiled so far (every jit function's
    and GRAPH_MODE Cell's, and JAX's own caches); each is compiled again by its next call, with
    the same results."""
    program_cache.clear_all()
    state.call_key_changed()  # the Cells' fast calls of those programs are not taken any more
    jax.clear_caches()
