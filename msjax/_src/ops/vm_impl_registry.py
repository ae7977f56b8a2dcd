"""`mindspore.ops.vm_impl_registry`: Python implementations of Primitives, registered for
debugging, and the registries MindSpore keys by Primitive class (`_register_for_op`).

`@vm_impl_registry.register(P.Add)` records a function that, given the Primitive, returns a
Python implementation of it; `get_vm_impl_fn(prim)` looks it up by the Primitive's class or name
and returns that implementation. As in MindSpore, nothing runs the registered implementations
in place of the operators: the registry is for user code and tests that ask for them.
"""
from __future__ import annotations

from collections import UserDict

from msjax._src.ops.registry import Primitive


class Registry(UserDict):
    """Functions keyed by Primitive class (by its id) or by name."""

    def register(self, prim):
        def deco(fn):
            if isinstance(prim, str):
                self[prim] = fn
            elif issubclass(prim, Primitive):
                self[id(prim)] = fn
            return fn
        return deco

    def get(self, prim_obj, default):
        """The function registered for a Primitive instance (by class, then by its name) or a
        name; `default` when there is none."""
        if isinstance(prim_obj, str):
            return self.data.get(prim_obj, default)
        if isinstance(prim_obj, Primitive):
            key = id(type(prim_obj))
            if key in self.data:
                return self.data[key]
            return self.data.get(prim_obj.name, default)
        return default


class PyFuncRegistry(UserDict):
    """Python functions by key; an unknown key is a ValueError."""

    def register(self, key, value):
        self[key] = value

    def get(self, key):
        if key not in self:
            raise ValueError(f"Python function with key{key} not registered.")
        return self[key]


class VmImplRegistry(Registry):
    """The registry of debug implementations: a Primitive class is registered under its id and
    its name."""

    def register(self, prim):
        def deco(fn):
            Registry.register(self, prim)(fn)
            if not isinstance(prim, str) and issubclass(prim, Primitive):
                self[prim.__name__] = fn
            return fn
        return deco


vm_impl_registry = VmImplRegistry()


def get_vm_impl_fn(prim):
    """The Python implementation registered for `prim` (a Primitive or a name), made by calling
    the registered function with `prim`; None when none is registered."""
    make = vm_impl_registry.get(prim, None)
    return make(prim) if make else None
