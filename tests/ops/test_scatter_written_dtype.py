"""The in-place scatter Primitives (ScatterAdd ... ScatterNdUpdate) refuse to convert their
Parameter to the updates' dtype and check their indices' dtype, as MindSpore 2.10 does
(msjax/_src/ops/dtype_rules.py): tests/goldens/scripts/scatter_written_dtype_probe.py run
unchanged, the Parameter's value after each call included."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/scatter_written_dtype_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("scatter_written_dtype_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_scatter_written_dtype_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
