"""One process of a data-parallel LeNet-5 job, written as a MindSpore script is: init(), the
data-parallel context, this rank's shard of every global batch, TrainOneStepCell, Momentum.

    python tests/parallel/dp_worker.py OUT.npz [stand_alone]

The job comes from the environment (MS_SCHED_HOST, MS_SCHED_PORT, MS_WORKER_NUM, MS_NODE_ID or
MSJAX_*); `stand_alone` trains one process on the whole batches, the reference. Saves the
parameters, the losses, and what the communication API and the collectives said.
"""
import json
import sys

import numpy as np

import msjax as ms
from msjax import Tensor, ops
from msjax.communication import (
    comm_func,
    create_group,
    get_group_size,
    get_local_rank,
    get_local_rank_size,
    get_rank,
    init,
    release,
)
from tests.parallel.training import batches, train_lenet

init()
rank, size = get_rank(), get_group_size()
facts = {"rank": rank, "size": size, "local_rank": get_local_rank(),
         "local_rank_size": get_local_rank_size()}
data = batches(steps=3, batch=32)
if len(sys.argv) > 2 and sys.argv[2] == "stand_alone":
    params, losses = train_lenet(data)
else:
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
    share = 32 // size
    shards = [(x[rank * share:(rank + 1) * share], y[rank * share:(rank + 1) * share])
              for x, y in data]
    params, losses = train_lenet(shards)
    # Eager collectives run over the processes.
    total = ops.AllReduce()(Tensor(np.full(3, rank + 1, np.float32)))
    gathered = ops.AllGather()(Tensor(np.full((1, 2), rank, np.int32)))
    mine = Tensor(np.arange(4, dtype=np.float32) + 10 * rank)  # rank r: [10r, 10r+1, ...]
    facts.update(cf_all_reduce=comm_func.all_reduce(mine)[0].asnumpy().tolist(),
                 cf_reduce=comm_func.reduce(mine, dst=1).asnumpy().tolist(),
                 cf_gather=comm_func.gather_into_tensor(mine, dst=0).asnumpy().tolist(),
                 cf_scatter=comm_func.scatter_tensor(mine, src=1).asnumpy().tolist(),
                 cf_broadcast=comm_func.broadcast(mine, src=1).asnumpy().tolist())
    # all-to-all: even (lax.all_to_all over the processes) and uneven (messages)
    parts = Tensor(np.arange(4, dtype=np.float32) + 10 * rank)
    even, _ = comm_func.all_to_all_single_with_output_shape((4,), parts)
    uneven, _ = comm_func.all_to_all_single_with_output_shape(
        (3 + rank,), Tensor(np.arange(1, 4 + rank, dtype=np.float32) + 10 * rank),
        output_split_sizes=[1, 2] if rank == 0 else [2, 2],
        input_split_sizes=[1, 2] if rank == 0 else [2, 2])
    listed, _ = comm_func.all_to_all_with_output_shape(
        [(1 + r,) for r in range(size)],
        [Tensor(np.full(1 + rank, 10 * rank + d, np.float32)) for d in range(size)])
    a2a = ops.AlltoAll(size, 0, 1)(Tensor(np.full((size, 2), rank, np.int32)))
    # point-to-point: rank 0 sends to rank 1, which answers
    if rank == 0:
        comm_func.send(Tensor(np.array([1.5, 2.5], np.float32)), dst=1)
        reply, handle = comm_func.irecv(Tensor(np.zeros(3, np.int32)), src=1)
        handle.wait()
    else:
        got = comm_func.recv(Tensor(np.zeros(2, np.float32)), src=0)
        comm_func.isend(Tensor(np.array([7, 8, 9], np.int32)) + int(got.asnumpy().sum()), dst=0)
        reply = got
    # batch_isend_irecv: a ring, each rank sending to the next and receiving from the previous
    peer_next, peer_prev = (rank + 1) % size, (rank - 1) % size
    batch = comm_func.batch_isend_irecv([
        comm_func.P2POp("isend", Tensor(np.full(2, rank + 1, np.float32)), peer_next),
        comm_func.P2POp(comm_func.irecv, Tensor(np.zeros(2, np.float32)), peer_prev),
        comm_func.P2POp("irecv", (3,), peer_prev, recv_dtype=ms.int32),
        comm_func.P2POp("isend", Tensor(np.arange(3, dtype=np.int32) * (rank + 1)), peer_next)])
    facts.update(cf_batch=[[str(t.dtype), t.asnumpy().tolist()] for t in batch])
    facts.update(cf_all_to_all_even=even.asnumpy().tolist(),
                 cf_all_to_all_uneven=uneven.asnumpy().tolist(),
                 cf_all_to_all_list=[t.asnumpy().tolist() for t in listed],
                 all_to_all_op=a2a.asnumpy().tolist(), cf_p2p=reply.asnumpy().tolist())
    comm_func.barrier()
    create_group("everyone", list(range(size)))
    facts.update(all_reduce=total.asnumpy().tolist(), all_gather=gathered.asnumpy().tolist(),
                 group_rank=get_rank("everyone"), group_size=get_group_size("everyone"))
    # parameter_broadcast: rank 0's initial Parameters on every rank before the first step.
    ms.set_auto_parallel_context(parameter_broadcast=True)
    ms.set_seed(100 + rank)  # each rank initialises differently
    net = ms.nn.Dense(3, 1)
    before = net.weight.asnumpy().tolist()
    train = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()),
                                   ms.nn.SGD(net.trainable_params(), 0.0))
    train(Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((2, 1), np.float32)))
    facts.update(broadcast_before=before, broadcast_after=net.weight.asnumpy().tolist())
    ms.set_auto_parallel_context(parameter_broadcast=False)

    # A collective in a compiled function outside a data-parallel step says what to set.
    class SumOverRanks(ms.nn.Cell):
        def construct(self, x):
            return ops.AllReduce()(x)

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        SumOverRanks()(Tensor(np.ones(2, np.float32)))
    except RuntimeError as error:
        facts["graph_collective_error"] = str(error)
    ms.set_context(mode=ms.PYNATIVE_MODE)
np.savez(sys.argv[1], losses=np.asarray(losses), facts=json.dumps(facts),
         **{f"param/{k}": v for k, v in params.items()})
release()
