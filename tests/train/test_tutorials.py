"""MindSpore's save_load tutorial's code, run unchanged on msjax, prints what MindSpore 2.10 prints
(tests/goldens/scripts/train_save_load_tutorial.py)."""
import os
import pathlib
import re

import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.tutorial_pages import run_tutorial_page

GOLDEN = golden_cases("train/train_save_load_tutorial.txt")


@pytest.fixture
def back_to_cwd():
    cwd = os.getcwd()
    yield
    os.chdir(cwd)


def test_save_load_tutorial_prints_what_mindspore_prints(back_to_cwd):
    assert run_script_on_msjax("train_save_load_tutorial.py") == GOLDEN


# MindSpore's beginner tutorials "Train" and "Mixed Precision" (tutorials/source_en/beginner/train.md
# and mixed_precision.md of MindSpore's docs repository, 2.x), run unchanged through ``msjax run``
# by tests/dataset/tutorial_runner.py on the small idx-format MNIST of
# tests/dataset/tutorial_support. The pages are MindSpore's and not copied here: the test reads them
# from $MSJAX_TUTORIALS_DIR (or ../shared/seeds/tutorials) and skips, saying so, when absent
# (tests/tutorial_pages.py). Versions the goldens match: train.md of mindspore-ai/docs at commit
# 2237038df800f4acd398eedcce1facf2625969c1 (r2.6.0rc1), mixed_precision.md at
# 5139bcb16fcf011c5f06eb301a1dcd4f6f1e2faa, save_load.md at d4b2896c0bd2739628185e47f88ac1b2cb85c58a.
# Goldens (tests/goldens/train/tutorials/<name>.txt) are MindSpore 2.10's output, recorded with
# ``MSJAX_TUTORIAL_PAGE=/abs/<name>.md MSJAX_TUTORIAL_SUPPORT=$PWD/tests/dataset/tutorial_support
# mindspore-oracle tests/dataset/tutorial_runner.py``. Both train a network initialised at random,
# in MindSpore too, so loss and accuracy lines are compared by form. MindSpore's CPU build stops the
# mixed-precision page at ``build_train_network(..., loss_scale_manager=FixedLossScaleManager())``
# (the golden's last line is its error); msjax runs the page to its end.
TUTORIAL_GOLDENS = pathlib.Path(__file__).resolve().parents[1] / "goldens" / "train" / "tutorials"
RANDOM_FORMS = [re.compile(r"loss: \d\.\d{6}  \[  0/  2\]"),
                re.compile(r" Accuracy: \d+\.\d%, Avg loss: \d\.\d{6} ")]
MINDSPORE_CPU_REFUSES = ("ValueError: Only `loss_scale_manager=None` or `loss_scale_manager="
                         "FixedLossScaleManager(drop_overflow_update=False)`are supported on "
                         "device `CPU`. ")


def _by_form(lines):
    return [next((f"<{p.pattern}>" for p in RANDOM_FORMS if p.fullmatch(line)), line) for line in lines]


def _run_tutorial(name):
    result = run_tutorial_page(name)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


@pytest.mark.heavy
def test_train_tutorial_prints_what_mindspore_printed():
    printed = _run_tutorial("train")
    assert _by_form(printed) == _by_form((TUTORIAL_GOLDENS / "train.txt").read_text().splitlines())
    losses = [float(line.split()[1]) for line in printed if line.startswith("loss:")]
    assert all(0 < loss < 5 for loss in losses), losses


@pytest.mark.heavy
def test_mixed_precision_tutorial_runs_where_mindspore_cpu_refuses():
    golden = (TUTORIAL_GOLDENS / "mixed_precision.txt").read_text().splitlines()
    assert golden[-1] == MINDSPORE_CPU_REFUSES
    assert _by_form(_run_tutorial("mixed_precision")) == _by_form(golden[:-1])


# MindSpore's "Save and Load" page (tutorials/source_en/beginner/save_load.md, the 2.x page with
# jit_syntax_level=STRICT and its "Syntax Support Scope" examples; blocks indented under a list item
# are dedented by the runner): save_checkpoint / load_checkpoint / load_param_into_net, export to
# MINDIR, load into nn.GraphCell, then the page's own example of what export refuses (a Cell reading
# a global Parameter). Golden (tests/goldens/train/tutorials/save_load.txt): MindSpore 2.10's
# printed lines, then the ValueError its last block raises, recorded with ``MSJAX_TUTORIAL_PAGE=
# /abs/save_load.md MSJAX_TUTORIAL_SUPPORT=$PWD/tests/dataset/tutorial_support mindspore-oracle
# tests/dataset/tutorial_runner.py`` (stdout lines, then the exception's lines).
def test_save_load_tutorial_page_prints_and_refuses_what_mindspore_does():
    golden = (TUTORIAL_GOLDENS / "save_load.txt").read_text().splitlines()
    error_at = next(i for i, line in enumerate(golden) if line.startswith("ValueError: "))
    result = run_tutorial_page("save_load")
    assert result.stdout.splitlines() == golden[:error_at]
    assert result.returncode != 0
    assert result.stderr.splitlines()[-len(golden[error_at:]):] == golden[error_at:]
    assert "msjax's program format" in result.stderr  # the one notice export gives
