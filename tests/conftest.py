"""pytest configuration: a fresh global seed, default context, parallel context and communication
state for every test (a test that joins or leaves a job cannot change what the next one sees)."""
import pathlib

import pytest

import msjax
from msjax._src.parallel import communication, parallel_context
from msjax._src.core import context

GOLDENS = pathlib.Path(__file__).resolve().parent / "goldens"


@pytest.fixture(autouse=True)
def _fresh_state():
    saved = dict(context._context)
    comm = (communication.GlobalComm.BACKEND, communication.GlobalComm.WORLD_COMM_GROUP,
            communication.GlobalComm.INITED)
    msjax.set_seed(0)
    yield
    context._context.clear()
    context._context.update(saved)
    parallel_context.reset_auto_parallel_context()
    communication._groups.clear()
    (communication.GlobalComm.BACKEND, communication.GlobalComm.WORLD_COMM_GROUP,
     communication.GlobalComm.INITED) = comm
