"""ops.jvp's and nn.grad.Jvp's argument checks (the function's arity, `v`'s structure and
length) in GRAPH_MODE and PyNative, against MindSpore 2.10 (golden
tests/goldens/transforms/jvp_arguments.txt from tests/goldens/scripts/jvp_arguments_probe.py)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/jvp_arguments.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("jvp_arguments_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
