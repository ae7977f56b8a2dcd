"""Semi-auto parallel across 2 processes of 2 devices each (CPU collectives over gloo): the
strategies of `Primitive.shard`, `Layout`s, `Cell.shard`, `parallel.shard` and `AutoParallel`
split the operators over the 4 devices of the job, the inputs follow `full_batch` /
`dataset_strategy`, and outputs and training equal the unsharded computation of one process
(semi_auto_worker.py)."""
import subprocess
import sys

import numpy as np
import pytest

from tests.parallel.support import HERE, ROOT, device_env, dot_signatures, free_port, wait_for

pytestmark = pytest.mark.heavy
WORKER = HERE / "semi_auto_worker.py"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    out = tmp_path_factory.mktemp("semi_auto")
    port = free_port()
    workers = [subprocess.Popen(
        [sys.executable, str(WORKER), str(out / f"rank{rank}.npz")], cwd=ROOT,
        env=device_env(2, MS_SCHED_HOST="127.0.0.1", MS_SCHED_PORT=str(port), MS_WORKER_NUM="2",
                       MS_NODE_ID=str(rank), MS_ROLE="MS_WORKER"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for rank in range(2)]
    alone = subprocess.Popen([sys.executable, str(WORKER), str(out / "alone.npz"), "stand_alone"],
                             cwd=ROOT, env=device_env(1), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    wait_for(workers + [alone], timeout=600)
    load = lambda name: dict(np.load(out / name))  # noqa: E731
    return [load("rank0.npz"), load("rank1.npz")], load("alone.npz")


RESULTS = ["matmul_relu", "matmul_relu_pynative", "shard_fn", "cell_shard", "dp_forward"]
TRAINED = [f"{kind}/{name}" for kind in ("full", "dp", "auto", "auto_tuple") for name in ("w1", "w2")]


@pytest.mark.parametrize("key", RESULTS + TRAINED)
def test_each_process_gets_the_unsharded_result(runs, key):
    ranks, alone = runs
    for rank, saved in enumerate(ranks):
        assert (int(saved["rank"]), int(saved["size"])) == (rank, 2)
        np.testing.assert_allclose(saved[key], alone[key], rtol=1e-5, atol=1e-6,
                                   err_msg=f"rank {rank}: {key}")


def test_the_programs_are_partitioned_over_both_processes_devices(runs):
    ranks, _ = runs
    for saved in ranks:
        # MatMul ((2, 1), (1, 2)) on 4 devices: a's rows halved, b's columns halved
        assert dot_signatures(str(saved["matmul_relu_hlo"])) == ["dot(f32[4,16], f32[16,4])"]
        # the batch of 16 rows (8 per process) over the 4 devices: 4 rows each, w1 whole
        assert "dot(f32[4,6], f32[6,8])" in dot_signatures(str(saved["dp_forward_hlo"]))
        assert "ENTRY %main" in str(saved["dp_forward_hlo"])
        assert "(param.1: f32[6,8], param.2: f32[8,4], param: f32[4,6])" in \
            str(saved["dp_forward_hlo"])
