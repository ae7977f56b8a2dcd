"""MindSpore's save_load tutorial's code, run unchanged on msjax, prints what MindSpore 2.10 prints
(tests/goldens/scripts/train_save_load_tutorial.py)."""
import os

import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("train/train_save_load_tutorial.txt")


@pytest.fixture
def back_to_cwd():
    cwd = os.getcwd()
    yield
    os.chdir(cwd)


def test_save_load_tutorial_prints_what_mindspore_prints(back_to_cwd):
    assert run_script_on_msjax("train_save_load_tutorial.py") == GOLDEN
