"""Bad input to layers and ops raises MindSpore 2.10's exception and message, not JAX's: the probe
tests/goldens/scripts/input_errors_probe.py runs unchanged on msjax and prints what MindSpore
printed (a Dense layer given the wrong width, a non-Tensor or another dtype; MatMul's shapes; a
string where a Tensor goes)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/input_errors_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    try:
        return run_script_on_msjax("input_errors_probe.py")
    finally:
        import msjax.compat
        msjax.compat.uninstall()


@pytest.mark.parametrize("label", list(GOLDEN))
def test_input_errors_match_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
