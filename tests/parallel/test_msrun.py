"""`msjax msrun`: MindSpore's launcher options, its worker environment and logs, and a job that
stops when a worker dies (its log tail printed, a non-zero exit, no worker left running)."""
import os
import subprocess
import sys
import time

import pytest

from msjax._src.compat import msrun
from msjax._src.compat.cli import main
from tests.parallel.support import ROOT, free_port

JOB_VARIABLES = ("MS_WORKER_NUM", "MS_SCHED_HOST", "MS_SCHED_PORT", "MS_NODE_ID", "RANK_ID",
                 "MSJAX_COORDINATOR", "MSJAX_NUM_PROCESSES", "MSJAX_PROCESS_ID",
                 "MSJAX_MSRUN_WATCHER")


def _launcher_env():
    env = {k: v for k, v in os.environ.items() if k not in JOB_VARIABLES}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["JAX_PLATFORMS"] = "cpu"
    return env


def _msrun(*options, cwd, timeout=300):
    return subprocess.run([sys.executable, "-m", "msjax", "msrun", *options], env=_launcher_env(),
                          cwd=cwd, capture_output=True, text=True, timeout=timeout)


class Options:
    worker_num, local_worker_num, node_rank = 8, None, -1
    master_addr, master_port, cluster_time_out = "127.0.0.1", 8118, 600
    log_dir, worker_log_name = "", ""


@pytest.mark.parametrize("worker_num, local, node_rank, ranks", [
    (2, None, -1, [0, 1]),  # --local_worker_num omitted: all the workers (msjax's default)
    (8, None, -1, list(range(8))),
    (16, None, 1, list(range(8, 16))),  # more than 8: MindSpore's 8 a node
    (4, 2, 1, [2, 3]),
    (4, 4, 3, [0, 1, 2, 3]),  # all local: --node_rank is ignored
])
def test_ranks_of_this_node(worker_num, local, node_rank, ranks):
    args = type("Args", (Options,), dict(worker_num=worker_num, local_worker_num=local,
                                        node_rank=node_rank))
    assert list(msrun.worker_ranks(args)) == ranks


def test_environment_of_a_worker():
    args = type("Args", (Options,), dict(worker_num=4, local_worker_num=2, node_rank=1,
                                        master_addr="10.0.0.1", master_port=9000,
                                        cluster_time_out=30))
    env = msrun.worker_environment(args, 3, 1, base={"MSJAX_MSRUN_WATCHER": "1"})
    assert env == {"MS_WORKER_NUM": "4", "MS_SCHED_HOST": "10.0.0.1", "MS_SCHED_PORT": "9000",
                   "MS_NODE_ID": "3", "MS_ROLE": "MS_WORKER", "MS_TOPO_TIMEOUT": "30",
                   "RANK_ID": "3", "RANK_SIZE": "4", "DEVICE_ID": "1"}


def test_log_names():
    args = type("Args", (Options,), dict(log_dir="logs", worker_log_name="w_{hostname}"))
    assert msrun.log_name(Options, 3) == "worker_3.log"
    assert msrun.log_name(args, 1) == os.path.join("logs", f"w_{os.uname().nodename}_1.log")


@pytest.mark.parametrize("options, message", [
    (["--worker_num=2", "--local_worker_num=1"], "--node_rank is -1"),
    (["--worker_num=2", "--local_worker_num=3"], "--local_worker_num=3 is more than"),
    (["--worker_num=4", "--local_worker_num=2", "--node_rank=2"], "beyond --worker_num=4"),
    (["--worker_num=16"], "--node_rank is -1, but this node starts 8 of 16"),
    (["--worker_num=2", "--tail_worker_log=a"], "--tail_worker_log='a' must be -1"),
])
def test_bad_options_name_the_option(tmp_path, capsys, options, message):
    script = tmp_path / "s.py"
    script.write_text("")
    assert main(["msrun", *options, f"--log_dir={tmp_path}", str(script)]) == 2
    assert message in capsys.readouterr().err
    assert not list(tmp_path.glob("worker_*.log"))


def test_join_takes_true_or_false_as_msrun_does(tmp_path):
    with pytest.raises(SystemExit):
        main(["msrun", "--join=yes", str(tmp_path / "s.py")])


def test_the_readme_line_runs_as_written(tmp_path):
    """`msjax msrun --worker_num 2 script.py`: two workers, worker_<rank>.log in the current
    directory, msrun returning at once (--join=False) and the job finishing by itself."""
    script = tmp_path / "dp.py"
    script.write_text("import os\nprint('rank', os.environ['RANK_ID'], 'of', "
                      "os.environ['RANK_SIZE'])\n")
    done = _msrun("--worker_num", "2", "--master_port", str(free_port()), "dp.py", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    deadline = time.monotonic() + 120
    while "no worker runs" not in (tmp_path / "msrun.log").read_text() and \
            time.monotonic() < deadline:
        time.sleep(0.2)
    assert (tmp_path / "worker_0.log").read_text() == "rank 0 of 2\n"
    assert (tmp_path / "worker_1.log").read_text() == "rank 1 of 2\n"
    assert "every worker exited with status 0" in (tmp_path / "msrun.log").read_text()


def test_join_copies_the_logs_and_returns_a_failing_worker_status(tmp_path):
    script = tmp_path / "fail.py"
    # worker 1 fails only once worker 0 has printed and exited (a marker file it writes last):
    # else, on a loaded machine, msrun may stop worker 0 before it prints
    script.write_text("import os, sys, time\nprint('hello from', os.environ['RANK_ID'], flush=True)\n"
                      "marker = os.path.join(os.getcwd(), 'worker_0_done')\n"
                      "if os.environ['RANK_ID'] == '0':\n    open(marker, 'w').close()\n"
                      "    sys.exit(0)\n"
                      "deadline = time.monotonic() + 60\n"
                      "while not os.path.exists(marker) and time.monotonic() < deadline:\n"
                      "    time.sleep(0.05)\n"
                      "time.sleep(0.5)\nsys.exit(3)\n")
    done = _msrun("--worker_num=2", "--join=True", f"--log_dir={tmp_path}", "--tail_worker_log=0",
                  str(script), cwd=tmp_path)
    assert done.returncode == 3
    assert "hello from 0" in done.stdout and "hello from 1" not in done.stdout
    assert "worker 1 exited with status 3" in done.stderr
    assert "hello from 1" in done.stderr  # the failed worker's log tail


KILLED_MID_STEP = """
import os, signal, time
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.communication import init, get_rank
init()
ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
with open(os.path.join({out!r}, f"pid{{get_rank()}}"), "w") as f:
    f.write(str(os.getpid()))
net = nn.Dense(4, 1)
train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params()))
x, y = Tensor(np.ones((4, 4), np.float32)), Tensor(np.ones((4, 1), np.float32))
for step in range(100000):
    train(x, y)
    print("step", step, flush=True)
    if get_rank() == 1 and step == 3:
        os.kill(os.getpid(), signal.SIGKILL)  # dies between two steps; rank 0 waits in step 4
"""


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    with open(f"/proc/{pid}/stat") as stat:  # a zombie is gone too
        return stat.read().split(")")[-1].split()[0] == "Z"


@pytest.mark.heavy
@pytest.mark.parametrize("join", [True, False])
def test_a_worker_killed_mid_training_stops_the_job(tmp_path, join):
    script = tmp_path / "train.py"
    script.write_text(KILLED_MID_STEP.format(out=str(tmp_path)))
    start = time.monotonic()
    done = _msrun("--worker_num=2", f"--join={join}", f"--master_port={free_port()}",
                  f"--log_dir={tmp_path}", str(script), cwd=tmp_path, timeout=240)
    report = done.stderr
    if not join:
        assert done.returncode == 0, done.stderr
        deadline = time.monotonic() + 240
        while "no worker runs" not in (tmp_path / "msrun.log").read_text():
            assert time.monotonic() < deadline, (tmp_path / "msrun.log").read_text()
            time.sleep(0.2)
        report = (tmp_path / "msrun.log").read_text()
    else:
        assert done.returncode == 128 + 9, done.stderr
    assert "worker 1 was killed by signal 9" in report
    assert "step 3" in report  # the tail of its log
    assert time.monotonic() - start < 200
    for rank in (0, 1):
        assert _gone(int((tmp_path / f"pid{rank}").read_text())), f"worker {rank} still runs"


def test_the_script_keeps_its_own_options(tmp_path, capsys):
    """After the script's name every argument is the script's, even one msrun's options would
    take as an abbreviation (argparse's allow_abbrev is off)."""
    assert main(["msrun", "--worker_num=2", str(tmp_path / "missing.py"), "--worker"]) == 2
    assert "missing.py' does not exist" in capsys.readouterr().err
