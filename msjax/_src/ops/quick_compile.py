"""Quick first compiles of eager (PyNative) programs, optimised ones for programs run often.

A first eager forward compiles one XLA program per distinct (op, shape), and on a CPU that is most
of its time: about 20-140 ms per program with XLA's optimisations, about 15 ms at
`xla_backend_optimization_level=0`, where the program then runs up to a few times slower (an
elementwise op ~3x, a convolution XLA emits as its own loop up to ~15x; one it hands to its
library about the same). So an `EagerProgram` given a `QuickCompile` compiles a new program with
the quick options when the work it does is small (`program_work` at most `work_limit`: then even
the slowest such program costs less run time than the compile time it saves), runs it until its
runs have done `reoptimize_work` (what it may have cost by then is about one optimised compile)
or `reoptimize_runs` runs (the miss handler that counts them costs a little per run), and on the
next call compiles it again with the optimised options and runs that from then on (a rent-or-buy
rule: never more than about twice the best of the two). Larger programs are compiled optimised
at once. The quick and optimised
programs compute the same values (XLA's optimisation level changes no float semantics; tests
check it) and are stored under different keys (the options are part of every key).
Measured in benchmarks/eager_first_call.py.
"""
from __future__ import annotations

import dataclasses
import math

from jax._src import core

_LOOPS = ("while",)  # programs whose work the jaxpr does not bound: compiled optimised


@dataclasses.dataclass(frozen=True)
class QuickCompile:
    """How an `EagerProgram` compiles a program first (see the module doc).

    Attributes:
        options_by_backend: XLA compiler options of the quick compile per backend name; a
            backend without an entry compiles every program optimised at once.
        work_limit: programs whose `program_work` is above this are compiled optimised at once.
        reoptimize_work: a quickly compiled program is compiled with the optimised options once
            its runs have done this much `program_work`...
        reoptimize_runs: ...or once it ran this many times, whichever comes first.
    """

    options_by_backend: dict
    work_limit: float
    reoptimize_work: float
    reoptimize_runs: int

    def runs_before_reoptimizing(self, work: float) -> int:
        """How many times a quick program doing `work` runs before it is compiled optimised."""
        return max(1, min(self.reoptimize_runs, math.ceil(self.reoptimize_work / max(work, 1))))

    def options(self, backend: str, optimised: dict | None) -> dict | None:
        """The quick options for `backend`, or None when there is no quick compile there (no
        entry, or the same options as the optimised compile)."""
        quick = self.options_by_backend.get(backend)
        return None if quick is None or quick == (optimised or {}) else quick


def _size(var) -> int:
    shape = getattr(var.aval, "shape", ())
    return math.prod(shape)


def program_work(jaxpr: core.Jaxpr) -> float:
    """An estimate of the arithmetic a program does: multiply-adds of its convolutions and
    matrix products, the window elements of its pooling, and for every other primitive the
    larger of its input and output element counts; loops count their body per iteration
    (`while`: unbounded, `inf`)."""
    total = 0.0
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        if name in _LOOPS:
            return math.inf
        inner = list(core.jaxprs_in_params(eqn.params))
        if inner:
            repeat = eqn.params.get("length", 1) if name == "scan" else 1
            total += repeat * sum(program_work(j) for j in inner)
            continue
        outputs = sum(_size(v) for v in eqn.outvars)
        if name == "conv_general_dilated":
            kernel = eqn.invars[1].aval.shape
            out_features = kernel[eqn.params["dimension_numbers"].rhs_spec[0]]
            total += outputs * (math.prod(kernel) // max(out_features, 1))
        elif name == "dot_general":
            (contracting, _), _ = eqn.params["dimension_numbers"]
            lhs = eqn.invars[0].aval.shape
            total += outputs * math.prod(lhs[d] for d in contracting)
        elif name.startswith("reduce_window") or name.startswith("select_and_"):
            total += outputs * math.prod(eqn.params.get("window_dimensions", (1,)))
        else:
            total += max(outputs, sum(_size(v) for v in eqn.invars))
    return total
