"""mindspore._checkparam's format check, tuple expansion and element-type checks against
MindSpore 2.10 (golden tests/goldens/core/checkparam_format.txt from
tests/goldens/scripts/checkparam_format_probe.py)."""
from tests.golden_scripts import golden_cases, run_script_on_msjax


def test_checkparam_format_and_element_checks_match_mindspore():
    expected = golden_cases("core/checkparam_format.txt")
    assert len(expected) == 32
    assert run_script_on_msjax("checkparam_format_probe.py") == expected
