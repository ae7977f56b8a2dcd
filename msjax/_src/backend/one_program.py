"""`one_program`: compile a composite op's implementation as a single XLA program.

Run eagerly, a jax-level implementation dispatches (and, for each new shape, compiles) every
primitive it uses; a composite op such as `interpolate` or `grid_sample` uses dozens. Wrapped in
`one_program`, an eager call compiles once per shape and dispatches once; inside a user's
`jit`/`vmap`/`grad` the wrapper is inlined as usual. Arguments that are not arrays (sizes, modes,
flags) are static; lists among them are passed as tuples so that they can be hashed.

`eager_jit` is the `jax.jit` these programs are compiled with: a call at top level (eager,
PyNative) compiles with `EAGER_COMPILER_OPTIONS`, which trade a little run time of a small program
for much less compile time (a first eager forward compiles every distinct op once, and that is
most of its time), and a small program first with `EAGER_QUICK_COMPILE`'s quicker options, again
with `EAGER_COMPILER_OPTIONS` once it has run often (`quick_compile`); a call inside a trace is
an ordinary nested `jax.jit`, compiled by the enclosing program with its own options.
`MSJAX_EAGER_QUICK_COMPILE=0` compiles every eager program with `EAGER_COMPILER_OPTIONS` at once;
`MSJAX_EAGER_FAST_COMPILE=0` compiles eager programs with XLA's defaults instead.
"""
from __future__ import annotations

import functools
import inspect
import os

import jax
import numpy as np

from msjax._src.backend.eager_cache import EagerProgram
from msjax._src.backend.quick_compile import QuickCompile

# XLA's CPU fusion emitters compile a program's loop fusions (e.g. the layout transposes around
# a convolution) several times slower than the older emitters; an eager op's program is small
# and compiled for one call. Measured in benchmarks/eager_first_call.py. Options per backend:
# a backend without an entry compiles eager programs with XLA's defaults.
EAGER_COMPILER_OPTIONS = {"cpu": {"xla_cpu_use_fusion_emitters": False}}
# XLA's CPU backend compiles a small program in ~10-15 ms at optimisation level 0 against
# 20-140 ms optimised (quick_compile's doc); a level-0 program loses ~1-3 ns per element
# operation of `quick_slowdown`. A program losing at most 2**22 a run (~8 ms) is compiled so
# first, and optimised once its runs lost 2**25 (~65 ms, about one optimised compile: ViT-tiny's
# GELU, losing ~7 ms a run, after 10 of its 12 runs in a first forward); one losing at most
# 2**15 (~65 us, what counting its runs would cost) is kept (all 107 of MobileNetV3's programs
# at level 0 run ~1.8 ms, ~15%, longer a forward than optimised ones).
EAGER_QUICK_COMPILE = QuickCompile(
    options_by_backend={"cpu": {"xla_cpu_use_fusion_emitters": False,
                                "xla_backend_optimization_level": 0}},
    slowdown_limit=1 << 22, reoptimize_slowdown=1 << 25, keep_quick_up_to=1 << 15)
FAST_COMPILE_SWITCH = "MSJAX_EAGER_FAST_COMPILE"
QUICK_COMPILE_SWITCH = "MSJAX_EAGER_QUICK_COMPILE"


def eager_jit(impl, static_argnames=(), inline_in_traces=False):
    """`jax.jit(impl, static_argnames=...)` whose top-level (eager) calls compile with the
    default backend's `EAGER_QUICK_COMPILE` and `EAGER_COMPILER_OPTIONS` (see the module doc)
    and are kept in msjax's eager program cache (`eager_cache.EagerProgram`). Static arguments
    are passed by keyword.
    With `inline_in_traces`, a call inside a trace is `impl` itself rather than a nested jit."""
    if os.environ.get(FAST_COMPILE_SWITCH, "1") == "0":
        return EagerProgram(impl, static_argnames, None, inline_in_traces)
    quick = os.environ.get(QUICK_COMPILE_SWITCH, "1") != "0"
    return EagerProgram(impl, static_argnames, EAGER_COMPILER_OPTIONS, inline_in_traces,
                        quick=EAGER_QUICK_COMPILE if quick else None)


def hashable(value):
    """`value` with its lists (at any depth) as tuples, usable as a static argument."""
    if isinstance(value, list):
        return tuple(hashable(v) for v in value)
    if isinstance(value, tuple):
        return tuple(hashable(v) for v in value)
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
            compiled = cache[static] = eager_jit(impl, static_argnames=static)
        return compiled(**{n: hashable(v) if n in static else v
                           for n, v in arguments.items()})
    call.uncompiled = impl
    return call
