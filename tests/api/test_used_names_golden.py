"""Names real MindSpore code uses, run as MindSpore 2.10 ran them: the probe script
tests/goldens/scripts/used_names_probe.py runs unchanged on msjax and prints what MindSpore
printed (tests/goldens/api/used_names_probe.out)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/used_names_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    try:
        return run_script_on_msjax("used_names_probe.py")
    finally:
        import msjax.compat
        msjax.compat.uninstall()


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_used_name_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
