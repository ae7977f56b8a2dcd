"""Loss-scale managers, update cells, mixed-precision levels, to_float and the loss scalers against
MindSpore 2.10 (tests/goldens/scripts/train_amp.py, run unchanged on msjax).

Where MindSpore's CPU build refuses loss scaling (labels `cpu_refuses/...`) msjax trains: those
runs are checked against NumPy and pure JAX in test_loss_scale.py, and here only that they ran.
"""
import json

import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.train.golden_compare import compare_case

GOLDEN = golden_cases("train/train_amp.txt")
REFUSED_ON_CPU = sorted(label for label in GOLDEN if label.startswith("cpu_refuses/"))
# Float16 training: XLA and MindSpore's CPU kernels round float16 products differently.
FLOAT16_CASES = {"o1", "o2_fixed_no_drop", "o3"}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("train_amp.py")


def test_every_case_ran(msjax_cases):
    assert sorted(msjax_cases) == sorted(GOLDEN)


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - set(REFUSED_ON_CPU)))
def test_case_matches_mindspore(msjax_cases, label):
    tolerance = {"rtol": 2e-3, "atol": 2e-4} if label in FLOAT16_CASES else {}
    compare_case(label, msjax_cases[label], GOLDEN[label], **tolerance)


@pytest.mark.parametrize("label", REFUSED_ON_CPU)
def test_msjax_trains_where_mindspore_cpu_refuses(msjax_cases, label):
    assert json.loads(GOLDEN[label])[0] == "ValueError"  # MindSpore's CPU build refused it
    assert json.loads(msjax_cases[label]) == "no error"
