"""`sequence[i]` out of range in a compiled function raises MindSpore's graph errors
(msjax/_src/transforms/graph_index.py, rewritten by control_flow_rewrite.py `visit_Subscript`):
tests/goldens/scripts/graph_index_probe.py run unchanged against MindSpore 2.10's output."""
import pytest

from msjax._src.transforms.graph_index import getitem
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/graph_index_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("graph_index_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_graph_index_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


# In range, and what is not a tuple, list or string with an int index: Python's own indexing.
PASSED_THROUGH = [((1, 2), -2, 1), ([1, 2], 1, 2), ("ab", -1, "b"), ({"a": 3}, "a", 3),
                  ((1, 2, 3), slice(1, None), (2, 3)), ((1, 2), True, 2)]


@pytest.mark.parametrize("obj,index,expected", PASSED_THROUGH)
def test_getitem_passes_through(obj, index, expected):
    assert getitem(obj, index) == expected


def test_getitem_other_errors_are_pythons():
    with pytest.raises(KeyError):
        getitem({"a": 3}, "b")
