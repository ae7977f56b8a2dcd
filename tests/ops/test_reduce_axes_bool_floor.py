"""Reductions over an axis named twice and floor division of Bool Tensors, as MindSpore 2.10
has them: tests/goldens/scripts/reduce_axes_bool_floor_probe.py run unchanged. Values, dtypes,
exception types and messages compared exactly."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/reduce_axes_bool_floor_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("reduce_axes_bool_floor_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
