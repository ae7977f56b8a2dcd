"""Cell scopes and child names (msjax/_src/nn/cell.py `generate_scope`, `get_scope`,
`insert_child_to_cell`; containers.py `CellDict`): tests/goldens/scripts/cell_scope_probe.py run
unchanged must print what MindSpore 2.10 printed."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/cell_scope_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("cell_scope_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_cell_scope_and_child_names_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


RECOMPUTE_GOLDEN = golden_cases("nn/recompute_scope_probe.out")


@pytest.fixture(scope="module")
def recompute_cases():
    return run_script_on_msjax("recompute_scope_probe.py")


@pytest.mark.parametrize("label", sorted(RECOMPUTE_GOLDEN))
def test_recompute_scope_matches_mindspore(label, recompute_cases):
    assert recompute_cases.get(label) == RECOMPUTE_GOLDEN[label]
