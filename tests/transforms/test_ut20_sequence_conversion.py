"""`tuple(x)` and `list(x)` of a dynamic-length `mutable` sequence in graph mode give a sequence of
dynamic length (msjax/_src/ops/graph_values.py `as_sequence`, called by graph_floats.graph_tuple
and graph_list): tests/goldens/scripts/ut20_sequence_conversion_probe.py run unchanged against
MindSpore 2.10's output. Exact comparison: the results are Python ints and booleans and one
float32 Tensor of small integers."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/ut20_sequence_conversion_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut20_sequence_conversion_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_sequence_conversion_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
