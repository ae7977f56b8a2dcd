"""Initial weights of nn.LSTM/GRU/RNN and of nn.LSTMCell/GRUCell/RNNCell against MindSpore 2.10:
tests/goldens/scripts/zoo18_rnn_init_probe.py run unchanged on msjax, compared with MindSpore's
output (tests/goldens/nn/zoo18_rnn_init_probe.out). The layers draw from NumPy's global generator
(`np.random.uniform`), the cells throw NumPy draws away and take MindSpore's Uniform stream; both
leave NumPy's generator where MindSpore leaves it. Exact: the same draws, printed rounded."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "zoo18_rnn_init_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("zoo18_rnn_init_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]
