"""ops.SelectView and ops.TransposeExtView (msjax/_src/ops/view_primitives.py) as MindSpore 2.10
has them: tests/goldens/scripts/miss18_view_ops_probe.py run unchanged, compared exactly
(values, dtypes, shapes, reprs, errors)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/miss18_view_ops_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("miss18_view_ops_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
