"""`Model.train`/`eval` call `dataset.reset()` after each epoch and each evaluation, as MindSpore
2.10's do: tests/goldens/scripts/ut19_model_dataset_reset_probe.py run unchanged on msjax,
compared with MindSpore's output (tests/goldens/train/ut19_model_dataset_reset_probe.out).
Weights printed to 5 decimals (a few float32 SGD steps) and compared as text; the rest exactly.
The sink test: a dataset whose iterator makes one pass is read again after `reset`."""
import numpy as np
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, run_script_on_msjax

GOLDEN = parse_lines((GOLDENS / "train" / "ut19_model_dataset_reset_probe.out").read_text())


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut19_model_dataset_reset_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]


def test_sink_reads_a_one_pass_iterator_again_after_reset():
    from msjax import Tensor, nn
    from msjax.train import Model

    class OnePass:
        def __init__(self):
            self.position, self.resets = 0, 0

        def get_dataset_size(self):
            return 2

        def get_init_step(self):
            return 0

        def create_tuple_iterator(self, num_epochs=-1, do_copy=True):
            return self

        def __iter__(self):
            return self

        def __next__(self):
            if self.position >= 2:
                raise StopIteration
            self.position += 1
            return Tensor(np.ones((4, 3), np.float32)), Tensor(np.zeros((4, 2), np.float32))

        def reset(self):
            self.position, self.resets = 0, self.resets + 1

    rows = OnePass()
    net = nn.Dense(3, 2)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01))
    model.train(3, rows, dataset_sink_mode=True)
    assert rows.resets == 2  # (the third pass is read to its end by the next training)
