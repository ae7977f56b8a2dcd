"""mindspore.set_recursion_limit: its argument checks and the call depth (nested functions and
Cells, unrolled `for` loops) at which compiling a GRAPH_MODE program raises MindSpore's
RuntimeError, against MindSpore 2.10 (golden tests/goldens/compiler/recursion_limit.txt from
tests/goldens/scripts/recursion_limit_probe.py)."""
import pytest

from msjax._src.transforms import call_depth
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("compiler/recursion_limit.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    try:
        return run_script_on_msjax("recursion_limit_probe.py")
    finally:
        call_depth.set_recursion_limit(1000)  # MindSpore's default, for the tests that follow


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
