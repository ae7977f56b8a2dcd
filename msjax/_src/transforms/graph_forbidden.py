"""The APIs MindSpore's graph compiler refuses to call inside a compiled function.

MindSpore 2.10 also refuses to create a `Parameter` there (`Parameter(x)` in a `construct` or
`@jit` function, either mode): a ValueError that says to create it in `__init__`.

MindSpore 2.10 marks the modules `mindspore.common.initializer`, `mindspore.context` and
`mindspore.log` as forbidden in graph mode: calling one of their classes or functions in a
`construct` or `@jit` function (`One()`, `initializer(...)`, `get_context("mode")`) fails to
compile with a RuntimeError that names it and says to make the object outside (in `__init__`).
Converted code calls `check_call` for each call (control_flow.call) while a graph-mode program
is traced (graph_fallback.in_graph); merely naming such an object is allowed.

It refuses the same way the methods MindSpore marks `jit_forbidden_register`: Cell's
parameter, buffer, hook and state-dict methods and a hook handle's `remove` (named as functions,
'mindspore.nn.cell.Cell.get_parameters'; nn/cell.py registers Cell's with `forbid_methods`), and
Tensor's `set_const_arg` and `assign_value` and Parameter's `set_data` (named by the object's
type: "the 'Parameter' object's method 'set_data'"). A subclass's own override is not refused, as
in MindSpore (which matches the method's module and qualname).
"""
from __future__ import annotations

from msjax._src.core import context, initializer, log
from msjax._src.core.deferred_init import UninitializedParameter
from msjax._src.core.numpy_view import NumpyBackedTensor
from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor
from msjax._src.core.tensor_hooks import TensorHookHandle
from msjax._src.parallel import parallel_context
from msjax._src.transforms.graph_fallback import in_graph

# (MindSpore's module, the msjax module defining them, the names MindSpore's module defines)
_FORBIDDEN_APIS = (
    ("mindspore.common.initializer", initializer, (
        "Constant", "Dirac", "HeNormal", "HeUniform", "Identity", "Initializer", "Normal", "One",
        "Orthogonal", "Sparse", "TruncatedNormal", "Uniform", "VarianceScaling", "XavierNormal",
        "XavierUniform", "Zero", "initializer")),
    ("mindspore.context", context, ("get_context", "set_context", "get_jit_config")),
    ("mindspore.context", parallel_context, (
        "ParallelMode", "get_auto_parallel_context", "get_ps_context",
        "reset_auto_parallel_context", "reset_ps_context", "set_auto_parallel_context",
        "set_ps_context")),
    ("mindspore.log", log, ("critical", "debug", "error", "get_level", "get_log_config", "info",
                            "parse_vlog_level", "vlog_print", "warning")),
)

# id of the object -> (MindSpore's full name, "class" or "method or function"); the objects are
# module globals of msjax, so their ids stay theirs.
FORBIDDEN = {
    id(obj): (f"{module_name}.{name}", "class" if isinstance(obj, type) else "method or function")
    for module_name, module, names in _FORBIDDEN_APIS for name in names
    if (obj := getattr(module, name, None)) is not None
}
FORBIDDEN[id(Parameter)] = ("mindspore.common.parameter.Parameter", "instances")


def forbid_methods(cls, names, qualified_as=None) -> None:
    """Mark the methods `names` of `cls` as refused in graph mode. `qualified_as` is the
    MindSpore module and class that name them as a function ('mindspore.nn.cell.Cell'); None
    names them by the calling object's type instead (MindSpore's Tensor and Parameter methods)."""
    for name in names:
        function = cls.__dict__[name]
        FORBIDDEN[id(function)] = ((f"{qualified_as}.{name}", "method or function")
                                   if qualified_as else (name, "object's method"))


forbid_methods(Tensor, ("set_const_arg", "assign_value"))
forbid_methods(NumpyBackedTensor, ("assign_value",))
forbid_methods(Parameter, ("set_data",))
forbid_methods(UninitializedParameter, ("set_data",))
forbid_methods(TensorHookHandle, ("remove",), "mindspore.common.hook_handle._TensorHookHandle")


def check_call(fn) -> None:
    """MindSpore's RuntimeError when a graph-mode program calls a forbidden API `fn` (a
    function, a class, or a bound method whose function is forbidden)."""
    found = FORBIDDEN.get(id(getattr(fn, "__func__", fn)))
    if found is None or not in_graph():
        return
    name, kind = found
    if kind == "object's method":
        owner = type(fn.__self__).__name__
        raise RuntimeError(
            f"Failed to compile in GRAPH_MODE because the '{owner}' object's method '{name}' is not "
            f"supported in 'construct' or function with @jit decorator. Try to use the "
            f"'{owner}.{name}' externally such as initialized in the method '__init__' before "
            "assigning.")
    if kind == "instances":
        raise ValueError(
            f"Failed to compile in GRAPH_MODE because creating class '{name}' instances is not "
            f"supported in 'construct' or @jit decorated function. Try to create class '{name}' "
            "instances external such as initialized in the method '__init__' before assigning. "
            "For more details, please refer to "
            "https://www.mindspore.cn/tutorials/zh-CN/master/compile/static_graph.html ")
    raise RuntimeError(
        f"Failed to compile in GRAPH_MODE because the {kind} '{name}' is not supported in "
        f"'construct' or function with @jit decorator. Try to use the {kind} '{name}' externally "
        f"such as initialized in the method '__init__' before assigning.")
