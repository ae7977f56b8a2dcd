"""nn.TrainOneStepWithLossScaleCell's `start_overflow_check` and the helper attributes its
`__init__` sets (`hyper_map`, `base`, `less_equal`, `reduce_sum`, ...), which the model zoo's
loss-scale cells (Bert, Transformer, GPT, SwinTransformer, YOLOX, ...) call from their own
`construct`: tests/goldens/scripts/zoo18_loss_scale_cell_probe.py run unchanged on msjax, compared
with MindSpore 2.10's output (tests/goldens/nn/zoo18_loss_scale_cell_probe.out), exactly: every
value is a small integer sum, exact in float32."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "nn" / "zoo18_loss_scale_cell_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("zoo18_loss_scale_cell_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]
