"""Model.train/eval/predict/fit, the callbacks and their printed lines, ModelCheckpoint files and
Model's errors against MindSpore 2.10 (tests/goldens/scripts/train_model.py, run unchanged)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.train.golden_compare import compare_case

GOLDEN = golden_cases("train/train_model.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("train_model.py")


def test_every_case_ran(msjax_cases):
    assert sorted(msjax_cases) == sorted(GOLDEN)


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(msjax_cases, label):
    compare_case(label, msjax_cases[label], GOLDEN[label])
