"""MindSpore graph syntax's scoping rules (transforms/graph_scoping.py) against MindSpore 2.10:
tests/goldens/scripts/graph_scoping_probe.py run unchanged, case by case."""
import pytest

import msjax as ms
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_scoping_probe.out")


@pytest.fixture(scope="module")
def probe():
    return run_script_on_msjax("graph_scoping_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, probe):
    assert probe.get(label) == GOLDEN[label]


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
