"""`Dataset.set_init_step` (msjax/_src/dataset/engine.py, iterators.py) and Model's reading of a
dataset (train/data.py `epochs_of_rows`), as MindSpore 2.10 defines them: an iterator made after
`set_init_step(k)` starts at global step k (epoch k // size with that epoch's shuffle, k % size
rows in), so a resumed run sees the rows the whole run saw from step k on; Model reads the epochs
of one dataset through one iterator, so each epoch is shuffled afresh."""
import numpy as np
import pytest

import msjax.dataset as ds
from msjax import Model, nn, ops
from msjax.train import Callback
from tests.golden_scripts import golden_cases, run_script_on_msjax

SIZE = 10


@pytest.fixture(autouse=True)
def seed_zero():
    saved = ds.config.get_seed()
    ds.config.set_seed(0)
    yield
    ds.config.set_seed(saved)


def shuffled():
    return ds.NumpySlicesDataset(np.arange(SIZE, dtype=np.int32), shuffle=True)


def rows(dataset, epochs):
    iterator = dataset.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    return [int(row[0]) for _ in range(epochs) for row in iterator]


@pytest.mark.parametrize("init_step", [0, 3, 10, 15])
def test_resumed_iterator_continues_the_whole_run(init_step):
    whole = rows(shuffled(), 3)
    dataset = shuffled()
    dataset.set_init_step(init_step)
    assert dataset.get_init_step() == init_step
    epochs_left = 3 - init_step // SIZE
    assert rows(dataset, epochs_left)[:len(whole) - init_step] == whole[init_step:]


def test_init_step_is_read_through_a_pipeline():
    dataset = shuffled()
    mapped = dataset.map(operations=lambda x: x + 1)
    assert mapped.get_init_step() == 0
    dataset.set_init_step(4)
    assert mapped.get_init_step() == 4


class Losses(Callback):
    def __init__(self):
        super().__init__()
        self.values = []

    def on_train_step_end(self, run_context):
        self.values.append(int(run_context.original_args().net_outputs.asnumpy()))


class Square(nn.Cell):
    def construct(self, x):
        return ops.square(x)


def train(model, dataset, epochs, initial_epoch=0):
    losses = Losses()
    model.train(epochs, dataset, callbacks=losses, dataset_sink_mode=False, initial_epoch=initial_epoch)
    return losses.values


def test_model_shuffles_each_epoch_afresh_and_resumes():
    dataset, model = shuffled(), Model(Square())
    whole = train(model, dataset, 2)
    assert sorted(whole[:SIZE]) == sorted(whole[SIZE:]) and whole[:SIZE] != whole[SIZE:]
    dataset.set_init_step(SIZE + 5)
    assert train(model, dataset, 2, initial_epoch=1) == whole[SIZE + 5:]


GOLDEN = golden_cases("dataset/set_init_step_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_model_epochs_and_resume_match_mindspore(label):
    assert run_script_on_msjax("set_init_step_probe.py").get(label) == GOLDEN[label]
