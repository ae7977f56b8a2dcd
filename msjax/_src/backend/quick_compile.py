"""Quick first compiles of eager (PyNative) programs, optimised ones for programs run often.

A first eager forward compiles one XLA program per distinct (op, shape), and on a CPU that is most
of its time: about 20-140 ms a program with XLA's optimisations, about 10-15 ms at
`xla_backend_optimization_level=0` (measured on this jaxlib; its `xla_cpu_opt_preset`
FAST_COMPILE, `xla_llvm_disable_expensive_passes` and XNNPACK fusion save little or nothing).
At level 0 a program runs slower: elementwise work ~3x (exp, tanh, erf: 4-17x), convolutions and
matrix products about as fast (XLA's libraries run them), except a convolution XLA computes with
its own loop nest (~15x). So an `EagerProgram` given a `QuickCompile` estimates what a new
program would lose (`quick_slowdown`), compiles it with the quick options when that is at most
`slowdown_limit` (a few ms a run, below the compile time saved), and compiles it again with the
optimised options once its runs have lost `reoptimize_slowdown` (about one optimised compile:
a rent-or-buy rule, never much more than twice the better of the two). Counting runs takes
JAX's C++ dispatch out of them (each goes through msjax's miss handler, ~30-100 us), so a
program losing at most `keep_quick_up_to` a run (about that much) is kept as it is, run by
JAX's C++ dispatch. The two agree to float rounding (the optimised one may fuse
or reorder; ViT-tiny's logits differ by ~1e-6, tests check 2e-6) and are stored under different
keys (the options are part of every key). Measured in benchmarks/eager_first_call.py. Only
programs for `PLATFORMS` are compiled quickly.
"""
from __future__ import annotations

import dataclasses
import math


# Where a quick first compile is made: XLA's CPU backend, measured above. A program for any other
# platform is compiled with its optimised options at once, whatever `options_by_backend` holds.
PLATFORMS = ("cpu",)
_LOOPS = ("while",)  # programs whose cost the jaxpr does not bound: compiled optimised
# elementwise functions XLA's CPU backend expands into polynomials: ~3-6 ns more per element
# at level 0 against ~1.2 ns for an add (measured on 400k elements)
_TRANSCENDENTAL = frozenset((
    "exp", "exp2", "expm1", "log", "log1p", "tanh", "logistic", "erf", "erfc", "erf_inv",
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "asinh", "acosh",
    "atanh", "pow", "cbrt", "lgamma", "digamma", "igamma", "igammac", "bessel_i0e",
    "bessel_i1e"))
TRANSCENDENTAL_WEIGHT = 4


@dataclasses.dataclass(frozen=True)
class QuickCompile:
    """How an `EagerProgram` compiles a program first (see the module doc).

    Attributes:
        options_by_backend: XLA compiler options of the quick compile per backend name; a
            backend without an entry compiles every program optimised at once.
        slowdown_limit: programs whose `quick_slowdown` is above this are compiled optimised
            at once.
        reoptimize_slowdown: a quick program is compiled with the optimised options once its
            runs have lost this much (`quick_slowdown` a run)...
        keep_quick_up_to: ...unless it loses at most this much a run: then it is kept.
    """

    options_by_backend: dict
    slowdown_limit: float
    reoptimize_slowdown: float
    keep_quick_up_to: float

    def runs_before_reoptimizing(self, slowdown: float) -> int | None:
        """How many times a quick program losing `slowdown` a run runs before it is compiled
        optimised; None when it is kept."""
        if slowdown <= self.keep_quick_up_to:
            return None
        return max(1, math.ceil(self.reoptimize_slowdown / slowdown))

    def options(self, backend: str, optimised: dict | None) -> dict | None:
        """The quick options for `backend`, or None when there is no quick compile there (no
        entry, or the same options as the optimised compile)."""
        quick = self.options_by_backend.get(backend) if backend in PLATFORMS else None
        return None if quick is None or quick == (optimised or {}) else quick


def _inner_jaxprs(params):
    """The jaxprs among an equation's params (a jit's program, a scan's or a loop's body, a
    cond's branches), read as the traced program's public structure."""
    for value in params.values():
        for item in value if isinstance(value, (tuple, list)) else (value,):
            jaxpr = getattr(item, "jaxpr", item)  # a closed jaxpr's jaxpr
            if hasattr(jaxpr, "eqns") and hasattr(jaxpr, "outvars"):
                yield jaxpr


def _size(var) -> int:
    return math.prod(getattr(var.aval, "shape", ()))


def _emitted_as_loop(eqn) -> bool:
    """Whether XLA's CPU backend computes this convolution with its own loop nest rather than
    its convolution library: a kernel larger than the input in a spatial dimension (and not
    depthwise). Such a loop runs ~15x slower at level 0 (a 3x3 kernel on a 2x2 input)."""
    numbers = eqn.params["dimension_numbers"]
    lhs, rhs = eqn.invars[0].aval.shape, eqn.invars[1].aval.shape
    depthwise = rhs[numbers.rhs_spec[1]] == 1
    return not depthwise and any(rhs[k] > lhs[i]
                                 for i, k in zip(numbers.lhs_spec[2:], numbers.rhs_spec[2:]))


def quick_slowdown(jaxpr) -> float:
    """An estimate of the run time a program loses compiled with XLA's CPU level 0, in element
    operations (about 1.2-1.5 ns each there): each primitive's larger of its input and output
    element counts (`TRANSCENDENTAL_WEIGHT` times that for exp, tanh, erf and the like; the
    window elements for pooling); convolutions and matrix products run in XLA's libraries at
    any level, so twice their larger operand (the copies around them), except a convolution
    XLA computes with its own loop (`inf`, never quick); loops count their body per iteration
    (`while`: `inf`)."""
    total = 0.0
    for eqn in jaxpr.eqns:
        name = eqn.primitive.name
        if name in _LOOPS:
            return math.inf
        inner = list(_inner_jaxprs(eqn.params))
        if inner:
            repeat = eqn.params.get("length", 1) if name == "scan" else 1
            total += repeat * sum(quick_slowdown(j) for j in inner)
            continue
        elements = max([_size(v) for v in (*eqn.invars, *eqn.outvars)], default=0)
        if name == "conv_general_dilated":
            if _emitted_as_loop(eqn):
                return math.inf
            total += 2 * elements
        elif name == "dot_general":
            total += 2 * elements
        elif name.startswith("reduce_window") or name.startswith("select_and_"):
            window = math.prod(eqn.params.get("window_dimensions", (1,)))
            total += max(elements, sum(_size(v) for v in eqn.outvars) * window)
        elif name in _TRANSCENDENTAL:
            total += TRANSCENDENTAL_WEIGHT * elements
        else:
            total += elements
    return total
