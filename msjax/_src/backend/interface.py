"""The backend's interface: all that the semantic layers (ops/, transforms/, nn/) use of it.

The backend only changes how fast programs reach XLA, never what they compute; its modules are
free to change behind these names (a test checks that ops/ and transforms/ import nothing else
of it). JAX's private APIs are used in `jax_private` alone; with them off (`MSJAX_PRIVATE_JAX=0`,
or a JAX outside the tested range) every name here still works, on public JAX.

The backend is above core/ and below the others: it imports core/ alone, and core/ none of it
(Tensor's basic-index program is made by ops/tensor_methods.install()).

Eager programs (ops/, nn/):

- `eager_jit(impl, static_argnames=(), inline_in_traces=False)`: `jax.jit` for an eager op's
  implementation, cached across processes, quickly compiled first (`one_program`). What it
  returns is called like `impl`; its `positional_dispatch()` (when it has one) gives JAX's C++
  dispatch of the program for arguments by position, and its `dispatch` attribute the one in
  use (a quick program optimised after its runs replaces it).
- `one_program(impl)`: a composite op compiled as one program per static arguments and shapes;
  `hashable(value)`: a static argument with its lists as tuples.
- `CONCRETE_ARRAY`: JAX's concrete array class, for exact type checks on hot paths (a class
  nothing is an instance of when the private fast paths are off: callers take their general
  path).
- `differentiated(values)`: whether a value is being differentiated (True when the fast paths
  are off).
- `in_forward_mode(values)`: whether a value is being differentiated in forward mode (True when
  that cannot be seen).
- `reverse_order(values)`: how many reverse-mode differentiations see a value at once (0 when
  that cannot be seen).
- `eager_array(array, committed_ok=False)`: `array` (on one device) as eager code may mix it
  with other arrays.

Distributed jobs (parallel/, mint/): `distributed_client()` (the coordination service's
key-value store) and `clear_backends()` (before `jax.distributed.initialize`).

Compiled programs (transforms/):

- `lowering_for(platforms=None)`: the platform rewrites of programs lowered for `platforms`
  (default: the platform JAX computes on): `prepare_program`, `inline_scanned_chains`,
  `ensemble`, `split_checks` (lowering.py); `expand_rows` / `lift_rows` rebuild the outputs
  of a program whose rows were returned stacked.
- `export_program(closed_jaxpr, platforms)`: `jax.export` of the program msjax compiles for
  `platforms` from a traced one (its platform rewrites applied).
- `install_fast_call(...)` / `MISSED`: GRAPH_MODE's fast call of a Cell's last signature
  (graph_call.py).
- the compile cache: `cache_dir`, `recording_files`, `dependency_files`, `user_files`,
  `global_reads`,
  `wrapped_roots`, `load_program`, `store_program`, `without_jax_persistent_cache`
  (compile_cache.py).
"""
from __future__ import annotations

import jax
import numpy as np

from msjax._src.backend import jax_private, lowering
from msjax._src.core import grad_mode
from msjax._src.backend.compile_cache import cache_dir as cache_dir
from msjax._src.backend.compile_cache import dependency_files as dependency_files
from msjax._src.backend.compile_cache import global_reads as global_reads
from msjax._src.backend.compile_cache import load_program as load_program
from msjax._src.backend.compile_cache import recording_files as recording_files
from msjax._src.backend.compile_cache import store_program as store_program
from msjax._src.backend.compile_cache import user_files as user_files
from msjax._src.backend.compile_cache import (
    without_jax_persistent_cache as without_jax_persistent_cache)
from msjax._src.backend.compile_cache import wrapped_roots as wrapped_roots
from msjax._src.backend.graph_call import MISSED as MISSED
from msjax._src.backend.graph_call import install_fast_call as install_fast_call
from msjax._src.backend.lowering import Lowering as Lowering
from msjax._src.backend.one_program import eager_jit as eager_jit
from msjax._src.backend.one_program import hashable as hashable
from msjax._src.backend.one_program import one_program as one_program
from msjax._src.backend.stacked_outputs import expand as expand_rows
from msjax._src.backend.stacked_outputs import lift_rows as lift_rows

CONCRETE_ARRAY = jax_private.ARRAY_IMPL
in_forward_mode = jax_private.in_forward_mode
differentiated = jax_private.differentiated
reverse_order = jax_private.reverse_order
grad_mode.DIFFERENTIATED[0] = differentiated  # `no_grad` blocks stop what is differentiated
distributed_client = jax_private.distributed_client  # (parallel/: needs, not fast paths)
clear_backends = jax_private.clear_backends


def private_paths() -> bool:
    """Whether JAX's private fast paths are on (what `differentiated` can see depends on it)."""
    return jax_private.ENABLED


def lowering_for(platforms=None) -> Lowering:
    """The `Lowering` of programs lowered for `platforms` (default: the platform JAX computes
    on), whose rewrites run only where they declare they apply (lowering.py)."""
    if platforms is None:
        return lowering.for_backend()
    return lowering.for_platforms(tuple(platforms))


def export_program(closed_jaxpr, platforms):
    """`jax.export.Exported` of the program msjax compiles for `platforms` from the traced
    program `closed_jaxpr` (its outputs as the prepared program returns them: rows stacked
    where the lowering stacks them)."""
    prepared = lowering_for(platforms).prepare_program(closed_jaxpr)
    if prepared is None:
        def fn(*args):
            return tuple(jax.core.eval_jaxpr(closed_jaxpr.jaxpr, closed_jaxpr.consts, *args))
    else:
        fn = prepared[1]
    avals = [jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype, weak_type=v.aval.weak_type)
             for v in closed_jaxpr.jaxpr.invars]
    return jax.export.export(jax.jit(fn), platforms=list(platforms))(*avals)


def eager_array(array, committed_ok=False):
    """`array` (on one device) as eager code may mix it with other arrays. With JAX's private
    fast paths, the same buffer not committed to its device (eager code may mix it with arrays
    on any device). Public JAX cannot uncommit an array: with `committed_ok` (the caller gives
    eager code only arrays on one device) `array` itself when it is on the default device, else
    a copy through the host, committed to no device. A data-parallel step writes every
    Parameter through this: on a GPU a copy through the host costs a device synchronisation and
    two transfers each."""
    shard = jax_private.uncommitted(array)
    if shard is not None:
        return shard
    if committed_ok and array.devices() == {_default_device()}:
        return array
    return jax.device_put(np.asarray(array))  # from the host: committed to no device


def _default_device():
    """The device JAX puts uncommitted arrays on (`jax.default_device`, else the first device
    of the default backend)."""
    setting = jax.config.jax_default_device
    if isinstance(setting, jax.Device):
        return setting
    return jax.local_devices(backend=setting)[0]  # None, or a platform's name
