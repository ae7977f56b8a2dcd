"""Float dimensions in reshape and ReverseV2's axis (msjax/_src/ops/array_ops.py, primitives.py),
as MindSpore 2.10 refuses them: tests/goldens/scripts/shape_arguments_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/shape_arguments_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("shape_arguments_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_shape_arguments_match_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
