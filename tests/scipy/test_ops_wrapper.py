"""mindspore.scipy.ops_wrapper.matrix_set_diag against MindSpore 2.10: tests/goldens/scripts/
scipy_ops_wrapper_probe.py run unchanged on msjax, case by case."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("scipy/scipy_ops_wrapper_probe.out")


@pytest.fixture(scope="module")
def probe():
    return run_script_on_msjax("scipy_ops_wrapper_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, probe):
    assert probe.get(label) == GOLDEN[label]
