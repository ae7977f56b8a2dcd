"""`list.count` / `tuple.count` in a compiled function (msjax/_src/transforms/graph_methods.py
`sequence_count`): items of the value's type, Tensors by dtype, shape and values:
tests/goldens/scripts/ut20_sequence_count_probe.py run unchanged against MindSpore 2.10's
output. Exact comparison: the results are counts."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/ut20_sequence_count_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut20_sequence_count_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_sequence_count_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
