"""TruncateDiv (msjax/_src/ops/math_ops.py `_truncate_div`) against MindSpore 2.10:
tests/goldens/scripts/ops18_truncate_div_probe.py run unchanged, compared with MindSpore's output
(tests/goldens/ops/ops18_truncate_div_probe.out). Values, dtypes, shapes and the
kernel-selection TypeError for Bool and complex operands exactly (the values are exact)."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/ops18_truncate_div_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("ops18_truncate_div_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]
