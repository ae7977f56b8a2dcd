"""Data-parallel training across 2 processes on this machine (CPU collectives over gloo): each
trains on its half of every batch, and both end with the parameters of one process trained on
the whole batches. The job is described by MindSpore's own environment variables."""
import json
import subprocess
import sys

import numpy as np
import pytest

from tests.parallel.support import HERE, ROOT, device_env, free_port, wait_for

pytestmark = pytest.mark.heavy
WORKER = HERE / "dp_worker.py"


def _load(path):
    with np.load(path) as saved:
        params = {k[len("param/"):]: saved[k] for k in saved.files if k.startswith("param/")}
        return params, saved["losses"], json.loads(str(saved["facts"]))


def test_two_processes_train_as_one(tmp_path):
    port = free_port()
    workers = []
    for rank in range(2):
        env = device_env(2, MS_SCHED_HOST="127.0.0.1", MS_SCHED_PORT=str(port),
                         MS_WORKER_NUM="2", MS_NODE_ID=str(rank), MS_ROLE="MS_WORKER")
        workers.append(subprocess.Popen(
            [sys.executable, str(WORKER), str(tmp_path / f"rank{rank}.npz")], cwd=ROOT, env=env,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
    reference = subprocess.Popen(
        [sys.executable, str(WORKER), str(tmp_path / "alone.npz"), "stand_alone"], cwd=ROOT,
        env=device_env(1), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wait_for(workers + [reference])

    expected, expected_losses, alone = _load(tmp_path / "alone.npz")
    assert (alone["rank"], alone["size"]) == (0, 1)
    ranks = [_load(tmp_path / f"rank{rank}.npz") for rank in range(2)]
    for rank, (params, losses, facts) in enumerate(ranks):
        assert facts["rank"] == rank and facts["size"] == 2
        assert (facts["local_rank"], facts["local_rank_size"]) == (rank, 2)
        assert facts["all_reduce"] == [3.0, 3.0, 3.0]
        assert facts["all_gather"] == [[0, 0], [1, 1]]
        assert (facts["group_rank"], facts["group_size"]) == (rank, 2)
        for name, value in expected.items():
            np.testing.assert_array_equal(params[name], ranks[0][0][name], err_msg=name)
            np.testing.assert_allclose(params[name], value, rtol=2e-5, atol=2e-6, err_msg=name)
    # Each rank's loss is that of its half batch; their mean is the whole batch's.
    np.testing.assert_allclose((ranks[0][1] + ranks[1][1]) / 2, expected_losses, rtol=1e-5)
