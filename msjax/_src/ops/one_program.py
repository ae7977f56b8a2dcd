"""`one_program`: compile a composite op's implementation as a single XLA program.

Run eagerly, a jax-level implementation dispatches (and, for each new shape, compiles) every
primitive it uses; a composite op such as `interpolate` or `grid_sample` uses dozens. Wrapped in
`one_program`, an eager call compiles once per shape and dispatches once; inside a user's
`jit`/`vmap`/`grad` the wrapper is inlined as usual. Arguments that are not arrays (sizes, modes,
flags) are static; lists among them are passed as tuples so that they can be hashed.
"""
from __future__ import annotations

import functools
import inspect

import jax
import numpy as np


def _hashable(value):
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, tuple):
        return tuple(_hashable(v) for v in value)
    return value


def _is_array(value) -> bool:
    return isinstance(value, (jax.Array, np.ndarray)) or (
        isinstance(value, (tuple, list)) and any(_is_array(v) for v in value))


def one_program(impl):
    """`impl` compiled as one program per combination of static arguments and input shapes."""
    signature = inspect.signature(impl)
    if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in signature.parameters.values()):
        raise TypeError(f"one_program: {impl.__name__} takes *args or **kwargs; it needs named "
                        "parameters, which are passed to jax.jit by name.")
    names = list(signature.parameters)
    cache = {}

    @functools.wraps(impl)
    def call(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        arguments = bound.arguments
        static = tuple(n for n in names if not _is_array(arguments[n]))
        compiled = cache.get(static)
        if compiled is None:
            compiled = cache[static] = jax.jit(impl, static_argnames=static)
        return compiled(**{n: _hashable(v) if n in static else v
                           for n, v in arguments.items()})
    call.uncompiled = impl
    return call
