"""`mindspore._checkparam`'s once/twice/triple expanders and their `_sequence` forms
(msjax/_src/core/checkparam.py) as MindSpore 2.10 has them:
tests/goldens/scripts/checkparam_expand_probe.py runs unchanged on msjax."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("core/checkparam_expand_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("checkparam_expand_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
