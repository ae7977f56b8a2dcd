"""Every metric's update/eval/clear values and errors against MindSpore 2.10
(tests/goldens/scripts/train_metrics.py, run unchanged on msjax)."""
import re

import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.train.golden_compare import compare_case

GOLDEN = golden_cases("train/train_metrics.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("train_metrics.py")


def test_every_case_ran(msjax_cases):
    assert sorted(msjax_cases) == sorted(GOLDEN)


def _sets_sorted(text):
    """MindSpore formats a Python set in some messages; its order follows the hash seed."""
    return re.sub(r"\{('[^{}]*')\}", lambda m: "{" + ", ".join(sorted(m.group(1).split(", "))) + "}", text)


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(msjax_cases, label):
    compare_case(label, _sets_sorted(msjax_cases[label]), _sets_sorted(GOLDEN[label]))
