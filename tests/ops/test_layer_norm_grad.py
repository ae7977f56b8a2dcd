"""The gradient of ops.LayerNorm (msjax/_src/ops/legacy_ops.py) as MindSpore 2.10 computes them:
tests/goldens/scripts/layer_norm_grad_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/layer_norm_grad_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("layer_norm_grad_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_layer_norm_grad_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
