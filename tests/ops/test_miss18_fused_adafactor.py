"""ops.FusedAdaFactor and ops.FusedAdaFactorWithGlobalNorm (msjax/_src/ops/adafactor_ops.py) as
MindSpore 2.10's CPU kernel computes them: tests/goldens/scripts/miss18_fused_adafactor_probe.py
run unchanged. Values are float32 printed to 6 decimals and compared to 1e-6 relative and 2e-6
absolute (XLA and the kernel may round the last float32 bit of a factored average differently:
10.326667 against 10.326668); reprs, dtypes, shapes and errors exactly."""
import pytest

from tests.golden_scripts import golden_cases, results_close, run_script_on_msjax

GOLDEN = golden_cases("ops/miss18_fused_adafactor_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("miss18_fused_adafactor_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert results_close(msjax_cases[label], GOLDEN[label], rtol=1e-6, atol=2e-6)
