"""docs/distributed.md's scripts run as shown: the data-parallel one with `msjax msrun
--worker_num 2 --join True dp.py` (the command the page gives), both ranks ending with the same
weights; the semi-auto one in a process with 8 devices, printing what the page says."""
import re
import subprocess
import sys

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
