"""One process of a 2-process data-parallel job reading its shard, as MindSpore's recipe does:

    init()
    dataset = ds.GeneratorDataset(source, ..., num_shards=get_group_size(), shard_id=get_rank())

    python tests/dataset/shard_worker.py OUT.json

The job comes from MindSpore's environment variables (MS_SCHED_HOST, MS_SCHED_PORT,
MS_WORKER_NUM, MS_NODE_ID). Writes the rank, the group size and the rows this process read.
"""
import json
import sys

import numpy as np

import mindspore.dataset as ds
from mindspore.communication import get_group_size, get_rank, init

init()
rank, size = get_rank(), get_group_size()
ds.config.set_seed(7)
data = np.arange(11, dtype=np.int32)
sequential = ds.NumpySlicesDataset({"x": data}, shuffle=False, num_shards=size, shard_id=rank)
shuffled = ds.NumpySlicesDataset({"x": data}, shuffle=True, num_shards=size, shard_id=rank)
batched = sequential.batch(2, drop_remainder=True)
with open(sys.argv[1], "w", encoding="utf-8") as file:
    json.dump({"rank": rank, "size": size,
               "sequential": [int(r[0]) for r in sequential.create_tuple_iterator(output_numpy=True)],
               "shuffled": [int(r[0]) for r in shuffled.create_tuple_iterator(output_numpy=True)],
               "batches": [r[0].tolist() for r in batched.create_tuple_iterator(output_numpy=True)],
               "size_per_shard": sequential.get_dataset_size()}, file)
