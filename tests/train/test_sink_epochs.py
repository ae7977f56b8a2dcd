"""`Model.train(..., dataset_sink_mode=True)` reads each epoch's own shuffle, and hands callbacks
the last batch as Tensors: tests/goldens/scripts/zoo20_sink_epochs_probe.py run unchanged on
msjax, compared with MindSpore 2.10's output (tests/goldens/train/zoo20_sink_epochs_probe.out).
The rows exactly; the losses are printed to 6 decimals (a few float32 SGD steps of a Dense
layer) and compared as text. msjax read the first epoch's order again in every later epoch (a
new iterator each pass), which the model zoo's LeNet train.py showed (docs/model_zoo.md)."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, run_script_on_msjax

GOLDEN = parse_lines((GOLDENS / "train" / "zoo20_sink_epochs_probe.out").read_text())


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("zoo20_sink_epochs_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_epoch_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
