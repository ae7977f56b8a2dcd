"""One process of a 2-process mint.distributed job (run by test_completeness.py): the eager
collectives across the processes, tensors and Python objects.

    python tests/mint/distributed_worker.py OUT.json

The job comes from MindSpore's environment (MS_SCHED_HOST, MS_SCHED_PORT, MS_WORKER_NUM,
MS_NODE_ID). Writes what each collective left on this rank.
"""
import json
import sys

import numpy as np

from msjax import Tensor, mint

dist = mint.distributed
dist.init_process_group()
rank, size = dist.get_rank(), dist.get_world_size()
row = np.arange(4, dtype=np.float32) + 10 * rank  # rank 0: 0..3, rank 1: 10..13
out = {"rank": rank, "size": size}

total = Tensor(row)
dist.reduce(total, 1)
out["reduce"] = total.asnumpy().tolist()
gathered = [Tensor(np.zeros(4, np.float32)) for _ in range(size)]
dist.gather(Tensor(row), gathered, dst=0)
out["gather"] = [t.asnumpy().tolist() for t in gathered]
part = Tensor(np.zeros(4, np.float32))
dist.scatter(part, [Tensor(row * 0 + k) for k in range(size)] if rank == 1 else None, src=1)
out["scatter"] = part.asnumpy().tolist()
exchanged = Tensor(np.zeros(4, np.float32))
dist.all_to_all_single(exchanged, Tensor(row))
out["all_to_all_single"] = exchanged.asnumpy().tolist()
uneven = Tensor(np.zeros(4, np.float32))
dist.all_gather_into_tensor_uneven(uneven, Tensor(row[:1] if rank == 0 else row[:3]), [1, 3])
out["all_gather_into_tensor_uneven"] = uneven.asnumpy().tolist()
part_of_sum = Tensor(np.zeros(1 if rank == 0 else 3, np.float32))
dist.reduce_scatter_tensor_uneven(part_of_sum, Tensor(row), [1, 3])
out["reduce_scatter_tensor_uneven"] = part_of_sum.asnumpy().tolist()
objects = [None] * size
dist.all_gather_object(objects, {"rank": rank, "tag": "x" * (rank + 1)})
out["all_gather_object"] = objects
collected = [None] * size
dist.gather_object(("from", rank), collected if rank == 1 else None, dst=1)
out["gather_object"] = collected
shared = [f"mine-{rank}", rank]
dist.broadcast_object_list(shared, src=0)
out["broadcast_object_list"] = shared
received = [None]
dist.scatter_object_list(received, [{"to": k} for k in range(size)] if rank == 0 else None, src=0)
out["scatter_object_list"] = received
peer = 1 - rank
if rank == 0:
    dist.send(Tensor(row * 2), dst=1)
    back = Tensor(np.zeros(4, np.float32))
    dist.irecv(back, src=1).wait()
    out["p2p"] = back.asnumpy().tolist()
else:
    got = Tensor(np.zeros(4, np.float32))
    assert dist.recv(got, src=0) == 0
    dist.isend(got + 1, dst=0).wait()
    out["p2p"] = got.asnumpy().tolist()
mine, theirs = Tensor(row + 100), Tensor(np.zeros(4, np.float32))
handles = dist.batch_isend_irecv([dist.P2POp("isend", mine, peer),
                                  dist.P2POp(dist.irecv, theirs, peer)])
for handle in handles:
    handle.wait()
out["batch_isend_irecv"] = theirs.asnumpy().tolist()
if rank == 0:
    dist.send_object_list([{"from": 0}, "two"], dst=1)
    out["recv_object_list"] = None
else:
    places = [None, None]
    assert dist.recv_object_list(places, src=0) == 0
    out["recv_object_list"] = places
dist.destroy_process_group()
with open(sys.argv[1], "w") as f:
    json.dump(out, f)
