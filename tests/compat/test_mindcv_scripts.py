"""MindCV's own train.py (resnet18, --val_while_train) and validate.py, unchanged, under
``msjax run``, on tiny generated data: both finish and print the kinds of line MindSpore 2.10
prints for the same run (golden: tests/goldens/compat/mindcv_output_kinds.txt, made by
tests/goldens/scripts/mindcv_run.py under the oracle).

MindCV is not part of this project: the test needs a checkout, named by MSJAX_MINDCV_DIR, or a
git repository of it (MSJAX_MINDCV_GIT, by default the one the project's `fetch` tool mirrors),
and MindCV's pure-Python needs (pyyaml, tqdm). Without them it skips, saying so. The behaviours
MindCV needed have their own tests: tests/train/test_boost.py (mindspore.boost's composites, a
GradientAccumulation subclass in both modes), tests/ops/test_multitype_register.py (every
register type name, RowTensor dispatch).
"""
import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

from tests.golden_scripts import GOLDENS

ROOT = pathlib.Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location("mindcv_run", GOLDENS / "scripts" / "mindcv_run.py")
RUNNER = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(RUNNER)
EXPECTED = (GOLDENS / "compat" / "mindcv_output_kinds.txt").read_text().splitlines()
DEFAULT_GIT = "/work/.mirror/mindspore-lab+mindcv/repo"


@pytest.fixture(scope="module")
def mindcv(tmp_path_factory):
    missing = [m for m in ("yaml", "tqdm") if importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"MindCV imports {missing}, which this environment lacks")
    checkout = os.environ.get("MSJAX_MINDCV_DIR")
    if checkout:
        return pathlib.Path(checkout)
    git_dir = os.environ.get("MSJAX_MINDCV_GIT", DEFAULT_GIT)
    if not os.path.isdir(git_dir):
        pytest.skip("no MindCV checkout: set MSJAX_MINDCV_DIR to a checkout of "
                    "github.com/mindspore-lab/mindcv (or MSJAX_MINDCV_GIT to a clone of it)")
    target = tmp_path_factory.mktemp("mindcv")
    archive = subprocess.run(["git", f"--git-dir={git_dir}", "archive", "HEAD"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def _run(mindcv, script, work):
    result = subprocess.run(
        [sys.executable, "-m", "msjax", "run", script, *RUNNER.arguments(script, str(work))],
        cwd=mindcv, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True,
        timeout=1200, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-4000:]
    return output


def test_train_and_validate_run_unchanged(mindcv, tmp_path):
    RUNNER.make_data(str(tmp_path / "data"))
    output = _run(mindcv, "train.py", tmp_path) + _run(mindcv, "validate.py", tmp_path)
    kinds = []
    for line in output.splitlines():
        kind = RUNNER.line_kind(line, str(tmp_path))
        if kind and kind not in kinds:
            kinds.append(kind)
    assert kinds == EXPECTED
    assert "Finish training!" in output and (tmp_path / "ckpt" / "resnet18_best.ckpt").is_file()
