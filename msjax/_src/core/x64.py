"""MindSpore's 64-bit dtypes inside msjax's calls; JAX's own setting everywhere else.

`import msjax` leaves `jax_enable_x64` as the user set it: a JAX user's `jnp.arange(3.0)` stays
float32 and a float32 model compiles to a float32 program. msjax turns 64-bit types on only for
the duration of its own calls (`scoped`, `on()`): constructing Tensors and Parameters, an eager
op (registry.py switches in the op's Tensor-level function), a Cell call, a compiled (GRAPH_MODE,
`jit`) call with its tracing, lowering and compiling, grad/vmap/pmap, initialisers and the random
key, `functional`'s `apply`, checkpoints, `Model`. `jax.enable_x64` is a thread-local setting: the
switch is per thread and is undone when the call returns or raises, so code that runs between two
msjax calls (the user's own JAX) sees the user's setting, and code msjax calls (a Cell's
`construct`, a function given to `ms.jit`) sees 64-bit types on. The switch costs ~0.1 us a call
(`swap_local`/`set_local` of JAX's setting; the `with jax.enable_x64(True)` context manager
costs ~0.4 us). msjax's caches key on the setting as JAX's do (`jax_enable_x64` is part of
`jax.jit`'s key; `eager_cache` and `compile_cache` read it) and read it inside the switch, where
it is on: their entries are those a process with 64-bit types on for good made.

Which MindSpore semantics need 64-bit types on, and why `jax_explicit_x64_dtypes="allow"` (JAX
0.10: explicitly requested 64-bit dtypes kept with x64 off) does not give them:

- Int64 is MindSpore's default integer. `Tensor(3)`, `Tensor([1, 2])`, `Tensor(np.arange(3))`,
  `ops.arange(3)`, shapes and sizes as Tensors, and the indices of `argmax`, `topk`, `sort` and
  `unique` are Int64. With x64 off, JAX narrows NumPy int64 data to int32 (`jnp.asarray`,
  `jax.device_put`; with "allow" too: only an explicit `dtype=` is kept) and its own index
  functions (`jnp.argsort`, `lax.top_k`, `jnp.nonzero`) return int32.
- Float64 Tensors: NumPy float64 data, `ops.cast(x, ms.float64)`, Float64 Parameters and
  checkpoints, and every op on them. With x64 off and "allow", JAX's implementations still mix in
  their default dtypes: `jnp.argmax` of a float64 array fails ("reduce operand dtypes should
  match corresponding initial value dtypes": float64 against int32), and so does
  `jax.random.normal(key, shape, jnp.float64)` ("lax.mul requires arguments to have the same
  dtypes").
- UInt64 (`Tensor(2**63)`) and Complex128 (`Tensor(1 + 2j)`) likewise.

How a float32 program stays free of float64 with 64-bit types on. A Python float is weakly typed:
`x * 0.5` stays float32. But a Python float that becomes an array of its own is float64: a float
passed to one of JAX's own jitted functions (`jnp.clip(x, 0.0, 6.0)`, `jnp.where(c, x, 0.0)`,
`jax.nn.leaky_relu(x, 0.2)`, an optimizer kernel's hyper-parameters) is a float64 argument
converted inside. msjax passes such numbers in the operand's dtype (`ops.adapters.scalar_like`),
and where JAX itself passes one (the NaN of `jnp.var`, the zero of `jax.nn.elu`, the bounds of
`jax.random.uniform` under `bernoulli`) computes the same values without it
(`reduce_ops.variance`, `nn_ops._elu`, `random_ops.keep_mask`). tests/backend/
test_accelerator_lowering.py lowers every model of benchmarks/models.py for GPU and TPU, as a
GRAPH_MODE training step and in `functional` form, and tests/test_x64.py traces every float32 op
record; neither finds float64.

A program traced inside msjax's calls may be lowered outside them (a JAX user's `jax.jit` of
`functional`'s `apply`), with the user's setting. JAX lowers an int64 `argmax` with an int64 iota
made under the setting in force then, which fails with x64 off: msjax finds indices as int32 and
widens them (`reduce_ops.argmax_index`).
"""
from __future__ import annotations

import functools
import threading

import jax

from msjax._src.core import op_precision
from msjax._src.core.traceback_filter import user_traceback

_X64 = jax.enable_x64  # JAX's setting (a thread-local State); `jax.enable_x64(v)` is its context
_X64_SWAP, _X64_SET = _X64.swap_local, _X64.set_local  # this thread's value: set, put back
# The precision of float32 matrix products is switched with it (core/op_precision.py).
_PRECISION_SWAP = jax.default_matmul_precision.swap_local
_PRECISION_SET = jax.default_matmul_precision.set_local
_MATMUL = op_precision.MATMUL


class _Scope(threading.local):
    outermost_open = False  # whether this thread is inside an msjax call that set the precision


_SCOPE = _Scope()
_NESTED = object()  # `_swap`'s mark for a call inside another (the precision is set already)


def _swap(value):
    """Sets this thread's 64-bit switch to `value` and, in the outermost of nested msjax calls,
    the matrix-product precision to msjax's (JAX's switch costs ~0.4 us, its 64-bit one ~0.1);
    returns what they replaced, for `_restore`."""
    if _SCOPE.outermost_open:
        return _X64_SWAP(value), _NESTED
    _SCOPE.outermost_open = True
    return _X64_SWAP(value), _PRECISION_SWAP(_MATMUL[0])


def _restore(previous):
    _X64_SET(previous[0])
    if previous[1] is not _NESTED:
        _PRECISION_SET(previous[1])
        _SCOPE.outermost_open = False


class _On:
    """`with on():` 64-bit types on in this thread, the previous setting back on exit."""

    __slots__ = ("previous",)

    def __enter__(self):
        self.previous = _swap(True)

    def __exit__(self, *exc_info):
        _restore(self.previous)


def on() -> _On:
    """A context in which JAX keeps 64-bit types (msjax's own calls run in one); re-entrant."""
    return _On()


def scoped(fn):
    """`fn` run with 64-bit types on, the caller's setting restored when it returns or raises."""
    @functools.wraps(fn)
    def call(*args, **kwargs):
        previous = _swap(True)
        try:
            return fn(*args, **kwargs)
        except Exception as error:  # the user's frames only (core/traceback_filter.py)
            user_traceback(error)
            raise
        finally:
            _restore(previous)
    call.x64_unscoped = fn  # for wrappers that switch the setting in their own frame (unscoped)
    return call


_SCOPED_CODE = scoped(lambda: None).__code__  # the code of every function `scoped` makes


def unscoped(fn):
    """The function `scoped` made `fn` from, or None when `fn` is not one of `scoped`'s (a
    function that only copied a scoped one's attributes, `functools.wraps`, is not): a
    wrapper that switches 64-bit types on in its own frame (ops/overloads.py's Tensor methods)
    calls it instead, one frame and one switch less a call."""
    if getattr(fn, "__code__", None) is _SCOPED_CODE:
        return fn.x64_unscoped
    return None


def swap_and_restore():
    """`(swap, restore)` for hot paths that inline the switch: `previous = swap(True)`, then
    `restore(previous)` in a `finally`."""
    return _swap, _restore
