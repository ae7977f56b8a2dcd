"""Graph mode's syntax level (msjax/_src/transforms/graph_fallback.py `syntax_level`).

tests/goldens/scripts/cmp17_syntax_level_probe.py runs unchanged on msjax and must print what
MindSpore 2.10 printed (tests/goldens/compiler/cmp17_syntax_level_probe.out), line for line:
exception types and messages, result types and values exactly (the values are integers, no
tolerance): a Cell's graph at its JitConfig's level, else the context's; a `jit` function LAX,
STRICT with `fullgraph=True`; MS_DEV_JIT_SYNTAX_LEVEL of the process environment over both
(`os.putenv` counts, `os.unsetenv` clears it although `os.environ` keeps it); STRICT and
COMPATIBLE refuse `asnumpy()` of a run-time Tensor; STRICT returns a dict as its values.
"""
import os
import warnings

import pytest

from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBE = "cmp17_syntax_level_probe"
GOLDEN = golden_cases(f"compiler/{PROBE}.out")
VARIABLE = "MS_DEV_JIT_SYNTAX_LEVEL"


@pytest.fixture(scope="module")
def probe_run():
    """The probe's cases on msjax and the GraphFallbackWarnings it gave (the LAX graphs that
    read `asnumpy()` of an argument run eagerly, each with one warning)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            cases = run_script_on_msjax(f"{PROBE}.py")
        finally:  # the probe changes the process environment: nothing of it may stay
            os.environ.pop(VARIABLE, None)
            os.unsetenv(VARIABLE)
    return cases, [str(w.message) for w in caught if issubclass(w.category, GraphFallbackWarning)]


def test_golden_has_every_case():
    assert len(GOLDEN) == 47


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, probe_run):
    assert probe_run[0].get(label) == GOLDEN[label]


def test_only_lax_graphs_run_eagerly(probe_run):
    """Every warning names one of the two `asnumpy()` lines, and there is one per LAX graph
    that read a run-time value: a refused one raises instead, and a Cell in PyNative mode is no
    graph (a `jit` function there is)."""
    warned = probe_run[1]
    assert all("return 3 * x.asnumpy()" in w or "return self.number * x.asnumpy()" in w
               for w in warned)
    lax_graphs = [label for label, result in GOLDEN.items()
                  if "asnumpy" in label and result.startswith("OK")
                  and ("pynative" not in label or " jit " in label)]
    assert len(warned) == len(lax_graphs)


DYNAMIC_PROBE = "ten18_strict_dynamic_shape_probe"
DYNAMIC_GOLDEN = golden_cases(f"compiler/{DYNAMIC_PROBE}.out")


@pytest.fixture(scope="module")
def dynamic_probe_run():
    """The dynamic-shape probe's cases on msjax and its GraphFallbackWarnings (each graph whose
    op's result shape depends on the values, and the LAX graph reading `asnumpy()`, runs
    eagerly with one warning)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cases = run_script_on_msjax(f"{DYNAMIC_PROBE}.py")
    return cases, [str(w.message) for w in caught if issubclass(w.category, GraphFallbackWarning)]


def test_dynamic_golden_has_every_case():
    assert len(DYNAMIC_GOLDEN) == 33


@pytest.mark.parametrize("label", sorted(DYNAMIC_GOLDEN))
def test_dynamic_shape_case_matches_mindspore(label, dynamic_probe_run):
    """tests/goldens/scripts/ten18_strict_dynamic_shape_probe.py: `bincount`, `unique`,
    `masked_select`, `nonzero`, `unique_consecutive`, `argwhere` in a GRAPH_MODE Cell give
    MindSpore's values, dtypes and shapes at every syntax level (MindSpore compiles them as
    dynamic-shape kernels; msjax runs such a graph eagerly), while the program's own `asnumpy()`
    is still refused under STRICT and COMPATIBLE. Exact text: the values are integers and
    quarters, exact in Float32."""
    assert dynamic_probe_run[0].get(label) == DYNAMIC_GOLDEN[label]


def test_dynamic_shape_graphs_fall_back_with_a_warning(dynamic_probe_run):
    """One warning per graph run eagerly: the ten dynamic-shape Cells at each of the three
    levels, and the LAX Cell reading `asnumpy()` (the refused ones raise instead)."""
    assert len(dynamic_probe_run[1]) == 3 * 10 + 1
