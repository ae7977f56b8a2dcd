"""Errors reaching the user show the user's frames, not msjax's (core/traceback_filter.py): the
last frame of the traceback is the user's line; `MSJAX_TRACEBACK_FILTERING=off` shows all."""
import os
import traceback

import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn, ops

MSJAX_DIR = os.path.dirname(os.path.abspath(ms.__file__)) + os.sep


class Lookup(nn.Cell):
    def construct(self, x, ids):
        return ops.gather(x, ids, 0)  # THE USER'S LINE


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.lookup = Lookup()

    def construct(self, x, ids):
        return self.lookup(x, ids) * 2


def _frames(call):
    with pytest.raises(RuntimeError, match="should be in the range") as info:
        call()
    return traceback.extract_tb(info.value.__traceback__)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
def test_last_frame_is_the_users_line(mode):
    ms.set_context(mode=mode)
    try:
        x, ids = Tensor(np.ones(3, np.float32)), Tensor(np.array([5], np.int32))
        frames = _frames(lambda: Outer()(x, ids).asnumpy())
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    msjax_frames = [f for f in frames if f.filename.startswith(MSJAX_DIR)]
    if mode == ms.PYNATIVE_MODE:
        assert frames[-1].filename == __file__ and "THE USER'S LINE" in frames[-1].line
    assert len(msjax_frames) <= 3, [f"{f.filename}:{f.lineno}" for f in msjax_frames]


def test_filtering_off_shows_msjax_frames(monkeypatch):
    monkeypatch.setenv("MSJAX_TRACEBACK_FILTERING", "off")
    x, ids = Tensor(np.ones(3, np.float32)), Tensor(np.array([5], np.int32))
    frames = _frames(lambda: Outer()(x, ids))
    assert frames[-1].filename.startswith(MSJAX_DIR)
    assert len([f for f in frames if f.filename.startswith(MSJAX_DIR)]) > 3


class Widen(nn.Cell):
    """A user's network whose Dense gets the wrong width."""

    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 3)

    def construct(self, x):
        return self.dense(x)  # THE USER'S LINE


def _dataset():
    import msjax.dataset as ds
    return ds.NumpySlicesDataset({"x": np.ones((4, 5), np.float32),
                                  "y": np.ones((4, 3), np.float32)}, shuffle=False).batch(2)


def _mint():
    import msjax.mint
    return msjax.mint


def _model_train():
    from msjax.train import Model
    Model(Widen(), nn.MSELoss(), nn.SGD(Widen().trainable_params(), 0.1)).train(1, _dataset())


def _model_eval():
    from msjax.train import Model
    Model(Widen(), nn.MSELoss(), metrics={"mae": nn.MAE()}).eval(_dataset())


A, B = Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((4, 5), np.float32))
# (entry point, its call, the exception, whether the last frame is the user's line)
ENTRY_POINTS = {
    "ops.matmul": (lambda: ops.matmul(A, B), RuntimeError),  # THE USER'S LINE
    "Tensor.matmul": (lambda: A.matmul(B), RuntimeError),  # THE USER'S LINE
    "Tensor.squeeze(0, 2)": (lambda: A.squeeze(0, 2), TypeError),  # THE USER'S LINE
    "Tensor.abs(1)": (lambda: A.abs(1), TypeError),  # THE USER'S LINE
    "mint.clamp": (lambda: _mint().clamp(A, "a"), TypeError),  # THE USER'S LINE
    "ops.MatMul()": (lambda: ops.MatMul()(A, B), ValueError),  # THE USER'S LINE
    "ops.gather": (lambda: ops.gather(A, Tensor(np.array([7], np.int32)), 0),  # THE USER'S LINE
                   RuntimeError),
    "Model.train": (_model_train, ValueError),
    "Model.eval": (_model_eval, ValueError),
}


@pytest.mark.parametrize("name", list(ENTRY_POINTS))
def test_no_msjax_frame_and_the_users_line_last(name):
    call, error = ENTRY_POINTS[name]
    with pytest.raises(error) as info:
        call()
    frames = traceback.extract_tb(info.value.__traceback__)
    assert [f"{f.filename}:{f.lineno}" for f in frames if f.filename.startswith(MSJAX_DIR)] == []
    assert frames[-1].filename == __file__ and "THE USER'S LINE" in frames[-1].line, frames


@pytest.mark.parametrize("name", ["ops.matmul", "Model.train"])
def test_filtering_off_shows_every_frame_of_an_entry_point(name, monkeypatch):
    monkeypatch.setenv("MSJAX_TRACEBACK_FILTERING", "off")
    call, error = ENTRY_POINTS[name]
    with pytest.raises(error) as info:
        call()
    frames = traceback.extract_tb(info.value.__traceback__)
    assert frames[-1].filename.startswith(MSJAX_DIR)  # the op's own frames, the raise last
    assert len([f for f in frames if f.filename.startswith(MSJAX_DIR)]) >= 2
