"""`msjax msrun`: MindSpore's launcher options start a 2-process data-parallel job on 127.0.0.1."""
import json
import os
import pathlib
import socket
import subprocess
import sys

import numpy as np
import pytest

from msjax._src.compat import msrun
from msjax._src.compat.cli import main

REPO = pathlib.Path(__file__).resolve().parents[2]
WORKER = REPO / "tests" / "parallel" / "dp_worker.py"


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_two_workers_train_data_parallel(tmp_path):
    logs = tmp_path / "logs"
    env = dict(os.environ, PYTHONPATH=str(REPO))
    for name in ("MS_WORKER_NUM", "MS_SCHED_HOST", "MS_SCHED_PORT", "MS_NODE_ID", "RANK_ID",
                 "MSJAX_COORDINATOR", "MSJAX_NUM_PROCESSES", "MSJAX_PROCESS_ID"):
        env.pop(name, None)
    # The script a user would launch: dp_worker.py, writing to a file of its rank.
    script = tmp_path / "train.py"
    script.write_text(f"import os, runpy, sys\nsys.argv = [{str(WORKER)!r}, "
                      f"{str(tmp_path)!r} + '/rank' + os.environ['RANK_ID'] + '.npz']\n"
                      f"runpy.run_path({str(WORKER)!r}, run_name='__main__')\n")
    done = subprocess.run(
        [sys.executable, "-m", "msjax", "msrun", "--worker_num=2", "--local_worker_num=2",
         "--master_addr=127.0.0.1", f"--master_port={_free_port()}", f"--log_dir={logs}",
         "--join=True", str(script)], env=env, cwd=REPO, capture_output=True,
        text=True, timeout=600)
    assert done.returncode == 0, done.stderr + "".join(
        p.read_text()[-2000:] for p in logs.glob("*.log"))
    assert sorted(p.name for p in logs.glob("*.log")) == ["worker_0.log", "worker_1.log"]
    ranks = [np.load(tmp_path / f"rank{r}.npz") for r in (0, 1)]
    for rank, saved in enumerate(ranks):
        facts = json.loads(str(saved["facts"]))
        assert facts["size"] == 2 and facts["rank"] == rank
        assert facts["all_reduce"] == [3.0, 3.0, 3.0]  # 1 + 2 over the two processes
        assert facts["all_gather"] == [[0, 0], [1, 1]]
    names = [k for k in ranks[0].files if k.startswith("param/")]
    assert names  # data parallel: both ranks hold the same trained Parameters
    for name in names:
        np.testing.assert_allclose(ranks[0][name], ranks[1][name], rtol=1e-6)


def test_a_failing_worker_fails_the_job(tmp_path):
    script = tmp_path / "fail.py"
    script.write_text("import os, sys\nsys.exit(3 if os.environ['RANK_ID'] == '1' else 0)\n")
    code = main(["msrun", "--worker_num=2", "--local_worker_num=2", f"--log_dir={tmp_path}",
                 "--join=True", str(script)])
    assert code == 3


@pytest.mark.parametrize("options, message", [
    (["--worker_num=2", "--local_worker_num=1"], "--node_rank is -1"),
    (["--worker_num=2", "--local_worker_num=3"], "--local_worker_num=3 is more than"),
    (["--worker_num=4", "--local_worker_num=2", "--node_rank=2"], "beyond --worker_num=4"),
])
def test_bad_options_name_the_option(tmp_path, capsys, options, message):
    script = tmp_path / "s.py"
    script.write_text("")
    assert main(["msrun", *options, f"--log_dir={tmp_path}", str(script)]) == 2
    assert message in capsys.readouterr().err
    assert not list(tmp_path.glob("worker_*.log"))


def test_ranks_and_environment_of_a_second_node():
    class Args:
        worker_num, local_worker_num, node_rank = 4, 2, 1
        master_addr, master_port = "10.0.0.1", 9000
    assert list(msrun.worker_ranks(Args)) == [2, 3]
    env = msrun.worker_environment(Args, 3, base={})
    assert env == {"MS_WORKER_NUM": "4", "MS_SCHED_HOST": "10.0.0.1", "MS_SCHED_PORT": "9000",
                   "MS_NODE_ID": "3", "MS_ROLE": "MS_WORKER", "RANK_ID": "3", "RANK_SIZE": "4"}
