"""docs/distributed.md's scripts run as shown: the data-parallel one with `msjax msrun
--worker_num 2 --join True dp.py` (the command the page gives), both ranks ending with the same
weights; the semi-auto one in a process with 8 devices, printing what the page says; the
semi-auto one across processes with `msjax msrun --worker_num 2 --join True semi.py`, both
ranks ending with the weights of SGD on the global batches."""
import json
import re
import subprocess
import sys

import numpy as np
import pytest

from tests.parallel.support import ROOT, device_env, free_port

pytestmark = pytest.mark.heavy


def test_the_data_parallel_script_runs_as_shown(tmp_path):
    page = (ROOT / "docs" / "distributed.md").read_text()
    script = re.search(r"```python\n# dp.py\n(.*?)```", page, re.S).group(1)
    assert "msjax msrun --worker_num 2 --join True dp.py" in page
    (tmp_path / "dp.py").write_text(script)
    env = device_env(1)
    for name in ("MS_WORKER_NUM", "MS_SCHED_HOST", "MS_SCHED_PORT", "MS_NODE_ID", "RANK_ID"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-m", "msjax", "msrun", "--worker_num", "2", "--join",
                           "True", f"--master_port={free_port()}", "dp.py"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    weights = re.findall(r"rank (\d) (\[\[.*?\]\])", done.stdout, re.S)
    assert sorted(rank for rank, _ in weights) == ["0", "1"]
    assert weights[0][1] == weights[1][1]
    assert "epoch: 2 step: 4, loss is" in done.stdout  # LossMonitor, 4 steps of 8 rows a rank
    assert sorted(p.name for p in tmp_path.glob("worker_*.log")) == ["worker_0.log",
                                                                    "worker_1.log"]


def test_the_semi_auto_script_prints_what_the_page_says(tmp_path):
    page = (ROOT / "docs" / "distributed.md").read_text()
    script = re.search(r"```python\n(# One process with 8 devices.*?)```", page, re.S).group(1)
    (tmp_path / "semi.py").write_text(script)
    done = subprocess.run([sys.executable, "-m", "msjax", "run", "semi.py"], cwd=tmp_path,
                          env=device_env(8), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "1024.0"
    assert "print(Net()(Tensor(a), Tensor(b)).asnumpy().sum())   # 1024.0" in script


def test_the_semi_auto_script_across_processes_trains_on_the_global_batch(tmp_path):
    page = (ROOT / "docs" / "distributed.md").read_text()
    command = "msjax msrun --worker_num 2 --join True semi.py"
    script = re.search(rf"```python\n# semi.py: {command}\n(.*?)```", page, re.S).group(1)
    (tmp_path / "semi.py").write_text(script)
    env = device_env(1)
    for name in ("MS_WORKER_NUM", "MS_SCHED_HOST", "MS_SCHED_PORT", "MS_NODE_ID", "RANK_ID"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-m", "msjax", "msrun", "--worker_num", "2", "--join",
                           "True", f"--master_port={free_port()}", "semi.py"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    weights = dict(re.findall(r"rank (\d) (\[\[.*?\]\])", done.stdout, re.S))
    assert sorted(weights) == ["0", "1"]
    # SGD on the global batches of 16 rows, in NumPy
    x = np.random.default_rng(0).standard_normal((64, 3)).astype(np.float32)
    y = x @ np.array([[1.0], [-2.0], [3.0]], np.float32)
    w = np.full((3, 2), 0.1, np.float64)
    for _ in range(2):
        for start in range(0, 64, 16):
            xb, yb = x[start:start + 16].astype(np.float64), y[start:start + 16]
            error = xb @ w.sum(1, keepdims=True) - yb
            w -= 0.05 * (2 / 16) * (xb.T @ error) @ np.ones((1, 2))
    for rank in "01":
        np.testing.assert_allclose(np.array(json.loads(weights[rank])), w, atol=2e-4)
    assert done.stdout.count("w's layout [1, 2] [1, 0]") == 2
    assert (tmp_path / "strategy.ckpt").exists()
