"""nn.RReLU (msjax/_src/nn/layers/activation.py) as MindSpore 2.10 has it:
tests/goldens/scripts/rrelu_probe.py runs unchanged on msjax; its random slopes lie in
[lower, upper], fresh at each call, eagerly and compiled."""
import numpy as np
import pytest

import msjax
from msjax import Tensor, nn
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/rrelu_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("rrelu_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


@pytest.mark.parametrize("mode", [msjax.PYNATIVE_MODE, msjax.GRAPH_MODE])
def test_slopes_are_drawn_in_the_bounds_at_each_call(mode):
    msjax.set_context(mode=mode)
    try:
        x = -np.linspace(0.5, 3.0, 400).astype(np.float32)
        net = nn.RReLU(0.1, 0.4)
        first, second = (net(Tensor(x)).asnumpy() / x for _ in range(2))
    finally:
        msjax.set_context(mode=msjax.PYNATIVE_MODE)
    for slopes in (first, second):
        assert slopes.min() >= 0.1 - 1e-6 and slopes.max() <= 0.4 + 1e-6
        assert slopes.std() > 0.05
    assert not np.allclose(first, second)
