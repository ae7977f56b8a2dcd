"""Every use msjax makes of JAX's private modules (`jax._src`, `jaxlib`, `jax.extend`), gated.

Written for, and tested with, JAX and jaxlib 0.10.x (`TESTED_JAX`, pyproject's
`jax>=0.10.2,<0.11`). Nothing else in msjax imports those modules (a test checks), and the
private attributes of JAX's objects (`Compiled._executable`, `Lowered._lowering`, an array's
`_committed`, ...) are read here too. What is here comes in two kinds:

- **fast paths** (`ENABLED`): JAX's C++ dispatch of eager programs, executables rebuilt from
  msjax's eager program cache, the C++ call of a compiled executable (GRAPH_MODE's fast call),
  serialised executables in the compile cache, the jaxpr rewrites of `conv_as_dot` and
  `stacked_outputs` (with the chain inlining that depends on them), BatchNorm's written-out
  gradient, exact type checks against JAX's concrete array class; eager programs' quick first
  compiles, which EagerProgram's own compiles make. Each has a public-JAX path beside it (`jax.jit`,
  `.lower().compile()`, `jax.export`, plain programs), which msjax takes when `ENABLED` is
  False: then results are the same and only speed changes;
- **needs** with no public equivalent (the coordination service's key-value store for
  point-to-point messages, restarting JAX's backends before `jax.distributed.initialize`, the
  jaxlib version), tried whatever `ENABLED` says, with an error naming this JAX when it fails.

The gate (`decide`): `MSJAX_PRIVATE_JAX=0` turns the fast paths off; unset, they are on for a JAX
within `TESTED_JAX` and off otherwise, with one warning that names the version and the variable
(`MSJAX_PRIVATE_JAX=1` tries them anyway on another JAX; should an import fail, they are off with a
warning). Upgrading JAX may so cost speed, never correctness.
"""
from __future__ import annotations

import contextlib
import os
import re
import warnings

import jax

SWITCH = "MSJAX_PRIVATE_JAX"
TESTED_JAX = ((0, 10, 2), (0, 11))  # the JAX versions this module was written for: [first, end)
_TESTED_TEXT = ">=0.10.2,<0.11"


def _version_tuple(version: str) -> tuple:
    """`"0.10.2"` -> (0, 10, 2); a suffix such as `.dev20260101` or `rc1` is dropped."""
    return tuple(int(p) for p in re.findall(r"\d+", version.split("+")[0])[:3])


def decide(version: str, environ) -> tuple[bool, str | None]:
    """Whether the fast paths are on for JAX `version` with `environ`, and the warning to give
    (None: none)."""
    choice = environ.get(SWITCH)
    if choice not in (None, "", "0", "1"):
        raise ValueError(f"{SWITCH} must be 0 (public JAX only) or 1 (JAX's private fast paths "
                         f"even on an untested JAX), but got {choice!r}: set one of those, or "
                         f"unset it (on for JAX {_TESTED_TEXT}, off otherwise).")
    if choice == "0":
        return False, None
    if choice == "1":
        return True, None
    first, end = TESTED_JAX
    if first <= _version_tuple(version) < end:
        return True, None
    return False, (f"msjax: JAX {version} is outside the versions msjax's private JAX fast paths "
                   f"were written for ({_TESTED_TEXT}), so they are off: msjax uses public JAX "
                   f"only (same results, slower eager ops and compiled calls). Set {SWITCH}=0 to "
                   f"silence this, or {SWITCH}=1 to try them anyway.")


ENABLED, _warning = decide(jax.__version__, os.environ)


class _NeverConstructed:
    """Stands for JAX's concrete array class when the fast paths are off: no object is of this
    type, so exact type checks against it fail and callers take their general path."""


class _NeverRaised(Exception):
    """Stands for JAX's internal floating point error when the fast paths are off."""


ARRAY_IMPL = _NeverConstructed  # JAX's concrete array class (`type(x) is ARRAY_IMPL` is cheap)
INTERNAL_FLOATING_POINT_ERROR = _NeverRaised  # raised by executables under jax_debug_nans/infs
at_top_level = None  # () -> whether no JAX trace is active

if ENABLED:
    try:
        from jax._src import compilation_cache as _compilation_cache
        from jax._src import core as _core
        from jax._src import pjit as _pjit
        from jax._src import source_info_util as _source_info_util
        from jax._src import stages as _stages
        from jax._src import tree_util as _tree_util
        from jax._src import util as _util
        from jax._src import xla_bridge as _xla_bridge
        from jax._src.api_util import InternalFloatingPointError as INTERNAL_FLOATING_POINT_ERROR
        from jax._src.array import ArrayImpl as ARRAY_IMPL
        from jax._src.export._export import _export_lowered
        from jax._src.interpreters import ad as _ad
        from jax._src.interpreters import partial_eval as _pe
        from jax._src.interpreters import pxla as _pxla
        from jax._src.lib import _jax
        at_top_level = _core.trace_state_clean
        _compilation_cache._cache_initialized_mutex  # noqa: B018 - without_persistent_cache's
        _pjit._get_fastpath_data  # noqa: B018
        _pe.dce_jaxpr  # noqa: B018 - split_checks'
        _pe.DynamicJaxprTrace, _ad.LinearizeTrace  # noqa: B018 - differentiated's
        _pxla.UnloadedMeshExecutable  # noqa: B018
        _util.clear_all_caches  # noqa: B018 - clear_staging_caches'
    except (ImportError, AttributeError) as error:  # pragma: no cover - a JAX that moved them
        ENABLED = False
        ARRAY_IMPL, INTERNAL_FLOATING_POINT_ERROR = _NeverConstructed, _NeverRaised
        at_top_level = None
        _warning = (f"msjax: JAX {jax.__version__} lacks a private API msjax's fast paths use "
                    f"({error}), so they are off: msjax uses public JAX only (same results, "
                    f"slower). Set {SWITCH}=0 to silence this.")

if _warning is not None:
    warnings.warn(_warning, RuntimeWarning, stacklevel=2)


# -- jaxprs: the rewrites of conv_as_dot and stacked_outputs --------------------------------------
def jaxpr_types():
    """`(Var, Literal, DropVar, ClosedJaxpr)`: the classes of a traced program's parts (None
    when the fast paths are off: the rewrites do not run)."""
    if not ENABLED:
        return None
    return _core.Var, _core.Literal, _core.DropVar, _core.ClosedJaxpr


def jaxpr_as_fun(closed_jaxpr):
    """The function a ClosedJaxpr computes (for rewritten programs, fast paths on only)."""
    return _core.jaxpr_as_fun(closed_jaxpr)


def outputs_only(closed_jaxpr, keep):
    """`(closed, reads)`: the program computing only the outputs at positions `keep` (dead code
    removed), and the positions of the inputs it reads, which are its inputs in order."""
    keep = set(keep)
    used = [i in keep for i in range(len(closed_jaxpr.jaxpr.outvars))]
    jaxpr, used_inputs = _pe.dce_jaxpr(closed_jaxpr.jaxpr, used)
    return (_core.ClosedJaxpr(jaxpr, closed_jaxpr.consts),
            [i for i, read in enumerate(used_inputs) if read])


def variable_as_input(closed_jaxpr, var, keep):
    """The program reading `var` (one of its variables) from a new last input instead of
    computing it, and computing only the outputs at positions `keep` (dead code removed; its
    inputs stay as they were, plus that one)."""
    jaxpr = closed_jaxpr.jaxpr
    new = _core.Var(var.aval)
    swap = lambda atoms: [new if atom is var else atom for atom in atoms]  # noqa: E731
    info = jaxpr.debug_info
    if info is not None and info.arg_names is not None:
        info = info._replace(arg_names=(*info.arg_names, "flag"))
    jaxpr = jaxpr.replace(invars=[*jaxpr.invars, new], outvars=swap(jaxpr.outvars),
                          eqns=[eqn.replace(invars=swap(eqn.invars)) for eqn in jaxpr.eqns],
                          debug_info=info)
    keep = set(keep)
    jaxpr, _ = _pe.dce_jaxpr(jaxpr, [i in keep for i in range(len(jaxpr.outvars))],
                             instantiate=True)
    return _core.ClosedJaxpr(jaxpr, closed_jaxpr.consts)


def bind_equation(eqn, values):
    """Bind `eqn`'s primitive to `values` as JAX evaluates a jaxpr (its source location and
    context kept): the list of its outputs."""
    params = eqn.primitive.get_bind_params(eqn.params)
    with _source_info_util.user_context(eqn.source_info.traceback,
                                        name_stack=eqn.source_info.name_stack), eqn.ctx.manager:
        outs = eqn.primitive.bind(*values, **params)
    return outs if eqn.primitive.multiple_results else [outs]


def in_forward_mode(values) -> bool:
    """Whether one of `values` is being differentiated in forward mode (a JVP trace in its
    chain). Without the fast paths this cannot be seen, and the answer is True (the caller
    then takes the formulation that is right in every mode)."""
    if not ENABLED:
        return True
    for value in values:
        trace = getattr(value, "_trace", None) if isinstance(value, _core.Tracer) else None
        while trace is not None:
            if isinstance(trace, _ad.JVPTrace):
                return True
            trace = getattr(trace, "parent_trace", None)
    return False


def differentiated(values, through_programs=True, reverse_only=False) -> bool:
    """Whether one of `values` is being differentiated (a JVP or linearize trace in its chain:
    `jax.grad`, `jax.vjp`, `jax.jvp`); with `through_programs` False, only by a transform
    inside the program being traced (a `jax.jit` traced under `jax.vjp` is not); with
    `reverse_only`, only by `jax.vjp` (and so `jax.grad`). Without the fast paths this cannot be
    seen, and the answer is True."""
    if not ENABLED:
        return True
    for value in values:
        trace = getattr(value, "_trace", None) if isinstance(value, _core.Tracer) else None
        while trace is not None:
            if isinstance(trace, _ad.LinearizeTrace) and (trace.is_vjp or not reverse_only):
                return True
            if isinstance(trace, _ad.JVPTrace) and not reverse_only:
                return True
            if not through_programs and isinstance(trace, _pe.DynamicJaxprTrace):
                break
            trace = getattr(trace, "parent_trace", None)
    return False


def reverse_order(values) -> int:
    """How many `jax.vjp`s (and so `jax.grad`s) differentiate one of `values` at once (the most
    reverse-mode linearize traces in a value's chain, through programs); 0 without the fast
    paths, where this cannot be seen."""
    if not ENABLED:
        return 0
    deepest = 0
    for value in values:
        trace = getattr(value, "_trace", None) if isinstance(value, _core.Tracer) else None
        order = 0
        while trace is not None:
            if isinstance(trace, _ad.LinearizeTrace) and trace.is_vjp:
                order += 1
            trace = getattr(trace, "parent_trace", None)
        deepest = max(deepest, order)
    return deepest


# -- arrays ------------------------------------------------------------------------------------
def committed(array) -> bool:
    """Whether a concrete array is committed to its device (part of an eager program's key)."""
    return array._committed


def uncommitted(shard):
    """A single-device array holding `shard`'s buffer, not committed to its device (eager code
    may then mix it with arrays on any device); None without the fast paths."""
    if not ENABLED:
        return None
    return ARRAY_IMPL(shard.aval, shard.sharding, [shard], committed=False, _skip_checks=True)


# -- JAX's C++ dispatch ------------------------------------------------------------------------
def cpp_dispatch_cache(capacity: int):
    """A cache of the C++ jit dispatchers' executables holding at most `capacity` signatures
    (least recently used first out), or None (the fast paths off)."""
    if not ENABLED:
        return None
    try:
        return _jax.PjitFunctionCache(capacity=capacity)
    except (AttributeError, TypeError):  # pragma: no cover - another signature
        return None


def cpp_jit_dispatch(name, impl, cache_miss, cache=None):
    """A JAX C++ jit dispatcher (what `jax.jit` and `Compiled` call through) with `cache_miss` as
    its miss handler: a call whose signature it has seen runs without Python; under
    `jax.disable_jit` it calls `impl`. Its executables are kept in `cache`
    (`cpp_dispatch_cache`; JAX's default one when None). None when there is none (the fast
    paths off)."""
    if not ENABLED:
        return None
    try:
        if cache is not None:
            return _jax.pjit(name, impl, cache_miss, [], [], _pxla.JitGlobalCppCacheKeys(),
                             _tree_util.dispatch_registry, _pxla.cc_shard_arg, cache)
        return _jax.pjit(name, impl, cache_miss, [], [], _pxla.JitGlobalCppCacheKeys(),
                         _tree_util.dispatch_registry, _pxla.cc_shard_arg)
    except (AttributeError, TypeError):  # pragma: no cover - another signature
        return None


def fastpath_data(compiled, args, outputs):
    """What the C++ dispatch needs to run `compiled` itself, as `jax.jit` hands it over."""
    return _pjit._get_fastpath_data(compiled._executable, compiled.out_tree, list(args),
                                    jax.tree_util.tree_leaves(outputs), [], [], None, [])


def executable_cpp_call(compiled):
    """The C++ call of a `jax.stages.Compiled` (a call of its compiled signature runs without
    Python; any other raises TypeError), or None (fast paths off, or none to make)."""
    if not ENABLED or not isinstance(compiled, jax.stages.Compiled):
        return None
    try:
        call = compiled._call
        if call is None:
            call = compiled._call = compiled._executable.create_cpp_call(compiled._params)
    except AttributeError:  # pragma: no cover - a Compiled without a C++ call
        return None
    return call


# -- executables: serialised, stored and rebuilt -----------------------------------------------
def lowered_const_args(lowered) -> tuple:
    """The constants a lowering passes its executable as arguments (not carried by a stored
    executable); () without the fast paths (no executable is stored then)."""
    if not ENABLED:
        return ()
    return tuple(lowered._lowering.const_args)


def export_lowered(lowered, closed_jaxpr, name):
    """`jax.export.Exported` of the program already traced and lowered (no new trace)."""
    return _export_lowered(lowered, closed_jaxpr, name)


def kept_inputs(compiled) -> list:
    """The indices of the inputs the executable keeps (jit drops unused ones)."""
    return sorted(compiled._executable._kept_var_idx)


def serialize_executable(compiled) -> bytes:
    """XLA's serialised executable of a `jax.stages.Compiled`."""
    return bytes(_xla_bridge.get_backend().serialize_executable(compiled.runtime_executable()))


_LAPACK_CALL = b"lapack_"  # the prefix of jaxlib's CPU LAPACK custom-call targets
_lapack_ready = False


def _prepare_lapack(serialized: bytes, device) -> None:
    """Set up jaxlib's CPU LAPACK kernels before an executable that calls them is loaded: JAX
    does so while lowering a linear-algebra op (and before running an exported function: its
    `_ensure_backends_initialized`), and an executable loaded in a process that lowered none
    (`eager_cache`'s and `compile_cache`'s files) otherwise calls unset LAPACK functions and
    crashes the process (`ops.eig`'s `geev`). Once per process, and only for an executable whose
    bytes name a LAPACK target."""
    global _lapack_ready
    if _lapack_ready or device.platform != "cpu" or _LAPACK_CALL not in serialized:
        return
    from jax._src.lax import linalg as _linalg  # here: it imports SciPy's LAPACK (~0.2 s)
    _linalg.initialize_lapack()
    _lapack_ready = True


def deserialize_executable(serialized: bytes, device=None):
    """XLA's loaded executable from `serialize_executable`'s bytes, on `device` (default: the
    default backend's first device)."""
    if device is None:
        device = _xla_bridge.get_backend().local_devices()[0]
    _prepare_lapack(serialized, device)
    return device.client.deserialize_executable(serialized, _jax.DeviceList((device,)), None)


def run_executable(executable, arrays) -> list:
    """The outputs of a loaded executable run on single-device `arrays`."""
    results = executable.execute_sharded(arrays)
    return [r[0] for r in results.disassemble_into_single_device_arrays()]


@contextlib.contextmanager
def without_persistent_cache():
    """Compile without JAX's persistent cache inside the block (an executable loaded from there
    does not serialise whole). JAX decides whether it uses that cache once per process, at the
    first compile (`compilation_cache.is_cache_used`), so the config flag alone is ignored after
    any compile: the decision itself is set aside too. Without the fast paths nothing is
    serialised, and this changes nothing."""
    if not ENABLED:
        yield
        return
    cache = _compilation_cache
    previous = jax.config.jax_enable_compilation_cache
    jax.config.update("jax_enable_compilation_cache", False)
    with cache._cache_initialized_mutex:
        decided = cache._cache_checked, cache._cache_used
        cache._cache_checked, cache._cache_used = True, False
    try:
        yield
    finally:
        with cache._cache_initialized_mutex:
            cache._cache_checked, cache._cache_used = decided
        jax.config.update("jax_enable_compilation_cache", previous)


def single_device_program(compiled):
    """What `rebuild_compiled` needs of a `jax.stages.Compiled` to rebuild it in another process,
    as a dict, when it is a single-device program without effects, callbacks or constants;
    else None (it is not stored)."""
    from jax.sharding import SingleDeviceSharding
    unloaded = getattr(compiled._executable, "_unloaded_executable", None)
    if (unloaded is None or unloaded.unordered_effects or unloaded.ordered_effects
            or unloaded.host_callbacks or unloaded.keepalive or unloaded.mut is not None
            or compiled._params.const_args or len(unloaded.device_list) != 1
            or not all(type(s) is SingleDeviceSharding
                       for s in (*unloaded.input_shardings, *unloaded.output_shardings))):
        return None
    return {"name": unloaded.name, "committed": bool(unloaded.committed),
            "device": unloaded.device_list[0].id,
            "in_avals": [info._aval for info in jax.tree_util.tree_leaves(compiled.args_info)],
            "out_avals": list(unloaded.output_avals),
            "in_memory_kinds": [s.memory_kind for s in unloaded.input_shardings],
            "out_memory_kinds": [s.memory_kind for s in unloaded.output_shardings]}


def rebuild_compiled(loaded, device, all_in_avals, kept, out_avals, in_shardings, out_shardings,
                     committed_, name, out_tree):
    """A `jax.stages.Compiled` around the deserialised executable `loaded`, built as JAX builds
    one after compiling (`pxla.UnloadedMeshExecutable.from_hlo`), so calls take JAX's C++
    dispatch path."""
    device_list = _jax.DeviceList((device,))
    in_avals = [all_in_avals[i] for i in kept]
    xla_in_layouts, xla_out_layouts = _pxla._get_layouts_from_executable(
        loaded, [None] * len(in_avals), [None] * len(out_avals), 0, in_avals, out_avals)
    unloaded = _pxla.UnloadedMeshExecutable(
        xla_executable=loaded, device_list=device_list, backend=device.client,
        input_avals=in_avals, input_shardings=in_shardings, output_avals=out_avals,
        output_shardings=out_shardings, committed=committed_, name=name,
        unordered_effects=[], ordered_effects=[], keepalive=[], host_callbacks=[],
        kept_var_idx=set(kept), mut=None, xla_in_layouts=xla_in_layouts,
        dispatch_in_layouts=_pxla.get_dispatch_layouts(xla_in_layouts, in_shardings, in_avals),
        xla_out_layouts=xla_out_layouts, all_args_info=None, pgle_profiler=None)
    args_info = (tuple(_stages.ArgInfo(a, False) for a in all_in_avals), {})
    return _stages.Compiled(unloaded.load(), [], args_info, out_tree)


# -- needs with no public equivalent (tried whatever ENABLED says) -------------------------------
def jaxlib_version() -> str:
    """The installed jaxlib's version (part of every cache key)."""
    import jaxlib
    return jaxlib.__version__


def distributed_client():
    """The client of the coordination service `jax.distributed` runs (its key-value store), or
    None when this process joined no job."""
    try:
        from jax._src import distributed
        return distributed.global_state.client
    except (ImportError, AttributeError) as error:  # pragma: no cover - another JAX
        raise RuntimeError(f"msjax: JAX {jax.__version__} has no coordination-service client "
                           f"where msjax looks for it ({error}); point-to-point transfers need "
                           f"JAX {_TESTED_TEXT}.") from None


def clear_backends() -> None:
    """Stop JAX's backends, so that `jax.distributed.initialize` may run after they started."""
    from jax.extend import backend  # here, not at import: it loads much of jax (pallas)
    backend.clear_backends()


def clear_staging_caches() -> None:
    """Empty JAX's Python-level tracing and lowering caches (its `util.cache` and
    `weakref_lru_cache`s: jaxprs, abstract evaluations, sharding checks, each keyed by shapes),
    keeping the C++ dispatch caches of jitted functions, which `jax.clear_caches` empties too:
    a function called again with a signature it ran before still runs its executable without
    tracing. Without the fast paths nothing is cleared (`jax.clear_caches` would drop those)."""
    if ENABLED:
        _util.clear_all_caches()
