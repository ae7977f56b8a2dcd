"""A keyword argument the called function or sub-Cell does not take, in compiled code, raises
MindSpore's RuntimeError (golden tests/goldens/compiler/graph_keyword_arguments.txt from
tests/goldens/scripts/graph_keyword_arguments_probe.py)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("compiler/graph_keyword_arguments.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_keyword_arguments_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
