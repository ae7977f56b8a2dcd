"""MindSpore graph syntax's rules for variables (transforms/graph_scoping.py) against MindSpore
2.10: tests/goldens/scripts/graph_scoping_probe.py (loop and branch scoping) and
graph_tensor_hooks_probe.py (Tensor hooks in compiled code) run unchanged, case by case."""
import pytest

import msjax as ms
from tests.golden_scripts import golden_cases, run_script_on_msjax

PROBES = ("graph_scoping_probe", "graph_tensor_hooks_probe")
GOLDEN = {probe: golden_cases(f"transforms/{probe}.out") for probe in PROBES}


@pytest.fixture(scope="module")
def runs():
    return {probe: run_script_on_msjax(f"{probe}.py") for probe in PROBES}


@pytest.mark.parametrize("probe,label", [(p, label) for p in PROBES for label in sorted(GOLDEN[p])])
def test_case_matches_mindspore(probe, label, runs):
    assert runs[probe].get(label) == GOLDEN[probe][label]


def test_the_rules_hold_for_every_call_and_only_when_compiled():
    def f(x):
        for i in range(3):
            y = x + i
        return y

    x = ms.Tensor([1.0], ms.float32)
    assert f(x).asnumpy().tolist() == [3.0]  # PyNative: Python's rule
    for _ in range(2):  # each call, not only the first
        with pytest.raises(UnboundLocalError, match="defined in the 'for' loop body"):
            ms.jit(f)(x)


def test_for_else_assigns_after_the_loop():
    """MindSpore refuses `for ... else`; msjax runs it, and the `else:` defines the name."""
    def f(x):
        for i in range(3):
            if i > 5:
                found = x
                break
        else:
            found = x * 0
        return found

    assert ms.jit(f)(ms.Tensor([2.0], ms.float32)).asnumpy().tolist() == [0.0]


def test_traced_capture_is_not_parsed():
    """jit(capture_mode="trace") runs the function instead of parsing it: no syntax rules."""
    def f(x):
        for i in range(3):
            y = x + i
        return y

    x = ms.Tensor([1.0], ms.float32)
    assert ms.jit(f, capture_mode="trace")(x).asnumpy().tolist() == [3.0]
