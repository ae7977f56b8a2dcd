"""Index checks run before the program they check, where the checks read only its arguments.

A checked program (core/index_checks.py) computes its checks' flag inside itself and uses it in
the writes of every Parameter it updates (a failed call writes back the values it was given).
On XLA's CPU backend that flag, computed from the indices, holds back the program's big
updates: a gather-heavy training step (benchmarks/index_checks.py: embedding 20000x64 + Dense +
cross_entropy, SGD) took 1.3x as long as the same step unchecked, under either of XLA's CPU
schedulers, though the checks themselves are a few small reductions. The same updates selected
by a flag that is an input of the program cost nothing measurable.

So where every check reads only the call's arguments (the ids and labels a step is given, not
values it computes from its Parameters), the checks run as a program of their own, called just
before the step with those arguments: it gives the flag and the error as the checked program
did, and the step, compiled without the checks, takes the flag as one more input. Both calls
are dispatched asynchronously, one after the other; nothing waits on the host. Results, errors
and the rollback of a failed call are the checked program's.

This is a lowering for the platforms in `PLATFORMS` (lowering.py asks), on JAX's private jaxpr
classes: with those off (`jax_private.ENABLED` False) checked programs run their checks inside.
"""
from __future__ import annotations

from msjax._src.backend import jax_private

PLATFORMS = ("cpu",)


class SplitChecks:
    """The two programs of a checked program whose checks read only its arguments."""

    __slots__ = ("checks", "reads", "main")

    def __init__(self, checks, reads, main):
        self.checks = checks  # jitted: (the arguments in `reads`) -> (flag, *error leaves)
        self.reads = reads  # positions, among the program's inputs, of the arguments it reads
        self.main = main  # the program's function: (*inputs, flag) -> outputs, checks not run


def plan(closed_jaxpr, n_boxes: int, n_errors: int):
    """`(checks_fn, reads, main_fn)` for a checked program's trace whose last `n_errors` outputs
    are its flag and its error's leaves, when those read no input before `n_boxes` (the
    Parameters and other state the program reads), else None. `main_fn` computes the other
    outputs with its flag taken from one more, last, input."""
    types = jax_private.jaxpr_types()
    if types is None:
        return None
    var_type = types[0]
    jaxpr = closed_jaxpr.jaxpr
    n_outputs = len(jaxpr.outvars) - n_errors
    flag = jaxpr.outvars[n_outputs]
    if n_errors < 1 or not isinstance(flag, var_type) or jaxpr.effects:
        return None
    checks, reads = jax_private.outputs_only(closed_jaxpr, range(n_outputs, len(jaxpr.outvars)))
    if any(position < n_boxes for position in reads):
        return None
    main = jax_private.variable_as_input(closed_jaxpr, flag, range(n_outputs))
    return (jax_private.jaxpr_as_fun(checks), tuple(reads), jax_private.jaxpr_as_fun(main))

