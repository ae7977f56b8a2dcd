"""`len` of a dynamic-length `mutable` sequence in compiled code is a graph variable (not
`ops.isconstant`), as in MindSpore 2.10 (golden tests/goldens/compiler/dynamic_sequence_len.txt
from tests/goldens/scripts/dynamic_sequence_len_probe.py)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("compiler/dynamic_sequence_len.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("dynamic_sequence_len_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
