"""MindSpore's 64-bit dtypes inside msjax's calls; JAX's own setting everywhere else.

`import msjax` leaves `jax_enable_x64` as the user set it: a JAX user's `jnp.arange(3.0)` stays
float32 and a float32 model compiles to a float32 program. msjax turns 64-bit types on only for
the duration of its own calls (`scoped`, `on()`): constructing Tensors and Parameters, an eager op,
a Cell call, a compiled (GRAPH_MODE, `jit`) call with its tracing, lowering and compiling, the
transforms, initialisers, checkpoints, `Model`. `jax.enable_x64` is a thread-local setting, so the
switch is per thread and is undone when the call returns or raises; code that runs between two
msjax calls (the user's own JAX) sees the user's setting. The switch costs ~0.1 us a call
(`swap_local`/`set_local` on JAX's setting; the `with jax.enable_x64(True)` context manager costs
~0.4 us). msjax's caches key on the setting as JAX's do (`jax_enable_x64` is part of `jax.jit`'s
key; `eager_cache` and `compile_cache` read it), and read it inside the switch.

Which MindSpore semantics need 64-bit types on, and why `jax_explicit_x64_dtypes="allow"` alone
(explicit 64-bit types respected with x64 off, JAX 0.10) does not give them:

- Int64 is MindSpore's default integer. `Tensor(3)`, `Tensor([1, 2])`, `Tensor(np.arange(3))`,
  `ops.arange(3)`, shapes and sizes as Tensors, and the indices of `argmax`, `argmin`, `topk`,
  `sort`, `nonzero`, `unique` are Int64. With x64 off, JAX narrows NumPy int64 data to int32
  (`jnp.asarray`, `jax.device_put`, even with "allow": only an explicit `dtype=` is kept) and its
  index-producing functions (`argsort`, `lax.top_k`, `nonzero`) return int32.
- Float64 tensors: NumPy float64 data, `ops.cast(x, ms.float64)`, Float64 Parameters and
  checkpoints, and every op on them. With x64 off and "allow", JAX's own implementations still
  mix in their default dtypes: `jnp.argmax` of a float64 array fails ("reduce operand dtypes
  should match corresponding initial value dtypes": float64 against int32), and so does
  `jax.random.normal(key, shape, jnp.float64)` ("lax.mul requires arguments to have the same
  dtypes").
- UInt64 (`Tensor(2**63)`) and Complex128 (`Tensor(1 + 2j)`) likewise.

JAX's code is written for one setting per call; msjax's for x64 on, so it runs its calls that way.
Inside a switched call a Python float is still weakly typed and takes a float32 operand's dtype,
but a Python float that becomes an array of its own (`jnp.asarray(0.5)`, a NumPy float64 scalar,
a float passed to one of JAX's jitted helpers, such as the NaN `jnp.var` passes to `where`) is
float64. msjax's ops and Cells therefore compute constants in their operands' dtype (as MindSpore
does, in float32 for a float32 model): tests/test_x64.py lowers every model of
benchmarks/models.py for GPU and TPU, as a GRAPH_MODE training step and in `msjax.functional`
form, and finds no f64 in the program.
"""
from __future__ import annotations

import functools

import jax

_X64 = jax.enable_x64  # JAX's setting (a thread-local State); `jax.enable_x64(v)` is its context
_swap = _X64.swap_local  # sets this thread's value, returns the one it replaced
_restore = _X64.set_local


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
        finally:
            _restore(previous)
    return call


def swap_and_restore():
    """`(swap, restore)` for hot paths that inline the switch: `previous = swap(True)`, then
    `restore(previous)` in a `finally`."""
    return _swap, _restore
