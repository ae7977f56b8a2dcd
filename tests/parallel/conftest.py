"""A fresh parallel context and communication state for every test of tests/parallel."""
import pytest

from msjax._src import communication, parallel_context


@pytest.fixture(autouse=True)
def _fresh_parallel_state():
    saved = (communication.GlobalComm.BACKEND, communication.GlobalComm.WORLD_COMM_GROUP,
             communication.GlobalComm.INITED)
    yield
    parallel_context.reset_auto_parallel_context()
    communication._groups.clear()
    (communication.GlobalComm.BACKEND, communication.GlobalComm.WORLD_COMM_GROUP,
     communication.GlobalComm.INITED) = saved
