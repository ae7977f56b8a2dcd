"""Ordering two tuples or two lists in a compiled function (msjax/_src/transforms/
sequence_compare.py) as MindSpore 2.10's graph mode does: tests/goldens/scripts/
sequence_compare_probe.py run unchanged against MindSpore's output, then the rule's own table."""
import pytest

import msjax
from msjax import Tensor
from msjax._src.transforms.sequence_compare import compare
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("transforms/sequence_compare_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("sequence_compare_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_sequence_ordering_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


X = Tensor([1])
# (op, left, right, expected: a value, or (exception type, message start))
ORDERINGS = [
    ("Lt", (1, 2), (1, 3), True),
    ("GtE", [1, 2], [1, 2], True),
    ("Gt", (1, 2, 3), (1, 2), True),
    ("Lt", (1, (2, 3)), (2, "anything"), True),  # decided before the tuple is reached
    ("LtE", (X, 1), (X, 2), (TypeError, "For primitive 'tuple_le', the input element must be")),
    ("Gt", [X], [X], (TypeError, "For primitive tupel_equal, the input element must be scalar")),
    ("Lt", [(1, 2)], [(1, 3)], (TypeError, "For op 'list_lt' input must be [int32, int64, "
                                          "float32, float64, bool], but got (1, 2)")),
    ("GtE", (None,), (None,), (TypeError, "For op 'tuple_greater_equal' input must be")),
    ("Lt", (1, 2), [1, 2], (TypeError, "'<' not supported between instances of 'tuple' and")),
    ("Lt", 1, 2, True),  # not sequences: Python's ordering
]


@pytest.mark.parametrize("op,left,right,expected", ORDERINGS)
def test_compare_orders_sequences_as_mindspore(op, left, right, expected):
    if isinstance(expected, tuple):
        kind, message = expected
        with pytest.raises(kind) as info:
            compare(op, left, right)
        assert str(info.value).startswith(message)
    else:
        assert compare(op, left, right) is expected


def test_a_sequence_holding_a_tensor_is_left_to_python_in_a_cell():
    class Net(msjax.nn.Cell):
        def construct(self, x):
            return (1, (x, 2)) < (2, (x, 3))

    msjax.set_context(mode=msjax.GRAPH_MODE)
    assert Net()(Tensor([1])) is True
