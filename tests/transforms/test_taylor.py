"""Taylor mode (`ops.jet`, `ops.derivative`; transforms/forward_mode.py) through `ops.tan`, whose
rule msjax gives JAX's table, and MindSpore's error for an operation without one:
tests/goldens/scripts/taylor_tan_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/taylor_tan_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("taylor_tan_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_taylor_mode_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
