"""ops.Betainc (msjax/_src/ops/math_ops.py) and manually_defined.shape_ as MindSpore 2.10 computes them:
tests/goldens/scripts/betainc_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/betainc_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("betainc_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_betainc_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
