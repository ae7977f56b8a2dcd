"""Data-parallel training across 2 and 4 processes on this machine (CPU collectives over gloo) and
in one process with 8 devices: each rank trains on its share of every global batch, and all end
with the parameters of one process trained on the global batches. The jobs are described by
MindSpore's own environment variables, or started by `msjax msrun`."""
import json
import subprocess
import sys

import numpy as np
import pytest

from tests.parallel.data_parallel_reference import check_outputs, load
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
        assert facts["broadcast_after"] == ranks[0][2]["broadcast_before"]
        assert ranks[1][2]["broadcast_before"] != ranks[0][2]["broadcast_before"]
        assert facts["cf_all_reduce"] == [10.0, 12.0, 14.0, 16.0]
        assert facts["cf_reduce"] == ([10.0, 12.0, 14.0, 16.0] if rank == 1 else [0.0])
        assert facts["cf_gather"] == ([0.0, 1.0, 2.0, 3.0, 10.0, 11.0, 12.0, 13.0] if rank == 0
                                      else [0.0])
        assert facts["cf_scatter"] == [[10.0, 11.0], [12.0, 13.0]][rank]
        assert facts["cf_broadcast"] == [10.0, 11.0, 12.0, 13.0]
        assert facts["cf_all_to_all_even"] == [[0.0, 1.0, 10.0, 11.0],
                                               [2.0, 3.0, 12.0, 13.0]][rank]
        # rank 0 sends [1] | [2, 3], rank 1 sends [11, 12] | [13, 14]
        assert facts["cf_all_to_all_uneven"] == [[1.0, 11.0, 12.0], [2.0, 3.0, 13.0, 14.0]][rank]
        assert facts["cf_all_to_all_list"] == [[[0.0], [10.0, 10.0]], [[1.0], [11.0, 11.0]]][rank]
        assert facts["all_to_all_op"] == [[0, 0, 1, 1]]
        assert facts["cf_p2p"] == [[11, 12, 13], [1.5, 2.5]][rank]
        sender = 1 - rank  # the ring of 2: the previous rank is the other one
        assert facts["cf_batch"] == [["Float32", 0.0], ["Float32", [sender + 1.0] * 2],
                                     ["Int32", [0, sender + 1, 2 * (sender + 1)]],
                                     ["Int32", 0]]
        assert facts["graph_collective_error"].startswith(
            "For 'AllReduce', the collective is called in a compiled function (GRAPH_MODE, or a "
            "function given to mindspore.jit) of a job of 2 processes, outside a data-parallel "
            "training step")
        assert "set_auto_parallel_context(parallel_mode=ParallelMode.DATA_PARALLEL) after " \
            "init()" in facts["graph_collective_error"]
        for name, value in expected.items():
            np.testing.assert_array_equal(params[name], ranks[0][0][name], err_msg=name)
            np.testing.assert_allclose(params[name], value, rtol=2e-5, atol=2e-6, err_msg=name)
    # Each rank's loss is that of its half batch; their mean is the whole batch's.
    np.testing.assert_allclose((ranks[0][1] + ranks[1][1]) / 2, expected_losses, rtol=1e-5)


# -- the canonical script (dp_canonical.py), unchanged, on 2 and 4 processes and on 8 devices ----
CANONICAL = HERE / "dp_canonical.py"


def _launcher_env(**extra):
    env = device_env(1, **extra)
    for name in ("MS_WORKER_NUM", "MS_SCHED_HOST", "MS_SCHED_PORT", "MS_NODE_ID", "RANK_ID",
                 "MSJAX_COORDINATOR", "MSJAX_NUM_PROCESSES", "MSJAX_PROCESS_ID"):
        env.pop(name, None)
    return env


@pytest.mark.parametrize("workers, only_linear", [(2, False), (4, True)])
def test_the_canonical_script_under_msrun_trains_on_the_global_batch(tmp_path, workers,
                                                                     only_linear):
    done = subprocess.run(
        [sys.executable, "-m", "msjax", "msrun", f"--worker_num={workers}", "--join=True",
         f"--master_port={free_port()}", f"--log_dir={tmp_path}", str(CANONICAL),
         str(tmp_path / "out"), *(["linear"] if only_linear else [])],
        cwd=ROOT, env=_launcher_env(), capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-4000:]
    check_outputs(load(tmp_path / "out", workers), workers, with_cnn=not only_linear)


def test_the_canonical_script_in_one_process_with_8_devices(tmp_path):
    done = subprocess.run([sys.executable, "-m", "msjax", "run", str(CANONICAL),
                           str(tmp_path / "out")], cwd=ROOT, env=device_env(8),
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-4000:]
    # one rank of 8 devices: BatchNorm's statistics per device, as on 8 ranks of one device
    check_outputs(load(tmp_path / "out", 1), 1, devices_per_rank=8)
