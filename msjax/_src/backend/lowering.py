"""Backend-specific lowerings: what msjax does differently for one XLA backend, in one place.

The compiled-call path (compiled.py, vmap.py) asks `for_backend()` once per compiled signature,
never per call, for the `Lowering` of the backend JAX runs on. The default lowering is XLA's
program as traced; a backend whose compiler needs help gets a subclass. Results are the same
whichever lowering runs: only compile time and speed differ.

`CpuLowering` holds XLA's CPU compile-time workarounds, each measured with the benchmark named:

- stacked outputs (stacked_outputs.py; benchmarks/depth.py): the gradients of a scanned
  lazy_inline chain leave the program as one stacked array per Parameter, not one output per
  block, whose copies XLA's CPU backend compiles one kernel each;
- chain inlining (lazy_inline.py; benchmarks/depth.py): a program that computes further with the
  rows of a scanned chain (an optimizer step in the same program) is traced again with the chain
  inlined, which the CPU backend compiles faster;
- looped ensembles (vmap.py; benchmarks/ensemble_training.py): `vmap` over a CellList runs one
  member's program per member instead of one vectorised program, because vmapped convolution
  weights become grouped convolutions, which XLA's CPU backend runs slowly;
- convolutions as matrix products (conv_as_dot.py; benchmarks/models.py): a convolution whose
  window slices are small is computed as slices and one dot, which reads MindSpore's OIHW
  weights and writes their OIHW gradients with none of the weight-sized transposes the CPU
  backend's channels-last convolutions need (`MSJAX_CONV_AS_DOT=0` turns it off).
"""
from __future__ import annotations

import functools

import jax

from msjax._src.backend import conv_as_dot, stacked_outputs


class Lowering:
    """The default: the traced program is compiled as it is."""

    name = "default"

    def stack_row_outputs(self, closed_jaxpr):
        """`(rows, fn)` to return rows of one array stacked (see `stacked_outputs.plan`), or
        None to keep the program's outputs as they are."""
        return None

    def rewrite_program(self, closed_jaxpr):
        """The traced program (a ClosedJaxpr) rewritten for this backend (same results), or
        None to compile it as traced."""
        return None

    def switches(self) -> tuple:
        """The settings that change what this lowering compiles (part of the compile cache's
        key, so a stored program is not reused after a switch changed)."""
        return ()

    def inline_scanned_chains(self, closed_jaxpr) -> bool:
        """Whether a program that scanned lazy_inline chains is traced again with them inlined."""
        return False

    def ensemble(self, out_axes, n_members) -> str:
        """How `vmap` over a CellList runs: "vectorised" (one jax.vmap-ed program over the
        stacked Parameters) or "looped" (one member's program, called once per member)."""
        return "vectorised"


class CpuLowering(Lowering):
    """XLA's CPU backend (see the module docstring for the measurements)."""

    name = "cpu"

    def stack_row_outputs(self, closed_jaxpr):
        return stacked_outputs.plan(closed_jaxpr)

    def rewrite_program(self, closed_jaxpr):
        return conv_as_dot.rewrite(closed_jaxpr)

    def switches(self) -> tuple:
        return (("conv_as_dot", conv_as_dot.enabled()),)

    def inline_scanned_chains(self, closed_jaxpr) -> bool:
        return stacked_outputs.rows_feed_computation(closed_jaxpr)

    def ensemble(self, out_axes, n_members) -> str:
        """benchmarks/ensemble_training.py (LeNet-5, batch 64, Adam(amsgrad), 2-core CPU): M = 8:
        vectorised 196 ms/step, looped 64 ms/step (first call 1.5 s); M = 32: vectorised
        919 ms/step, looped 272 ms/step (first call 1.4 s); members run one after another in a
        lax.scan were 3x slower than looped at M = 8, so that lowering was dropped. An out_axes
        of None (an output kept unbatched) needs the vectorised program."""
        if _contains_none(out_axes) or n_members <= 1:
            return "vectorised"
        return "looped"


_LOWERINGS = {"cpu": CpuLowering}


@functools.lru_cache(maxsize=None)
def _lowering_named(backend: str) -> Lowering:
    return _LOWERINGS.get(backend, Lowering)()


def for_backend(backend: str | None = None) -> Lowering:
    """The lowering of `backend` (default: the backend JAX computes on)."""
    return _lowering_named(backend or jax.default_backend())


def _contains_none(spec) -> bool:
    if isinstance(spec, (tuple, list)):
        return any(_contains_none(s) for s in spec)
    return spec is None
