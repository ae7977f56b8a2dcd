"""`Dataset.set_init_step` (msjax/_src/dataset/engine.py, iterators.py) and Model's reading of a
dataset (train/data.py `epochs_of_rows`), as MindSpore 2.10 defines them: an iterator made after
`set_init_step(k)` starts at global step k (epoch k // size with that epoch's shuffle, k % size
rows in), so a resumed run sees the rows the whole run saw from step k on; Model reads the epochs
of one dataset through one iterator, so each epoch is shuffled afresh and a resumed `Model.train`
continues the whole run (tests/goldens/scripts/set_init_step_probe.py, run unchanged)."""
import numpy as np
import pytest

import msjax.dataset as ds
from msjax._src.dataset import config
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


GOLDEN = golden_cases("dataset/set_init_step_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    saved = dict(config._settings)  # the script sets the dataset seed: put it back
    try:
        return run_script_on_msjax("set_init_step_probe.py")
    finally:
        config._settings.clear()
        config._settings.update(saved)


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_model_epochs_and_resume_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
