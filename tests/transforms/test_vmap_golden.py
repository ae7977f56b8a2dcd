"""vmap forms, errors and model-ensembling checks: the MindSpore probe script, run unchanged on
msjax, prints what MindSpore 2.10 printed (tests/goldens/transforms/vmap_probe.out)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/vmap_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("vmap_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_vmap_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
