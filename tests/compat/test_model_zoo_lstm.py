"""The MindSpore model zoo's official/nlp/LSTM, unchanged, under ``msjax run`` on a tiny generated
aclImdb and GloVe file: its preprocessing (gensim, then ``FileWriter(..., shard_num=4)`` with
``add_index``), two epochs of GRAPH_MODE training with an evaluation after each, eval.py on the best
checkpoint, and the batches its own ``lstm_create_dataset`` reads back. Expected: the kinds of line
MindSpore 2.10 printed for the same run, and exactly the batches and rows it read: (8, 500) int32
features (golden: tests/goldens/compat/lstm_zoo_run.txt, made by
tests/goldens/scripts/lstm_zoo_run.py).

The zoo is not part of this project: the test needs a checkout of mindspore-ai/models, named by
MSJAX_MODELS_DIR, or a git repository of it (MSJAX_MODELS_GIT, by default the one the project's
`fetch` tool mirrors), and the zoo's pure-Python needs (gensim, a test dependency; pyyaml).
Without them it skips, saying so. That msjax's MindRecord files are MindSpore's, byte for byte,
and the other way round, for this very layout, is tests/dataset/test_mindrecord_layouts.py's.
"""
import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

from tests.compat.model_zoo import zoo_folder
from tests.golden_scripts import GOLDENS

ROOT = pathlib.Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location("lstm_zoo_run",
                                               GOLDENS / "scripts" / "lstm_zoo_run.py")
RUNNER = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(RUNNER)
EXPECTED = (GOLDENS / "compat" / "lstm_zoo_run.txt").read_text().splitlines()
LSTM = "official/nlp/LSTM"


@pytest.fixture(scope="module")
def lstm_dir(tmp_path_factory):
    missing = [m for m in ("gensim", "yaml") if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"the zoo's LSTM imports {missing}, which this environment lacks")
    return zoo_folder(LSTM, tmp_path_factory)


def _run(lstm_dir, step, work):
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="0", LSTM_DIR=str(lstm_dir),
               LSTM_WORK=str(work), LSTM_STEP=step)
    result = subprocess.run(
        [sys.executable, "-m", "msjax", "run", str(GOLDENS / "scripts" / "lstm_zoo_run.py")],
        env=env, capture_output=True, text=True, timeout=1200, check=False)
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]
    return result.stdout


@pytest.mark.heavy
def test_lstm_preprocesses_trains_and_evaluates_unchanged(lstm_dir, tmp_path):
    stdout = "".join(_run(lstm_dir, step, tmp_path) for step in ("train.py", "eval.py", "batches"))
    assert RUNNER.kinds(stdout.splitlines(), str(tmp_path)) == EXPECTED
    written = sorted(p.name for p in (tmp_path / "preprocess").iterdir())
    assert written == sorted([f"aclImdb_{s}.mindrecord{i}{db}" for s in ("train", "test")
                              for i in range(4) for db in ("", ".db")] + ["weight.txt"])
    assert (tmp_path / "ckpt" / "lstm_best_acc.ckpt").is_file()
