"""MindSpore's text of a value's type in argument errors (`but got 'Tuple[Tensor[Float32]*2]'`):
tests/goldens/scripts/type_text_probe.py runs unchanged on msjax and prints what MindSpore 2.10
printed (tests/goldens/nn/type_text_probe.out)."""
import pytest

from msjax._src.nn.layers.checks import type_of
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("nn/type_text_probe.out")


@pytest.fixture(scope="module")
def got():
    return run_script_on_msjax("type_text_probe.py")


@pytest.mark.parametrize("label", list(GOLDEN))
def test_each_case_prints_what_mindspore_printed(got, label):
    assert got[label] == GOLDEN[label]


@pytest.mark.parametrize("value, text", [
    ((), "Tuple[]"), ([1], "List[Int64]"), ((1, 1, 1, 2.0), "Tuple[Int64*3,Float32]"),
    ((1, 2.0, 1), "Tuple[Int64,Float32,Int64]"), (None, "None"), (object(), "External"),
    ((("a",), ("a",)), "Tuple[Tuple[String]*2]"),
])
def test_runs_of_equal_types_are_counted_and_others_joined_by_commas(value, text):
    assert type_of(value) == text
