"""ops.gaussian_nll_loss (msjax/_src/ops/loss_ops.py) as MindSpore 2.10 computes and checks it:
tests/goldens/scripts/gaussian_nll_loss_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/gaussian_nll_loss_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("gaussian_nll_loss_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_gaussian_nll_loss_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
