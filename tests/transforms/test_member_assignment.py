"""Assigning an attribute of a subscript (`self.cells[0].x = v`) in compiled code raises
MindSpore's RuntimeError; PyNative assigns it (golden tests/goldens/compiler/member_assignment.txt
from tests/goldens/scripts/member_assignment_probe.py)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("compiler/member_assignment.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("member_assignment_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
