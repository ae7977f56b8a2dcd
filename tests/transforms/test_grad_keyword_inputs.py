"""GradOperation differentiates the Tensors given by keyword too, after the positional ones
(msjax/_src/transforms/grad.py `_keywords_as_inputs`), as MindSpore 2.10:
tests/goldens/scripts/grad_keyword_inputs_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/grad_keyword_inputs_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("grad_keyword_inputs_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_grad_keyword_inputs_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
