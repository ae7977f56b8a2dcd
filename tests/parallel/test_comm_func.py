"""mindspore.communication.comm_func in a job of one process (a group of one rank: each result
is the input's), and MindSpore's checks. Across devices: checks_comm_func.py; across processes:
dp_worker.py (P2POp and batch_isend_irecv too)."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from msjax.communication import comm_func
from tests.golden_scripts import golden_cases, run_script_on_msjax
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


P2P_GOLDEN = golden_cases("parallel/comm_func_p2p_probe.out")


@pytest.fixture(scope="module")
def p2p_cases():
    return run_script_on_msjax("comm_func_p2p_probe.py")


@pytest.mark.parametrize("label", sorted(P2P_GOLDEN))
def test_p2pop_and_batch_isend_irecv_check_as_mindspore(label, p2p_cases):
    assert p2p_cases.get(label) == P2P_GOLDEN[label]


@pytest.mark.parametrize("call, shape", [
    (lambda: comm_func.all_to_all_single_with_output_shape((3, 2), T)[0], (3, 2)),
    (lambda: comm_func.all_to_all_single_with_output_shape(Tensor(np.zeros((2, 3))), T)[0],
     (2, 3)),
    (lambda: comm_func.all_to_all_with_output_shape([(6,)], [T])[0][0], (6,)),
    (lambda: ops.AlltoAll(1, 1, 0)(T), (2, 3)),
])
def test_all_to_all_with_one_rank_is_the_input(call, shape):
    out = call()
    assert isinstance(out, Tensor)
    assert_close(out, T.asnumpy().reshape(shape))


@pytest.mark.parametrize("call, error, message", [
    (lambda: ops.AlltoAll(2, 0, 0)(T), ValueError,
     "For 'AlltoAll', 'split_count' must equal the number of ranks of the group "
     "'hccl_world_group' \\(1\\), but got 2"),
    (lambda: ops.AlltoAll(2.0, 0, 0), TypeError, "must be 'int', but got 'float'"),
    (lambda: ops.AlltoAll(1, 0, 0, 1), TypeError,
     "For 'AlltoAll', the type of 'group' should be 'str', but got type 'int'"),
    (lambda: comm_func.send(np.ones(2), 1), TypeError, "For send, the input tensor must be tensor"),
    (lambda: comm_func.recv(T, "1"), TypeError, "For recv, the src must be int"),
    (lambda: comm_func.send(T, 0), ValueError, "the dst rank 0 is this process's own rank"),
    (lambda: comm_func.recv(T, 1), RuntimeError,
     "point-to-point transfers run between the processes of a job"),
    (lambda: ms.jit(lambda a: comm_func.isend(a, 1))(T), NotImplementedError,
     "which XLA cannot express: its collectives are SPMD"),
    (lambda: comm_func.all_to_all_single_with_output_shape((2, 3), T, [2], [1]), ValueError,
     "'input_split_sizes' \\[1\\] must hold one size per rank \\(1\\) adding up to dim 0"),
])
def test_all_to_all_and_point_to_point_say_what_is_wrong(call, error, message):
    with pytest.raises(error, match=message):
        call()
