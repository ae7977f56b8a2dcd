"""`nn.AdaFactor` against MindSpore 2.10: tests/goldens/scripts/adafactor.py runs unchanged on
msjax and prints what MindSpore printed (tests/goldens/nn/adafactor.out); and it trains."""
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/adafactor.out")


@pytest.fixture(scope="module")
def msjax_cases():
    try:
        return run_script_on_msjax("adafactor.py")
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_adafactor_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_adafactor_trains_a_regression_eagerly_and_in_graph_mode():
    rng = np.random.default_rng(0)
    inputs = rng.standard_normal((64, 4)).astype(np.float32)
    x, y = Tensor(inputs), Tensor(inputs @ np.diag([1.0, -2.0, 0.5, 3.0]).astype(np.float32))
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        try:
            net = nn.Dense(4, 4)
            step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.AdaFactor(
                net.trainable_params(), 0.1, scale_parameter=False, relative_step=False, beta1=0))
            losses = [float(step(x, y).asnumpy()) for _ in range(60)]
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
        assert losses[-1] < 0.5 * losses[0]


def test_a_failed_step_changes_no_parameter():
    w = Parameter(Tensor(np.ones((2, 3), np.float32)), name="w")
    optimizer = nn.AdaFactor([w])
    with pytest.raises(RuntimeError, match="Map"):
        optimizer(Tensor(np.ones((2, 3), np.float32)))
    np.testing.assert_array_equal(w.asnumpy(), np.ones((2, 3), np.float32))
    assert float(optimizer.step.asnumpy()[0]) == 0.0
