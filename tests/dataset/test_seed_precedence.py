"""`mindspore.set_seed` and `dataset.config.set_seed`: the later call sets the pipelines' seed, as in
MindSpore 2.10 (golden: tests/goldens/dataset/seed_precedence.txt from
tests/goldens/scripts/dataset_seed_precedence.py). Run in its own process: it sets the global seed."""
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOLDENS = ROOT / "tests" / "goldens"


def test_later_seed_call_wins_as_in_mindspore():
    env = dict(os.environ, PYTHONPATH=str(ROOT), JAX_PLATFORMS=os.environ.get("JAX_PLATFORMS", "cpu"))
    result = subprocess.run(
        [sys.executable, "-m", "msjax", "run", str(GOLDENS / "scripts" / "dataset_seed_precedence.py")],
        env=env, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    printed = [line for line in result.stdout.splitlines() if " -> " in line]
    assert printed == (GOLDENS / "dataset" / "seed_precedence.txt").read_text().splitlines()
