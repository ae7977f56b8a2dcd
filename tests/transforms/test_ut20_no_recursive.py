"""`mindspore.common.api._no_recursive` (msjax/_src/core/function_flags.py): the flag it sets,
its TypeError, and decorated Cells and functions computing as before:
tests/goldens/scripts/ut20_no_recursive_probe.py run unchanged against MindSpore 2.10's output.
Exact comparison: small float32 values, flags and messages."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/ut20_no_recursive_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut20_no_recursive_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_no_recursive_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
