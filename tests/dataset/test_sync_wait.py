"""`Dataset.sync_wait` / `sync_update`: each row after the first `num_batch` waits for an update,
whose callback runs first (the augmentation tutorial; expected rows: MindSpore 2.10's output of
tests/goldens/tutorials/augment.out, cell 6), and MindSpore's errors."""
import numpy as np
import pytest

import msjax.dataset as ds


class _Augment:
    def __init__(self):
        self.ep_num = self.step_num = 0

    def preprocess(self, value):
        return np.array(value + self.step_num ** self.ep_num - 1)

    def update(self, data):
        self.ep_num, self.step_num = data["ep_num"], data["step_num"]


def test_each_row_sees_the_updates_made_before_it_is_released():
    aug = _Augment()
    data = ds.NumpySlicesDataset(list(range(1, 4)), shuffle=False).sync_wait("policy", callback=aug.update)
    data = data.map(operations=[aug.preprocess])
    iterator = data.create_tuple_iterator(num_epochs=3)
    seen, step = [], 0
    for epoch in range(3):
        for row in iterator:
            seen.append(int(row[0]))
            step += 1
            data.sync_update("policy", data={"ep_num": epoch, "step_num": step})
    assert seen == [1, 2, 3, 1, 5, 7, 6, 50, 66]


ERRORS = [
    ("unknown condition", dict(condition_name="other"), RuntimeError, "Condition name not found."),
    ("bad num_batch", dict(condition_name="c", num_batch=0), RuntimeError,
     "Sync_update batch size can only be positive integer, got: 0."),
    ("name not a str", dict(condition_name=1), TypeError,
     "Argument condition_name with value 1 is not of type str, but got <class 'int'>."),
]


@pytest.mark.parametrize("label, kwargs, error, message", ERRORS, ids=[e[0] for e in ERRORS])
def test_sync_update_errors(label, kwargs, error, message):
    data = ds.NumpySlicesDataset([1, 2], shuffle=False).sync_wait("c")
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        data.sync_update(**kwargs)


def test_sync_wait_refuses_a_used_name_and_a_bad_num_batch():
    data = ds.NumpySlicesDataset([1, 2], shuffle=False).sync_wait("c")
    with pytest.raises(RuntimeError, match="Condition name is already in use."):
        data.sync_wait("c")
    with pytest.raises(ValueError, match="num_batch need to be greater than 0."):
        data.sync_wait("d", num_batch=0)


def test_a_batch_above_the_barrier_releases_whole_batches():
    data = ds.NumpySlicesDataset(list(range(4)), shuffle=False).sync_wait("c").batch(2)
    rows = []
    for row in data.create_tuple_iterator(num_epochs=1, output_numpy=True):
        rows.append(row[0].tolist())
        data.sync_update("c")
    assert rows == [[0, 1], [2, 3]]
