"""Item stores into a class member in graph mode (`self.z[0] = v`, `self.z[0].append(v)`): MindSpore's
TypeErrors for a member that is not defined, and under STRICT for one that is not a Parameter
(msjax/_src/transforms/graph_scoping.py `check_member_subscript`); under LAX the member's list is
left as it was after the call (msjax/_src/core/attributes.py `Recording.lists`):
tests/goldens/scripts/ut20_member_subscript_probe.py run unchanged against MindSpore 2.10's
output. Exact comparison: Int32 Tensors, Python lists and messages."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/ut20_member_subscript_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ut20_member_subscript_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_member_subscript_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
