"""mindspore.communication.comm_func over the 4 devices of a pmap (run by test_multi_device.py
in a subprocess with 8 host devices): each result against NumPy's over the stacked inputs."""
import jax
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor
from msjax.communication import comm_func
from tests.support import assert_close

X = np.arange(32, dtype=np.float32).reshape(4, 8)  # one row of 8 per device


def setup_module():
    assert jax.device_count() == 8, "these checks run with 8 host devices"


def _pmap(fn):
    return ms.pmap(fn)(Tensor(X)).asnumpy()


@pytest.mark.parametrize("op, reduce", [("sum", np.sum), ("max", np.max), ("min", np.min),
                                        ("prod", np.prod)])
def test_all_reduce(op, reduce):
    out = _pmap(lambda a: comm_func.all_reduce(a, op)[0])
    assert_close(out, np.broadcast_to(reduce(X, 0), X.shape))


def test_all_gather_and_reduce_scatter():
    out = _pmap(lambda a: comm_func.all_gather_into_tensor(a)[0])
    assert out.shape == (4, 32) and (out == X.reshape(-1)).all()
    out = _pmap(lambda a: comm_func.reduce_scatter_tensor(a)[0])
    assert_close(out, X.sum(0).reshape(4, 2))


def test_reduce_and_gather_give_the_result_on_dst_only():
    out = _pmap(lambda a: comm_func.reduce(a, 1))
    assert_close(out[1], X.sum(0))
    assert (out[[0, 2, 3]] == 0).all()
    out = _pmap(lambda a: comm_func.gather_into_tensor(a, dst=2))
    assert_close(out[2], X.reshape(-1))
    assert (out[[0, 1, 3]] == 0).all()


def test_broadcast_and_scatter_from_src():
    assert_close(_pmap(lambda a: comm_func.broadcast(a, 3)), np.broadcast_to(X[3], X.shape))
    assert_close(_pmap(lambda a: comm_func.scatter_tensor(a, 1)), X[1].reshape(4, 2))


def test_async_op_gives_a_handle():
    out = ms.pmap(lambda a: comm_func.all_reduce(a, async_op=True)[0])(Tensor(X))
    assert_close(out, np.broadcast_to(X.sum(0), X.shape))
    _, handle = comm_func.all_reduce(Tensor(X))
    assert handle is None


def test_all_to_all_exchanges_parts_between_devices():
    # device i's row split into 4 parts of 2; device j receives part j of every device
    expected = X.reshape(4, 4, 2).transpose(1, 0, 2).reshape(4, 8)
    assert_close(_pmap(lambda a: comm_func.all_to_all_single_with_output_shape((8,), a)[0]),
                 expected)
    assert_close(_pmap(lambda a: ms.ops.AlltoAll(4, 0, 0)(a)), expected)
    out = ms.pmap(lambda a: ms.ops.AlltoAll(4, 1, 0)(a.reshape(2, 4)))(Tensor(X)).asnumpy()
    assert_close(out, X.reshape(4, 2, 4, 1).transpose(2, 0, 1, 3).reshape(4, 8, 1))
    listed = ms.pmap(lambda a: ms.ops.stack(comm_func.all_to_all_with_output_shape(
        [(2,)] * 4, list(a.reshape(4, 2)))[0]))(Tensor(X)).asnumpy()
    assert_close(listed, expected.reshape(4, 4, 2))


def test_point_to_point_in_pmap_says_why_it_cannot_be():
    with pytest.raises(NotImplementedError, match="its collectives are SPMD"):
        _pmap(lambda a: comm_func.recv(a, src=0))
    with pytest.raises(ValueError, match="the split sizes must be even"):
        _pmap(lambda a: comm_func.all_to_all_single_with_output_shape(
            (8,), a, input_split_sizes=[1, 1, 2, 4], output_split_sizes=[2, 2, 2, 2])[0])
