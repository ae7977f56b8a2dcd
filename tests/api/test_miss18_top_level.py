"""mindspore.enable_dynamic (msjax/_src/transforms/enable_dynamic.py, checked by jit's calls), the
Python names MindSpore's modules export (`absolute_import`, initializer's `reduce`), run_check,
get_log_config and reset_ps_context as MindSpore 2.10 has them:
tests/goldens/scripts/miss18_top_level_probe.py run unchanged, compared exactly."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/miss18_top_level_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("miss18_top_level_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
