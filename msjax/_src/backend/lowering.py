"""Platform-specific lowerings: what msjax does differently for one XLA platform, in one place.

Each rewrite declares the platforms it applies to (`PLATFORMS` in its module, or here), and
`for_platforms(platforms)` gives the `Lowering` that applies a rewrite only when every platform a
program is lowered for is among those: a program lowered for `cuda` or `tpu` (on a GPU or TPU,
or through `jax.export` from a CPU) is the program as traced. The compiled-call path
(compiled.py, vmap.py) asks `for_backend()` (the platform JAX computes on) once per compiled
signature, never per call. Results are the same whichever lowering runs: only compile time and
speed differ. (One choice is made inside the traced program instead, by
`jax.lax.platform_dependent` when it is lowered: BatchNorm's batch statistics, in two passes on
XLA's CPU and in one elsewhere, equal to float32 rounding; ops/batch_norm_train.py.)

XLA's CPU compile-time workarounds, each measured with the benchmark named:

- stacked outputs (stacked_outputs.py, `stacked_outputs.PLATFORMS`; benchmarks/depth.py): the
  gradients of a scanned lazy_inline chain leave the program as one stacked array per Parameter,
  not one output per block, whose copies XLA's CPU backend compiles one kernel each;
- chain inlining (lazy_inline.py, also `stacked_outputs.PLATFORMS`; benchmarks/depth.py): a
  program that computes further with the rows of a scanned chain (an optimizer step in the same
  program) is traced again with the chain inlined, which the CPU backend compiles faster;
- looped ensembles (vmap.py, `LOOPED_ENSEMBLE_PLATFORMS`; benchmarks/ensemble_training.py): `vmap`
  over a CellList runs one member's program per member instead of one vectorised program,
  because vmapped convolution weights become grouped convolutions, which XLA's CPU backend runs
  slowly;
- convolutions as matrix products (conv_as_dot.py, `conv_as_dot.PLATFORMS`; benchmarks/models.py):
  a convolution whose window slices are small is computed as slices and one dot, which reads
  MindSpore's OIHW weights and writes their OIHW gradients with none of the weight-sized
  transposes the CPU backend's channels-last convolutions need (`MSJAX_CONV_AS_DOT=0` turns it
  off);
- split index checks (split_checks.py, `split_checks.PLATFORMS`; benchmarks/index_checks.py): a
  program whose index checks (core/index_checks.py) read only its arguments runs them as a
  program of their own just before it, which passes it their flag; on XLA's CPU backend the
  flag computed inside held back the program's big updates (a gather-heavy step 1.3x the
  unchecked one; split, within a few percent);
- checked programs' schedule (`CHECKED_SCHEDULE_PLATFORMS`; benchmarks/index_checks.py): a
  program whose index checks are bound inside it (they read its state: not split) is compiled
  with XLA's memory-optimised CPU scheduler. Under the default (concurrency-optimised) one, the checks'
  few small reductions made it order a gather-heavy step's optimizer updates otherwise: 16.2 MB
  of temporaries instead of 11.8 MB. With the memory-optimised one it needs 11.0 MB and its step
  is about 5% faster (quiet, 2 cores: 1,094-1,124 against 1,157-1,200 us), though still slower
  than the unchecked step (docs/performance.md).

Eager programs' quick first compile at XLA's optimisation level 0 declares its platforms in
`quick_compile.PLATFORMS`. The jaxpr rewrites need JAX's private jaxpr classes: without them
(`jax_private.ENABLED` False) programs are compiled as traced on every platform.
"""
from __future__ import annotations

import functools
import logging

import jax
import numpy as np

from msjax._src.backend import conv_as_dot, jax_private, split_checks, stacked_outputs

# benchmarks/ensemble_training.py (LeNet-5, batch 64, Adam(amsgrad), 2-core CPU): M = 8:
# vectorised 196 ms/step, looped 64 ms/step (first call 1.5 s); M = 32: vectorised 919 ms/step,
# looped 272 ms/step (first call 1.4 s); members run one after another in a lax.scan were 3x
# slower than looped at M = 8, so that lowering was dropped.
LOOPED_ENSEMBLE_PLATFORMS = ("cpu",)
# benchmarks/index_checks.py (embedding 20000x64 + Dense + cross_entropy, SGD, 2-core CPU): the
# checked step's time, memory-optimised scheduler against the default one, about 0.95x (quiet);
# for unchecked programs it is slower (830-880 us a step against 1,040-1,080), so only checked
# programs get it.
CHECKED_SCHEDULE_PLATFORMS = ("cpu",)
CHECKED_COMPILER_OPTIONS = {"xla_cpu_scheduler_type": "CPU_SCHEDULER_TYPE_MEMORY_OPTIMIZED"}


class Lowering:
    """The rewrites of programs lowered for `platforms` (none: the program as traced)."""

    def __init__(self, platforms=()):
        self.platforms = tuple(platforms)

    def __repr__(self):
        return f"Lowering(platforms={self.platforms!r})"

    def applies(self, declared) -> bool:
        """Whether a rewrite declared for the platforms `declared` runs here: every platform
        this lowering is for is among them."""
        return bool(self.platforms) and all(p in declared for p in self.platforms)

    def stack_row_outputs(self, closed_jaxpr):
        """`(rows, fn)` to return rows of one array stacked (see `stacked_outputs.plan`), or
        None to keep the program's outputs as they are."""
        if not self.applies(stacked_outputs.PLATFORMS):
            return None
        return stacked_outputs.plan(closed_jaxpr)

    def rewrite_program(self, closed_jaxpr):
        """The traced program (a ClosedJaxpr) rewritten for these platforms (same results), or
        None to compile it as traced."""
        if not self.applies(conv_as_dot.PLATFORMS):
            return None
        return conv_as_dot.rewrite(closed_jaxpr)

    def prepare_program(self, closed_jaxpr):
        """`(rows, fn)`: the function to compile for these platforms in place of the traced
        program (`rewrite_program`, then `stack_row_outputs`; `rows` None when its outputs are
        not stacked), or None to compile the program as traced."""
        rewritten = self.rewrite_program(closed_jaxpr)
        closed = closed_jaxpr if rewritten is None else rewritten
        planned = self.stack_row_outputs(closed)
        if planned is not None:
            return planned
        if rewritten is not None:
            return None, jax_private.jaxpr_as_fun(rewritten)
        return None

    def compiler_options(self, checked: bool) -> dict | None:
        """XLA's options for a compiled program here (None: XLA's defaults): a program whose
        index checks are bound (`checked`) is scheduled to save memory on XLA's CPU backend
        (`CHECKED_COMPILER_OPTIONS`), where that makes it faster."""
        if checked and self.applies(CHECKED_SCHEDULE_PLATFORMS) and _accepts_checked_options():
            return dict(CHECKED_COMPILER_OPTIONS)
        return None

    def split_checks(self, closed_jaxpr, n_boxes: int, n_errors: int):
        """`(checks_fn, reads, main_fn)` to run a checked program's index checks as a program of
        their own before it (split_checks.py), or None to run them inside it."""
        if not self.applies(split_checks.PLATFORMS):
            return None
        return split_checks.plan(closed_jaxpr, n_boxes, n_errors)

    def switches(self) -> tuple:
        """The settings that change what this lowering compiles (part of the compile cache's
        key, so a stored program is not reused after a switch changed)."""
        return (("platforms", self.platforms), ("private_jax", jax_private.ENABLED),
                ("conv_as_dot", self.applies(conv_as_dot.PLATFORMS) and conv_as_dot.enabled()))

    def inline_scanned_chains(self, closed_jaxpr) -> bool:
        """Whether a program that scanned lazy_inline chains is traced again with them inlined."""
        if not self.applies(stacked_outputs.PLATFORMS):
            return False
        return stacked_outputs.rows_feed_computation(closed_jaxpr)

    def ensemble(self, out_axes, n_members) -> str:
        """How `vmap` over a CellList runs: "vectorised" (one jax.vmap-ed program over the
        stacked Parameters) or "looped" (one member's program, called once per member, where
        `LOOPED_ENSEMBLE_PLATFORMS` says it is faster). An out_axes of None (an output kept
        unbatched) needs the vectorised program."""
        if (not self.applies(LOOPED_ENSEMBLE_PLATFORMS) or _contains_none(out_axes)
                or n_members <= 1):
            return "vectorised"
        return "looped"


@functools.lru_cache(maxsize=None)
def for_platforms(platforms) -> Lowering:
    """The lowering of programs lowered for `platforms` (a tuple of names: "cpu", "cuda",
    "rocm", "tpu", or JAX's backend names "gpu"...)."""
    return Lowering(tuple(platforms))


def for_backend(backend: str | None = None) -> Lowering:
    """The lowering of `backend` (default: the backend JAX computes on)."""
    return for_platforms((backend or jax.default_backend(),))


@functools.lru_cache(maxsize=None)
def _accepts_checked_options() -> bool:
    """Whether this jaxlib's XLA knows `CHECKED_COMPILER_OPTIONS` (an XLA that does not
    rejects the compile): checked once, on a program of one addition."""
    try:
        jax.jit(lambda x: x + 1).lower(np.float32(0)).compile(
            compiler_options=CHECKED_COMPILER_OPTIONS)
    except Exception as error:  # noqa: BLE001 - XLA's error for an unknown option or value
        logging.getLogger("msjax").info(
            "msjax: this XLA does not take %s (%s); programs that check indices compile with "
            "XLA's default scheduler", CHECKED_COMPILER_OPTIONS, str(error).splitlines()[0])
        return False
    return True


def _contains_none(spec) -> bool:
    if isinstance(spec, (tuple, list)):
        return any(_contains_none(s) for s in spec)
    return spec is None
