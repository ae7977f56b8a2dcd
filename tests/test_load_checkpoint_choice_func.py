"""`load_checkpoint(choice_func=...)` against MindSpore 2.10: the probe
tests/goldens/scripts/ut19_load_checkpoint_choice_func_probe.py run unchanged on msjax, compared
exactly with MindSpore's output (tests/goldens/ckpt/ut19_load_checkpoint_choice_func_probe.out):
the names picked and the ValueError when the function raises or picks nothing."""
import pytest

from tests.golden_scripts import GOLDENS, parse_lines, run_script_on_msjax

GOLDEN = parse_lines((GOLDENS / "ckpt" / "ut19_load_checkpoint_choice_func_probe.out").read_text())


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut19_load_checkpoint_choice_func_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
