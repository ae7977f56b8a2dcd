"""A Cell called inside a compiled program runs its `__parse_method__` (the @jit method last
called on it from Python; msjax/_src/nn/cell.py `Cell._parsed_method`, transforms/jit.py
`JitFunction.note_parse_method`): tests/goldens/scripts/cell_parse_method_probe.py run unchanged
against MindSpore 2.10's output."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/cell_parse_method_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("cell_parse_method_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_cell_parse_method_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
