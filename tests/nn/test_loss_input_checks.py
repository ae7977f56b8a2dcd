"""ops.cross_entropy's and nn.MultiClassDiceLoss's checks of their inputs as MindSpore 2.10 makes
them (tests/goldens/scripts/loss_input_checks_probe.py, run unchanged on msjax): non-Tensor
inputs, ignore_index, label_smoothing and reduction of the wrong kind, weights and ignore_indiex
of the wrong type, shapes that do not fit."""
import pytest

from tests.golden_scripts import golden_cases, results_close, run_script_on_msjax

GOLDEN = golden_cases("nn/loss_input_checks_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("loss_input_checks_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert results_close(msjax_cases.get(label, "<missing>"), GOLDEN[label]), \
        (msjax_cases.get(label), GOLDEN[label])
