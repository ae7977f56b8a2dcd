"""MindSpore's strided views in PyNative mode (core/strided_views.py) against MindSpore 2.10:
tests/goldens/scripts/ten17_strided_views_probe.py run unchanged on msjax, compared with
MindSpore's output (tests/goldens/core/ten17_strided_views_probe.out). Every line is compared
exactly: the results are booleans, integer strides and offsets, and shapes."""
import pytest

from msjax._src.core import strided_views
from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "core" / "ten17_strided_views_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("ten17_strided_views_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]


@pytest.mark.parametrize("shape, strides, target, expected", [
    ((2, 4), (12, 1), (8,), None),  # a column of a (2, 3, 4): its rows are apart
    ((2, 4), (12, 1), (2, 2, 2), ((2, 2, 2), (12, 2, 1))),
    ((4, 3, 2), (1, 4, 12), (24,), None),  # a transpose: no flat view
    ((4, 3, 2), (1, 4, 12), (4, 3, 1, 2), ((4, 3, 1, 2), (1, 4, 24, 12))),  # (as MindSpore)
    ((3, 4), (4, 1), (-1,), ((12,), (1,))),
])
def test_reshaped_is_a_view_only_where_the_strides_allow(shape, strides, target, expected):
    """view/reshape keeps the memory where each run of merged axes is contiguous in itself
    (PyTorch's rule, which MindSpore follows); elsewhere it copies (None: row-major)."""
    got = strided_views.reshaped((shape, strides, 5), target)
    assert got == (None if expected is None else (*expected, 5))
