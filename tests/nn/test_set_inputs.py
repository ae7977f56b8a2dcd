"""`mindspore.Symbol` (msjax/_src/core/symbol.py) and the checks of a compiled Cell's arguments
against `set_inputs` (msjax/_src/nn/set_inputs.py), as MindSpore 2.10 has them:
tests/goldens/scripts/set_inputs_symbol_probe.py run unchanged."""
import numpy as np
import pytest

import msjax as ms
from msjax import Symbol, Tensor, nn
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/set_inputs_symbol_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("set_inputs_symbol_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_set_inputs_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_every_compiled_call_is_checked(monkeypatch):
    """The second call of a signature (the fast call's) is checked too."""
    class Net(nn.Cell):
        def construct(self, x):
            return x * 2

    monkeypatch.setitem(ms._src.core.context._context, "mode", ms.GRAPH_MODE)
    net = Net()
    net.set_inputs(Tensor(shape=[Symbol(max=4)], dtype=ms.float32))
    for _ in range(3):
        assert net(Tensor(np.ones(3, np.float32))).shape == (3,)
    with pytest.raises(ValueError, match="less than or equal to the 'max' value '4'"):
        net(Tensor(np.ones(8, np.float32)))
