"""The scalar Primitives and `switch` of `ops.functional` (msjax/_src/ops/scalar_ops.py) as
MindSpore 2.10's: tests/goldens/scripts/scalar_switch_probe.py run unchanged."""
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/scalar_switch_probe.out")
# MindSpore 2.10's `scalar_ne` is a bare Primitive that cannot run in PyNative ("prim:scalar_ne
# has no attr:__infer__"); msjax's computes `!=` (docs/migration.md).
SCALAR_NE = {"scalar_ne(7, 2)": "True", "scalar_ne(7.5, 2)": "True"}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("scalar_switch_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_scalar_primitives_and_switch_match_mindspore(label, msjax_cases):
    if label in SCALAR_NE:
        assert GOLDEN[label].startswith("ERR RuntimeError | prim:scalar_ne has no attr")
        assert msjax_cases.get(label) == SCALAR_NE[label]
    else:
        assert msjax_cases.get(label) == GOLDEN[label]
