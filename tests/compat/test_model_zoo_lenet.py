"""The MindSpore model zoo's research/cv/lenet train.py, unchanged, under ``msjax run`` on a tiny
generated MNIST (tests/goldens/scripts/zoo20_lenet_train_run.py): its own config parsing,
`set_seed(1)`, shuffled MnistDataset with Resize/Rescale/HWC2CHW, LeNet5, and `Model.train` in
GRAPH_MODE with dataset sinking and LossMonitor, TimeMonitor and ModelCheckpoint callbacks.
Expected: the losses MindSpore 2.10 printed for the same run on the CPU (golden:
tests/goldens/compat/zoo20_lenet_train_run.txt, its LossMonitor lines), to 1e-5 relative (float32
rounding of XLA's and MindSpore's CPU kernels over three epochs of four steps). MindSpore's CPU
build trains a sink-mode run step by step, so its LossMonitor prints every step; msjax sinks each
epoch (docs/migration.md, "dataset_sink_mode=True works on every backend") and prints the epoch's
last step: msjax's lines are MindSpore's lines of step 4. The checkpoint ModelCheckpoint writes is
compared by name (MindSpore also writes `checkpoint_lenet-graph.meta`, its compiled graph, which
msjax has not: docs/migration.md).

The zoo is not part of this project: the test needs a checkout of mindspore-ai/models, named by
MSJAX_MODELS_DIR, or a git repository of it (MSJAX_MODELS_GIT, by default the one the project's
`fetch` tool mirrors), and pyyaml (the zoo reads its config with it). Without them it skips,
saying so.
"""
import importlib.util
import os
import pathlib
import re
import subprocess
import sys

import pytest

from tests.compat.model_zoo import zoo_folder
from tests.golden_scripts import GOLDENS

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = GOLDENS / "scripts" / "zoo20_lenet_train_run.py"
LOSS = re.compile(r"^epoch: (\d+) step: (\d+), loss is (\S+)$")


def _losses(lines):
    return [(int(m[1]), int(m[2]), float(m[3])) for m in map(LOSS.match, lines) if m]


@pytest.mark.heavy
def test_lenet_train_py_prints_mindspore_losses(tmp_path_factory, tmp_path):
    if importlib.util.find_spec("yaml") is None:
        pytest.skip("the zoo's LeNet reads its config with pyyaml, which this environment lacks")
    lenet = zoo_folder("research/cv/lenet", tmp_path_factory)
    env = dict(os.environ, PYTHONPATH=str(ROOT), LENET_DIR=str(lenet), LENET_WORK=str(tmp_path))
    result = subprocess.run([sys.executable, "-m", "msjax", "run", str(SCRIPT)], env=env,
                            capture_output=True, text=True, timeout=900, check=False)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    got = _losses(result.stdout.splitlines())
    want = _losses((GOLDENS / "compat" / "zoo20_lenet_train_run.txt").read_text().splitlines())
    epoch_ends = [w for w in want if w[1] == 4]
    assert [g[:2] for g in got] == [w[:2] for w in epoch_ends] == [(1, 4), (2, 4), (3, 4)]
    assert [g[2] for g in got] == pytest.approx([w[2] for w in epoch_ends], rel=1e-5)
    assert sorted(p.name for p in (tmp_path / "ckpt").iterdir()) == ["checkpoint_lenet-3_4.ckpt"]
