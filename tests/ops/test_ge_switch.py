"""P.GeSwitch and P.Merge, GE's dataflow switch and merge (Ascend graph kernels), refused as
MindSpore 2.10's CPU build refuses them, in PyNative and in a GRAPH_MODE Cell (golden
tests/goldens/ops/ge_switch.txt from tests/goldens/scripts/ge_switch_probe.py)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/ge_switch.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ge_switch_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
