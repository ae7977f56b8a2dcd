"""mindspore.nn.wrap.loss_scale.grad_scale and shard_grad_scale (msjax/_src/nn/loss_scale.py) as
MindSpore 2.10 has them: tests/goldens/scripts/miss18_grad_scale_probe.py run unchanged (values,
accumulators zeroed eagerly, through HyperMap and under jit, errors), compared exactly: the values
are binary fractions, exact in float32 on both."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/miss18_grad_scale_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("miss18_grad_scale_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
