"""A compiled function's result nested more than 6 lists or tuples deep is MindSpore's
RuntimeError (msjax/_src/transforms/graph_fallback.py `check_nesting`):
tests/goldens/scripts/ut20_result_nesting_probe.py run unchanged against MindSpore 2.10's output.
Exact comparison: the results are Python values, messages and one Int64 Tensor."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/ut20_result_nesting_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut20_result_nesting_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_result_nesting_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
