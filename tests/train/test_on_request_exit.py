"""OnRequestExit as MindSpore 2.10 (golden: tests/goldens/train/train_on_request_exit.txt from
tests/goldens/scripts/train_on_request_exit.py): SIGTERM during training saves
out/rank_0/Net_train.ckpt at the end, the next training resumes from it, evaluation stops after the
signalled step and saves Net_eval.ckpt; bad arguments raise MindSpore's errors. Run in its own
process: the callback installs a SIGTERM handler."""
import ast
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOLDENS = ROOT / "tests" / "goldens"


def _cases(text):
    return dict(line.split(" -> ", 1) for line in text.splitlines() if " -> " in line)


def test_on_request_exit_behaves_as_mindspore(tmp_path):
    # TMPDIR: the folder the script makes (tempfile.mkdtemp) and its checkpoints go under pytest's
    env = dict(os.environ, PYTHONPATH=str(ROOT), JAX_PLATFORMS=os.environ.get("JAX_PLATFORMS", "cpu"),
               TMPDIR=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-m", "msjax", "run", str(GOLDENS / "scripts" / "train_on_request_exit.py")],
        env=env, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    got = _cases(result.stdout)
    want = _cases((GOLDENS / "train" / "train_on_request_exit.txt").read_text())
    assert got.keys() == want.keys()
    for label in want:
        if label == "eval":  # float32 metric accumulated in float64 by MindSpore
            got_mse, want_mse = ast.literal_eval(got[label])["mse"], ast.literal_eval(want[label])["mse"]
            assert got_mse == pytest.approx(want_mse, rel=1e-6)
        else:
            assert got[label] == want[label], label
