"""`mindspore.ops._grad_experimental`: MindSpore's registry of bprop functions, honoured.

`@bprop_getters.register(MyPrimitive)` records a getter: given the Primitive, it returns
`bprop(*inputs, out, dout)`, the gradients of the inputs. MindSpore's graph compiler looks a
Primitive's bprop up there; msjax differentiates with JAX, and inside a compiled function (graph
mode, `jit`) a Primitive class (or a name of one of msjax's Primitives) given a getter is
differentiated through it instead: its `__call__` runs through `custom_grad.call_with_gradient`
(the gradient a Cell's `bprop` gives, with the same rules). In PyNative mode MindSpore
differentiates a Python Primitive's `__call__` op by op, ignoring the registry; so does msjax
(tests/goldens/api/conformance_probe11.out). `bprops.register` records the bprop itself. `get(prim,
default)` looks either up by the Primitive's class, then its name, as MindSpore's Registry.

`binop_grad_common(x, y, dx, dy)` (from `grad_math_ops`) reduces the gradients of a
broadcasting binary op to its inputs' shapes, as bprops written for MindSpore call it.
"""
from __future__ import annotations

import functools

import jax.numpy as jnp

from msjax._src.core.state import tracing_depth
from msjax._src.core.tensor import Tensor, _wrap
from msjax._src.ops.registry import PRIMITIVES, Primitive
from msjax._src.ops.vm_impl_registry import Registry
from msjax._src.transforms.custom_grad import BpropRules, call_with_gradient

_WRAPPED = "_msjax_registered_bprop"  # a class attribute: its __call__ runs through the bprop


class BpropRegistry(Registry):
    """Bprop getters (or bprops) keyed by Primitive class (by its id and its name) or by name;
    each registered class is differentiated through it (module doc)."""

    def register(self, prim):
        def deco(fn):
            if isinstance(prim, str):
                self[prim] = fn
                if prim in PRIMITIVES:
                    _differentiate_through(PRIMITIVES[prim], self)
            elif isinstance(prim, type) and issubclass(prim, Primitive):
                self[id(prim)] = fn
                self[prim.__name__] = fn
                _differentiate_through(prim, self)
            return fn
        return deco


bprop_getters = BpropRegistry()
bprops = BpropRegistry()


def get_bprop_fn(prim, get_closure=False):
    """The bprop of `prim` (a Primitive or a name): its getter's result (the getter itself
    with `get_closure`), else the bprop registered in `bprops`, else None."""
    getter = bprop_getters.get(prim, None)
    if getter is None:
        return bprops.get(prim, None)
    return getter if get_closure else getter(prim)


def _differentiate_through(cls, registry) -> None:
    """Make `cls(...)(*inputs)` differentiated through the bprop registered for it."""
    if cls.__dict__.get(_WRAPPED):
        return
    original = cls.__call__

    @functools.wraps(original)
    def __call__(self, *inputs):
        bprop = get_bprop_fn(self) if tracing_depth() else None
        if bprop is None:  # PyNative, or registered under a name this instance does not have
            return original(self, *inputs)
        return call_with_gradient(lambda *a: original(self, *a), bprop, inputs,
                                  rules=BpropRules(f"{self.name}()"))

    cls.__call__ = __call__
    setattr(cls, _WRAPPED, True)


def binop_grad_common(x, y, dx, dy):
    """`grad_math_ops.binop_grad_common(x, y, dx, dy)`: `dx` and `dy` summed over the axes
    broadcasting added to `x` and `y`, in their shapes."""
    return _reduced_to(dx, x), _reduced_to(dy, y)


def _reduced_to(grad, like):
    shape = tuple(like.shape) if isinstance(like, Tensor) else tuple(jnp.shape(like))
    data = grad._data if isinstance(grad, Tensor) else jnp.asarray(grad)
    extra = data.ndim - len(shape)
    axes = tuple(range(extra)) + tuple(
        extra + i for i, n in enumerate(shape) if n == 1 and data.shape[extra + i] != 1)
    if axes:
        data = jnp.sum(data, axis=axes, keepdims=True)
    return _wrap(data.reshape(shape))
