"""Where mindspore.dataset meets Model (tests/goldens/scripts/integ_dataset_model_seams.py): the
batch a callback sees (`cb_params.train_dataset_element`: Tensors with the pipeline's dtypes, int64
for a generator's Python ints), take/repeat/skip pipelines as training data, `fit` with a
validation pipeline, `eval` with `dataset_sink_mode=True`, `predict` on a pipeline's batch. Run
unchanged with `mindspore` answered by msjax; strings exactly MindSpore 2.10's, numbers within
float32 rounding."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.train.golden_compare import compare_case

GOLDEN = golden_cases("train/integ_dataset_model_seams.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("integ_dataset_model_seams.py")


def test_every_case_is_printed(msjax_cases):
    assert sorted(msjax_cases) == sorted(GOLDEN)


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(msjax_cases, label):
    compare_case(label, msjax_cases[label], GOLDEN[label], rtol=2e-5, atol=2e-5)
