"""Primitives called with keyword inputs (msjax/_src/ops/keyword_inputs.py), in PyNative and in
compiled functions, as MindSpore 2.10 takes them: tests/goldens/scripts/
primitive_keywords_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/primitive_keywords_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("primitive_keywords_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_primitive_keywords_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
