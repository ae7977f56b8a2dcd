"""A compiled construct that returns a value on some paths of a tensor condition and None (by
falling off its end) on others runs eagerly, returning what MindSpore 2.10 returns (golden
tests/goldens/compiler/return_none_branch.txt from
tests/goldens/scripts/return_none_branch_probe.py)."""
import warnings

import pytest

from msjax._src.transforms.control_flow import GraphFallbackWarning
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("compiler/return_none_branch.txt")


@pytest.fixture(scope="module")
def msjax_cases():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cases = run_script_on_msjax("return_none_branch_probe.py")
    assert caught and all(issubclass(w.category, GraphFallbackWarning) for w in caught)
    assert "returns a value on some paths and None" in str(caught[0].message)
    return cases


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases[label] == GOLDEN[label]
