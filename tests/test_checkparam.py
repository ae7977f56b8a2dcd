"""mindspore._checkparam's format check, tuple expansion and element-type checks against
MindSpore 2.10 (golden tests/goldens/core/checkparam_expand.txt from
tests/goldens/scripts/checkparam_expand_probe.py)."""
from tests.golden_scripts import golden_cases, run_script_on_msjax


def test_checkparam_expand_cases_match_mindspore():
    expected = golden_cases("core/checkparam_expand.txt")
    assert len(expected) == 32
    assert run_script_on_msjax("checkparam_expand_probe.py") == expected
