"""`+` of `mindspore.mutable` sequences (msjax/_src/ops/graph_values.py) as MindSpore 2.10's
SequenceAdd, and the items a dynamic-length one takes (setitem, append,
`is_dynamic_sequence_element_unknown`): tests/goldens/scripts/sequence_add_probe.py and
dynamic_length_items_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/sequence_add_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("sequence_add_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_sequence_add_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


ITEMS_GOLDEN = golden_cases("ops/dynamic_length_items_probe.out")


@pytest.fixture(scope="module")
def items_cases():
    return run_script_on_msjax("dynamic_length_items_probe.py")


@pytest.mark.parametrize("label", sorted(ITEMS_GOLDEN))
def test_dynamic_length_items_match_mindspore(label, items_cases):
    assert items_cases.get(label) == ITEMS_GOLDEN[label]
