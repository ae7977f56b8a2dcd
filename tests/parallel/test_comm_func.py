"""mindspore.communication.comm_func in a job of one process (a group of one rank: each result
is the input's), and MindSpore's checks. Across devices: checks_comm_func.py; across processes:
dp_worker.py."""
import numpy as np
import pytest

from msjax import Tensor
from msjax.communication import comm_func
from tests.support import assert_close

T = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


@pytest.mark.parametrize("call", [
    lambda: comm_func.all_reduce(T)[0],
    lambda: comm_func.all_reduce(T, "max")[0],
    lambda: comm_func.all_gather_into_tensor(T)[0],
    lambda: comm_func.reduce_scatter_tensor(T)[0],
    lambda: comm_func.reduce(T, 0),
    lambda: comm_func.broadcast(T, 0),
    lambda: comm_func.gather_into_tensor(T),
    lambda: comm_func.scatter_tensor(T),
])
def test_one_rank_gets_its_own_tensor(call):
    out = call()
    assert isinstance(out, Tensor)
    assert_close(out, T.asnumpy())


def test_returns_a_handle_with_async_op():
    out, handle = comm_func.all_reduce(T, async_op=True)
    assert handle is not None and handle.wait() is None
    assert comm_func.all_reduce(T)[1] is None
    assert comm_func.barrier() is None


@pytest.mark.parametrize("call, message", [
    (lambda: comm_func.all_reduce(np.ones(2)), "For all_reduce, the input tensor must be tensor"),
    (lambda: comm_func.all_reduce(T, 1), "For all_reduce, the input op type must be str"),
    (lambda: comm_func.all_reduce(T, "avg"), "the input op value must be one of sum, prod, min"),
    (lambda: comm_func.reduce(T, "0"), "For reduce, the dst must be int"),
    (lambda: comm_func.broadcast(T, 0.5), "For broadcast, the src must be int"),
    (lambda: comm_func.scatter_tensor(T, True), "For scatter_tensor, the src must be int"),
    (lambda: comm_func.all_gather_into_tensor(T, group=1), "'group' must be type of string"),
])
def test_bad_arguments_raise_mindspores_type_error(call, message):
    with pytest.raises(TypeError, match=message):
        call()


def test_names_msjax_lacks_say_so():
    with pytest.raises(AttributeError, match="msjax does not implement mindspore.communication."
                                             "comm_func.send"):
        comm_func.send  # noqa: B018
