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
