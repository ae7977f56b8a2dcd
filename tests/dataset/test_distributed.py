"""Distributed data loading: two JAX processes (jax.distributed on 127.0.0.1, started by
``mindspore.communication.init()`` from MindSpore's environment variables) each read their own
shard with ``num_shards=get_group_size(), shard_id=get_rank()``.

MindSpore's split (checked against MindSpore 2.10 in tests/goldens/dataset/pipeline_probe.txt,
"shard ..." cases): shard k reads rows k, k + n, k + 2n, ... wrapping around so that every shard
reads ceil(rows / n) rows; a shuffled source shuffles with the same seed in every process first.
"""
import json
import subprocess
import sys

import pytest

from tests.parallel.support import ROOT, device_env, free_port, wait_for

WORKER = ROOT / "tests" / "dataset" / "shard_worker.py"


@pytest.mark.heavy
def test_two_processes_read_their_own_shards(tmp_path):
    port = free_port()
    processes = []
    for rank in range(2):
        env = device_env(1, MS_SCHED_HOST="127.0.0.1", MS_SCHED_PORT=str(port), MS_WORKER_NUM="2",
                         MS_NODE_ID=str(rank), MS_ROLE="MS_WORKER")
        env["PYTHONPATH"] = str(ROOT)
        processes.append(subprocess.Popen(
            [sys.executable, "-m", "msjax", "run", str(WORKER), str(tmp_path / f"rank{rank}.json")],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    wait_for(processes, timeout=600)
    results = [json.loads((tmp_path / f"rank{r}.json").read_text()) for r in range(2)]
    assert [(r["rank"], r["size"]) for r in results] == [(0, 2), (1, 2)]
    assert results[0]["sequential"] == [0, 2, 4, 6, 8, 10]
    assert results[1]["sequential"] == [1, 3, 5, 7, 9, 0]
    assert [r["size_per_shard"] for r in results] == [6, 6]
    assert results[0]["batches"] == [[0, 2], [4, 6], [8, 10]]
    # The shuffled shards are disjoint apart from the one row padding the second shard, and
    # together they hold every row: both processes shuffled with the same seed.
    together = results[0]["shuffled"] + results[1]["shuffled"]
    assert sorted(set(together)) == list(range(11)) and len(together) == 12
