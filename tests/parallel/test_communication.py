"""mindspore.communication in one process, the job read from the environment, and the
collectives outside any mapped axis (the identity, as in a group of one rank)."""
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, communication, nn, ops
from msjax._src.parallel.communication import Job, job_from_environment
from tests.support import assert_close

MS_ENV = {"MS_SCHED_HOST": "10.0.0.1", "MS_SCHED_PORT": "8118", "MS_WORKER_NUM": "4",
          "MS_NODE_ID": "2", "MS_ROLE": "MS_WORKER"}
MSJAX_ENV = {"MSJAX_COORDINATOR": "host:1234", "MSJAX_NUM_PROCESSES": "3",
             "MSJAX_PROCESS_ID": "1"}


@pytest.mark.parametrize("env, expected", [
    (MS_ENV, ("10.0.0.1:8118", 4, 2)),
    ({**MS_ENV, "MS_NODE_ID": None, "RANK_ID": "3"}, ("10.0.0.1:8118", 4, 3)),
    (MSJAX_ENV, ("host:1234", 3, 1)),
    ({**MSJAX_ENV, **MS_ENV}, ("host:1234", 3, 1)),  # msjax's own variables come first
])
def test_the_job_of_the_environment(env, expected):
    job = job_from_environment({k: v for k, v in env.items() if v is not None})
    assert isinstance(job, Job)
    assert (job.coordinator, job.num_processes, job.process_id) == expected


@pytest.mark.parametrize("env", [{}, {"MS_WORKER_NUM": "1", "MS_SCHED_HOST": "h",
                                      "MS_SCHED_PORT": "1"}, {"MSJAX_NUM_PROCESSES": "1"},
                                 {"RANK_ID": "0", "RANK_SIZE": "8"}])
def test_no_job_is_one_process(env):
    assert job_from_environment(env) is None


@pytest.mark.parametrize("env, error, message", [
    ({**MS_ENV, "MS_ROLE": "MS_SCHED"}, RuntimeError, "msjax has no scheduler process"),
    ({**MS_ENV, "MS_NODE_ID": "4"}, ValueError, "MS_NODE_ID=4 is not a rank of a job of 4"),
    ({**MS_ENV, "MS_NODE_ID": "x"}, ValueError, "MS_NODE_ID='x' must be an integer >= 0"),
    ({k: v for k, v in MS_ENV.items() if k != "MS_NODE_ID"}, ValueError,
     "need this process's rank in RANK_ID"),
    ({k: v for k, v in MS_ENV.items() if k != "MS_SCHED_PORT"}, ValueError,
     "MS_SCHED_PORT is not"),
    ({"MSJAX_NUM_PROCESSES": "2", "MSJAX_PROCESS_ID": "0"}, ValueError,
     r"need the coordinator's address in MSJAX_COORDINATOR"),
    ({"MSJAX_NUM_PROCESSES": "0"}, ValueError, "MSJAX_NUM_PROCESSES='0' must be an integer >= 1"),
])
def test_a_wrong_environment_says_what_to_fix(env, error, message):
    with pytest.raises(error, match=message):
        job_from_environment(env)


def test_init_without_a_job():
    communication.init()
    assert communication.GlobalComm.INITED
    assert communication.GlobalComm.WORLD_COMM_GROUP == "mccl_world_group"
    assert (communication.get_rank(), communication.get_group_size()) == (0, 1)
    assert (communication.get_local_rank(), communication.get_local_rank_size()) == (0, 1)
    assert communication.get_rank("mccl_world_group") == 0
    communication.release()
    assert not communication.GlobalComm.INITED


def test_groups():
    communication.create_group("solo", [0])
    assert communication.get_group_size("solo") == 1
    assert communication.get_rank("solo") == 0
    assert communication.get_process_group_ranks("solo") == [0]
    assert communication.get_world_rank_from_group_rank("solo", 0) == 0
    assert communication.get_group_rank_from_world_rank(0, "solo") == 0
    assert communication.get_comm_name("solo") == "solo"
    with pytest.raises(ValueError, match="the group 'solo' already exists"):
        communication.create_group("solo", [0])
    with pytest.raises(ValueError, match=r"must be in \[0, 1\)"):
        communication.create_group("pair", [0, 1])
    with pytest.raises(ValueError, match="'nowhere' does not exist"):
        communication.get_rank("nowhere")
    communication.destroy_group("solo")
    with pytest.raises(ValueError, match="the world group can not be destroyed"):
        communication.destroy_group("hccl_world_group")


def test_collectives_outside_a_mapped_axis_are_identities():
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    for op in (ops.ReduceOp.SUM, ops.ReduceOp.MAX, ops.ReduceOp.PROD, ops.ReduceOp.AVG):
        assert_close(ops.AllReduce(op)(Tensor(x)), x)
    assert_close(ops.AllGather()(Tensor(x)), x)
    assert_close(ops.ReduceScatter()(Tensor(x)), x)
    assert_close(ops.Broadcast(0)((Tensor(x),))[0], x)
    t = Tensor(x)
    assert ops.all_reduce(t) is None
    assert_close(t, x)
    rows = [ops.zeros((2, 3), ms.float32)]
    ops.all_gather(rows, Tensor(x))
    assert_close(rows[0], x)
    with pytest.raises(TypeError, match="one Tensor per rank of the group"):
        ops.all_gather([Tensor(x), Tensor(x)], Tensor(x))
    with pytest.raises(TypeError, match="the input op value must be one of"):
        ops.all_reduce(Tensor(x), op="mean")
    with pytest.raises(ValueError, match="'op' must be one of"):
        ops.AllReduce("mean")(Tensor(x))


def test_distributed_grad_reducer_in_one_process():
    """A group of one rank: the sum is the gradient; with mean it is scaled by 1/degree, in
    float32, and cast back; layerwise-parallel Parameters are left alone."""
    w = Parameter(Tensor(np.ones(3, np.float16)), name="w")
    v = Parameter(Tensor(np.ones(2, np.float32)), name="v", layerwise_parallel=True)
    grads = (Tensor(np.full(3, 3, np.float16)), Tensor(np.full(2, 3, np.float32)))
    reduced = nn.DistributedGradReducer([w, v], mean=True, degree=4)(grads)
    assert_close(reduced[0], np.full(3, 0.75, np.float16))
    assert_close(reduced[1], np.full(2, 3, np.float32))
    assert_close(nn.DistributedGradReducer([w], mean=False, degree=4)(grads[0]),
                 np.full(3, 3, np.float16))
