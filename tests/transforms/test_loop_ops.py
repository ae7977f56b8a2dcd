"""`ops.WhileLoop`, `ops.ForiLoop` and `ops.Scan` (msjax/_src/transforms/loop_ops.py) as MindSpore
2.10's: tests/goldens/scripts/loop_primitives_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/loop_primitives_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("loop_primitives_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_loop_primitive_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
