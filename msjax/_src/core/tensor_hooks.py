"""`Tensor.register_hook(hook)`: a function the gradient of a Tensor goes through on the backward
pass (`hook(grad)` returns the gradient to use instead, or None to keep it), as in MindSpore's
PyNative mode.

A Tensor's hooks are a table in its `__dict__` (`hooks()` lists them; the handle `remove()`s
one). Where the gradient passes through them:

- a Tensor computed inside a function being differentiated (its value is a JAX tracer): on
  its first hook its value becomes `hooked(value)`, an identity whose backward pass (a
  `jax.custom_vjp`) calls the hooks in the table at that time, so a hook removed before the
  backward pass is not called;
- a Tensor or Parameter that is an input of `grad` (a leaf): `grad` passes its value through
  `hooked` when it differentiates with respect to it (transforms/grad.py calls `apply_hooks`).

A Parameter's hook is registered outside compiled code: inside a graph-mode program (jit,
GRAPH_MODE) `register_hook` on a Parameter raises MindSpore's ValueError.

An in-place operation (`add_`, ...) gives the Tensor a new value and a new, empty table: hooks
registered before it still act on the gradient of the old value (MindSpore's rule).
"""
from __future__ import annotations

import itertools

import jax

from msjax._src.core.parameter import Parameter
from msjax._src.core.tensor import Tensor, _wrap

HOOKS = "_backward_hooks"  # the Tensor's table: {id: hook}
_HOOKED = "_hooked_value"  # the value `hooked` made (a Tensor's table is applied once)
_IDS = itertools.count(1)
TRACED_HOOK = [None]  # see _traced_hook
# Whether a graph-mode program is being traced: transforms/graph_fallback.py puts its `in_graph`
# here at import (core knows no transform)
IN_GRAPH = [lambda: False]


class TensorHookHandle:
    """What `register_hook` returns: `remove()` takes the hook out of the Tensor's table
    (again: nothing)."""

    def __init__(self, table: dict, key: int):
        self._table, self.id = table, key

    def remove(self) -> None:
        self._table.pop(self.id, None)


def _traced_hook(hook):
    """The hook as it runs on a traced gradient: itself, until transforms/control_flow.py puts
    its conversion in TRACED_HOOK (at import), so a hook with `if` on the gradient's value runs
    as graph mode runs it (lax.cond)."""
    return hook


TRACED_HOOK[0] = _traced_hook


def _call_hooks(table: dict, grad):
    traced = isinstance(grad, jax.core.Tracer)
    for hook in list(table.values()):
        out = (TRACED_HOOK[0](hook) if traced else hook)(_wrap(grad))
        if out is not None:
            grad = (out._data if isinstance(out, Tensor) else jax.numpy.asarray(out)).astype(
                grad.dtype)
    return grad


def hooked(value, table: dict):
    """`value`, whose gradient goes through the hooks of `table` (read on the backward pass)."""
    @jax.custom_vjp
    def identity(x):
        return x

    def forward(x):
        return x, None

    def backward(_, grad):
        return (_call_hooks(table, grad),)

    identity.defvjp(forward, backward)
    return identity(value)


def register_hook(tensor, hook) -> TensorHookHandle:
    """`Tensor.register_hook(hook)` (see the module doc)."""
    if not callable(hook):
        raise TypeError(f"Expected a callable hook function, but got {type(hook).__name__}.")
    if getattr(tensor, "requires_grad", True) is False:
        raise RuntimeError("The tensor requires grad is false, which can not register tensor "
                           "hook")
    if isinstance(tensor, Parameter) and IN_GRAPH[0]():
        raise ValueError("'Register hook for Parameter inside graph is not supported.'")
    table = tensor.__dict__.setdefault(HOOKS, {})
    key = next(_IDS)
    table[key] = hook
    value = tensor._data
    if isinstance(value, jax.core.Tracer) and tensor.__dict__.get(_HOOKED) is not value:
        value = hooked(value, table)
        tensor._data = value
        tensor.__dict__[_HOOKED] = value
    return TensorHookHandle(table, key)


def hooks(tensor) -> list:
    """`Tensor.hooks()`: the Tensor's hooks, in the order they run."""
    return list(tensor.__dict__.get(HOOKS, {}).values())


def apply_hooks(tensor, value):
    """`value` (the traced value of `tensor`, an input of `grad`) through `tensor`'s hooks."""
    table = tensor.__dict__.get(HOOKS)
    return hooked(value, table) if table else value


def forget_hooks(tensor) -> None:
    """An in-place operation wrote `tensor`: later hooks act on its new value (module doc)."""
    tensor.__dict__.pop(HOOKS, None)
    tensor.__dict__.pop(_HOOKED, None)
