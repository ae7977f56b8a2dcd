"""The Python floats a compiled function returns: tests/goldens/scripts/graph_float_results_probe.py
runs unchanged on msjax. MindSpore 2.10 returns some of them rounded to float32 (a float its graph
computes, or reads from a global or an attribute) and others as Python's float64 (a literal, an
argument returned unchanged, a value Python's own functions compute); msjax returns every one
as Python computes it (docs/migration.md, "Graph mode's Python fallback"). Each case is either
MindSpore's output or, for ROUNDED_BY_MINDSPORE, msjax's value computed in float32.
"""
import ast

import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_float_results_probe.out")
ROUNDED_BY_MINDSPORE = {
    f"{mode} {case}" for mode in ("graph", "pynative") for case in (
        "literal -1.1", "float(-123.6)", "0.1 + 0.2", "global -123.6", "math.pi * 1",
        "sum([1.1, 2.2])", "1e40", "list [-123.6]", "dict {'a': -123.6}",
        "float argument * 2", "(tensor, -123.6)")
} | {"graph cell returns -123.6", "graph cell returns its float attribute"}


def _values(text: str):
    """`type value` as printed: (type, the value's floats in order, the value with them as 0)."""
    kind, value = text.split(" ", 1)
    floats = []

    def visit(v):
        if isinstance(v, float):
            floats.append(v)
            return 0.0
        if isinstance(v, (list, tuple)):
            return type(v)(visit(i) for i in v)
        if isinstance(v, dict):
            return {k: visit(i) for k, i in v.items()}
        return v

    shape = visit(ast.literal_eval(value.replace("inf", "1e999")))
    return kind, floats, shape


def _float32_of(ours: str, theirs: str) -> bool:
    """Whether `theirs` is `ours` computed in float32: each float a float32 within one float32
    step of ours (MindSpore adds `1.1 + 2.2` in float32), or inf where ours overflows it."""
    kind, mine, shape = _values(ours)
    other_kind, others, other_shape = _values(theirs)
    with np.errstate(over="ignore"):
        return (kind, shape) == (other_kind, other_shape) and len(mine) == len(others) and all(
            float(np.float32(o)) == o and (abs(o - m) <= abs(np.spacing(np.float32(m)))
                                           or o == float(np.float32(m)))
            for m, o in zip(mine, others))


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_float_results_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_float_results(label, msjax_cases):
    ours = msjax_cases.get(label)
    if label in ROUNDED_BY_MINDSPORE:
        assert ours != GOLDEN[label] and _float32_of(ours, GOLDEN[label])
    else:
        assert ours == GOLDEN[label]
