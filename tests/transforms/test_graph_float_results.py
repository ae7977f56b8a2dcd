"""The Python floats a compiled function returns (msjax/_src/transforms/graph_floats.py): the
probe scripts tests/goldens/scripts/graph_float_*_probe.py run unchanged on
msjax and print what MindSpore 2.10 printed, line by line, but for the cases in
NOT_REPRODUCED (docs/migration.md, "Graph mode's Python fallback"): a float that a compiled
function hands to a Python function or to an op of a float64 Tensor (MindSpore's graph hands on
its float32 value; msjax Python's float), and quirks of MindSpore's own.
"""
import contextlib

import numpy as np
import pytest

import msjax as ms

from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import golden_cases, run_script_on_msjax

_INSIDE = "a float used inside the graph: MindSpore uses its float32 value, msjax Python's"
NOT_REPRODUCED = {
    **{f"{mode} {case}": reason for mode in ("graph", "pynative") for case, reason in {
        "math.fabs(-1.1)": _INSIDE, "math.sqrt(G2)": _INSIDE, "str(0.1 + 0.2)": _INSIDE,
        "ops.fill -1.1 float64": _INSIDE, "x64 * (0.1 + 0.2)": _INSIDE, "x64 + G2": _INSIDE,
        "x64 * 1.1": _INSIDE, "(x64 * 1.1).item()": _INSIDE,
        "10 ** -1": "MindSpore's graph raises an int to a negative int power as an int (0)",
        "mutable(-1.1)": "MindSpore's graph negates 1.1 in float32 before `mutable`; msjax's "
                         "mutable keeps the Python float",
    }.items()},
    **{f"argument {value}": "MindSpore's call cache is keyed by a float argument's float32 "
                            "value: a call reuses the program of an earlier, different float"
       for value in ("0.99999999", "64.0000012", "64.0000014", "100.0000012")},
}
PROBES = ("graph_float_results_probe", "graph_float_rule_probe", "graph_float_values_probe",
          "graph_float_sources_probe")
FALLING_BACK = ("graph_float_rule_probe", "graph_float_sources_probe")
GOLDEN = {(probe, label): result for probe in PROBES
          for label, result in golden_cases(f"transforms/{probe}.out").items()}


@pytest.fixture(scope="module")
def msjax_cases():
    cases = {}
    for probe in PROBES:
        # functions that read a Tensor argument's value (`asnumpy()`, `item()`, `float(x)`)
        # run eagerly, by graph mode's fallback (MindSpore's runs them in Python too)
        expected = (pytest.warns(GraphFallbackWarning) if probe in FALLING_BACK
                    else contextlib.nullcontext())
        with expected:
            cases[probe] = run_script_on_msjax(f"{probe}.py")
    return cases


@pytest.mark.parametrize("probe,label", sorted(GOLDEN))
def test_float_results(probe, label, msjax_cases):
    ours = msjax_cases[probe].get(label)
    if label in NOT_REPRODUCED and probe != "graph_float_results_probe":
        assert ours is not None and ours != GOLDEN[probe, label]
    else:
        assert ours == GOLDEN[probe, label]


SHARED = [1.1, 2.2]


def test_floats_used_inside_are_pythons():
    """Only the returned floats are MindSpore's: inside the function each is Python's."""
    @ms.jit
    def f():
        a = 0.1 + 0.2
        return a, str(a), a == 0.30000000000000004, [a][0]

    assert f() == (0.30000001192092896, "0.30000000000000004", True, 0.30000001192092896)


def test_augmented_assignment_updates_in_place():
    @ms.jit
    def f(x):
        items = [0.5]
        items += [1.1]
        total = 0
        for v in items:
            total += v
        x += 1
        return items, total, x

    items, total, x = f(ms.Tensor(np.array([1.0], np.float32)))
    assert items == [0.5, 1.1] and total == 1.600000023841858
    np.testing.assert_array_equal(x.asnumpy(), [2.0])


def test_augmented_division_by_zero_is_graph_modes_error():
    @ms.jit
    def f(a):
        a /= 0
        return a

    with pytest.raises(ValueError, match="The divisor could not be zero"):
        f(1.5)


def test_fallback_returns_an_unchanged_container_itself():
    """A function graph mode's fallback runs eagerly returns a list with no float to round as
    the list itself (the fallback rounds floats, it does not copy)."""
    @ms.jit
    def f(x):
        x.asnumpy()
        return SHARED, -1.1

    with pytest.warns(GraphFallbackWarning):
        shared, value = f(ms.Tensor(np.array([1.0], np.float32)))
    assert shared is SHARED and value == -1.100000023841858
