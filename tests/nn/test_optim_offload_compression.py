"""nn.AdamOffload, nn.AdaFactor with compression and FTRL's `target` as MindSpore 2.10 has them:
tests/goldens/scripts/optim_offload_compression_probe.py (three training steps each, PYNATIVE
and GRAPH mode, the states) runs unchanged on msjax, values to 4 decimals."""
import pytest

from tests.golden_scripts import golden_cases, results_close, run_script_on_msjax

GOLDEN = golden_cases("nn/optim_offload_compression_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("optim_offload_compression_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert results_close(msjax_cases.get(label, "<missing>"), GOLDEN[label]), \
        (msjax_cases.get(label), GOLDEN[label])
